// The one hook that reads and writes location/history: opens what the URL asks for on start and
// keeps `#seq=…&session=…` in step with the cursor.
import { useCallback, useEffect } from 'react';
import type { ViewerStore } from '../store/viewer-store.ts';
import { formatPermalinkHash, parsePermalinkHash, parseStartRequest } from './permalink.ts';

/** The hash is rewritten once the cursor has rested this long (history.replaceState is not free). */
const HASH_REST_MS = 300;
/** …or at the latest this long after the first unwritten move, so a long scrub still updates it. */
const HASH_MAX_WAIT_MS = 1_500;

/** The app's base URL (where public/ files such as the demo are served). */
export function getAppBaseUrl(): string {
  return new URL(import.meta.env.BASE_URL, location.href).href;
}

/** On mount: start the load the URL asks for and queue its seq; afterwards mirror the cursor into the hash. */
export function useUrlSync(store: ViewerStore): void {
  useEffect(() => {
    const hash = parsePermalinkHash(location.hash);
    const start = parseStartRequest(location.search, location.href);
    const { actions } = store.getState();
    if (hash.seq !== null || hash.sessionId !== null || hash.notices.length > 0) {
      actions.requestJump({ seq: hash.seq, sessionId: hash.sessionId }, hash.notices);
    }
    if (start.kind === 'demo') actions.openDemo(getAppBaseUrl());
    else if (start.kind === 'url') actions.openUrl(start.url);
    else if (hash.sessionId !== null) void actions.reopenSession(hash.sessionId);

    const onHashChange = () => {
      const changed = parsePermalinkHash(location.hash);
      const state = store.getState();
      if (changed.seq === state.cursorSeq && changed.sessionId === (state.summary?.sessionId ?? null)) return;
      if (changed.sessionId !== null && state.summary?.sessionId !== changed.sessionId) {
        state.actions.requestJump({ seq: changed.seq, sessionId: changed.sessionId }, changed.notices);
        void state.actions.reopenSession(changed.sessionId);
        return;
      }
      state.actions.requestJump({ seq: changed.seq, sessionId: changed.sessionId }, changed.notices);
    };
    window.addEventListener('hashchange', onHashChange);

    let timer: number | null = null;
    /** When the oldest move not yet in the hash happened (ms, performance.now), or null. */
    let firstPendingAt: number | null = null;
    const writeHash = () => {
      timer = null;
      firstPendingAt = null;
      const { cursorSeq, summary, loadState } = store.getState();
      if (loadState !== 'ready' || !summary) return;
      const next = formatPermalinkHash(cursorSeq, summary.sessionId);
      if (location.hash.slice(1) !== next) history.replaceState(history.state, '', `#${next}`);
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.cursorSeq === previous.cursorSeq && state.loadState === previous.loadState) return;
      // Debounced with a maximum wait: while scrubbing, no history write competes with the panes.
      const now = performance.now();
      firstPendingAt ??= now;
      if (timer !== null) window.clearTimeout(timer);
      const delay = Math.min(HASH_REST_MS, Math.max(0, firstPendingAt + HASH_MAX_WAIT_MS - now));
      timer = window.setTimeout(writeHash, delay);
    });
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      unsubscribe();
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [store]);
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
