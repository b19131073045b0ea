// The follow loop, written once for every source: a file handle or File System Access folder entry
// (the worker), an HTTP URL read with Range requests (the worker), a file on disk (the CLI). The
// source says what is new since the offset; the loop pushes it into the LogFollower, reports each
// batch, restarts on a replaced file and stops when asked or after `idleExitMs` without growth.
// No timers of its own: `sleep` and `now` are injected (the core has no DOM and no Node).

import type { FollowBatch, LogFollower, RestartReason } from './log-follower.ts';

/** What a source found after `offset`. */
export type SourceRead =
  /** New bytes from `offset` on (possibly a torn tail: the decoder holds it back). */
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Nothing new. */
  | { kind: 'same' }
  /** Not the file that was read: read it again from byte 0 (`bytes`: its start, when the source already has it). */
  | { kind: 'restart'; reason: RestartReason; bytes?: Uint8Array }
  /** The source cannot be followed (no Range support, permission gone …): the message says why; the loop stops. */
  | { kind: 'failed'; message: string };

export interface FollowSource {
  /** Reads what follows `offset`. `head`: the file's first bytes as read before, to tell a replaced file. */
  read(offset: number, head: Uint8Array): Promise<SourceRead>;
}

export interface FollowLoopOptions {
  /** Time between two reads when nothing changed (ms). */
  intervalMs: number;
  /** Stop after this long without growth (ms); null: run until stopped. */
  idleExitMs: number | null;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Checked before every read: true stops the loop. */
  isStopped: () => boolean;
  /**
   * Called for every piece of a read that added bytes (and after the first read, even if empty);
   * `isLastOfRead`: no more of this read follows (what a page shows can be posted now).
   */
  onBatch: (batch: FollowBatch, isLastOfRead: boolean) => void | Promise<void>;
  /** Bytes appended at a time (default 4 MiB): a worker passes less and yields between pieces. */
  maxBatchBytes?: number;
  onRestart: (reason: RestartReason) => void;
  /** Called after a read found nothing new (the idle clock: `idleMs` since the last growth). */
  onIdle?: (idleMs: number) => void;
}

/** Why the loop ended. */
export type FollowEnd =
  { kind: 'stopped' } | { kind: 'idle'; idleMs: number } | { kind: 'failed'; message: string };

/** Reads bytes larger than this in pieces, so one batch never decodes megabytes at once. */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/** Runs until stopped, idle for `idleExitMs`, or the source fails. Never rejects for a source's errors. */
export async function runFollowLoop(
  follower: LogFollower,
  source: FollowSource,
  options: FollowLoopOptions,
): Promise<FollowEnd> {
  let lastGrowthAt = options.now();
  let isFirst = true;
  for (;;) {
    if (options.isStopped()) return { kind: 'stopped' };
    let read: SourceRead;
    try {
      read = await source.read(follower.offset, follower.headBytes);
    } catch (error) {
      read = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    if (options.isStopped()) return { kind: 'stopped' };
    if (read.kind === 'failed') return { kind: 'failed', message: read.message };
    if (read.kind === 'restart') {
      follower.restart();
      options.onRestart(read.reason);
      lastGrowthAt = options.now();
      if (read.bytes === undefined) continue;
      read = { kind: 'bytes', bytes: read.bytes };
    }
    if (read.kind === 'bytes' && read.bytes.length > 0) {
      lastGrowthAt = options.now();
      const { bytes } = read;
      const size = options.maxBatchBytes ?? MAX_BATCH_BYTES;
      for (let start = 0; start < bytes.length; start += size) {
        const batch = follower.append(bytes.subarray(start, start + size));
        await options.onBatch(batch, start + size >= bytes.length);
        if (options.isStopped()) return { kind: 'stopped' };
      }
      isFirst = false;
      // More may be waiting (a source that reads in pieces): read again at once.
      continue;
    }
    if (isFirst) {
      isFirst = false;
      await options.onBatch(follower.append(new Uint8Array(0)), true);
    }
    const idleMs = options.now() - lastGrowthAt;
    options.onIdle?.(idleMs);
    if (options.idleExitMs !== null && idleMs >= options.idleExitMs) return { kind: 'idle', idleMs };
    await options.sleep(options.intervalMs);
  }
}

/** The timer functions a wakeable sleep runs on: the host's setTimeout / clearTimeout (the core has none). */
export interface SleepTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

/**
 * A `sleep` for runFollowLoop that `wake` ends early (a signal, Stop, a file-system observer): the
 * one the CLI and the worker share. `wake` with no sleep pending does nothing.
 */
export function createWakeableSleep(timers: SleepTimers): {
  sleep: (ms: number) => Promise<void>;
  wake: () => void;
} {
  let pending: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = timers.setTimeout(() => {
        pending = null;
        resolve();
      }, ms);
      pending = () => {
        timers.clearTimeout(timer);
        pending = null;
        resolve();
      };
    });
  return { sleep, wake: () => pending?.() };
}
