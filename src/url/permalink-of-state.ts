// The permalink hash of what the store shows, and a parsed hash as a workspace link: shared by the
// Copy link action (use-url-sync.ts) and the history's hash writes (history-sync.ts).
import type { ViewerState } from '../store/viewer-store.ts';
import type { WorkspaceLink } from '../store/workspace-restore.ts';
import { workspaceLinkPartOf } from '../store/workspace-slice.ts';
import { formatPermalinkHash, type PermalinkHash } from './permalink.ts';

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
