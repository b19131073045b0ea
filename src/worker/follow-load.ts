// A load that does not end (issue 22): a followed source is read to its current end like any log —
// progress, a first summary with the first rows, 'loaded' and the format verdicts — and then polled,
// each append extending the same decoder, store and index (LogFollower), and posted as a 'live'
// message with the summary's changed turns only. A file handle is polled about every 250 ms
// (FileSystemObserver, where the browser has one, wakes the loop at once); a URL with Range requests.

import {
  LogFollower,
  createFileSource,
  createWakeableSleep,
  describeRestart,
  readEventRows,
  runFollowLoop,
  type FollowSource,
  type OpenedLog,
} from '../log/index.ts';
import type { ActiveLoad, LoadDependencies } from './load-loop.ts';
import { buildLogSummary, sliceLiveFormatVerdicts } from './log-summary.ts';
import type { FollowedSource, LiveStatus, LoadProgress } from './protocol.ts';
import { createRangeSource } from './range-source.ts';

/** How often an unchanged source is looked at (the issue's ~250 ms). */
const FOLLOW_INTERVAL_MS = 250;
/** Bytes decoded between two yields while catching up (a large file already written). */
const CATCH_UP_SLICE_BYTES = 256 * 1024;
/** Rows sent with the first summary (as load-loop.ts). */
const FIRST_ROWS = 64;
/** At most this many new events' rows ride with a live message; a larger append's are asked for. */
const LIVE_ROWS_MAX = 256;
const PROGRESS_INTERVAL_MS = 100;
/**
 * The format verdicts of a growing log are derived again at most this often (ms), and never more
 * than 1 / VERDICTS_COST_SHARE of the time: a generation-0 log's migration audit reads every event
 * back (≈ 0.5–1 s for 1.3 M events), a small one takes a few ms.
 */
const VERDICTS_MIN_INTERVAL_MS = 1_000;
const VERDICTS_COST_SHARE = 10;

/** What a follow load needs beyond a load's dependencies. */
export interface FollowDependencies extends LoadDependencies {
  /** The worker's fetch (through its source guard) for a URL. */
  fetch: typeof fetch;
  /** Every new state of the live log (after 'loaded'): queries answer from it, searches too. */
  onLogGrew: (log: OpenedLog) => void;
}

/** A FileSystemObserver, where the browser has one (Chromium behind a flag or newer): wakes the poll. */
interface ObserverLike {
  observe(handle: FileSystemHandle): Promise<void>;
  disconnect(): void;
}

function observeHandle(handle: FileSystemFileHandle, wake: () => void): ObserverLike | null {
  const Observer = (globalThis as { FileSystemObserver?: new (callback: () => void) => ObserverLike })
    .FileSystemObserver;
  if (Observer === undefined) return null;
  try {
    const observer = new Observer(wake);
    observer.observe(handle).catch(() => undefined);
    return observer;
  } catch {
    return null;
  }
}

function sourceOf(source: FollowedSource, fetchBytes: typeof fetch): FollowSource {
  if (source.kind === 'follow-url') return createRangeSource(source.url, fetchBytes);
  const { handle } = source;
  return createFileSource(async () => {
    const file = await handle.getFile();
    return {
      size: file.size,
      modified: file.lastModified,
      read: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
    };
  });
}

/**
 * Follows `source` for `load` until the load is cancelled (another log, or the reader stops
 * following: isStopRequested) or the source fails. Never rejects.
 */
export async function runFollowLoad(
  load: ActiveLoad,
  source: FollowedSource,
  deps: FollowDependencies,
): Promise<void> {
  const { loadId } = load;
  const { post } = deps;
  const startedAt = performance.now();
  const follower = new LogFollower(await deps.decoderOptions);
  if (load.isCancelled) return;
  const { sleep, wake } = createWakeableSleep({
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  const observer = source.kind === 'follow-handle' ? observeHandle(source.handle, wake) : null;
  load.stopReading = wake;
  let isLoaded = false;
  let hasSentRows = false;
  let lastProgressAt = 0;
  let lastGrowthAt = Date.now();
  /** Turns the page holds (the live summaries send from the last of them on), and events. */
  let turnsShown = 0;
  let eventsShown = 0;
  /** The bytes the last format verdicts were derived for, when, how long it took, and whether one runs. */
  let verdictBytes = -1;
  let verdictAt = 0;
  let verdictMs = 0;
  let isDerivingVerdicts = false;
  /** The verdicts last posted (as JSON): the same ones again are not posted (the page would render). */
  let postedVerdicts = '';

  const progressOf = (log: OpenedLog): LoadProgress => ({
    bytesRead: follower.offset,
    totalBytes: null,
    events: log.store.eventCount,
    lines: log.lineCount,
    elapsedMs: performance.now() - startedAt,
  });
  const status = (state: LiveStatus['state'], message: string | null = null): LiveStatus => ({
    state,
    bytesRead: follower.offset,
    lastGrowthAt,
    restarts: follower.restarts,
    message,
  });

  const finishCatchUp = async (log: OpenedLog) => {
    isLoaded = true;
    load.fallbackLog = null;
    deps.setCurrentLog(log);
    const summary = buildLogSummary(log, source.name);
    turnsShown = summary.turns.length;
    eventsShown = summary.eventCount;
    if (!hasSentRows) {
      hasSentRows = true;
      post({ type: 'summary', loadId, summary, firstRows: readEventRows(log, 0, FIRST_ROWS) });
    }
    post({ type: 'loaded', loadId, summary, progress: progressOf(log) });
    post({ type: 'live', loadId, status: status('following') });
    deps.onLogRead?.(log);
    await postVerdicts(log);
  };

  /**
   * The format verdicts of the log as it stands (a pass over it, in slices; the page shows them as
   * provisional): after the catch-up, then again while idle when it grew (a refusal found in an
   * append shows), at most every VERDICTS_MIN_INTERVAL_MS and VERDICTS_COST_SHARE × its cost.
   */
  const postVerdicts = async (log: OpenedLog) => {
    isDerivingVerdicts = true;
    const restarts = follower.restarts;
    verdictBytes = follower.offset;
    verdictAt = performance.now();
    try {
      await deps.yieldToEventLoop();
      const verdicts = await sliceLiveFormatVerdicts(log, deps.yieldToEventLoop, () => load.isCancelled);
      verdictMs = performance.now() - verdictAt;
      // A restart meanwhile: these are the file before's (the next idle derives the new one's).
      const json = verdicts === null ? '' : JSON.stringify(verdicts);
      if (
        verdicts !== null &&
        !load.isCancelled &&
        follower.restarts === restarts &&
        json !== postedVerdicts
      ) {
        postedVerdicts = json;
        post({ type: 'format-verdicts', loadId, verdicts });
      }
    } finally {
      isDerivingVerdicts = false;
    }
  };
  const isVerdictDue = () =>
    !isDerivingVerdicts &&
    follower.offset !== verdictBytes &&
    performance.now() - verdictAt >= Math.max(VERDICTS_MIN_INTERVAL_MS, VERDICTS_COST_SHARE * verdictMs);

  const end = await runFollowLoop(follower, sourceOf(source, deps.fetch), {
    intervalMs: FOLLOW_INTERVAL_MS,
    idleExitMs: null,
    maxBatchBytes: CATCH_UP_SLICE_BYTES,
    now: () => performance.now(),
    sleep,
    isStopped: () => load.isCancelled || load.isStopRequested,
    async onBatch(batch, isLastOfRead) {
      const { log } = batch;
      if (batch.toSeq > batch.fromSeq || batch.toProblem > batch.fromProblem) lastGrowthAt = Date.now();
      if (!isLoaded) {
        deps.setCurrentLog(log);
        const now = performance.now();
        if (now - lastProgressAt >= PROGRESS_INTERVAL_MS) {
          lastProgressAt = now;
          post({ type: 'progress', loadId, progress: progressOf(log) });
        }
        if (!hasSentRows && log.store.eventCount > 0) {
          hasSentRows = true;
          load.fallbackLog = null;
          post({
            type: 'summary',
            loadId,
            summary: buildLogSummary(log, source.name, { turnsMax: 64 }),
            firstRows: readEventRows(log, 0, FIRST_ROWS),
          });
        }
        await deps.yieldToEventLoop();
        return;
      }
      if (!isLastOfRead) {
        await deps.yieldToEventLoop();
        return;
      }
      deps.setCurrentLog(log);
      deps.onLogGrew(log);
      const summary = buildLogSummary(log, source.name);
      const turnsFrom = Math.max(0, Math.min(turnsShown, summary.turns.length) - 1);
      turnsShown = summary.turns.length;
      const newEvents = summary.eventCount - eventsShown;
      const rows =
        newEvents > 0 && newEvents <= LIVE_ROWS_MAX
          ? { startSeq: eventsShown, rows: readEventRows(log, eventsShown, newEvents) }
          : undefined;
      eventsShown = summary.eventCount;
      post({
        type: 'live',
        loadId,
        status: status('following'),
        summary: { ...summary, turns: summary.turns.slice(turnsFrom) },
        turnsFrom,
        ...(rows !== undefined ? { rows } : {}),
      });
    },
    onIdle() {
      if (!isLoaded) void finishCatchUp(follower.log);
      else if (isVerdictDue()) void postVerdicts(follower.log);
    },
    onRestart(reason) {
      // Everything read is another file's: the page starts over with the new one (never two mixed).
      lastGrowthAt = Date.now();
      if (!isLoaded) return;
      const restartNotice = describeRestart(reason);
      verdictAt = 0;
      postedVerdicts = '';
      const log = follower.log;
      deps.setCurrentLog(log);
      deps.onLogGrew(log);
      const summary = buildLogSummary(log, source.name);
      turnsShown = summary.turns.length;
      eventsShown = summary.eventCount;
      post({
        type: 'live',
        loadId,
        status: status('following', restartNotice),
        summary,
        turnsFrom: 0,
        restart: restartNotice,
      });
    },
  });
  observer?.disconnect();
  delete load.stopReading;
  if (load.isCancelled) return;
  if (end.kind === 'failed') {
    if (!isLoaded && !hasSentRows) {
      post({ type: 'load-failed', loadId, failure: { kind: 'read-error', message: end.message } });
      deps.setCurrentLog(load.fallbackLog);
      return;
    }
    if (!isLoaded) await finishCatchUp(follower.log);
    post({ type: 'live', loadId, status: status('failed', end.message) });
    return;
  }
  if (!isLoaded) await finishCatchUp(follower.log);
  post({
    type: 'live',
    loadId,
    status: status('stopped', 'Following stopped: the log shows what was read.'),
  });
}
