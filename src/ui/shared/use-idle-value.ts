// A value that follows its source when the main thread is idle: for the pane whose update costs the
// most (the events list lays out dozens of new rows on a far cursor jump), so a burst of moves
// updates the cheap panes at once and this one when the burst pauses, or every `maxDelayMs` at least.
import { useEffect, useState } from 'react';

/**
 * Returns `value` as of the last idle period after it changed. The first value is returned at once;
 * later ones wait for requestIdleCallback (at most `maxDelayMs`); a newer value cancels a waiting one.
 */
export function useIdleValue<T>(value: T, maxDelayMs: number): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => setShown(() => value), 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => setShown(() => value), { timeout: maxDelayMs });
    return () => cancelIdleCallback(idle);
  }, [value, shown, maxDelayMs]);
  return shown;
}
