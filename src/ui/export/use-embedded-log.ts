// Opens the log an HTML export carries, once, when the page starts (the single-file viewer).

import { useEffect } from 'react';
import type { ViewerStore } from '../../store/viewer-store.ts';
import { readEmbeddedLog } from './embedded-log.ts';

export function useEmbeddedLog(store: ViewerStore): void {
  useEffect(() => {
    const embedded = readEmbeddedLog();
    if (embedded === null) return;
    const { actions } = store.getState();
    // A ZIP (a subtree with its images) opens as a workspace, a log as itself: the drop path decides.
    actions.openDropped([{ file: embedded.file, path: embedded.file.name }], false);
    if (embedded.seq !== null) actions.requestJump({ seq: embedded.seq, sessionId: null }, []);
  }, [store]);
}
