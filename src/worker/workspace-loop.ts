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
import { createSnapshotPoster } from './workspace-snapshot-parts.ts';

/** Snapshots during the summary pass at most this often: each is a clone of every row. */
const SNAPSHOT_INTERVAL_MS = 250;
/**
 * A snapshot costs O(rows) here and on the page (clone, store, list model), so a fixed interval
 * made the pass superlinear (50,000 sessions: 14 % in 10 minutes). The interval grows with the
 * cost: at most 1/SNAPSHOT_COST_SHARE of the pass goes to snapshots, and at least ROW_MS per row
 * lets the page keep up.
 */
const SNAPSHOT_COST_SHARE = 10;
const SNAPSHOT_ROW_MS = 0.01;

/** The wait before the next snapshot, after one that took `costMs` for `rows` rows. */
function nextSnapshotInterval(costMs: number, rows: number): number {
  return Math.max(SNAPSHOT_INTERVAL_MS, costMs * SNAPSHOT_COST_SHARE, rows * SNAPSHOT_ROW_MS);
}
const PROGRESS_INTERVAL_MS = 100;
/** Heads read at once in the browser (discovery's default, 4, left 10,000 small files waiting on I/O). */
const HEAD_READS_AT_ONCE = 32;

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
 * Files up to this size are read once: the head read of discovery reads them whole and keeps the
 * bytes for the summary pass, which then needs no second read (each File read is a round trip to
 * the browser's file backend: two per session was most of a 50,000-session folder's time).
 */
const WHOLE_READ_MAX_BYTES = 16 * 1024;
/** What the kept bytes of small files may hold at once (they are dropped once summarized). */
const KEPT_BYTES_MAX = 64 * 1024 * 1024;

/**
 * Wraps a File as a workspace entry whose chunked read yields to the event loop every WORK_SLICE_MS,
 * so queries and a cancel are answered while a long log is summarized. A file given alone (not found
 * by walking a folder) is explicit: read whatever its name. A small file's head read keeps its bytes
 * (within `kept`'s budget) for the next whole read, once.
 */
function entryOfFile(
  { file, path }: WorkspaceFile,
  isExplicit: boolean,
  yieldToEventLoop: YieldToEventLoop,
  kept: { bytes: number },
): WorkspaceEntry {
  let whole: Uint8Array | null = null;
  const takeWhole = (): Uint8Array | null => {
    const bytes = whole;
    if (bytes !== null) {
      whole = null;
      kept.bytes -= bytes.length;
    }
    return bytes;
  };
  return {
    path,
    size: file.size,
    isExplicit,
    read: async () => takeWhole() ?? new Uint8Array(await file.arrayBuffer()),
    readHead: async (bytes) => {
      if (whole !== null) return whole.subarray(0, bytes);
      if (file.size <= WHOLE_READ_MAX_BYTES && kept.bytes + file.size <= KEPT_BYTES_MAX) {
        const read = new Uint8Array(await file.arrayBuffer());
        whole = read;
        kept.bytes += read.length;
        return read.subarray(0, bytes);
      }
      return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
    },
    async *readChunks() {
      const bytes = takeWhole();
      if (bytes !== null) {
        yield bytes;
        return;
      }
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

/**
 * A summary and the row's copy of it without its link facts, made once: the poster sends a row
 * again only when its summary is another object (workspace-snapshot-parts.ts).
 */
interface PlainSummary {
  summary: SessionSummary;
  plain: Omit<SessionSummary, 'links'>;
}

function plainSummaryOf(summary: SessionSummary): PlainSummary {
  const { links: _links, ...plain } = summary;
  return { summary, plain };
}

/** Rows in tree order (depth-first, children by createdAt then id), each with its totals. */
function buildWorkspaceSnapshot(
  workspace: Workspace,
  shownIds: ReadonlyMap<string, string>,
  tree: SessionTree,
  summaries: ReadonlyMap<string, PlainSummary>,
  failures: ReadonlyMap<string, string>,
  isComplete: boolean,
): WorkspaceSnapshot {
  const full = new Map<string, SessionSummary>();
  for (const [id, { summary }] of summaries) full.set(id, summary);
  const totals = rollUpSessionTree(tree, full);
  const byId = new Map(workspace.sessions.map((session) => [session.id, session]));
  const rows: WorkspaceRow[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    const session = byId.get(node.id);
    const nodeTotals = totals.get(node.id);
    if (session !== undefined && nodeTotals !== undefined) {
      const plain = summaries.get(node.id)?.plain ?? null;
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
  const links = deriveSessionLinks(workspace.sessions, full);
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
    const kept = { bytes: 0 };
    const entries = files.map((file) => entryOfFile(file, isExplicit, deps.yieldToEventLoop, kept));
    // ZIP members inflate in slices: between them the worker answers queries and hears a cancel.
    let lastPauseAt = performance.now();
    const pause = async (): Promise<void> => {
      if (performance.now() - lastPauseAt < WORK_SLICE_MS) return;
      await deps.yieldToEventLoop();
      lastPauseAt = performance.now();
    };
    const workspace = await discoverSessions(entries, {
      // File reads are round trips to the browser's file backend, not CPU: many at once.
      concurrency: HEAD_READS_AT_ONCE,
      onProgress: progress('list'),
      isCancelled,
      zip: { pause },
    });
    if (scan.isCancelled) return;
    deps.setWorkspace(workspace);
    const tree = buildSessionTree(workspace.sessions);
    const shownIds = shownIdsOf(workspace);
    const summaries = new Map<string, PlainSummary>();
    const postSnapshot = createSnapshotPoster((part) =>
      post({ type: 'workspace-snapshot', workspaceId, part }),
    );
    const failures = new Map<string, string>();
    postSnapshot(buildWorkspaceSnapshot(workspace, shownIds, tree, summaries, failures, false));
    await deps.yieldToEventLoop();
    const decoder = await deps.decoderOptions;
    let lastSnapshotAt = performance.now();
    let snapshotWait = nextSnapshotInterval(0, workspace.sessions.length);
    const result = await summarizeWorkspace(workspace.sessions, {
      decoder,
      isCancelled,
      onProgress: progress('summarize'),
      onSummary(session, read) {
        if (read.ok) summaries.set(session.id, plainSummaryOf(read.summary));
        else failures.set(session.id, read.reason);
        const now = performance.now();
        if (scan.isCancelled || now - lastSnapshotAt < snapshotWait) return;
        postSnapshot(buildWorkspaceSnapshot(workspace, shownIds, tree, summaries, failures, false));
        lastSnapshotAt = performance.now();
        snapshotWait = nextSnapshotInterval(lastSnapshotAt - now, workspace.sessions.length);
      },
    });
    if (scan.isCancelled) return;
    postSnapshot(
      buildWorkspaceSnapshot(
        workspace,
        shownIds,
        tree,
        summaries,
        failures,
        result.isComplete && workspace.isComplete,
      ),
    );
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
