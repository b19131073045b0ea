// Which event the detail panel shows: the pinned one, else the cursor's. The detail follows the
// cursor once it settles (cursor-settle.ts): during a scrub or a held arrow key it keeps the event it
// shows, so the move's critical path stays the model view, and no event query waits in the worker
// for every step of the run.
import { useEffect, useState } from 'react';
import { whenCursorSettled } from '../../../store/cursor/cursor-settle.ts';
import { useViewer, useViewerStoreApi } from '../../../store/use-viewer.ts';

/** The seq the detail shows (null: no cursor yet), whether it is pinned there, and the cursor's. */
export interface DetailSeq {
  seq: number | null;
  isPinned: boolean;
  /** The cursor seq as of its last rest: what the detail shows once unpinned. */
  followedSeq: number | null;
}

/**
 * The pinned seq if there is one; else the cursor seq, as of its last rest. The first seq of a log
 * (and none, between logs) is taken at once. Subscribes to the store itself rather than through a
 * selector, so a component using it does not re-render at every move of a scrub.
 */
export function useDetailSeq(): DetailSeq {
  const store = useViewerStoreApi();
  const pinnedSeq = useViewer((state) => state.pinnedSeq);
  const [followedSeq, setFollowedSeq] = useState(() => store.getState().cursorSeq);
  useEffect(() => {
    let cancelWait: (() => void) | null = null;
    const follow = () => {
      cancelWait = null;
      setFollowedSeq(store.getState().cursorSeq);
    };
    const wait = () => {
      cancelWait ??= whenCursorSettled(store, follow);
    };
    // Catches a move between the first render and this effect (else it sets the same seq: no render).
    wait();
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.cursorSeq === previous.cursorSeq) return;
      if (state.cursorSeq === null || previous.cursorSeq === null) {
        cancelWait?.();
        cancelWait = null;
        setFollowedSeq(state.cursorSeq);
        return;
      }
      wait();
    });
    return () => {
      unsubscribe();
      cancelWait?.();
    };
  }, [store]);
  return pinnedSeq !== null
    ? { seq: pinnedSeq, isPinned: true, followedSeq }
    : { seq: followedSeq, isPinned: false, followedSeq };
}
