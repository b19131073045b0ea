// The compare in the browser history (history-sync.ts): which change of the open compare is a new
// entry and which only rewrites the current one, and what an entry's compare does when the reader
// walks to it. A compare of the open workspace session with another session of it is named in the
// hash (`cmp`, `cmpat`, `cmpfree`: permalink.ts); other compares (a file, another generation) are not.

import type { ViewerState, ViewerStore } from '../store/viewer-store.ts';
import { parseCompareLink, parsePermalinkHash } from './permalink.ts';
import { compareLinkOf, requestLinkedCompare } from './permalink-of-state.ts';

/**
 * What a store change does to the history: another session compared (or none any more) is a new
 * entry ('push'), unless the current entry's hash (`hash`) already names it (a compare restored from
 * the hash); a move, a lock or the compare becoming ready rewrites the hash ('rewrite'). A switch of
 * session or load is none of these: history-sync.ts installs the new one's entries.
 */
export function compareChangeOf(
  state: ViewerState,
  previous: ViewerState,
  hash: string,
): 'none' | 'push' | 'rewrite' {
  if (state.compare === previous.compare && state.compareLink === previous.compareLink) return 'none';
  const isSameLog =
    state.loadState === 'ready' &&
    previous.loadState === 'ready' &&
    state.summary === previous.summary &&
    state.workspaceSessionId === previous.workspaceSessionId;
  if (!isSameLog) return 'none';
  const before = compareLinkOf(previous)?.sessionId ?? null;
  const after = compareLinkOf(state)?.sessionId ?? null;
  const named = parseCompareLink(hash).compare?.sessionId ?? null;
  return before !== after && after !== named ? 'push' : 'rewrite';
}

/**
 * Applies the compare an entry of the open log names (`rawHash`): the open compare of that session
 * moves to its place, another starts (once asked, use-compare-link.ts), and without one the open
 * compare of a workspace session closes. Returns the notices of what in it cannot apply.
 */
export function applyEntryCompare(store: ViewerStore, rawHash: string): string[] {
  const state = store.getState();
  const { compare: asked, notices } = parseCompareLink(rawHash);
  const open = compareLinkOf(state);
  if (asked === null) {
    if (state.compareLink !== null) state.actions.requestCompareLink(null);
    if (open !== null) state.actions.closeCompare();
    return notices;
  }
  if (open?.sessionId === asked.sessionId && state.compare?.status === 'ready') {
    state.actions.restoreComparePlace(asked.position, asked.freeSeqs ?? null);
    return notices;
  }
  return [...notices, ...requestLinkedCompare(store, rawHash, parsePermalinkHash(rawHash))];
}
