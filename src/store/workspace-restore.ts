// What reopening a permalink to a workspace session does (issue 13): the open workspace when it
// holds the session, else the stored workspace the link names (a ZIP's copy opens at once; a
// folder's handle needs the browser's permission again, which takes a click when it is not still
// granted), else an ask that says which folder or ZIP to open. Pure: the slice gathers the facts.

import type { StoredLog } from './log-persistence.ts';

/** What a permalink says of a workspace session (src/url/permalink.ts). */
export interface WorkspaceLink {
  sessionId: string;
  seq: number | null;
  /** The content key of the session's log the link was made for: checked when it loads. */
  logKey: string | null;
  /** The stored workspace's key (`zip:…`, `dir:…`), or null when it was not storable. */
  workspaceKey: string | null;
  /** The folder or ZIP name (untrusted text from the link), or null. */
  workspaceName: string | null;
}

/** What the reader must open when nothing stored can be: said from the link's key or name. */
export type WorkspaceKind = 'folder' | 'zip' | 'folder or ZIP';

export type WorkspaceRestore =
  /** The open workspace holds the session: open it there. */
  | { kind: 'in-open-workspace' }
  | { kind: 'open-stored-zip'; stored: StoredLog }
  /** The browser still grants reading the stored folder: walk it now. */
  | { kind: 'open-stored-folder'; stored: StoredLog }
  /** The stored folder needs permission again: a "Reopen folder <name>" button (a user gesture). */
  | { kind: 'ask-folder-permission'; stored: StoredLog }
  /** Nothing this browser keeps opens it: say which folder or ZIP to open, and why. */
  | {
      kind: 'ask-to-open';
      what: WorkspaceKind;
      name: string | null;
      reason: 'not-stored' | 'permission-denied';
    };

export interface WorkspaceRestoreFacts {
  link: WorkspaceLink;
  /** The ids of the open workspace's sessions, or null when none is open (or not listed yet). */
  openSessionIds: ReadonlySet<string> | null;
  /** The stored record under the link's workspace key, or null. */
  stored: StoredLog | null;
  /** The browser's answer to queryPermission for a stored folder ('read'), or null when it has none. */
  permission: PermissionState | null;
}

/** Which kind of workspace the link names: its key's prefix, else a `.zip` name, else either. */
export function workspaceKindOf(link: Pick<WorkspaceLink, 'workspaceKey' | 'workspaceName'>): WorkspaceKind {
  if (link.workspaceKey?.startsWith('zip:') === true) return 'zip';
  if (link.workspaceKey?.startsWith('dir:') === true) return 'folder';
  if (link.workspaceName?.toLowerCase().endsWith('.zip') === true) return 'zip';
  return link.workspaceName === null ? 'folder or ZIP' : 'folder';
}

export function decideWorkspaceRestore({
  link,
  openSessionIds,
  stored,
  permission,
}: WorkspaceRestoreFacts): WorkspaceRestore {
  // The session's id finds it; the link's content key then says whether its bytes are the linked ones.
  if (openSessionIds?.has(link.sessionId) === true) return { kind: 'in-open-workspace' };
  // Only the record under the link's own key: a stored workspace is never picked by what it claims.
  if (stored !== null && stored.key === link.workspaceKey) {
    if (stored.source.kind === 'zip') return { kind: 'open-stored-zip', stored };
    if (stored.source.kind === 'directory') {
      if (permission === 'granted') return { kind: 'open-stored-folder', stored };
      if (permission === 'denied')
        return { kind: 'ask-to-open', what: 'folder', name: stored.source.name, reason: 'permission-denied' };
      // 'prompt', or a browser without queryPermission: the button asks (requestPermission needs a click).
      return { kind: 'ask-folder-permission', stored };
    }
  }
  return { kind: 'ask-to-open', what: workspaceKindOf(link), name: link.workspaceName, reason: 'not-stored' };
}
