// The worker's text searches: one text index per read log (text-indexing.ts), and the answers to
// 'text-search' and 'text-index-status'. A search waits for the index instead of falling back to a
// scan: the scan of the bench log takes longer (2–3 s) than what is left of a build that started
// when the log was read (~1.5 s in all), it finds one match at a time (no count, no wrap), and one
// answer shape keeps the page simple. Searches overtaken by a newer one fail saying so.
import { GrowingTextIndex, searchTextIndex, type OpenedLog, type TextIndex } from '../log/index.ts';
import type { Query, TextIndexStatus, TextSearchAnswer, WorkerToMain } from './protocol.ts';
import {
  builtTextIndexJob,
  startGrowingTextIndexing,
  startTextIndexing,
  type TextIndexJob,
} from './text-indexing.ts';
import type { YieldToEventLoop } from './work-slices.ts';

type TextQuery = Extract<Query, { kind: 'text-search' | 'text-index-status' }>;

/** Whether a query is one the text search answers. */
export function isTextQuery(query: Query): query is TextQuery {
  return query.kind === 'text-search' || query.kind === 'text-index-status';
}

export interface TextSearchService {
  /**
   * The load loop read `log` to its end (or the reader stopped it): its index starts building, and
   * the searches that waited for a log are answered (about the log open then).
   */
  onLogRead(log: OpenedLog): void;
  /**
   * A followed log grew (`log` is its new state): once its index was started, the new settled
   * events join it now (the index of a growing log is extended, never built again).
   */
  onLogGrew(log: OpenedLog): void;
  /** A load ended without calling onLogRead (failed, replaced): waiting searches are answered or fail. */
  onLoadEnded(): void;
  /**
   * A new load started: searches waiting for the one before fail (they were about another log), and
   * the index being built stops (it would take slices from the load; a later search rebuilds it if
   * the log it was for stays open).
   */
  onLoadStarted(): void;
  /**
   * Answers `query` about `log`; `isReading` says the log is a load's live log (not read to its end
   * yet), in which case a search waits and a status says so.
   */
  answer(requestId: number, query: TextQuery, log: OpenedLog, isReading: boolean): void;
  /** The index of `log` when it is built (a search across the workspace reuses the open log's), else null. */
  builtIndexOf(log: OpenedLog): TextIndex | null;
  /**
   * `log`, now the open one, comes with its index built before (a kept session switched back to):
   * searches use it instead of building it again. Call after onLoadStarted.
   */
  adoptIndex(log: OpenedLog, index: TextIndex): void;
}

export interface TextSearchDependencies {
  post: (message: WorkerToMain, transfer?: Transferable[]) => void;
  yieldToEventLoop: YieldToEventLoop;
  /** The log queries run against now (null: none). */
  currentLog: () => OpenedLog | null;
  /** Told when the index of a log is built (the router keeps it with a kept session). */
  onIndexBuilt?: (log: OpenedLog, index: TextIndex) => void;
}

export function createTextSearchService(deps: TextSearchDependencies): TextSearchService {
  const { post } = deps;
  /** The index of the newest read log: one at a time (the one before is dropped with its log). */
  let job: TextIndexJob | null = null;
  /** The index `job` built, once it has. */
  let built: { log: OpenedLog; index: TextIndex } | null = null;
  /** Searches that came while the log was still being read. */
  let waiting: { requestId: number; query: TextQuery }[] = [];
  let latestSearchId = 0;
  /** The index of the store of a log still growing (a followed one), extended as it grows. */
  let growth: GrowingTextIndex | null = null;

  const startJob = (log: OpenedLog): TextIndexJob => {
    if (log.isComplete) return startTextIndexing(log, deps.yieldToEventLoop);
    if (growth?.store !== log.store) growth = new GrowingTextIndex(log.store);
    return startGrowingTextIndexing(log, growth, deps.yieldToEventLoop);
  };

  const jobFor = (log: OpenedLog): TextIndexJob => {
    if (job?.log !== log) {
      job?.cancel();
      built = null;
      const started = startJob(log);
      job = started;
      started.ready.then(
        (index) => {
          if (job !== started) return;
          built = { log, index };
          deps.onIndexBuilt?.(log, index);
        },
        () => undefined, // A search waiting for it hears why.
      );
    }
    return job;
  };

  const fail = (requestId: number, message: string) => post({ type: 'query-failed', requestId, message });

  const search = async (requestId: number, text: string, log: OpenedLog) => {
    const searchId = ++latestSearchId;
    try {
      const index = await jobFor(log).ready;
      // A followed log that grew meanwhile is the same log: its seqs are still its seqs.
      const current = deps.currentLog();
      if (searchId !== latestSearchId || (current !== log && current?.store !== log.store)) {
        fail(requestId, 'Replaced by a newer search.');
        return;
      }
      const answer: TextSearchAnswer = { text, seqs: searchTextIndex(index, text) };
      post({ type: 'result', requestId, result: answer }, [answer.seqs.buffer]);
    } catch (error) {
      fail(requestId, error instanceof Error ? error.message : String(error));
    }
  };

  const answerNow = (requestId: number, query: TextQuery, log: OpenedLog) => {
    if (query.kind === 'text-search') void search(requestId, query.text, log);
    else {
      const result: TextIndexStatus = jobFor(log).status();
      post({ type: 'result', requestId, result });
    }
  };

  const flushWaiting = () => {
    const queued = waiting;
    waiting = [];
    const log = deps.currentLog();
    for (const { requestId, query } of queued)
      if (log === null) fail(requestId, 'No log is open.');
      else answerNow(requestId, query, log);
  };

  return {
    onLogRead(log) {
      jobFor(log);
      flushWaiting();
    },
    onLogGrew(log) {
      // Settled events are indexed at once (an append's few); the snapshot waits for a search.
      if (growth?.store === log.store && job !== null) growth.advance(log, Number.POSITIVE_INFINITY);
    },
    onLoadEnded: flushWaiting,
    onLoadStarted() {
      growth = null;
      for (const older of waiting) fail(older.requestId, 'Replaced by another log.');
      waiting = [];
      job?.cancel();
      job = null;
      built = null;
    },
    adoptIndex(log, index) {
      job?.cancel();
      job = builtTextIndexJob(log, index);
      built = { log, index };
    },
    builtIndexOf(log) {
      return built?.log === log ? built.index : null;
    },
    answer(requestId, query, log, isReading) {
      if (!isReading) answerNow(requestId, query, log);
      else if (query.kind === 'text-index-status')
        post({ type: 'result', requestId, result: { state: 'waiting-for-log' } satisfies TextIndexStatus });
      else {
        // Only the newest search is worth waiting for.
        for (const older of waiting) fail(older.requestId, 'Replaced by a newer search.');
        waiting = [{ requestId, query }];
      }
    },
  };
}
