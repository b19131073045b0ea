// Progress and cancellation for the workspace passes, as plain callbacks (the core has no
// AbortSignal type: it is compiled without DOM or Node types), and a small worker pool over them.

/** What a caller of a workspace pass may pass to follow and stop it. */
export interface WorkControl {
  /** Called after each item (a head read, a summary) with the items done and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Asked before each item: true stops the pass, which then returns what it has (isComplete false). */
  isCancelled?: () => boolean;
}

/**
 * Runs `work` over `items`, at most `concurrency` at once, in item order for starting. Resolves to
 * true when every item ran, false when `isCancelled` stopped it (items already running finish).
 * `work` must not throw: each pass turns failures into problems of their own.
 */
export async function mapWithConcurrency<T>(
  items: readonly T[],
  concurrency: number,
  control: WorkControl,
  work: (item: T, index: number) => Promise<void>,
): Promise<boolean> {
  let next = 0;
  let done = 0;
  let isStopped = false;
  const lane = async (): Promise<void> => {
    for (;;) {
      if (isStopped || next >= items.length) return;
      if (control.isCancelled?.() === true) {
        isStopped = true;
        return;
      }
      const index = next++;
      await work(items[index] as T, index);
      done += 1;
      control.onProgress?.(done, items.length);
    }
  };
  const lanes = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: lanes }, () => lane()));
  return !isStopped;
}
