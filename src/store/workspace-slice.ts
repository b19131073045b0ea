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
import type { LoadActions } from './load-slice.ts';
import type { Slice, SliceContext } from './slice.ts';
import type { WorkspaceSearchActions } from './workspace-search-slice.ts';

interface OpenWorkspace {
  /** What was opened: the folder's name, the ZIP's, or "N files". */
  name: string;
  status: 'scanning' | 'ready' | 'cancelled' | 'error';
  progress: WorkspaceProgress | null;
  /** The latest snapshot (null until the listing is done). */
  snapshot: WorkspaceSnapshot | null;
  error: string | null;
}

export interface WorkspaceSliceState {
  workspace: OpenWorkspace | null;
  /** The workspace session shown as the open log (set by openWorkspaceSession), or null. */
  workspaceSessionId: string | null;
}

export interface WorkspaceActions {
  /** Scans `files` (with paths relative to what was opened) into the workspace, replacing any. */
  openWorkspace(name: string, files: WorkspaceFile[]): void;
  /**
   * What a drop or a pick opens: a folder, a ZIP, or several files that are not the generations of
   * one session become a workspace; one log, or one session's generations, open as before.
   */
  openDropped(files: WorkspaceFile[], hasDirectory: boolean): void;
  cancelWorkspaceScan(): void;
  closeWorkspace(): void;
  /**
   * Opens session `id` of the workspace, at `seq` when given (else where a load lands). When it is
   * already the open log, only the cursor moves.
   */
  openWorkspaceSession(id: string, seq?: number): void;
}

type WorkspaceReads = WorkspaceSliceState & {
  summary: LogSummary | null;
  loadState: string;
  actions: Pick<LoadActions, 'openFiles' | 'openWorkspaceLog' | 'requestJump'> &
    Pick<WorkspaceSearchActions, 'clearWorkspaceSearch'>;
};

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
  { set, get }: SliceContext<WorkspaceSliceState, WorkspaceReads>,
  { client }: { client: LogClient },
): Slice<WorkspaceSliceState, WorkspaceActions> {
  /** The workspace callbacks belong to; a replaced one's are ignored. */
  let latestToken = 0;

  function update(token: number, patch: Partial<OpenWorkspace>): void {
    const current = get().workspace;
    if (token !== latestToken || current === null) return;
    set({ workspace: { ...current, ...patch } });
  }

  const actions: WorkspaceActions = {
    openWorkspace(name, files) {
      const token = ++latestToken;
      // A search of the workspace before this one named sessions this one may not have.
      get().actions.clearWorkspaceSearch();
      set({
        workspace: { name, status: 'scanning', progress: null, snapshot: null, error: null },
        workspaceSessionId: null,
      });
      client.openWorkspace(withUniquePaths(files), {
        onProgress: (progress) => update(token, { progress }),
        onSnapshot: (snapshot) =>
          update(token, { snapshot, status: snapshot.isComplete ? 'ready' : 'scanning' }),
        onFailed: (message) => update(token, { status: 'error', error: message }),
      });
    },
    openDropped(files, hasDirectory) {
      if (files.length === 0) return;
      if (isWorkspaceDrop(files, hasDirectory)) actions.openWorkspace(workspaceName(files), files);
      else get().actions.openFiles(files.map(({ file }) => file));
    },
    cancelWorkspaceScan() {
      client.cancelWorkspace();
      update(latestToken, { status: 'cancelled' });
    },
    closeWorkspace() {
      client.cancelWorkspace();
      latestToken += 1;
      get().actions.clearWorkspaceSearch();
      set({ workspace: null, workspaceSessionId: null });
    },
    openWorkspaceSession(id, seq) {
      const { workspace, summary, loadState, workspaceSessionId } = get();
      const row = workspace?.snapshot?.rows.find((candidate) => candidate.id === id);
      if (row === undefined) return;
      const isOpen = workspaceSessionId === id && summary?.sessionId === id && loadState !== 'error';
      if (!isOpen) {
        set({ workspaceSessionId: id });
        get().actions.openWorkspaceLog(id, row.path.split('/').pop() ?? row.path);
      }
      if (seq !== undefined) get().actions.requestJump({ seq, sessionId: id }, []);
    },
  };

  return { state: { workspace: null, workspaceSessionId: null }, actions };
}
