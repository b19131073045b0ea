// The worker's answers to the page's queries (all but the text searches, text-search.ts) over an open
// log, and what each answer transfers instead of copying. Pure reads of the log: no messages here.
import {
  countFacets,
  deriveModelView,
  deriveRequestContext,
  deriveTranscript,
  deriveUsage,
  filterSeqs,
  findConfusableTools,
  packModelView,
  packedViewBuffers,
  readEventDetail,
  readEventRows,
  readIgnoredLines,
  readModelMessage,
  readRequestHeader,
  type ModelMessageDetail,
  type OpenedLog,
} from '../log/index.ts';
import { declaredToolNames, headerInForceAt } from './declared-tools.ts';
import { facetColumnsOf } from './facets.ts';
import { triageOf } from './triage-cache.ts';
import { answerCostQuery } from './cost-queries.ts';
import type { ModelViewAnswer, Query, QueryResults } from './protocol.ts';
import { assertNever } from '../log/index.ts';
import type { CompareQuery } from './compare-protocol.ts';

/** Every query kind about the open log but the text searches (text-search.ts answers those); media is media-query.ts's, sharing share-query.ts's, comparing compare-service.ts's. */
export type DirectQuery = Exclude<
  Query,
  | {
      kind:
        | 'text-search'
        | 'text-index-status'
        | 'media'
        | 'share-scan'
        | 'share-export'
        | 'ping'
        | 'cost-sessions';
    }
  | CompareQuery
>;

/** The readable message bodies among `seqs`, in order. */
function readModelMessages(log: OpenedLog, seqs: readonly number[]): ModelMessageDetail[] {
  return seqs.flatMap((seq) => {
    const detail = readModelMessage(log, seq);
    return detail ? [detail] : [];
  });
}

/** The answer to `query` about `log` (the live log during a load). Throws on a bug, never for bad input. */
export function answerQuery(query: DirectQuery, log: OpenedLog): QueryResults[DirectQuery['kind']] {
  switch (query.kind) {
    case 'rows':
      return readEventRows(log, query.startSeq, query.count);
    case 'event':
      return readEventDetail(log, query.seq);
    case 'model-view': {
      const view = deriveModelView(log, query.seq);
      const tail = query.tailBodies > 0 ? view.messages.slice(-query.tailBodies) : [];
      return {
        view: packModelView(view),
        tailBodies: readModelMessages(
          log,
          tail.map((message) => message.seq),
        ),
      };
    }
    case 'messages':
      return readModelMessages(log, query.seqs);
    case 'request-context':
      return deriveRequestContext(log, query.seq);
    case 'request-header':
      return readRequestHeader(log, query.seq);
    // Here rather than in the page: the confusables table (unhomoglyph's data) stays out of the main bundle.
    case 'lookalike-tools':
      return findConfusableTools(declaredToolNames(log, query.headerSeq), query.names);
    case 'lookalike-tools-at': {
      const headerSeq = headerInForceAt(log, query.seq);
      return headerSeq === null ? [] : findConfusableTools(declaredToolNames(log, headerSeq), query.names);
    }
    case 'transcript':
      return deriveTranscript(log);
    case 'problems':
      return log.problems.slice(query.start, query.start + query.count);
    case 'ignored-lines':
      return readIgnoredLines(log, query.fromLine, query.count);
    case 'triage':
      return triageOf(log);
    case 'finding-seqs':
      return triageOf(log).findings.map((finding) => finding.seq);
    case 'usage':
      return deriveUsage(log);
    case 'times':
      return query.seqs.map((seq) =>
        seq >= 0 && seq < log.store.eventCount ? log.store.eventTime.get(seq) : NaN,
      );
    case 'facets':
      return countFacets(facetColumnsOf(log), query.selection, query.candidates);
    case 'filter':
      return filterSeqs(facetColumnsOf(log), query.selection, query.candidates);
    case 'rows-at':
      return query.seqs.flatMap((seq) => readEventRows(log, seq, 1));
    case 'cost-session':
    case 'cost-range':
    case 'cost-message':
    case 'cost-call':
      return answerCostQuery(query, log);
    default:
      return assertNever(query, 'query');
  }
}

/** What to transfer with an answer instead of copying it: a model view's packed columns, a filter's seqs. */
export function transferablesOf(result: unknown, query: DirectQuery): ArrayBuffer[] {
  if (query.kind === 'model-view') return packedViewBuffers((result as ModelViewAnswer).view);
  if (query.kind === 'filter') return [(result as Int32Array).buffer as ArrayBuffer];
  return [];
}
