// Permalinks into a workspace (issue 13): keeping the open workspace when the reader makes a link to
// one of its sessions or asks (an export ZIP as a copy of its bytes, a picked folder as its handle;
// nothing otherwise), and following such a link: the open workspace, a stored ZIP, a stored folder
// (permission asked again, by a click when the browser wants one), or an ask naming the folder or
// ZIP to open, after which the linked session opens at the linked seq.

import { collectDirectoryFiles, queryReadPermission, requestReadPermission } from './directory-files.ts';
import type { LogPersistence, StoredLog, StoredLogReason } from './log-persistence.ts';
import { decideWorkspaceRestore, type WorkspaceLink, type WorkspaceRestore } from './workspace-restore.ts';
import type { WorkspaceFile, WorkspaceSnapshot } from '../worker/client.ts';

/** How the open workspace was opened: what a link can name and the browser can keep. */
export type WorkspaceSource =
  | { kind: 'zip'; file: File }
  | { kind: 'directory'; handle: FileSystemDirectoryHandle }
  /** A dropped folder, a folder input, loose files: nothing the browser can open again by itself. */
  | { kind: 'files' };

/** The ask on screen while a workspace link waits for its folder or ZIP. */
interface WorkspaceAsk {
  link: WorkspaceLink;
  restore: Extract<WorkspaceRestore, { kind: 'ask-to-open' | 'ask-folder-permission' }>;
}

export interface WorkspaceLinksState {
  workspaceAsk: WorkspaceAsk | null;
}

export interface WorkspaceLinksActions {
  /** Follows a permalink to a workspace session (on start, or a history entry of another session). */
  followWorkspaceLink(link: WorkspaceLink): Promise<void>;
  /** The "Reopen folder" click: asks the browser for the stored folder again and opens it. */
  reopenStoredFolder(): Promise<void>;
  /** Opens a stored ZIP or folder (the Stored logs panel's Open: a click, so permission may be asked). */
  openStoredWorkspace(log: StoredLog): Promise<void>;
  /** Keeps the open workspace (a ZIP's bytes, a folder's handle); false when it cannot be kept or the browser refused. */
  keepOpenWorkspace(reason: Exclude<StoredLogReason, 'earlier-version'>): Promise<boolean>;
  dismissWorkspaceAsk(): void;
}

/** What the link actions need of the workspace slice around them. */
export interface WorkspaceLinksContext {
  set: (partial: Partial<WorkspaceLinksState> & { notice?: string | null }) => void;
  get: () => WorkspaceLinksState & {
    workspace: {
      name: string;
      source: WorkspaceSource;
      snapshot: WorkspaceSnapshot | null;
    } | null;
  };
  persistence: LogPersistence;
  /** The open workspace's link key (a ZIP's waits for its hash), or null when it has none. */
  linkKey: () => Promise<string | null>;
  openWorkspace: (name: string, files: WorkspaceFile[], source: WorkspaceSource, linkKey: string) => void;
  openSession: (link: WorkspaceLink) => void;
  refreshStoredLogs: () => Promise<void>;
}

/** A random key for a folder handle (its bytes have no hash to name them by): `dir:` and 32 hex digits. */
export function makeFolderKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dir:${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The key of a ZIP's copy: `zip:` and the SHA-256 of its bytes, so one ZIP is stored once. */
export async function zipKeyOf(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return `zip:${Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createWorkspaceLinks(context: WorkspaceLinksContext) {
  const { set, get, persistence } = context;
  /** The link waiting for its workspace to be listed; applied by afterSnapshot. */
  let pending: WorkspaceLink | null = null;

  const describe = (link: WorkspaceLink) => `session ${link.sessionId}`;

  async function openStoredFolder(log: StoredLog, link: WorkspaceLink | null): Promise<boolean> {
    if (log.source.kind !== 'directory') return false;
    try {
      const files = await collectDirectoryFiles(log.source.handle);
      pending = link;
      context.openWorkspace(
        log.source.name,
        files,
        { kind: 'directory', handle: log.source.handle },
        log.key,
      );
      return true;
    } catch (error) {
      set({
        notice: `The stored folder ${log.source.name} could not be read (${error instanceof Error ? error.message : String(error)}); open it again with Open folder….`,
      });
      return false;
    }
  }

  function openStoredZip(log: StoredLog, link: WorkspaceLink | null): void {
    if (log.source.kind !== 'zip') return;
    const file = new File([log.source.blob], log.source.name);
    pending = link;
    context.openWorkspace(log.source.name, [{ file, path: file.name }], { kind: 'zip', file }, log.key);
  }

  const actions: WorkspaceLinksActions = {
    async followWorkspaceLink(link) {
      const { workspace } = get();
      const openSessionIds = workspace?.snapshot
        ? new Set(workspace.snapshot.rows.map((row) => row.id))
        : null;
      const stored =
        link.workspaceKey === null
          ? null
          : ((await persistence.list()).find((log) => log.key === link.workspaceKey) ?? null);
      const permission =
        stored?.source.kind === 'directory' ? await queryReadPermission(stored.source.handle) : null;
      const restore = decideWorkspaceRestore({ link, openSessionIds, stored, permission });
      switch (restore.kind) {
        case 'in-open-workspace':
          set({ workspaceAsk: null });
          context.openSession(link);
          return;
        case 'open-stored-zip':
          set({ workspaceAsk: null });
          openStoredZip(restore.stored, link);
          return;
        case 'open-stored-folder':
          set({ workspaceAsk: null });
          if (!(await openStoredFolder(restore.stored, link)))
            set({
              workspaceAsk: { link, restore: { kind: 'ask-folder-permission', stored: restore.stored } },
            });
          return;
        default:
          // Opening that folder or ZIP by hand (or the click) applies the link then.
          pending = link;
          set({ workspaceAsk: { link, restore } });
      }
    },
    async reopenStoredFolder() {
      const ask = get().workspaceAsk;
      if (ask === null || ask.restore.kind !== 'ask-folder-permission') return;
      const { stored } = ask.restore;
      if (stored.source.kind !== 'directory') return;
      const permission = await requestReadPermission(stored.source.handle);
      if (permission !== 'granted') {
        set({
          workspaceAsk: {
            link: ask.link,
            restore: {
              kind: 'ask-to-open',
              what: 'folder',
              name: stored.source.name,
              reason: 'permission-denied',
            },
          },
        });
        return;
      }
      set({ workspaceAsk: null });
      await openStoredFolder(stored, ask.link);
    },
    async openStoredWorkspace(log) {
      if (log.source.kind === 'zip') openStoredZip(log, null);
      else if (log.source.kind === 'directory') {
        if ((await requestReadPermission(log.source.handle)) === 'granted') await openStoredFolder(log, null);
        else set({ notice: `The browser did not allow reading the folder ${log.source.name} again.` });
      }
    },
    async keepOpenWorkspace(reason) {
      const { workspace } = get();
      if (workspace === null || workspace.source.kind === 'files') return false;
      const key = await context.linkKey();
      if (key === null) return false;
      const { source } = workspace;
      const isSaved = await persistence.save({
        key,
        contentKey: null,
        sessionId: null,
        source:
          source.kind === 'zip'
            ? { kind: 'zip', name: workspace.name, blob: source.file }
            : { kind: 'directory', name: workspace.name, handle: source.handle },
        bytes: source.kind === 'zip' ? source.file.size : 0,
        savedAt: Date.now(),
        reason,
      });
      if (!isSaved)
        set({
          notice: `This browser did not keep ${workspace.name}, so a reload of the link will ask for it again.`,
        });
      await context.refreshStoredLogs();
      return isSaved;
    },
    dismissWorkspaceAsk() {
      pending = null;
      set({ workspaceAsk: null });
    },
  };

  /** A snapshot of a newly opened workspace: opens the waiting link's session once it is listed. */
  const afterSnapshot = (snapshot: WorkspaceSnapshot, workspaceName: string): void => {
    const link = pending;
    if (link === null) return;
    if (snapshot.rows.some((row) => row.id === link.sessionId)) {
      pending = null;
      set({ workspaceAsk: null });
      context.openSession(link);
    } else if (snapshot.isComplete) {
      // A different folder or ZIP: the ask stays for the right one.
      set({ notice: `${workspaceName} does not hold ${describe(link)}, which the link names.` });
    }
  };

  return { actions, afterSnapshot, state: { workspaceAsk: null } satisfies WorkspaceLinksState };
}
