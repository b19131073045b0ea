// The worker's load loop: reads a source in small slices into the core's decoder, posts progress,
// partial summaries (the first with the first rows) and, at the end, the summary in parts, and turns
// whatever stops it into a LoadFailure. Runs wherever a ReadableStream does (the worker, Node tests).
import {
  createLogDecoder,
  readEventRows,
  type DecoderOptions,
  type LogDecoder,
  type OpenedLog,
} from '../log/index.ts';
import { LoadError, classifyLoadError, detectRefusal } from './load-failure.ts';
import { buildLogSummary, formatVerdictsOf, splitSummaryTurns } from './log-summary.ts';
import type { LoadFailure, LoadProgress, LoadSource, WorkerToMain } from './protocol.ts';
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

/** One load; the router sets `isCancelled` when a newer load or a cancel replaces it. */
export interface ActiveLoad {
  loadId: number;
  isCancelled: boolean;
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
  openSource: (source: LoadSource) => Promise<OpenedSource>;
  yieldToEventLoop: YieldToEventLoop;
}

/**
 * Loads `source` for `load`. Posts 'progress' at most every PROGRESS_INTERVAL_MS, a 'summary' as soon
 * as events exist (with the first FIRST_ROWS rows) and then every SUMMARY_INTERVAL_MS, then 'turns'
 * parts, 'loaded' and 'format-verdicts'; or one 'load-failed'. Once `load.isCancelled` it stops reading and posts
 * nothing more. Yields to the event loop every WORK_SLICE_MS so queries are answered meanwhile.
 * Never rejects.
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

  try {
    // Open the source while the verifier finishes loading (both usually done before the drop).
    const [decoderOptions, opened] = await Promise.all([deps.decoderOptions, deps.openSource(source)]);
    if (load.isCancelled) {
      await opened.reader.cancel().catch(() => undefined);
      return;
    }
    const decoder: LogDecoder = createLogDecoder(decoderOptions);
    deps.setCurrentLog(decoder.log);
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
    const log = decoder.finish();
    deps.setCurrentLog(log);
    const refusal = detectRefusal(log);
    if (refusal) throw new LoadError(refusal);
    const { parts, summary } = splitSummaryTurns(buildLogSummary(log, name), TURNS_PER_MESSAGE);
    for (const turns of parts) post({ type: 'turns', loadId, turns });
    post({ type: 'loaded', loadId, summary, progress: progressOf(log) });
    // The verdicts' migration audit re-reads the log's events: the page shows the log first.
    await deps.yieldToEventLoop();
    if (load.isCancelled) return;
    const verdicts = formatVerdictsOf(log);
    if (verdicts !== null) post({ type: 'format-verdicts', loadId, verdicts });
  } catch (error) {
    if (load.isCancelled) return;
    deps.setCurrentLog(null);
    const failure: LoadFailure = classifyLoadError(error, { name, bytesRead, totalBytes });
    post({ type: 'load-failed', loadId, failure });
  }
}
