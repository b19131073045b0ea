// A cursor seq for a pane whose far moves are expensive (the events list lays out dozens of new rows
// on a far jump): near moves show at once, far ones once the cursor settles (cursor-settle.ts)
// and what they show is prepared.
import { useEffect, useState } from 'react';
import { whenCursorSettled } from './cursor-settle.ts';
import type { PrepareOutcome } from '../model-view-feed.ts';
import type { ViewerStore } from '../viewer-store.ts';

/**
 * Returns `seq` at once when `isNear(shown, seq)` (or on the first value), else the last value shown
 * until the cursor has settled and `prepare(seq)` has finished (whatever its outcome: a failure shows
 * as placeholders, not as a list that never moves); a newer value replaces a waiting one.
 */
export function useSettledCursor(
  store: ViewerStore,
  seq: number | null,
  isNear: (shown: number, next: number) => boolean,
  prepare: (seq: number) => PrepareOutcome | Promise<PrepareOutcome>,
): number | null {
  const [shown, setShown] = useState(seq);
  const isImmediate = shown === null || seq === null || isNear(shown, seq);
  if (isImmediate && shown !== seq) setShown(seq);
  useEffect(() => {
    if (isImmediate || shown === seq || seq === null) return;
    let isCurrent = true;
    const cancel = whenCursorSettled(store, () => {
      void Promise.resolve(prepare(seq)).then(() => {
        if (isCurrent) setShown(seq);
      });
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [store, seq, shown, isImmediate, prepare]);
  return isImmediate ? seq : shown;
}
