// The worker's load loop: reads a source in small slices into the core's decoder, posts progress,
// partial summaries (the first with the first rows) and, at the end, the summary in parts, and turns
// whatever stops it into a LoadFailure. Runs wherever a ReadableStream does (the worker, Node tests).
import {
  DecodeTimeMigrationAudit,
  createLogDecoder,
  readEventRows,
  type DecoderOptions,
  type FormatVerdicts,
  type LogDecoder,
  type OpenedLog,
} from '../log/index.ts';
import { LoadError, classifyLoadError, detectRefusal } from './load-failure.ts';
import { buildLogSummary, noteDecodeTimeAudit, splitSummaryTurns } from './log-summary.ts';
import { runPostLoadWork } from './post-load-work.ts';
import type { LoadFailure, LoadProgress, LoadSource, LogSummary, WorkerToMain } from './protocol.ts';
import { createContentHasher } from './content-key.ts';
import type { OpenedSource } from './read-source.ts';
import { WORK_SLICE_MS, type YieldToEventLoop } from './work-slices.ts';

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
/** Rows sent with the first summary: more than a tall events list shows (its ROWS_AROUND_CURSOR + a block). */
const FIRST_ROWS = 64;
const PROGRESS_INTERVAL_MS = 100;
/** Partial summaries during a load: the first as soon as events exist, then at this pace. */
const SUMMARY_INTERVAL_MS = 700;
/** Turns sent in a partial summary: keeps each one small (10k steps would be a long clone and render). */
const TURNS_DURING_LOAD_MAX = 64;
/** Turns per 'turns' message before 'loaded': cloning 128 turns took 9–13 ms on the main thread, all 1.5k in one message 45–56 ms. */
const TURNS_PER_MESSAGE = 32;

/** One load, and what the router asks of it. */
export interface ActiveLoad {
  loadId: number;
  /** A newer load replaced this one: stop reading and post nothing more. */
  isCancelled: boolean;
  /** The reader cancelled it: stop reading and show what was read (a partial view), if anything. */
  isStopRequested: boolean;
  /**
   * The log shown before this load began, while this load has shown nothing yet: restored for
   * queries if the load fails or is cancelled before its first rows (the page keeps showing it).
   * The loop drops it with the first summary, from when the page shows the new log.
   */
  fallbackLog: OpenedLog | null;
  /** Set by the loop while it reads: ends a pending read at once (a stalled download). */
  stopReading?: () => void;
}

/** What the load loop needs from the worker around it. */
export interface LoadDependencies {
  /** Posts a message to the page. */
  post: (message: WorkerToMain) => void;
  /**
   * Called with the log queries run against from then on: the live log once decoding starts, the
   * finished log, or null when the load failed.
   */
  setCurrentLog: (log: OpenedLog | null) => void;
  /** The decoder's options (checksum verifier, fast zstd): loading when the worker starts, awaited with the source. */
  decoderOptions: Promise<DecoderOptions>;
  /** Opens the source; `signal` aborts a download that has not answered yet (a cancel). */
  openSource: (source: LoadSource, signal: AbortSignal) => Promise<OpenedSource>;
  yieldToEventLoop: YieldToEventLoop;
  /**
   * Called once the page has the log read to its end, or the part read when the reader stopped the
   * load, right after 'loaded': what needs the whole log (the text index) starts from there.
   */
  onLogRead?: (log: OpenedLog) => void;
  /**
   * Called with a log read whole (not cancelled) just before 'loaded' is posted, and with its
   * verdicts when they are derived: the router keeps workspace sessions (kept-logs.ts). Returns the
   * session ids the worker keeps now, which 'loaded' carries; absent or null: none.
   */
  keepLog?: {
    afterLoad: (log: OpenedLog, summary: LogSummary) => string[] | null;
    afterVerdicts: (log: OpenedLog, verdicts: FormatVerdicts) => void;
  };
}

/**
 * Loads `source` for `load`. Posts 'progress' at most every PROGRESS_INTERVAL_MS, a 'summary' as soon
 * as events exist (with the first FIRST_ROWS rows) and then every SUMMARY_INTERVAL_MS, then 'turns'
 * parts, 'loaded' and 'format-verdicts'; or one 'load-failed'. Once `load.isCancelled` it stops reading and posts
 * nothing more. Once `load.isStopRequested` it stops reading and posts the part read as a 'loaded'
 * summary marked `isCancelled` (no format verdicts), or a 'cancelled' failure when nothing was read.
 * A failure before the first summary hands the queries back to `load.fallbackLog` and says so
 * (`isPreviousLogKept`). Yields to the event loop every WORK_SLICE_MS so queries are answered
 * meanwhile. Never rejects.
 */
export async function runLoad(load: ActiveLoad, source: LoadSource, deps: LoadDependencies): Promise<void> {
  const { loadId } = load;
  const { post } = deps;
  const startedAt = performance.now();
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

  const opening = new AbortController();
  load.stopReading = () => opening.abort();
  try {
    // Open the source while the verifier finishes loading (both usually done before the drop).
    const [decoderOptions, opened] = await Promise.all([
      deps.decoderOptions,
      deps.openSource(source, opening.signal),
    ]);
    if (load.isCancelled) {
      await opened.reader.cancel().catch(() => undefined);
      return;
    }
    // dsh's answer (the format verdicts) audits the events as they are decoded: none is read back.
    const audit = new DecodeTimeMigrationAudit();
    const decoder: LogDecoder = createLogDecoder({ ...decoderOptions, onEvent: audit.onEvent });
    const hasher = createContentHasher();
    deps.setCurrentLog(decoder.log);
    totalBytes = opened.totalBytes;
    const { reader } = opened;
    load.stopReading = () => void reader.cancel().catch(() => undefined);
    let lastYieldAt = performance.now();
    let lastProgressAt = 0;
    let lastSummaryAt = -Infinity;
    let hasSentRows = false;

    reading: for (;;) {
      if (load.isCancelled || load.isStopRequested) {
        await reader.cancel().catch(() => undefined);
        if (load.isCancelled) return;
        break;
      }
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.byteLength;) {
        if (load.isCancelled || load.isStopRequested) {
          await reader.cancel().catch(() => undefined);
          if (load.isCancelled) return;
          break reading;
        }
        const sliceBytes = bytesRead === 0 ? FIRST_PUSH_SLICE_BYTES : PUSH_SLICE_BYTES;
        const slice = value.subarray(offset, Math.min(value.byteLength, offset + sliceBytes));
        offset += slice.byteLength;
        bytesRead += slice.byteLength;
        decoder.push(slice);
        hasher.push(slice);

        const now = performance.now();
        const refusal = detectRefusal(decoder.log);
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
          // The page shows this log from now on: the one before cannot come back.
          load.fallbackLog = null;
          lastSummaryAt = now;
          post({
            type: 'summary',
            loadId,
            summary: buildLogSummary(decoder.log, name, { turnsMax: TURNS_DURING_LOAD_MAX }),
            firstRows,
          });
        }
        if (now - lastYieldAt >= WORK_SLICE_MS) {
          await deps.yieldToEventLoop();
          lastYieldAt = performance.now();
        }
      }
    }
    if (load.isCancelled) return;
    if (load.isStopRequested) {
      postPartialLog(load, decoder.log, name, progressOf, deps);
      return;
    }
    const log = decoder.finish();
    noteDecodeTimeAudit(log, audit.resultFor(log));
    deps.setCurrentLog(log);
    const refusal = detectRefusal(log);
    if (refusal) throw new LoadError(refusal);
    const contentKey = await hasher.finish();
    if (load.isCancelled) return;
    const whole: LogSummary = { ...buildLogSummary(log, name), contentKey };
    const { parts, summary } = splitSummaryTurns(whole, TURNS_PER_MESSAGE);
    const keptSessions = deps.keepLog?.afterLoad(log, whole) ?? null;
    for (const turns of parts) post({ type: 'turns', loadId, turns });
    post({
      type: 'loaded',
      loadId,
      summary,
      progress: progressOf(log),
      ...(keptSessions === null ? {} : { keptSessions }),
    });
    deps.onLogRead?.(log);
    // The verdicts (their migration audit done while decoding), then triage and the facets: the
    // page shows the log first, and its queries are answered between their slices.
    await deps.yieldToEventLoop();
    if (load.isCancelled) return;
    await runPostLoadWork(
      log,
      deps.yieldToEventLoop,
      () => load.isCancelled,
      (verdicts) => {
        deps.keepLog?.afterVerdicts(log, verdicts);
        post({ type: 'format-verdicts', loadId, verdicts });
      },
    );
  } catch (error) {
    if (load.isCancelled) return;
    // A cancel that aborted the download before it answered: nothing was read.
    const failure: LoadFailure = load.isStopRequested
      ? { kind: 'cancelled', message: 'Loading was cancelled before any event was read.' }
      : classifyLoadError(error, { name, bytesRead, totalBytes });
    postFailure(load, failure, deps);
  } finally {
    delete load.stopReading;
  }
}

/** Ends a load without a log of its own: the log shown before it (if the page still shows it) serves the queries again. */
function postFailure(load: ActiveLoad, failure: LoadFailure, deps: LoadDependencies): void {
  const kept = load.fallbackLog;
  load.fallbackLog = null;
  deps.setCurrentLog(kept);
  deps.post({
    type: 'load-failed',
    loadId: load.loadId,
    failure: kept === null ? failure : { ...failure, isPreviousLogKept: true },
  });
}

/**
 * The reader cancelled the load: what was read becomes the log (as it stands, `isComplete` false)
 * and the page gets its summary marked `isCancelled`; with no event read, a 'cancelled' failure.
 */
function postPartialLog(
  load: ActiveLoad,
  log: OpenedLog,
  name: string,
  progressOf: (log: OpenedLog | null) => LoadProgress,
  deps: LoadDependencies,
): void {
  if (log.store.eventCount === 0) {
    postFailure(
      load,
      { kind: 'cancelled', message: 'Loading was cancelled before any event was read.' },
      deps,
    );
    return;
  }
  load.fallbackLog = null;
  deps.setCurrentLog(log);
  const { parts, summary } = splitSummaryTurns(
    { ...buildLogSummary(log, name), isCancelled: true },
    TURNS_PER_MESSAGE,
  );
  for (const turns of parts) deps.post({ type: 'turns', loadId: load.loadId, turns });
  deps.post({ type: 'loaded', loadId: load.loadId, summary, progress: progressOf(log) });
  deps.onLogRead?.(log);
}
