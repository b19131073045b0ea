// The worker's side of comparing runs (issue 23): decodes the runs beside the open log, outlines and
// aligns them with the compare core (the same functions as the CLI's `diff`), keeps them while the
// compare view is open, and answers its queries about any run at any seq.

import {
  alignColumns,
  buildDiffReportFrom,
  buildRunOutline,
  decodeEntry,
  deriveModelView,
  deriveRequestContext,
  describeMessageForCompare,
  readModelMessage,
  readRequestHeader,
  type DecoderOptions,
  type OpenedLog,
  type RunOutline,
  type Workspace,
  type WorkspaceEntry,
} from '../log/index.ts';
import type {
  CompareMessage,
  CompareOpened,
  CompareQuery,
  CompareQueryResults,
  CompareRequestAnswer,
  CompareRunSource,
} from './compare-protocol.ts';

const COMPARE_KINDS: ReadonlySet<string> = new Set<CompareQuery['kind']>([
  'compare-open',
  'compare-view',
  'compare-request',
  'compare-messages',
  'compare-close',
]);

export function isCompareQuery(query: { kind: string }): query is CompareQuery {
  return COMPARE_KINDS.has(query.kind);
}

export interface CompareDependencies {
  decoderOptions: Promise<DecoderOptions>;
  currentLog: () => OpenedLog | null;
  workspace: () => Workspace | null;
}

/** An outline is the same for every comparison of a log: built once per decoded log. */
const outlineCache = new WeakMap<OpenedLog, RunOutline>();

function outlineOf(log: OpenedLog): RunOutline {
  let outline = outlineCache.get(log);
  if (outline === undefined) {
    outline = buildRunOutline(log);
    outlineCache.set(log, outline);
  }
  return outline;
}

function entryOfFile(file: File): WorkspaceEntry {
  return {
    path: file.name,
    size: file.size,
    isExplicit: true,
    read: async () => new Uint8Array(await file.arrayBuffer()),
    readHead: async (bytes) => new Uint8Array(await file.slice(0, bytes).arrayBuffer()),
    async *readChunks() {
      const reader = file.stream().getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    },
  };
}

function messagesAt(log: OpenedLog, seqs: readonly number[]): CompareMessage[] {
  return seqs.flatMap((seq) => {
    const detail = readModelMessage(log, seq);
    return detail === null ? [] : [{ seq, ...describeMessageForCompare(detail.message) }];
  });
}

function requestAt(log: OpenedLog, seq: number): CompareRequestAnswer {
  const context = deriveRequestContext(log, seq);
  const header = context.header === null ? null : readRequestHeader(log, context.header.seq);
  const systemNodes = messagesAt(log, context.systemNodeSeqs).map((message) => message.text);
  return {
    headerSeq: header?.seq ?? null,
    config: header?.config ?? null,
    system: header?.system ?? systemNodes.join('\n'),
    tools: (header?.tools ?? []).map((tool) => ({
      name: tool.name,
      text: `${tool.description}\n${JSON.stringify(tool.parameters, null, 2)}`,
    })),
  };
}

export function createCompareService({ decoderOptions, currentLog, workspace }: CompareDependencies) {
  let compareId = 0;
  let logs: OpenedLog[] = [];

  async function open(
    sources: readonly CompareRunSource[],
    names: readonly string[],
  ): Promise<CompareOpened> {
    const options = await decoderOptions;
    const opened = await Promise.all(
      sources.map(async (source): Promise<OpenedLog> => {
        if (source.kind === 'open') {
          const log = currentLog();
          if (log === null) throw new Error('No log is open to compare.');
          return log;
        }
        if (source.kind === 'file') return decodeEntry(entryOfFile(source.file), options);
        const session = workspace()?.sessions.find((candidate) => candidate.id === source.sessionId);
        if (session === undefined)
          throw new Error(`Session ${source.sessionId} is not in the open folder or ZIP.`);
        return decodeEntry(session.entry, options);
      }),
    );
    logs = opened;
    compareId++;
    const outlines = opened.map(outlineOf);
    const columns = alignColumns(outlines);
    const base = outlines[0] as RunOutline;
    const reports = columns.alignments.map((alignment, index) =>
      buildDiffReportFrom(alignment, base, outlines[index + 1] as RunOutline, {
        a: names[0] ?? 'a',
        b: names[index + 1] ?? 'b',
      }),
    );
    return {
      compareId,
      runs: opened.map((log, index) => ({
        name: names[index] ?? `run ${index + 1}`,
        sessionId: typeof log.header?.id === 'string' ? log.header.id : null,
        generation: log.format.generation,
        eventCount: log.store.eventCount,
      })),
      outlines,
      columns,
      reports,
    };
  }

  function logOf(query: { compareId: number; run: number }): OpenedLog {
    const log = logs[query.run];
    if (query.compareId !== compareId || log === undefined) throw new Error('That comparison is closed.');
    return log;
  }

  /** The answer to a compare query; rejects with a message for people. */
  async function answer(query: CompareQuery): Promise<CompareQueryResults[CompareQuery['kind']]> {
    switch (query.kind) {
      case 'compare-open':
        return open(query.runs, query.names);
      case 'compare-view': {
        const log = logOf(query);
        const view = deriveModelView(log, query.seq);
        return {
          atSeq: view.atSeq,
          messages: messagesAt(
            log,
            view.messages.filter((message) => message.role !== 'system').map((message) => message.seq),
          ),
        };
      }
      case 'compare-request':
        return requestAt(logOf(query), query.seq);
      case 'compare-messages':
        return messagesAt(logOf(query), query.seqs);
      case 'compare-close':
        logs = [];
        compareId++;
        return null;
    }
  }

  return { answer };
}
