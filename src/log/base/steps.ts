// Long core work written as a generator that yields between slices: Node and tests drain it at once,
// the worker runs it a few milliseconds at a time so queued queries are answered in between.

/** Runs `steps` to its end and returns its result. */
export function drainSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
