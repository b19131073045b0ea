// The log worker: reads a File or URL stream into the core's decoder, reports progress, and
// answers the viewer's queries. It only routes: decoding and derivation live in src/log.

import {
  createLogDecoder,
  deriveModelView,
  deriveTranscript,
  deriveTriage,
  deriveUsage,
  loadChecksumVerifier,
  readEventDetail,
  readEventRows,
  readModelMessage,
  createEventSearch,
  packModelView,
  packedViewBuffers,
} from '../log/index.ts';
import type { LogDecoder, ModelMessageDetail, OpenedLog, TriageReport } from '../log/index.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { buildLogSummary, splitSummaryTurns } from './log-summary.ts';
import type {
  LoadFailure,
  LoadProgress,
  LoadSource,
  MainToWorker,
  ModelViewAnswer,
  Query,
  QueryResults,
  WorkerToMain,
} from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

/** How long the reader may work before it yields so queued queries are answered. */
const WORK_SLICE_MS = 12;
/**
 * Bytes handed to the decoder at a time. A File's stream delivers chunks of up to 2 MiB here, about
 * 200 ms of decoding each on a slow machine: fed whole, the first rows waited for the whole first
 * chunk and queries waited between chunks. 64 KiB of zstd is a few ms.
 */
const PUSH_SLICE_BYTES = 64 * 1024;
/**
 * The first slice is smaller: it runs on cold code (a 64 KiB first slice took ~40 ms), and what the
 * first summary needs, the header and a screen of rows, is in its first few kilobytes.
 */
const FIRST_PUSH_SLICE_BYTES = 8 * 1024;
/** Rows sent with the first summary: more than a tall events list shows (ROWS_AROUND_CURSOR + a block). */
const FIRST_ROWS = 64;
const PROGRESS_INTERVAL_MS = 100;
/** Partial summaries during a load: the first as soon as events exist, then at this pace. */
const SUMMARY_INTERVAL_MS = 700;
const MEBIBYTE_BYTES = 1024 * 1024;
/** Turns sent in a partial summary: keeps each one small (10k steps would be a long clone and render). */
const TURNS_DURING_LOAD_MAX = 64;
/** Turns per 'turns' message before 'loaded': cloning 128 turns took 9–13 ms on the main thread, all 1.5k in one message 45–56 ms. */
const TURNS_PER_MESSAGE = 32;

interface ActiveLoad {
  loadId: number;
  isCancelled: boolean;
}

let activeLoad: ActiveLoad | null = null;
/** The log queries run against: the finished log, or the live one of the load in progress. */
let currentLog: OpenedLog | null = null;
type ChecksumVerifier = Awaited<ReturnType<typeof loadChecksumVerifier>> | null;
/** Started when the worker starts (the client warms the worker up before any drop). Null when there is
 * no WebAssembly (or it was refused): frames then load unverified, which FileFacts reports. */
const checksumVerifierReady: Promise<ChecksumVerifier> = loadChecksumVerifier().catch(() => null);
/** The WebAssembly zstd decompressor, started with the worker; null = fzstd only (FileFacts.decompressor). */
const fastZstdReady = loadFastZstd();

/** Posts to the page; buffers in `transfer` move instead of being copied. */
function post(message: WorkerToMain, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/** What to transfer with a query's answer: a model view's packed columns. */
function transferablesOf(result: unknown, query: Query): Transferable[] {
  return query.kind === 'model-view' ? packedViewBuffers((result as ModelViewAnswer).view) : [];
}

const yieldChannel = new MessageChannel();
const yieldWaiters: (() => void)[] = [];
yieldChannel.port1.onmessage = () => yieldWaiters.shift()?.();

/** Yields to the event loop without setTimeout's 4 ms clamp, so queued messages run between slices. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    yieldWaiters.push(resolve);
    yieldChannel.port2.postMessage(null);
  });
}

function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MEBIBYTE_BYTES) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * MEBIBYTE_BYTES) return `${(bytes / MEBIBYTE_BYTES).toFixed(1)} MiB`;
  return `${(bytes / (1024 * MEBIBYTE_BYTES)).toFixed(2)} GiB`;
}

/** A failure for a load that stopped because the log could not be held in memory. */
function describeOutOfMemory(bytesRead: number, totalBytes: number | null, error: unknown): LoadFailure {
  const size = totalBytes ?? bytesRead;
  const detail = error instanceof Error ? ` (${error.name}: ${error.message})` : '';
  return {
    kind: 'too-large',
    message:
      `This file is ${describeBytes(size)}; the browser ran out of memory after ${describeBytes(bytesRead)}` +
      `${detail}. Open it with the CLI (\`npx dsh-replay inspect FILE\`), or split it, or use a machine with more memory.`,
  };
}

/** A failure when the file is not something the viewer can show, or null to keep going. */
function detectRefusal(log: OpenedLog, isFinished: boolean): LoadFailure | null {
  for (const problem of log.problems) {
    if (problem.kind === 'not-a-log') {
      return {
        kind: 'not-a-log',
        message: `${problem.message} Open a dsh session log: a session.jsonl.zstd or session.jsonl from <root>/--<project-key>--/<session-id>/ under the log root dsh was configured with.`,
      };
    }
    if (problem.kind === 'zip') {
      return {
        kind: 'zip',
        message: `${problem.message} Unzip the export and open one session.jsonl(.zstd) from inside it.`,
      };
    }
    // Past our text bound the events read so far are still shown (the problem says reading stopped).
    if (problem.kind === 'too-large' && log.store.eventCount === 0) {
      return { kind: 'too-large', message: problem.message };
    }
  }
  if (isFinished && log.store.eventCount === 0 && log.header === null) {
    const emptyProblem = log.problems.find((problem) => problem.kind === 'empty');
    if (log.file.bytes === 0) {
      return { kind: 'empty', message: 'The file is empty (0 bytes). A dsh log starts with a header line.' };
    }
    if (emptyProblem) return { kind: 'empty', message: emptyProblem.message };
  }
  return null;
}

async function readSource(
  source: LoadSource,
): Promise<{ reader: ReadableStreamDefaultReader<Uint8Array>; totalBytes: number | null }> {
  if (source.kind === 'file') {
    return { reader: source.file.stream().getReader(), totalBytes: source.file.size };
  }
  let response: Response;
  try {
    response = await fetch(source.url, { credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch (error) {
    throw new LoadError({
      kind: 'read-error',
      message:
        `Could not download ${source.url} (${error instanceof Error ? error.message : 'network error'}). ` +
        'The server may not allow cross-origin requests; download the file and drop it here instead.',
    });
  }
  if (!response.ok || !response.body) {
    throw new LoadError({
      kind: 'read-error',
      message: `The server answered ${response.status} ${response.statusText} for ${source.url}. Check the URL.`,
    });
  }
  const lengthHeader = response.headers.get('content-length');
  const encoded = response.headers.get('content-encoding');
  // With a content-encoding the body is decoded on the fly and Content-Length counts the wire bytes.
  const totalBytes = lengthHeader && !encoded ? Number(lengthHeader) : null;
  return { reader: response.body.getReader(), totalBytes: Number.isFinite(totalBytes) ? totalBytes : null };
}

/** An expected load failure, carried as a value through the reader's async flow. */
class LoadError extends Error {
  readonly failure: LoadFailure;
  constructor(failure: LoadFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

async function runLoad(loadId: number, source: LoadSource): Promise<void> {
  const startedAt = performance.now();
  const load: ActiveLoad = { loadId, isCancelled: false };
  activeLoad = load;
  const name = source.kind === 'file' ? source.file.name : source.name;
  let bytesRead = 0;
  let totalBytes: number | null = null;
  const progressOf = (log: OpenedLog | null): LoadProgress => ({
    bytesRead,
    totalBytes,
    events: log?.store.eventCount ?? 0,
    lines: log?.lineCount ?? 0,
    elapsedMs: performance.now() - startedAt,
  });

  try {
    // Open the source while the verifier finishes loading (both usually done before the drop).
    const [checksumVerifier, fastDecompress, opened] = await Promise.all([
      checksumVerifierReady,
      fastZstdReady,
      readSource(source),
    ]);
    if (load.isCancelled) {
      await opened.reader.cancel().catch(() => undefined);
      return;
    }
    const decoder: LogDecoder = createLogDecoder({ checksum: checksumVerifier, fastDecompress });
    currentLog = decoder.log;
    totalBytes = opened.totalBytes;
    const { reader } = opened;
    let lastYieldAt = performance.now();
    let lastProgressAt = 0;
    let lastSummaryAt = -Infinity;
    let hasSentRows = false;

    for (;;) {
      if (load.isCancelled) {
        await reader.cancel().catch(() => undefined);
        return;
      }
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.byteLength;) {
        if (load.isCancelled) {
          await reader.cancel().catch(() => undefined);
          return;
        }
        const sliceBytes = bytesRead === 0 ? FIRST_PUSH_SLICE_BYTES : PUSH_SLICE_BYTES;
        const slice = value.subarray(offset, Math.min(value.byteLength, offset + sliceBytes));
        offset += slice.byteLength;
        bytesRead += slice.byteLength;
        decoder.push(slice);

        const now = performance.now();
        const refusal = detectRefusal(decoder.log, false);
        if (refusal) {
          await reader.cancel().catch(() => undefined);
          throw new LoadError(refusal);
        }
        if (now - lastProgressAt >= PROGRESS_INTERVAL_MS) {
          lastProgressAt = now;
          post({ type: 'progress', loadId, progress: progressOf(decoder.log) });
        }
        const eventCount = decoder.log.store.eventCount;
        if (eventCount > 0 && (!hasSentRows || now - lastSummaryAt >= SUMMARY_INTERVAL_MS)) {
          const firstRows = hasSentRows ? undefined : readEventRows(decoder.log, 0, FIRST_ROWS);
          hasSentRows = true;
          lastSummaryAt = now;
          post({
            type: 'summary',
            loadId,
            summary: buildLogSummary(decoder.log, name, { turnsMax: TURNS_DURING_LOAD_MAX }),
            firstRows,
          });
        }
        if (now - lastYieldAt >= WORK_SLICE_MS) {
          await yieldToEventLoop();
          lastYieldAt = performance.now();
        }
      }
    }
    if (load.isCancelled) return;
    const log = decoder.finish();
    currentLog = log;
    const refusal = detectRefusal(log, true);
    if (refusal) throw new LoadError(refusal);
    const { parts, summary } = splitSummaryTurns(buildLogSummary(log, name), TURNS_PER_MESSAGE);
    for (const turns of parts) post({ type: 'turns', loadId, turns });
    post({ type: 'loaded', loadId, summary, progress: progressOf(log) });
  } catch (error) {
    if (load.isCancelled) return;
    currentLog = null;
    let failure: LoadFailure;
    if (error instanceof LoadError) failure = error.failure;
    else if (
      error instanceof RangeError ||
      (error instanceof Error && /memory|allocation/i.test(error.message))
    ) {
      failure = describeOutOfMemory(bytesRead, totalBytes, error);
    } else if (error instanceof DOMException && error.name === 'NotReadableError') {
      failure = {
        kind: 'read-error',
        message: `The browser could not read ${name} (${error.message}). The file may have changed or moved; open it again.`,
      };
    } else {
      failure = {
        kind: 'internal',
        message: `Loading stopped on an internal error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}. Please report it with the file's header line.`,
      };
    }
    post({ type: 'load-failed', loadId, failure });
  } finally {
    if (activeLoad === load) activeLoad = null;
  }
}

/** Triage of each finished log, derived once: the store (for n/N) and the triage panel both ask. */
const triageByLog = new WeakMap<OpenedLog, TriageReport>();

function triageOf(log: OpenedLog): TriageReport {
  if (!log.isComplete) return deriveTriage(log);
  let report = triageByLog.get(log);
  if (!report) {
    report = deriveTriage(log);
    triageByLog.set(log, report);
  }
  return report;
}

/** The readable message bodies among `seqs`, in order. */
function readModelMessages(log: OpenedLog, seqs: readonly number[]): ModelMessageDetail[] {
  return seqs.flatMap((seq) => {
    const detail = readModelMessage(log, seq);
    return detail ? [detail] : [];
  });
}

/** The answer to every query but a search (runSearch answers those, in slices). */
function answer(
  query: Exclude<Query, { kind: 'search' }>,
  log: OpenedLog,
): QueryResults[Exclude<Query, { kind: 'search' }>['kind']] {
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
    case 'transcript':
      return deriveTranscript(log);
    case 'problems':
      return log.problems.slice(query.start, query.start + query.count);
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
    default:
      return assertNever(query);
  }
}

/** Events a search scans between looks at the clock (a fraction of a work slice). */
const SEARCH_STEP_EVENTS = 2_048;
/** The newest search; an older one still running stops at its next slice. */
let latestSearchId = 0;

/**
 * Answers a search in slices of WORK_SLICE_MS with the event loop in between: a scan of a large
 * .zstd log that finds nothing takes seconds, and meanwhile the model view, rows and a newer search
 * are answered. A search overtaken by a newer one (or by another log) fails with a message saying so.
 */
async function runSearch(requestId: number, query: Extract<Query, { kind: 'search' }>, log: OpenedLog) {
  const searchId = ++latestSearchId;
  try {
    const search = createEventSearch(log, query.text, query.fromSeq, query.direction);
    for (;;) {
      const sliceStart = performance.now();
      let result = search.step(SEARCH_STEP_EVENTS);
      while (result.kind === 'more' && performance.now() - sliceStart < WORK_SLICE_MS)
        result = search.step(SEARCH_STEP_EVENTS);
      if (result.kind !== 'more') {
        post({ type: 'result', requestId, result: result.kind === 'found' ? result.seq : null });
        return;
      }
      await yieldToEventLoop();
      if (searchId !== latestSearchId || currentLog !== log) {
        post({ type: 'query-failed', requestId, message: 'Replaced by a newer search.' });
        return;
      }
    }
  } catch (error) {
    post({
      type: 'query-failed',
      requestId,
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown query: ${JSON.stringify(value)}`);
}

self.addEventListener('message', (event: MessageEvent<MainToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'open':
      if (activeLoad) activeLoad.isCancelled = true;
      void runLoad(message.loadId, message.source);
      return;
    case 'cancel':
      if (activeLoad?.loadId === message.loadId) {
        activeLoad.isCancelled = true;
        currentLog = null;
      }
      return;
    case 'query': {
      const log = currentLog;
      if (!log) {
        post({ type: 'query-failed', requestId: message.requestId, message: 'No log is open.' });
        return;
      }
      if (message.query.kind === 'search') {
        void runSearch(message.requestId, message.query, log);
        return;
      }
      try {
        const result = answer(message.query, log);
        post(
          { type: 'result', requestId: message.requestId, result },
          transferablesOf(result, message.query),
        );
      } catch (error) {
        post({
          type: 'query-failed',
          requestId: message.requestId,
          message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
      }
      return;
    }
    default:
      assertNever(message);
  }
});
