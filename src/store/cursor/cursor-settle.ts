// Work that should wait until the cursor settles: the events list's far catch-up and markdown parsing
// build and lay out the most DOM, so during a scrub (keys held, a slider drag, a fast run of jumps)
// they wait and the model view moves alone at every step. Run while the cursor is still moving,
// such work lands in the idle gap between a move's query and its answer, and the frame that must
// lay it out delays the next move by a frame's worth (measured: p99 scrub latency 31-35 ms with it).
import { requestIdle } from '../../browser/idle.ts';
import type { CursorSliceState } from './cursor-slice.ts';

type CursorState = Pick<CursorSliceState, 'cursorSeq' | 'pendingSeq'>;

/** The part of the viewer store the scheduler watches. */
export interface CursorSource {
  getState(): CursorState;
  subscribe(listener: (state: CursorState, previous: CursorState) => void): () => void;
}

/** How long the cursor must stay still before deferred work runs (ms). Scrub steps come every 16-35 ms. */
export const CURSOR_QUIET_MS = 80;
/** Once quiet, the longest wait for an idle period before the work runs anyway (ms). */
export const SETTLE_IDLE_TIMEOUT_MS = 100;

function hasMoved(state: CursorState, previous: CursorState): boolean {
  return state.cursorSeq !== previous.cursorSeq || state.pendingSeq !== previous.pendingSeq;
}

/**
 * Calls `job` once no cursor move is in flight, none happened for CURSOR_QUIET_MS (counted from this
 * call or the last move, whichever is later), and the main thread is idle (or SETTLE_IDLE_TIMEOUT_MS
 * passed). A move that starts while waiting for the idle period sends it back to waiting. Returns a
 * cancel function; `job` runs at most once.
 */
export function whenCursorSettled(store: CursorSource, job: () => void): () => void {
  const quietMs = CURSOR_QUIET_MS;
  let lastMoveAt = performance.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelIdle: (() => void) | null = null;
  let isDone = false;
  const unsubscribe = store.subscribe((state, previous) => {
    if (hasMoved(state, previous)) lastMoveAt = performance.now();
  });
  const finish = (): void => {
    isDone = true;
    unsubscribe();
  };
  const check = (): void => {
    timer = null;
    if (isDone) return;
    const waitMs = quietMs - (performance.now() - lastMoveAt);
    if (store.getState().pendingSeq !== null || waitMs > 0) {
      timer = setTimeout(check, Math.max(waitMs, quietMs / 4));
      return;
    }
    const quietSince = lastMoveAt;
    cancelIdle = requestIdle(() => {
      cancelIdle = null;
      if (isDone) return;
      if (lastMoveAt !== quietSince || store.getState().pendingSeq !== null) {
        check();
        return;
      }
      finish();
      job();
    }, SETTLE_IDLE_TIMEOUT_MS);
  };
  check();
  return () => {
    if (isDone) return;
    finish();
    if (timer !== null) clearTimeout(timer);
    cancelIdle?.();
  };
}
