// Loading a log: the load's status and summary, the permalink waiting for its log, the logs kept in
// the browser (stored-logs.ts: only when a permalink is made or followed, or the reader asks), and a
// worker that stops. A load resets the per-log state (the cursor
// slice's included) in one update, so no pane ever sees two logs at once.

import type { LoadFailure, LoadProgress, LoadSource, LogClient, LogSummary } from '../worker/client.ts';
import type { BlockFeed } from './block-feed.ts';
import { clampSeq } from './cursor/cursor-moves.ts';
import {
  collectSummarySeqs,
  createEmptyCursorState,
  type CursorControl,
  type CursorSliceState,
} from './cursor/cursor-slice.ts';
import type { LogPersistence, StoredLog } from './log-persistence.ts';
import {
  createEmptyStoredLogsState,
  createStoredLogs,
  type OpenedSource,
  type StoredLogsActions,
  type StoredLogsState,
} from './stored-logs.ts';
import type { PreferencesSliceState } from './preferences-slice.ts';
import type { Slice, SliceContext } from './slice.ts';
import { nameOfUrl } from './source-name.ts';
import { parseLogFileName, pickCurrentGeneration, type EventRow } from '../log/index.ts';

type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** Where the bundled demo log is served (public/demo/), relative to the app's base URL. */
const DEMO_LOG_PATH = 'demo/demo-session.jsonl.zstd';
const DEMO_LOG_NAME = 'demo-session.jsonl.zstd (subagent fork, tools, packed chunks)';

/**
 * A permalink waiting for its log: applied once the log it names is open: the log whose bytes hash
 * to `logKey`, or for an old link (no logKey) one that claims `sessionId` (or any log, if both are null).
 */
interface PendingJump {
  seq: number | null;
  sessionId: string | null;
  logKey?: string | null;
}

export interface LoadSliceState extends StoredLogsState {
  loadState: LoadState;
  /** Name of the file or URL being loaded or shown, or null before the first load. */
  sourceName: string | null;
  progress: LoadProgress | null;
  /** The open log's summary; during a load, the latest partial summary. */
  summary: LogSummary | null;
  failure: LoadFailure | null;
  pendingJump: PendingJump | null;
  /** How the open (or loading) log was opened; null before the first load. */
  openedSource: OpenedSource | null;
  /** Incremented by every completed load, so caches keyed by it never mix two logs. */
  logGeneration: number;
  /**
   * The files opened together (several dropped or picked at once), in the order given, or [] after
   * a single open. The open log is one of them; the rest are listed for the user to open.
   */
  openedFiles: File[];
  /** How the open file was chosen from `openedFiles` (see openFiles), or null after a single open. */
  openedFilesChoice: 'current-generation' | 'first-file' | null;
}

export interface LoadActions extends StoredLogsActions {
  openFile(file: File): void;
  /**
   * Opens several files given at once. When they are the logs of one session directory
   * (`session.jsonl`, `session.vN.jsonl`, compressed or not), the current generation opens (the
   * highest: older files are frozen predecessors, docs/format-generations.md §1); otherwise the
   * first file. The others stay listed in `openedFiles` and open with openFromOpened.
   */
  openFiles(files: readonly File[]): void;
  /** Opens one file of `openedFiles`, keeping the list. */
  openFromOpened(file: File): void;
  openUrl(url: string, name?: string): void;
  /** Opens a session of the workspace the worker holds (workspace-slice.ts), by its header id. */
  openWorkspaceLog(sessionId: string, name: string): void;
  openDemo(baseUrl: string): void;
  cancelLoad(): void;
  requestJump(jump: PendingJump, notices: readonly string[]): void;
}

export interface LoadSliceDependencies {
  client: LogClient;
  persistence: LogPersistence;
  /** The events list's rows: the first summary seeds them with the log's first rows. */
  eventRows: BlockFeed<EventRow>;
  cursor: CursorControl;
}

/** A load writes its own keys, resets the cursor's, and stops playback, the problems panel and notices. */
type LoadWrites = LoadSliceState &
  Omit<CursorSliceState, 'listCursor'> &
  Pick<PreferencesSliceState, 'notice' | 'isPlaying' | 'isProblemsOpen'>;

/** The per-log part of the load state before any log is loaded. */
function createEmptyLoadState(): Pick<LoadSliceState, 'progress' | 'summary' | 'failure'> {
  return { progress: null, summary: null, failure: null };
}

/** Whether `summary` is the log `jump` names (an old link's session id, when it has no content key). */
function isLogOfJump(jump: PendingJump, summary: LogSummary): boolean {
  if (jump.logKey != null) return summary.contentKey === jump.logKey;
  return jump.sessionId === null || summary.sessionId === null || jump.sessionId === summary.sessionId;
}

/** The load slice: its initial state and actions; it also hears the client's crashes. */
export function createLoadSlice(
  { set, get }: SliceContext<LoadWrites>,
  { client, persistence, eventRows, cursor }: LoadSliceDependencies,
): Slice<LoadSliceState, LoadActions> {
  /** Identifies the latest load; callbacks of a replaced load are ignored. */
  let latestLoadToken = 0;
  /** The stored log the latest load reads, if it was opened from storage. */
  let loadedFrom: StoredLog | null = null;
  /** Whether a permalink naming the loaded log by content was followed to it (the log is then kept). */
  let isFollowedLink = false;
  const storedLogs = createStoredLogs({
    set,
    get,
    persistence,
    start: (source, from) => startLoad(source, from),
  });

  function applySummary(summary: LogSummary): void {
    set({ summary, ...collectSummarySeqs(summary) });
  }

  /** Applies the pending permalink to the log just read; returns whether it moved the cursor. */
  function applyPendingJump(summary: LogSummary): boolean {
    const jump = get().pendingJump;
    if (!jump) return false;
    set({ pendingJump: null, missingLink: null });
    if (!isLogOfJump(jump, summary)) {
      set({
        notice:
          jump.logKey != null
            ? `The link was made for another log (its bytes differ from ${summary.name}'s); the link's seq was not applied.`
            : `The link was for session ${jump.sessionId}, but this file is session ${summary.sessionId}; the link's seq was not applied.`,
      });
      return false;
    }
    // Following a permalink to this log keeps it, so reloading the link finds it.
    if (jump.logKey != null) isFollowedLink = true;
    if (jump.seq === null) return false;
    const clamped = clampSeq(jump.seq, summary.eventCount);
    if (clamped === null) return false;
    if (clamped !== jump.seq) {
      set({
        notice: `The link's seq ${jump.seq === Number.MAX_SAFE_INTEGER ? '(too large)' : jump.seq} is past the last event; showing seq ${clamped}.`,
      });
    }
    cursor.jumpTo(clamped);
    return true;
  }

  /** A session of the open workspace: loaded in the worker from its files, never stored or linked. */
  type WorkspaceOpened = { kind: 'workspace-session'; sessionId: string; name: string };

  function startLoad(opened: OpenedSource | WorkspaceOpened, from: StoredLog | null): void {
    const loadToken = ++latestLoadToken;
    const isCurrent = (): boolean => loadToken === latestLoadToken;
    loadedFrom = from;
    isFollowedLink = false;
    const source: LoadSource =
      opened.kind === 'file' || opened.kind === 'workspace-session'
        ? opened
        : { kind: 'url', url: opened.url, name: opened.name };
    const name = source.kind === 'file' ? source.file.name : source.name;
    cursor.startLog();
    set({
      ...createEmptyLoadState(),
      ...createEmptyCursorState(),
      loadState: 'loading',
      sourceName: name,
      openedSource: opened.kind === 'workspace-session' ? null : opened,
      storedChoice: null,
      isPlaying: false,
      isProblemsOpen: false,
      logGeneration: get().logGeneration + 1,
      openedFiles: [],
      openedFilesChoice: null,
    });
    client.openLog(source, {
      onProgress(progress) {
        if (isCurrent()) set({ progress });
      },
      onSummary(summary, firstRows) {
        if (!isCurrent()) return;
        applySummary(summary);
        // The first summary brings the first rows: the events list mounts with their content.
        if (firstRows) eventRows.seed(0, firstRows);
        cursor.placeOnFirstEvent(summary.eventCount);
      },
      onLoaded(summary, progress) {
        if (!isCurrent()) return;
        applySummary(summary);
        // The finished index can answer differently from the partial one: ask again from here on.
        cursor.resetFeeds();
        set({ progress, loadState: 'ready', logGeneration: get().logGeneration + 1 });
        if (!applyPendingJump(summary)) cursor.landAtEnd(summary.eventCount);
        storedLogs.afterLoad(summary, loadedFrom, isFollowedLink);
      },
      onFormatVerdicts(formatVerdicts) {
        const summary = get().summary;
        if (!isCurrent() || summary === null) return;
        set({ summary: { ...summary, formatVerdicts } });
        // n/N also stop at the triage findings (failed calls, retries, hanging turns …). Asked once
        // the verdicts are in: triage includes them, and asked earlier it would derive them in one
        // block while the worker slices them for the cursor's queries.
        client.query({ kind: 'finding-seqs' }).then(
          (seqs) => {
            if (isCurrent()) cursor.setFindingSeqs(seqs);
          },
          () => undefined, // n/N keep to the log's problems; the triage panel reports the failure.
        );
      },
      onFailed(failure) {
        if (!isCurrent()) return;
        cursor.cancelPendingMove();
        set({
          loadState: failure.kind === 'cancelled' ? 'idle' : 'error',
          failure: failure.kind === 'cancelled' ? null : failure,
          summary: null,
          cursorSeq: null,
          pendingSeq: null,
          pinnedSeq: null,
          lastJump: null,
          progress: null,
          notice: failure.kind === 'cancelled' ? 'Loading was cancelled.' : get().notice,
        });
      },
    });
  }

  // A worker that stops after a load takes the log with it: say so, like a failed load, instead of
  // leaving panes whose every query now fails. (A load in progress hears it through onFailed.)
  client.onCrash((message) => {
    latestLoadToken += 1;
    cursor.cancelPendingMove();
    cursor.resetFeeds();
    set({
      ...createEmptyLoadState(),
      ...createEmptyCursorState(),
      loadState: 'error',
      failure: { kind: 'internal', message },
      isPlaying: false,
      isProblemsOpen: false,
      logGeneration: get().logGeneration + 1,
    });
  });

  const actions: LoadActions = {
    ...storedLogs.actions,
    openFile(file) {
      startLoad({ kind: 'file', file }, null);
    },
    openFiles(files) {
      const [first] = files;
      if (first === undefined) return;
      if (files.length === 1) {
        actions.openFile(first);
        return;
      }
      const names = files.map((file) => file.name);
      const picked = pickCurrentGeneration(names);
      const isOneSession = picked.current !== null && names.every((name) => parseLogFileName(name) !== null);
      const chosen = isOneSession ? (files.find((file) => file.name === picked.current) ?? first) : first;
      startLoad({ kind: 'file', file: chosen }, null);
      set({ openedFiles: [...files], openedFilesChoice: isOneSession ? 'current-generation' : 'first-file' });
    },
    openFromOpened(file) {
      const { openedFiles, openedFilesChoice } = get();
      startLoad({ kind: 'file', file }, null);
      set({ openedFiles, openedFilesChoice });
    },
    openUrl(url, name) {
      startLoad({ kind: 'url', url, name: name ?? nameOfUrl(url) }, null);
    },
    openWorkspaceLog(sessionId, name) {
      // Not stored for a reload: the workspace's files are the user's to open again.
      startLoad({ kind: 'workspace-session', sessionId, name }, null);
    },
    openDemo(baseUrl) {
      startLoad({ kind: 'demo', url: new URL(DEMO_LOG_PATH, baseUrl).href, name: DEMO_LOG_NAME }, null);
    },
    cancelLoad() {
      client.cancelLoad();
    },
    requestJump(jump, notices) {
      set({
        pendingJump: { ...jump, logKey: jump.logKey ?? null },
        notice: notices.length > 0 ? notices.join(' ') : get().notice,
      });
      // Applied now to the open log it names; a link for another log waits for that log to load.
      const { summary, loadState, pendingJump } = get();
      if (summary && loadState === 'ready' && pendingJump && isLogOfJump(pendingJump, summary))
        applyPendingJump(summary);
    },
  };

  return {
    state: {
      ...createEmptyLoadState(),
      loadState: 'idle',
      sourceName: null,
      ...createEmptyStoredLogsState(),
      pendingJump: null,
      openedSource: null,
      logGeneration: 0,
      openedFiles: [],
      openedFilesChoice: null,
    },
    actions,
  };
}
