// Restarting a permalink's compare (issue 23): once the link's workspace is open and its session
// read, the compare the link names starts at the link's position (compare-entry.ts names the runs as
// the session list does); a workspace without the other session says so, and opening another
// session first drops the link's compare.

import { useEffect } from 'react';
import { compareLinkStepOf } from '../../store/compare-slice.ts';
import type { ViewerStore } from '../../store/viewer-store.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { compareWithSession } from './compare-entry.ts';

export function useCompareLink(store: ViewerStore): void {
  const step = useViewer(compareLinkStepOf);
  useEffect(() => {
    if (step === 'none' || step === 'wait') return;
    const state = store.getState();
    const link = state.compareLink;
    if (link === null) return;
    // Started before the request is cleared: the address bar's compare (history-sync.ts) stays named
    // throughout, so the start reads as the entry's own compare, not as a new one.
    if (step === 'start')
      compareWithSession(state, link.otherSessionId, link.position ?? undefined, link.freeSeqs);
    state.actions.requestCompareLink(null);
    if (step === 'missing')
      state.actions.showNotice(
        `${state.workspace?.name ?? 'The open workspace'} does not hold session ${link.otherSessionId}, which the link compares with; no compare was opened.`,
      );
  }, [step, store]);
}
