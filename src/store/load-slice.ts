// Loading a log: the load's status and summary, the permalink waiting for its log, the logs kept in
// the browser (stored-logs.ts: only when a permalink is made or followed, or the reader asks), and a
// worker that stops. A load resets the per-log state (the cursor slice's included) in one update, so
// no pane ever sees two logs at once; a load that fails (or is cancelled) before showing anything
// gives the open log back, with the failure beside it, and a cancelled one shows the part it read.
// The state's keys and pure helpers are in load-state.ts; one load's worker callbacks in load-listener.ts.

import type { FollowedSource, LoadFailure, LoadSource, LogClient, LogSummary } from '../worker/client.ts';
import { parseLogFileName, pickCurrentGeneration, type EventRow } from '../log/index.ts';
import type { BlockFeed } from './block-feed.ts';
import { clampSeq } from './cursor/cursor-moves.ts';
import { collectSummarySeqs, createEmptyCursorState, type CursorControl } from './cursor/cursor-slice.ts';
import { KeptSessions, type KeptSummary } from './kept-sessions.ts';
import {
  DEFAULT_IDLE_THRESHOLD_MS,
  createLiveActions,
  createLiveState,
  type LiveSourceKind,
} from './live-follow.ts';
import { createLoadListener } from './load-listener.ts';
import {
  createEmptyLoadState,
  createNextLogWrites,
  isLogOfJump,
  restoredLogWrites,
  shownLogOf,
  type LoadSliceState,
  type LoadWrites,
  type PendingJump,
  type ShownLog,
  type WorkspaceOpened,
} from './load-state.ts';
import type { LogPersistence, StoredLog } from './log-persistence.ts';
import {
  createEmptyStoredLogsState,
  createStoredLogs,
  type OpenedSource,
  type StoredLogsActions,
} from './stored-logs.ts';
import type { Slice, SliceContext } from './slice.ts';
import { nameOfUrl } from './source-name.ts';

/** Where the bundled demo log is served (public/demo/), relative to the app's base URL. */
const DEMO_LOG_PATH = 'demo/demo-session.jsonl.zstd';
const DEMO_LOG_NAME = 'demo-session.jsonl.zstd (subagent fork, tools, packed chunks)';

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
  /** A new workspace (or none): the worker let its kept logs go, so must the page. */
  forgetKeptLogs(): void;
  cancelLoad(): void;
  /** Hides the failure shown beside a kept log. */
  dismissFailure(): void;
  requestJump(jump: PendingJump, notices: readonly string[]): void;
  /** Opens a picked file (or a folder's file) and follows it as it grows (live-follow.ts). */
  followHandle(handle: FileSystemFileHandle, source: Exclude<LiveSourceKind, 'url'>, name?: string): void;
  /** Opens `url` and follows it with HTTP Range requests (`?src=<url>&follow=1`). */
  followUrl(url: string, name?: string): void;
  /** Stops following: the log stays open as read. */
  stopFollowing(): void;
  /** Back to the head of a followed log: unpins, and the cursor goes to the last event. */
  jumpToLive(): void;
  /**
   * The reader scrolled the events list up while the cursor followed the head: it stops following
   * (stays where it is as the log grows) until it moves or jumpToLive.
   */
  leaveLiveHead(): void;
  /** The idle time past which an unended turn is said to be hanging rather than running (ms). */
  setIdleThreshold(ms: number): void;
}

export interface LoadSliceDependencies {
  client: LogClient;
  persistence: LogPersistence;
  /** The events list's rows: the first summary seeds them with the log's first rows. */
  eventRows: BlockFeed<EventRow>;
  cursor: CursorControl;
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
  /**
   * The loaded log the page showed before the load in progress, while that load has shown nothing
   * (the worker keeps the same one: load-loop.ts fallbackLog); null once the new log's rows show.
   */
  let shownBefore: ShownLog | null = null;
  /** The workspace sessions the worker keeps opened, by id: a switch back shows one at once. */
  const kept = new KeptSessions();
  /** Before the page leaves a kept workspace session: where its cursor was, for a switch back. */
  const rememberCursor = () => kept.rememberCursor(get().pendingSeq ?? get().cursorSeq);

  /**
   * Shows workspace session `sessionId` from its kept summary at once (the worker swaps its kept log
   * in: no read, no decode, no progress), at the cursor where the reader left it; a pending jump
   * (openWorkspaceSession's seq) then moves it. When the worker no longer keeps it, it loads.
   */
  function switchToKept(sessionId: string, entry: KeptSummary): void {
    rememberCursor();
    const loadToken = ++latestLoadToken;
    const isCurrent = (): boolean => loadToken === latestLoadToken;
    loadedFrom = null;
    isFollowedLink = false;
    shownBefore = null;
    kept.openId = sessionId;
    cursor.startLog();
    set({
      ...createEmptyLoadState(),
      ...createEmptyCursorState(),
      ...collectSummarySeqs(entry.summary),
      loadState: 'ready',
      summary: entry.summary,
      formatVerdicts: entry.formatVerdicts,
      sourceName: entry.sourceName,
      openedSource: null,
      progress: entry.progress,
      ...createNextLogWrites(get().logGeneration),
    });
    client.switchToKept(sessionId, {
      onSwitched(keptSessions, verdicts) {
        kept.follow(keptSessions);
        // The verdicts came after the reader left the log: the worker has them, the page did not.
        if (isCurrent() && verdicts !== null && get().summary !== null && get().formatVerdicts === null) {
          set({ formatVerdicts: verdicts });
          kept.setVerdicts(sessionId, verdicts);
        }
      },
      onFormatVerdicts(verdicts) {
        kept.setVerdicts(sessionId, verdicts);
        if (!isCurrent()) return;
        set({ formatVerdicts: verdicts });
        // Now triage has what it includes, derived in slices: n / N can stop at its findings.
        fetchFindingSeqs(isCurrent);
      },
      onMissed(keptSessions) {
        kept.follow(keptSessions);
        kept.drop(sessionId);
        if (isCurrent()) startLoad({ kind: 'workspace-session', sessionId, name: entry.sourceName }, null);
      },
    });
    if (entry.cursorSeq !== null) cursor.jumpTo(entry.cursorSeq);
    else cursor.landAtEnd(entry.summary.eventCount);
    // Without verdicts the worker derives them (and triage) in slices first; asked now, triage
    // would derive them in one block (onFormatVerdicts asks instead).
    if (entry.formatVerdicts !== null) fetchFindingSeqs(isCurrent);
  }

  /** Asks the worker for the finding seqs n/N visit, for the log of `isCurrent`. */
  function fetchFindingSeqs(isCurrent: () => boolean): void {
    client.query({ kind: 'finding-seqs' }).then(
      (seqs) => {
        if (isCurrent()) cursor.setFindingSeqs(seqs);
      },
      () => undefined, // n/N keep to the log's problems; the triage panel reports the failure.
    );
  }

  /** Gives the page back the log it showed before a load that showed nothing (the worker did too). */
  function restoreShownLog(shown: ShownLog, failure: LoadFailure | null, failedName: string | null): void {
    const loadToken = latestLoadToken;
    cursor.cancelPendingMove();
    cursor.resetFeeds();
    set(restoredLogWrites(shown, failure, failedName, get().logGeneration));
    if (shown.cursorSeq !== null) cursor.jumpTo(shown.cursorSeq);
    fetchFindingSeqs(() => loadToken === latestLoadToken);
  }

  function applySummary(summary: LogSummary): void {
    // A followed log's summary comes with every append, most often with the same boundaries and
    // problems: the seq lists that did not change stay the same arrays, so what draws them does not.
    set({ summary, ...collectSummarySeqs(summary, get()) });
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

  /** The idle threshold the reader chose (kept across logs). */
  let idleThresholdMs = DEFAULT_IDLE_THRESHOLD_MS;

  function startLoad(
    opened: OpenedSource | WorkspaceOpened,
    from: StoredLog | null,
    followed?: { source: FollowedSource; kind: LiveSourceKind },
  ): void {
    rememberCursor();
    kept.openId = opened.kind === 'workspace-session' ? opened.sessionId : null;
    const loadToken = ++latestLoadToken;
    const isCurrent = (): boolean => loadToken === latestLoadToken;
    loadedFrom = from;
    isFollowedLink = false;
    const source: LoadSource =
      followed?.source ??
      (opened.kind === 'file' || opened.kind === 'workspace-session'
        ? opened
        : { kind: 'url', url: opened.url, name: opened.name });
    const name = source.kind === 'file' ? source.file.name : source.name;
    const before = get();
    const shown = shownLogOf(before);
    // A load replacing a load in progress keeps the log shown before that one.
    if (shown !== null) shownBefore = shown;
    else if (before.loadState !== 'loading') shownBefore = null;
    cursor.startLog();
    set({
      ...createEmptyLoadState(),
      ...createEmptyCursorState(),
      loadState: 'loading',
      sourceName: name,
      openedSource: opened.kind === 'workspace-session' || followed ? null : opened,
      ...createNextLogWrites(get().logGeneration),
      live: followed ? createLiveState(followed.kind, idleThresholdMs) : null,
    });
    client.openLog(
      source,
      createLoadListener({
        context: { set, get },
        eventRows,
        cursor,
        kept,
        opened,
        name,
        isCurrent,
        takeShownBefore: () => {
          const taken = shownBefore;
          shownBefore = null;
          return taken;
        },
        applySummary,
        applyPendingJump,
        fetchFindingSeqs,
        restoreShownLog,
        afterLoad: (summary) => storedLogs.afterLoad(summary, loadedFrom, isFollowedLink),
      }),
    );
  }

  // A worker that stops after a load takes the log with it: say so, like a failed load, instead of
  // leaving panes whose every query now fails. (A load in progress hears it through onFailed.)
  client.onCrash((message) => {
    latestLoadToken += 1;
    // The restarted worker keeps nothing.
    kept.clear();
    kept.openId = null;
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
      const entry = kept.get(sessionId);
      if (entry !== undefined) switchToKept(sessionId, entry);
      else startLoad({ kind: 'workspace-session', sessionId, name }, null);
    },
    forgetKeptLogs() {
      kept.clear();
    },
    openDemo(baseUrl) {
      startLoad({ kind: 'demo', url: new URL(DEMO_LOG_PATH, baseUrl).href, name: DEMO_LOG_NAME }, null);
    },
    cancelLoad() {
      client.cancelLoad();
    },
    dismissFailure() {
      set({ failure: null, failedSourceName: null });
    },
    followHandle(handle, kind, name) {
      const shown = name ?? handle.name;
      startLoad({ kind: 'url', url: '', name: shown }, null, {
        source: { kind: 'follow-handle', handle, name: shown },
        kind,
      });
    },
    followUrl(url, name) {
      const shown = name ?? nameOfUrl(url);
      startLoad({ kind: 'url', url, name: shown }, null, {
        source: { kind: 'follow-url', url, name: shown },
        kind: 'url',
      });
    },
    ...createLiveActions({ get, set, cursor, stopFollowing: () => client.stopFollowing() }),
    setIdleThreshold(ms) {
      idleThresholdMs = Math.max(1000, ms);
      const { live } = get();
      if (live !== null) set({ live: { ...live, idleThresholdMs } });
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
      live: null,
    },
    actions,
  };
}
