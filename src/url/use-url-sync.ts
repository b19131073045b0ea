// The one hook that reads and writes location/history: opens what the URL asks for on start, and
// binds the browser's history to history-sync.ts (jumps are entries, steps rewrite the hash, Back
// from a log's first place asks before leaving it).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ViewerStore } from '../store/viewer-store.ts';
import { createHistorySync, type HistoryPort, type HistorySync } from './history-sync.ts';
import { formatPermalinkHash, parsePermalinkHash, parseStartRequest } from './permalink.ts';

/** The app's base URL (where public/ files such as the demo are served). */
export function getAppBaseUrl(): string {
  return new URL(import.meta.env.BASE_URL, location.href).href;
}

/** The page's history and location, as history-sync.ts asks for them. */
const BROWSER_HISTORY: HistoryPort = {
  readState: () => history.state as unknown,
  readHash: () => location.hash,
  push: (state, hash) => history.pushState(state, '', hash === null ? undefined : `#${hash}`),
  replace: (state, hash) => history.replaceState(state, '', hash === null ? undefined : `#${hash}`),
  go: (delta) => history.go(delta),
};

/** What the shell shows of the history: the ask before Back leaves the log, and its answers. */
export interface LeaveAsk {
  isAsking: boolean;
  /** Goes back past the log's first place (the page or log before it). */
  leave: () => void;
  stay: () => void;
}

/** A key that differs between page loads (history entries outlive the page's memory on reload). */
function makeDocumentKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * On mount: start the load the URL asks for and queue its seq; afterwards keep the history in step
 * with the cursor (history-sync.ts). Returns the leave-the-log ask for the shell to show.
 */
export function useUrlSync(store: ViewerStore): LeaveAsk {
  const [isAsking, setAsking] = useState(false);
  const syncRef = useRef<HistorySync | null>(null);
  useEffect(() => {
    const hash = parsePermalinkHash(location.hash);
    const start = parseStartRequest(location.search, location.href);
    const { actions } = store.getState();
    const notices = [...start.notices, ...hash.notices];
    if (hash.seq !== null || hash.sessionId !== null || notices.length > 0) {
      actions.requestJump({ seq: hash.seq, sessionId: hash.sessionId }, notices);
    }
    if (start.kind === 'demo') actions.openDemo(getAppBaseUrl());
    else if (start.kind === 'url') actions.openUrl(start.url);
    else if (hash.sessionId !== null) void actions.reopenSession(hash.sessionId);

    const created = createHistorySync(store, BROWSER_HISTORY, {
      documentKey: makeDocumentKey(),
      onAskChange: setAsking,
    });
    syncRef.current = created;
    const onPopState = (event: PopStateEvent) => created.onPopState(event.state);
    const onHashChange = () => created.onHashChange();
    // The last resort, for the moment between landing on a log's guard entry and leaving it again:
    // a second Back then would leave the page.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (created.shouldBlockUnload()) event.preventDefault();
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('hashchange', onHashChange);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('hashchange', onHashChange);
      window.removeEventListener('beforeunload', onBeforeUnload);
      created.dispose();
      syncRef.current = null;
    };
  }, [store]);
  const leave = useCallback(() => syncRef.current?.leave(), []);
  const stay = useCallback(() => syncRef.current?.stay(), []);
  return { isAsking, leave, stay };
}

/** A callback that copies the permalink of the current cursor to the clipboard; resolves to success. */
export function useCopyPermalink(store: ViewerStore): () => Promise<boolean> {
  return useCallback(async () => {
    const { cursorSeq, summary } = store.getState();
    const url = new URL(location.href);
    url.hash = formatPermalinkHash(cursorSeq, summary?.sessionId ?? null);
    try {
      await navigator.clipboard.writeText(url.href);
      return true;
    } catch {
      // Clipboard refused (no focus or permission): the caller shows the link instead.
      return false;
    }
  }, [store]);
}
