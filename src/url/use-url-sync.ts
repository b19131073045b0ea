// The one hook that reads and writes location/history: opens what the URL asks for on start, and
// binds the browser's history to history-sync.ts (jumps are entries, steps rewrite the hash, Back
// from a log's first place asks before leaving it). A link names the open log by its content key
// and its source: `?src=<url>` for a streamed log, `?demo=1`, or nothing for a file (found in the
// browser's stored logs by its key).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpenedSource } from '../store/stored-logs.ts';
import type { ViewerState, ViewerStore } from '../store/viewer-store.ts';
import { foreignLogOriginOf } from './app-links.ts';
import { revealInvisibleCharacters } from '../log/index.ts';
import { createHistorySync, type HistoryPort, type HistorySync } from './history-sync.ts';
import { workspaceLinkPartOf } from '../store/workspace-slice.ts';
import {
  compareLinkOf,
  isWorkspaceHash,
  permalinkHashOf,
  requestLinkedCompare,
  workspaceLinkOf,
} from './permalink-of-state.ts';
import {
  formatPermalinkHash,
  formatSourceQuery,
  parsePermalinkHash,
  parseStartRequest,
  withCompareLink,
} from './permalink.ts';

/** The app's base URL (where public/ files such as the demo are served). */
export function getAppBaseUrl(): string {
  return new URL(import.meta.env.BASE_URL, location.href).href;
}

/**
 * A click on a link (from a log's markdown, or anywhere in the page) that would open this viewer
 * with a log from another origin asks first (app-links.ts): without the ask, a crafted log's link
 * opens the attacker's log in a real tab of this app with nothing to tell it from the reader's own.
 */
function guardForeignLogLink(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return;
  const origin = foreignLogOriginOf(target.href, getAppBaseUrl(), location.origin);
  if (origin === null) return;
  const isSure = window.confirm(
    `This link opens dsh-replay with a log from ${revealInvisibleCharacters(origin)}, another site ` +
      "than this viewer's. Anyone can write a log that looks like a real session. Open it?",
  );
  if (!isSure) event.preventDefault();
}

/**
 * The origins the page lets the log worker read from (src/worker/source-guard.ts): its own, and the
 * origin of the `?src=` URL it was opened with. Read once, when the worker is created.
 */
export function readAllowedSourceOrigins(): string[] {
  const start = parseStartRequest(location.search, location.href);
  const origins = [location.origin];
  if (start.kind === 'url') origins.push(new URL(start.url).origin);
  return origins;
}

/** The query of a link to the log `state` shows (the page's own query when none is open). */
function sourceQueryOf(state: ViewerState): string {
  const source: OpenedSource | null = state.openedSource;
  if (source === null) return location.search;
  return formatSourceQuery(
    location.search,
    source.kind === 'file' ? { kind: 'file' } : source.kind === 'demo' ? { kind: 'demo' } : source,
  );
}

/** The page's history and location, as history-sync.ts asks for them; a written hash takes the open log's query. */
function createBrowserHistory(store: ViewerStore): HistoryPort {
  const urlOf = (hash: string | null) =>
    hash === null ? undefined : `${location.pathname}${sourceQueryOf(store.getState())}#${hash}`;
  return {
    readState: () => history.state as unknown,
    readHash: () => location.hash,
    push: (state, hash) => history.pushState(state, '', urlOf(hash)),
    replace: (state, hash) => history.replaceState(state, '', urlOf(hash)),
    go: (delta) => history.go(delta),
  };
}

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
    const notices = [
      ...start.notices,
      ...hash.notices,
      ...(start.kind === 'none' ? requestLinkedCompare(store, location.hash, hash) : []),
    ];
    if (hash.seq !== null || hash.sessionId !== null || hash.logKey !== null || notices.length > 0) {
      actions.requestJump({ seq: hash.seq, sessionId: hash.sessionId, logKey: hash.logKey }, notices);
    }
    if (start.kind === 'demo') actions.openDemo(getAppBaseUrl());
    else if (start.kind === 'url' && start.follow === true) actions.followUrl(start.url);
    else if (start.kind === 'url') actions.openUrl(start.url);
    else if (hash.sessionId !== null && isWorkspaceHash(hash))
      void actions.followWorkspaceLink(workspaceLinkOf(hash, hash.sessionId));
    else if (hash.logKey !== null || hash.sessionId !== null)
      void actions.reopenLink({ logKey: hash.logKey, sessionId: hash.sessionId });

    const created = createHistorySync(store, createBrowserHistory(store), {
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
    document.addEventListener('click', guardForeignLogLink, true);
    document.addEventListener('auxclick', guardForeignLogLink, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', guardForeignLogLink, true);
      document.removeEventListener('auxclick', guardForeignLogLink, true);
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

/**
 * The permalink of the open log at `seq`: its source in the query, its content key and seq in the
 * hash, and the compare open beside a workspace session (compareLinkOf).
 */
function formatLogLink(state: ViewerState, seq: number | null): string {
  const url = new URL(location.href);
  url.search = sourceQueryOf(state);
  url.hash = withCompareLink(permalinkHashOf(state, seq), compareLinkOf(state));
  return url.href;
}

/**
 * A callback that keeps the open log in the browser (a permalink to it must reopen it) and copies
 * the permalink of the current cursor to the clipboard; resolves to whether the link was copied.
 */
export function useCopyPermalink(store: ViewerStore): () => Promise<boolean> {
  return useCallback(async () => {
    const { actions } = store.getState();
    // A workspace session's link names its workspace by key: a ZIP's is its hash, maybe still computed.
    const isWorkspaceSession = workspaceLinkPartOf(store.getState()) !== null;
    if (isWorkspaceSession) await actions.workspaceLinkKey();
    const state = store.getState();
    let isCopied = true;
    try {
      await navigator.clipboard.writeText(formatLogLink(state, state.cursorSeq));
    } catch {
      // Clipboard refused (no focus or permission): the caller shows the link instead.
      isCopied = false;
    }
    // Kept either way: the address bar holds the same link. A workspace session is kept as its
    // workspace (a ZIP's copy, a folder's handle), which the link names; its log alone is not.
    if (isWorkspaceSession) await actions.keepOpenWorkspace('link');
    else await actions.keepOpenLog('link');
    return isCopied;
  }, [store]);
}

/** The link that opens a stored streamed log: its URL as `?src=`, and its content key when known. */
export function formatStoredLogLink(url: string, contentKey: string | null): string {
  const link = new URL(location.href);
  link.search = formatSourceQuery('', { kind: 'url', url });
  link.hash = contentKey === null ? '' : formatPermalinkHash(null, null, contentKey);
  return link.href;
}
