// A cursor seq for a pane whose far moves are expensive (the events list lays out dozens of new rows
// on a far jump): near moves show at once, far ones once the cursor settles (store/cursor-settle.ts).
import { useEffect, useState } from 'react';
import { whenCursorSettled } from '../../../store/cursor-settle.ts';
import type { ViewerStore } from '../../../store/viewer-store.ts';

/**
 * Returns `seq` at once when `isNear(shown, seq)` (or on the first value), else the last value shown
 * until the cursor has settled; a newer value replaces a waiting one.
 */
export function useSettledCursor(
  store: ViewerStore,
  seq: number | null,
  isNear: (shown: number, next: number) => boolean,
): number | null {
  const [shown, setShown] = useState(seq);
  const isImmediate = shown === null || seq === null || isNear(shown, seq);
  if (isImmediate && shown !== seq) setShown(seq);
  useEffect(() => {
    if (isImmediate || shown === seq) return;
    return whenCursorSettled(store, () => setShown(seq));
  }, [store, seq, shown, isImmediate]);
  return isImmediate ? seq : shown;
}
