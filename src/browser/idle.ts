// The one wrapper of requestIdleCallback: optional work for an idle period of the main thread, used
// by the store (work that waits for the cursor to settle) and the UI (layout probes, deferred markdown).

/**
 * Runs `job` once in the next idle period, or after `timeoutMs` at the latest when given; where the
 * browser has no idle callbacks (Node tests, Safari), in a task of its own (a 0 ms timer). Returns a
 * function that cancels it (a no-op once it ran).
 */
export function requestIdle(job: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(job, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(job, 0);
  return () => clearTimeout(timer);
}
