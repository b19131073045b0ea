// The permalink hash of what the store shows, and a parsed hash as a workspace link: shared by the
// Copy link action (use-url-sync.ts) and the history's hash writes (history-sync.ts); and the
// compare the Copy link names while the open workspace session is compared with another.
import type { ViewerState, ViewerStore } from '../store/viewer-store.ts';
import type { WorkspaceLink } from '../store/workspace-restore.ts';
import { workspaceLinkPartOf } from '../store/workspace-slice.ts';
import {
  formatPermalinkHash,
  parseCompareLink,
  withCompareLink,
  type CompareLink,
  type PermalinkHash,
} from './permalink.ts';

/** The hash of a permalink to the log `state` shows at `seq`; a workspace session's names its workspace too. */
export function permalinkHashOf(
  state: Pick<ViewerState, 'summary' | 'workspace' | 'workspaceSessionId'>,
  seq: number | null,
): string {
  return formatPermalinkHash(
    seq,
    state.summary?.sessionId ?? null,
    state.summary?.contentKey ?? null,
    workspaceLinkPartOf(state),
  );
}

/** Whether a parsed hash names a session within a workspace (followed by followWorkspaceLink). */
export function isWorkspaceHash(hash: PermalinkHash): boolean {
  return hash.sessionId !== null && (hash.workspaceKey !== null || hash.workspaceName !== null);
}

/** A parsed hash that names session `sessionId` as a workspace link. */
export function workspaceLinkOf(hash: PermalinkHash, sessionId: string): WorkspaceLink {
  return {
    sessionId,
    seq: hash.seq,
    logKey: hash.logKey,
    workspaceKey: hash.workspaceKey,
    workspaceName: hash.workspaceName,
  };
}

/**
 * The compare a link to the open workspace session names (`cmp=`, `cmpat=`): the run beside it in
 * the pair view, when that run is a session of the same workspace and the compare's base is the
 * open session; its position once aligned (the one asked for while loading). Null otherwise.
 */
export function compareLinkOf(
  state: Pick<ViewerState, 'compare' | 'summary' | 'workspace' | 'workspaceSessionId'>,
): CompareLink | null {
  const { compare } = state;
  if (compare === null || workspaceLinkPartOf(state) === null) return null;
  if (compare.sessionIds[0] !== state.workspaceSessionId) return null;
  const sessionId = compare.sessionIds[compare.other] ?? null;
  if (sessionId === null) return null;
  if (compare.status !== 'ready') return { sessionId, position: compare.requestedPosition };
  return compare.isLocked
    ? { sessionId, position: compare.position }
    : { sessionId, position: compare.position, freeSeqs: compare.seqs };
}

/**
 * The compare the address bar names (history-sync.ts): the one open (compareLinkOf), else the one a
 * followed link still waits to start for the open workspace session, so a hash written meanwhile
 * (the cursor resting after a reload) keeps it.
 */
function shownCompareLinkOf(
  state: Pick<ViewerState, 'compare' | 'compareLink' | 'summary' | 'workspace' | 'workspaceSessionId'>,
): CompareLink | null {
  const open = compareLinkOf(state);
  if (open !== null) return open;
  const waiting = state.compareLink;
  if (waiting === null || waiting.baseSessionId !== state.workspaceSessionId) return null;
  const { otherSessionId: sessionId, position, freeSeqs } = waiting;
  return freeSeqs === undefined ? { sessionId, position } : { sessionId, position, freeSeqs };
}

/** The hash of the place `state` shows at `seq`, with the compare it shows (shownCompareLinkOf). */
export function placeHashOf(
  state: Pick<ViewerState, 'compare' | 'compareLink' | 'summary' | 'workspace' | 'workspaceSessionId'>,
  seq: number | null,
): string {
  return withCompareLink(permalinkHashOf(state, seq), shownCompareLinkOf(state));
}

/**
 * Asks the store for the compare a followed link names (`cmp=`, `cmpat=` in `rawHash`, parsed as
 * `hash`): only between two sessions of the link's workspace; it starts once the link's session is
 * open and read (use-compare-link.ts). Returns the notices of what in it cannot apply.
 */
export function requestLinkedCompare(store: ViewerStore, rawHash: string, hash: PermalinkHash): string[] {
  const { compare, notices } = parseCompareLink(rawHash);
  if (compare === null) return notices;
  if (hash.sessionId === null || !isWorkspaceHash(hash))
    return [
      ...notices,
      'The link compares with another session but names no folder or ZIP holding both; no compare was opened.',
    ];
  if (compare.sessionId === hash.sessionId)
    return [...notices, 'The link compares its session with itself; no compare was opened.'];
  const request = {
    baseSessionId: hash.sessionId,
    otherSessionId: compare.sessionId,
    position: compare.position,
  };
  store
    .getState()
    .actions.requestCompareLink(
      compare.freeSeqs === undefined ? request : { ...request, freeSeqs: compare.freeSeqs },
    );
  return notices;
}
