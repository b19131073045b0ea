// How the worker shares its one thread: long work (a load, a search) runs in slices of WORK_SLICE_MS
// with the event loop in between, so queued queries (a scrub's model views, a newer search) are
// answered meanwhile.

/** How long the reader or a search may work before it yields so queued queries are answered. */
export const WORK_SLICE_MS = 12;

/** Resolves in a later task, after the messages already queued have run. */
export type YieldToEventLoop = () => Promise<void>;

/**
 * A yield without setTimeout's 4 ms clamp: a message to itself through a MessageChannel, so queued
 * messages run between slices. One per worker: its channel lives as long as the worker.
 */
export function createYieldToEventLoop(): YieldToEventLoop {
  const channel = new MessageChannel();
  const waiters: (() => void)[] = [];
  channel.port1.onmessage = () => waiters.shift()?.();
  return () =>
    new Promise((resolve) => {
      waiters.push(resolve);
      channel.port2.postMessage(null);
    });
}

/**
 * Runs core steps (src/log/base/steps.ts) to their end, yielding to the event loop after each
 * WORK_SLICE_MS of work. Resolves to null when `isCancelled` turns true between slices.
 */
export async function runStepsInSlices<T>(
  steps: Generator<void, T>,
  yieldToEventLoop: YieldToEventLoop,
  isCancelled: () => boolean,
): Promise<T | null> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    if (performance.now() - sliceStart < WORK_SLICE_MS) continue;
    await yieldToEventLoop();
    if (isCancelled()) return null;
    sliceStart = performance.now();
  }
}
