// The worker's workspace scan: from the files of a dropped folder, a picked directory, several files
// or an export ZIP to the session list (docs/workspace.md). Discovery (headers only) posts a first
// snapshot, the summary pass posts snapshots as summaries arrive, each with the lineage tree, the
// rolled-up totals and the links recomputed from what is known. The Workspace (its entries hold
// functions) stays here; the page gets plain rows. Opening one session reads its entry's bytes.
import {
  buildSessionTree,
  deriveSessionLinks,
  discoverSessions,
  rollUpSessionTree,
  summarizeWorkspace,
  uniqueIdPrefixes,
  type DecoderOptions,
  type SessionSummary,
  type SessionTree,
  type Workspace,
  type WorkspaceEntry,
} from '../log/index.ts';
import type { OpenedSource } from './read-source.ts';
import { LoadError } from './load-failure.ts';
import type {
  WorkspaceFile,
  WorkspaceRow,
  WorkspaceSnapshot,
  WorkspaceToMain,
} from './workspace-protocol.ts';
import { WORK_SLICE_MS, type YieldToEventLoop } from './work-slices.ts';

/** Snapshots during the summary pass at most this often: each is a clone of every row. */
const SNAPSHOT_INTERVAL_MS = 250;
/**
 * A snapshot costs O(rows) here and on the page (clone, store, list model), so a fixed interval
 * made the pass superlinear (50,000 sessions: 14 % in 10 minutes). The interval grows with the
 * cost: at most 1/SNAPSHOT_COST_SHARE of the pass goes to snapshots, and at least ROW_MS per row
 * lets the page keep up.
 */
const SNAPSHOT_COST_SHARE = 10;
const SNAPSHOT_ROW_MS = 0.04;

/** The wait before the next snapshot, after one that took `costMs` for `rows` rows. */
function nextSnapshotInterval(costMs: number, rows: number): number {
  return Math.max(SNAPSHOT_INTERVAL_MS, costMs * SNAPSHOT_COST_SHARE, rows * SNAPSHOT_ROW_MS);
}
const PROGRESS_INTERVAL_MS = 100;

/** One scan; the router sets `isCancelled` when a newer workspace or a cancel replaces it. */
export interface ActiveScan {
  workspaceId: number;
  isCancelled: boolean;
}

export interface ScanDependencies {
  post: (message: WorkspaceToMain) => void;
  decoderOptions: Promise<DecoderOptions>;
  yieldToEventLoop: YieldToEventLoop;
  /** Called with the workspace once discovered (the router keeps it for openWorkspaceSession). */
  setWorkspace: (workspace: Workspace) => void;
}

/**
 * Wraps a File as a workspace entry whose chunked read yields to the event loop every WORK_SLICE_MS,
 * so queries and a cancel are answered while a long log is summarized. A file given alone (not found
 * by walking a folder) is explicit: read whatever its name.
 */
function entryOfFile(
  { file, path }: WorkspaceFile,
  isExplicit: boolean,
  yieldToEventLoop: YieldToEventLoop,
): WorkspaceEntry {
  return {
    path,
    size: file.size,
    isExplicit,
    read: async () => new Uint8Array(await file.arrayBuffer()),
    readHead: async (bytes) => new Uint8Array(await file.slice(0, bytes).arrayBuffer()),
    async *readChunks() {
      const reader = file.stream().getReader();
      let lastYieldAt = performance.now();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
        if (performance.now() - lastYieldAt >= WORK_SLICE_MS) {
          await yieldToEventLoop();
          lastYieldAt = performance.now();
        }
      }
    },
  };
}

/** How ids are shown in the page: 8 characters after `session-`, more where two ids share them. */
const SHOWN_ID = { minChars: 8, dropPrefix: 'session-' };

/** Every id the page names (sessions and the parents their headers name) as it shows it. */
function shownIdsOf(workspace: Workspace): Map<string, string> {
  const ids: string[] = [];
  for (const session of workspace.sessions) {
    ids.push(session.id);
    if (session.head.parentSession !== null) ids.push(session.head.parentSession);
  }
  return uniqueIdPrefixes(ids, SHOWN_ID);
}

/** Rows in tree order (depth-first, children by createdAt then id), each with its totals. */
function buildWorkspaceSnapshot(
  workspace: Workspace,
  shownIds: ReadonlyMap<string, string>,
  tree: SessionTree,
  summaries: ReadonlyMap<string, SessionSummary>,
  failures: ReadonlyMap<string, string>,
  isComplete: boolean,
): WorkspaceSnapshot {
  const totals = rollUpSessionTree(tree, summaries);
  const byId = new Map(workspace.sessions.map((session) => [session.id, session]));
  const rows: WorkspaceRow[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    const session = byId.get(node.id);
    const nodeTotals = totals.get(node.id);
    if (session !== undefined && nodeTotals !== undefined) {
      const summary = summaries.get(node.id);
      let plain: WorkspaceRow['summary'] = null;
      if (summary !== undefined) {
        const { links: _links, ...rest } = summary;
        plain = rest;
      }
      const parentId = tree.parentById.get(node.id) ?? null;
      const named = session.head.parentSession;
      rows.push({
        id: node.id,
        shownId: shownIds.get(node.id) ?? node.id,
        path: session.path,
        head: session.head,
        generations: session.generations.map((file) => file.path),
        dshRefusals: session.dshRefusals,
        kind: node.kind,
        depth: node.depth,
        parentId,
        shownParentId: named === null ? null : (shownIds.get(named) ?? named),
        isOrphan: node.isOrphan,
        summary: plain,
        failureReason: failures.get(node.id) ?? null,
        totals: nodeTotals,
      });
    }
    for (let index = node.children.length - 1; index >= 0; index -= 1) {
      stack.push(node.children[index] as (typeof node.children)[number]);
    }
  }
  const links = deriveSessionLinks(workspace.sessions, summaries);
  return {
    rows,
    problems: workspace.problems,
    links: links.links,
    parents: [...links.parents.values()],
    ignoredFiles: workspace.ignoredFiles,
    isComplete,
  };
}

/**
 * Scans `files` for `scan`: posts progress, a snapshot after the listing, snapshots during the
 * summary pass (at most every SNAPSHOT_INTERVAL_MS) and a final one with isComplete; or one
 * 'workspace-failed'. Posts nothing more once cancelled. Never rejects.
 */
export async function runWorkspaceScan(
  scan: ActiveScan,
  files: readonly WorkspaceFile[],
  deps: ScanDependencies,
): Promise<void> {
  const { workspaceId } = scan;
  const { post } = deps;
  const isCancelled = () => scan.isCancelled;
  let lastProgressAt = 0;
  const progress = (phase: 'list' | 'summarize') => (done: number, total: number) => {
    const now = performance.now();
    if (done < total && now - lastProgressAt < PROGRESS_INTERVAL_MS) return;
    lastProgressAt = now;
    if (!scan.isCancelled)
      post({ type: 'workspace-progress', workspaceId, progress: { phase, done, total } });
  };
  try {
    // A lone file (a ZIP, a log) is explicit; files found in a folder are read only when named like logs.
    const isExplicit = files.length === 1 && !files[0]?.path.includes('/');
    const entries = files.map((file) => entryOfFile(file, isExplicit, deps.yieldToEventLoop));
    // ZIP members inflate in slices: between them the worker answers queries and hears a cancel.
    let lastPauseAt = performance.now();
    const pause = async (): Promise<void> => {
      if (performance.now() - lastPauseAt < WORK_SLICE_MS) return;
      await deps.yieldToEventLoop();
      lastPauseAt = performance.now();
    };
    const workspace = await discoverSessions(entries, {
      onProgress: progress('list'),
      isCancelled,
      zip: { pause },
    });
    if (scan.isCancelled) return;
    deps.setWorkspace(workspace);
    const tree = buildSessionTree(workspace.sessions);
    const shownIds = shownIdsOf(workspace);
    const summaries = new Map<string, SessionSummary>();
    const failures = new Map<string, string>();
    post({
      type: 'workspace-snapshot',
      workspaceId,
      snapshot: buildWorkspaceSnapshot(workspace, shownIds, tree, summaries, failures, false),
    });
    await deps.yieldToEventLoop();
    const decoder = await deps.decoderOptions;
    let lastSnapshotAt = performance.now();
    let snapshotWait = nextSnapshotInterval(0, workspace.sessions.length);
    const result = await summarizeWorkspace(workspace.sessions, {
      decoder,
      isCancelled,
      onProgress: progress('summarize'),
      onSummary(session, read) {
        if (read.ok) summaries.set(session.id, read.summary);
        else failures.set(session.id, read.reason);
        const now = performance.now();
        if (scan.isCancelled || now - lastSnapshotAt < snapshotWait) return;
        post({
          type: 'workspace-snapshot',
          workspaceId,
          snapshot: buildWorkspaceSnapshot(workspace, shownIds, tree, summaries, failures, false),
        });
        lastSnapshotAt = performance.now();
        snapshotWait = nextSnapshotInterval(lastSnapshotAt - now, workspace.sessions.length);
      },
    });
    if (scan.isCancelled) return;
    post({
      type: 'workspace-snapshot',
      workspaceId,
      snapshot: buildWorkspaceSnapshot(
        workspace,
        shownIds,
        tree,
        summaries,
        failures,
        result.isComplete && workspace.isComplete,
      ),
    });
  } catch (error) {
    if (scan.isCancelled) return;
    post({
      type: 'workspace-failed',
      workspaceId,
      message: `The folder could not be scanned (${error instanceof Error ? error.message : String(error)}).`,
    });
  }
}

/**
 * Opens a session of `workspace` for the load loop: its current file's bytes as a stream (a ZIP
 * member is inflated by its entry). Rejects with a LoadError when the workspace does not hold it.
 */
export function openWorkspaceSession(workspace: Workspace | null, sessionId: string): Promise<OpenedSource> {
  const session = workspace?.sessions.find((candidate) => candidate.id === sessionId);
  if (session === undefined) {
    return Promise.reject(
      new LoadError({
        kind: 'read-error',
        message: `Session ${sessionId} is not in the open folder or ZIP; open it again.`,
      }),
    );
  }
  const { entry } = session;
  const chunks = entry.readChunks !== undefined ? entry.readChunks()[Symbol.asyncIterator]() : null;
  let whole: Uint8Array | null = null;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (chunks === null) {
        whole ??= await entry.read();
        controller.enqueue(whole);
        controller.close();
        return;
      }
      const next = await chunks.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks?.return?.();
    },
  });
  return Promise.resolve({ reader: stream.getReader(), totalBytes: entry.size });
}
