// The open workspace (a folder, an export ZIP, several logs): its scan's progress, the session list
// the worker posts (rows in tree order, links), and which of its sessions is the open log. The
// worker keeps the files; a session opens through the load slice's ordinary load, by id.

import { parseLogFileName, pickCurrentGeneration } from '../log/index.ts';
import type {
  LogClient,
  LogSummary,
  WorkspaceFile,
  WorkspaceProgress,
  WorkspaceSnapshot,
} from '../worker/client.ts';
import type { CompareActions, CompareLinkRequest } from './compare-slice.ts';
import type { LoadActions } from './load-slice.ts';
import type { LogPersistence } from './log-persistence.ts';
import type { Slice, SliceContext } from './slice.ts';
import type { WorkspaceSearchActions } from './workspace-search-slice.ts';
import {
  createWorkspaceLinks,
  makeFolderKey,
  zipKeyOf,
  type WorkspaceLinksActions,
  type WorkspaceLinksState,
  type WorkspaceSource,
} from './workspace-links.ts';
import type { WorkspaceLink } from './workspace-restore.ts';

interface OpenWorkspace {
  /** What was opened: the folder's name, the ZIP's, or "N files". */
  name: string;
  status: 'scanning' | 'ready' | 'cancelled' | 'error';
  progress: WorkspaceProgress | null;
  /** The latest snapshot (null until the listing is done). */
  snapshot: WorkspaceSnapshot | null;
  error: string | null;
  /** How it was opened (a ZIP, a picked folder, anything else): what a link can name and the browser keep. */
  source: WorkspaceSource;
  /**
   * The key its sessions' links carry as `ws=` and it is stored under: a ZIP's hash (null until
   * computed), a folder's random id; null for other workspaces (a link then names it only).
   */
  linkKey: string | null;
}

/** What a permalink of the open workspace session says of its workspace, or null when none is open. */
export function workspaceLinkPartOf(state: {
  workspace: OpenWorkspace | null;
  workspaceSessionId: string | null;
  summary: LogSummary | null;
}): { key: string | null; name: string } | null {
  const { workspace, workspaceSessionId, summary } = state;
  if (!workspace || workspaceSessionId == null || summary?.sessionId !== workspaceSessionId) return null;
  return { key: workspace.linkKey, name: workspace.name };
}

export interface WorkspaceSliceState extends WorkspaceLinksState {
  workspace: OpenWorkspace | null;
  /** The workspace session shown as the open log (set by openWorkspaceSession), or null. */
  workspaceSessionId: string | null;
}

export interface WorkspaceActions extends WorkspaceLinksActions {
  /**
   * Scans `files` (with paths relative to what was opened) into the workspace, replacing any.
   * `source` says what it was opened from (a picked folder's handle, a ZIP); `linkKey` keeps the key
   * of a stored workspace opened again.
   */
  openWorkspace(name: string, files: WorkspaceFile[], source?: WorkspaceSource, linkKey?: string): void;
  /**
   * What a drop or a pick opens: a folder, a ZIP, or several files that are not the generations of
   * one session become a workspace; one log, or one session's generations, open as before.
   * `handle`: the folder's handle when the directory picker gave one.
   */
  openDropped(files: WorkspaceFile[], hasDirectory: boolean, handle?: FileSystemDirectoryHandle): void;
  /** The key a link to the open workspace carries (a ZIP's once hashed), or null when it has none. */
  workspaceLinkKey(): Promise<string | null>;
  cancelWorkspaceScan(): void;
  closeWorkspace(): void;
  /**
   * Opens session `id` of the workspace, at `seq` when given (else where a load lands). When it is
   * already the open log, only the cursor moves. `logKey`: the content key a permalink was made for
   * (the load then says when the session's bytes differ).
   */
  openWorkspaceSession(id: string, seq?: number, logKey?: string | null): void;
}

type WorkspaceReads = WorkspaceSliceState & {
  summary: LogSummary | null;
  loadState: string;
  compareLink: CompareLinkRequest | null;
  actions: Pick<
    LoadActions,
    'openFiles' | 'openWorkspaceLog' | 'requestJump' | 'forgetKeptLogs' | 'refreshStoredLogs'
  > &
    Pick<WorkspaceSearchActions, 'clearWorkspaceSearch'> &
    Pick<CompareActions, 'requestCompareLink'>;
};

/**
 * The two sessions of two dropped logs to compare (issue 23 "by dropping two logs"): the first
 * dropped as A, when the listing holds exactly two sessions and neither is the other's parent or
 * child (those are compared from "Compare with parent"); null otherwise.
 */
export function pairToCompare(
  rows: readonly { id: string; path: string; parentId: string | null }[],
  firstPath: string,
): { baseSessionId: string; otherSessionId: string } | null {
  const [one, two] = rows;
  if (rows.length !== 2 || one === undefined || two === undefined) return null;
  if (rows.some((row) => row.parentId !== null)) return null;
  const [base, other] = two.path === firstPath ? [two, one] : [one, two];
  return { baseSessionId: base.id, otherSessionId: other.id };
}

/** A folder, a ZIP anywhere, or several logs that are not one session's generations. */
export function isWorkspaceDrop(files: readonly WorkspaceFile[], hasDirectory: boolean): boolean {
  if (hasDirectory) return true;
  if (files.some(({ file }) => file.name.toLowerCase().endsWith('.zip'))) return true;
  if (files.length < 2) return false;
  const names = files.map(({ file }) => file.name);
  // One session's generations have distinct names; the same name twice is two sessions (a parent
  // and its children dropped from their directories).
  const isOneSession =
    new Set(names).size === names.length &&
    pickCurrentGeneration(names).current !== null &&
    names.every((name) => parseLogFileName(name) !== null);
  return !isOneSession;
}

/**
 * Paths made unique: files given loose often share a name (a parent's and its children's
 * `session.jsonl.zstd`), which discovery would read as one directory's generations. The second and
 * later copies of a path get a directory of their own (`#2/session.jsonl.zstd`), so each is a session.
 */
export function withUniquePaths(files: readonly WorkspaceFile[]): WorkspaceFile[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const count = (seen.get(file.path) ?? 0) + 1;
    seen.set(file.path, count);
    return count === 1 ? file : { file: file.file, path: `#${count}/${file.path}` };
  });
}

function workspaceName(files: readonly WorkspaceFile[]): string {
  const [first] = files;
  if (first === undefined) return 'nothing';
  const top = first.path.split('/')[0] ?? first.path;
  if (files.every(({ path }) => path.startsWith(`${top}/`))) return top;
  return files.length === 1 ? first.file.name : `${files.length} files`;
}

export function createWorkspaceSlice(
  { set, get }: SliceContext<WorkspaceSliceState & { notice?: string | null }, WorkspaceReads>,
  { client, persistence }: { client: LogClient; persistence: LogPersistence },
): Slice<WorkspaceSliceState, WorkspaceActions> {
  /** The workspace callbacks belong to; a replaced one's are ignored. */
  let latestToken = 0;
  /** The open ZIP's key once asked for (its hash), and how the open workspace's key is had. */
  let zipKey: Promise<string | null> | null = null;
  let keyOfOpenZip: () => Promise<string | null> = () => Promise.resolve(null);
  /** Two loose logs dropped: the workspace's token and the first log's path, compared once listed. */
  let droppedPair: { token: number; firstPath: string } | null = null;

  /** Opens the first of two dropped logs and asks for its compare with the second (use-compare-link.ts). */
  function compareDroppedPair(token: number, snapshot: WorkspaceSnapshot): void {
    if (droppedPair?.token !== token || !snapshot.isComplete) return;
    const { firstPath } = droppedPair;
    droppedPair = null;
    const pair = pairToCompare(snapshot.rows, firstPath);
    // A permalink (or the reader) chose a session already: theirs, not the pair.
    if (pair === null || get().workspaceSessionId !== null || get().compareLink !== null) return;
    get().actions.requestCompareLink({ ...pair, position: null });
    actions.openWorkspaceSession(pair.baseSessionId);
  }
  const links = createWorkspaceLinks({
    set,
    get,
    persistence,
    linkKey: () => actions.workspaceLinkKey(),
    openWorkspace: (name, files, source, linkKey) => actions.openWorkspace(name, files, source, linkKey),
    openSession: (link: WorkspaceLink) =>
      actions.openWorkspaceSession(link.sessionId, link.seq ?? undefined, link.logKey),
    refreshStoredLogs: () => get().actions.refreshStoredLogs(),
  });

  function update(token: number, patch: Partial<OpenWorkspace>): void {
    const current = get().workspace;
    if (token !== latestToken || current === null) return;
    set({ workspace: { ...current, ...patch } });
  }

  const actions: WorkspaceActions = {
    ...links.actions,
    openWorkspace(name, files, source = { kind: 'files' }, linkKey) {
      const token = ++latestToken;
      // A search of the workspace before this one named sessions this one may not have.
      get().actions.clearWorkspaceSearch();
      get().actions.forgetKeptLogs();
      const key = linkKey ?? (source.kind === 'directory' ? makeFolderKey() : null);
      // A ZIP's hash is computed when a link or Keep first needs it (it reads the whole ZIP).
      zipKey = null;
      keyOfOpenZip =
        source.kind === 'zip' && linkKey === undefined
          ? () =>
              (zipKey ??= zipKeyOf(source.file).then(
                (hashed) => {
                  update(token, { linkKey: hashed });
                  return hashed;
                },
                () => null, // No digest: links name the ZIP only, and it cannot be kept.
              ))
          : () => Promise.resolve(key);
      set({
        workspace: {
          name,
          status: 'scanning',
          progress: null,
          snapshot: null,
          error: null,
          source,
          linkKey: key,
        },
        workspaceSessionId: null,
      });
      client.openWorkspace(withUniquePaths(files), {
        onProgress: (progress) => update(token, { progress }),
        onSnapshot: (snapshot) => {
          update(token, { snapshot, status: snapshot.isComplete ? 'ready' : 'scanning' });
          if (token === latestToken) {
            links.afterSnapshot(snapshot, name);
            compareDroppedPair(token, snapshot);
          }
        },
        onFailed: (message) => update(token, { status: 'error', error: message }),
      });
    },
    openDropped(files, hasDirectory, handle) {
      if (files.length === 0) return;
      if (!isWorkspaceDrop(files, hasDirectory)) {
        get().actions.openFiles(files.map(({ file }) => file));
        return;
      }
      const [first] = files;
      const source: WorkspaceSource =
        handle !== undefined
          ? { kind: 'directory', handle }
          : files.length === 1 &&
              first !== undefined &&
              !hasDirectory &&
              first.file.name.toLowerCase().endsWith('.zip')
            ? { kind: 'zip', file: first.file }
            : { kind: 'files' };
      actions.openWorkspace(workspaceName(files), files, source);
      if (source.kind === 'files' && !hasDirectory && files.length === 2 && first !== undefined)
        droppedPair = { token: latestToken, firstPath: first.path };
    },
    workspaceLinkKey() {
      return get().workspace === null ? Promise.resolve(null) : keyOfOpenZip();
    },
    cancelWorkspaceScan() {
      client.cancelWorkspace();
      update(latestToken, { status: 'cancelled' });
    },
    closeWorkspace() {
      client.cancelWorkspace();
      latestToken += 1;
      get().actions.clearWorkspaceSearch();
      get().actions.forgetKeptLogs();
      set({ workspace: null, workspaceSessionId: null });
    },
    openWorkspaceSession(id, seq, logKey = null) {
      const { workspace, summary, loadState, workspaceSessionId } = get();
      const row = workspace?.snapshot?.rows.find((candidate) => candidate.id === id);
      if (row === undefined) return;
      const isOpen = workspaceSessionId === id && summary?.sessionId === id && loadState !== 'error';
      if (!isOpen) {
        set({ workspaceSessionId: id });
        get().actions.openWorkspaceLog(id, row.path.split('/').pop() ?? row.path);
      }
      if (seq !== undefined || logKey !== null)
        get().actions.requestJump({ seq: seq ?? null, sessionId: id, logKey }, []);
    },
  };

  return { state: { workspace: null, workspaceSessionId: null, ...links.state }, actions };
}
