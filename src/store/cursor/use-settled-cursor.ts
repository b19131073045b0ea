// The cursor seq the events list shows: the list lays out dozens of new rows on a far jump, so it
// follows near moves at once and far ones once the cursor settles (cursor-settle.ts) and the rows
// there are prepared. Which move is near is the cursor protocol's rule (ListCursor.isNearMove).
import { useEffect, useState } from 'react';
import { useViewer, useViewerStoreApi } from '../use-viewer.ts';
import { whenCursorSettled } from './cursor-settle.ts';
import { isFollowingHead } from '../live-follow.ts';

/**
 * Returns the cursor seq at once when the move from the seq shown last is near (or on the first
 * value, or at a followed log's head), else the seq shown last until the cursor has settled and the list's rows at the new seq are
 * prepared (whatever the outcome: a failure shows as placeholders, not as a list that never moves);
 * a newer cursor seq replaces a waiting one.
 */
export function useSettledCursor(): number | null {
  const store = useViewerStoreApi();
  const seq = useViewer((state) => state.cursorSeq);
  const listCursor = useViewer((state) => state.listCursor);
  // At a followed log's head the list follows at once, however far an append moved it: the cursor
  // slice prepared the rows there with the move (CursorPreparer's isHeadFollow).
  const isAtFollowedHead = useViewer(isFollowingHead);
  const [shown, setShown] = useState(seq);
  const isImmediate = shown === null || seq === null || isAtFollowedHead || listCursor.isNearMove(shown, seq);
  if (isImmediate && shown !== seq) setShown(seq);
  useEffect(() => {
    if (isImmediate || shown === seq || seq === null) return;
    let isCurrent = true;
    const cancel = whenCursorSettled(store, () => {
      void Promise.resolve(listCursor.prepare(seq)).then(() => {
        if (isCurrent) setShown(seq);
      });
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [store, seq, shown, isImmediate, listCursor]);
  return isImmediate ? seq : shown;
}
