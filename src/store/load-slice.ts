// Loading a log: the load's status and summary, the permalink waiting for its log, the logs kept in
// the browser (stored-logs.ts: only when a permalink is made or followed, or the reader asks), and a
// worker that stops. A load resets the per-log state (the cursor slice's included) in one update, so
// no pane ever sees two logs at once; a load that fails (or is cancelled) before showing anything
// gives the open log back, with the failure beside it, and a cancelled one shows the part it read.

import type { LoadFailure, LoadProgress, LoadSource, LogClient, LogSummary } from '../worker/client.ts';
import type { BlockFeed } from './block-feed.ts';
import { clampSeq } from './cursor/cursor-moves.ts';
import {
  collectSummarySeqs,
  createEmptyCursorState,
  type CursorControl,
  type CursorSliceState,
} from './cursor/cursor-slice.ts';
import { KeptSessions, type KeptSummary } from './kept-sessions.ts';
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
import { parseLogFileName, pickCurrentGeneration, type EventRow, type FormatVerdicts } from '../log/index.ts';
import type { FollowedSource } from '../worker/client.ts';
import {
  DEFAULT_IDLE_THRESHOLD_MS,
  applyLiveMessage,
  createLiveState,
  type LiveSourceKind,
  type LiveState,
} from './live-follow.ts';

/** How much of a file a progress read, for people ("3.2 of 10.0 MiB"). */
function describeShare(progress: LoadProgress): string {
  const mebibytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return progress.totalBytes === null || progress.totalBytes === 0
    ? `${mebibytes(progress.bytesRead)} MiB`
    : `${mebibytes(progress.bytesRead)} of ${mebibytes(progress.totalBytes)} MiB`;
}

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
  /**
   * The open log's format generation and who refuses what, once the worker has derived them after
   * the load (null before). Its own key, not a field of `summary`: replacing the summary re-renders
   * every pane that reads it, just when the cursor's first queries are being answered.
   */
  formatVerdicts: FormatVerdicts | null;
  /**
   * Why the last load ended without a log of its own, or null. With loadState 'ready' the open log
   * is the one from before it, kept (the failure is shown beside it); with 'error' there is none.
   */
  failure: LoadFailure | null;
  /** The file or URL name of that failed load (which `sourceName` no longer names when the open log was kept). */
  failedSourceName: string | null;
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
  /** The open log is followed as dsh writes it (live-follow.ts), or null: a snapshot. */
  live: LiveState | null;
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

/** A load writes its own keys, resets the cursor's, and stops playback, the problems panel and notices. */
type LoadWrites = LoadSliceState &
  Omit<CursorSliceState, 'listCursor'> &
  Pick<PreferencesSliceState, 'notice' | 'isPlaying' | 'isProblemsOpen'>;

/** The per-log part of the load state before any log is loaded. */
function createEmptyLoadState(): Pick<
  LoadSliceState,
  'progress' | 'summary' | 'formatVerdicts' | 'failure' | 'failedSourceName'
> {
  return { progress: null, summary: null, formatVerdicts: null, failure: null, failedSourceName: null };
}

/** What opening another log resets, whether it is loaded or switched to (a kept session). */
function createNextLogWrites(
  logGeneration: number,
): Pick<
  LoadWrites,
  | 'storedChoice'
  | 'isPlaying'
  | 'isProblemsOpen'
  | 'logGeneration'
  | 'openedFiles'
  | 'openedFilesChoice'
  | 'live'
> {
  return {
    live: null,
    storedChoice: null,
    isPlaying: false,
    isProblemsOpen: false,
    logGeneration: logGeneration + 1,
    openedFiles: [],
    openedFilesChoice: null,
  };
}

/** What the page showed of a loaded log, to give it back when the next load shows nothing of its own. */
interface ShownLog {
  summary: LogSummary;
  formatVerdicts: FormatVerdicts | null;
  sourceName: string | null;
  openedSource: OpenedSource | null;
  cursorSeq: number | null;
  progress: LoadProgress | null;
  openedFiles: File[];
  openedFilesChoice: LoadSliceState['openedFilesChoice'];
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
    set({
      ...createEmptyCursorState(),
      ...collectSummarySeqs(shown.summary),
      loadState: 'ready',
      summary: shown.summary,
      formatVerdicts: shown.formatVerdicts,
      sourceName: shown.sourceName,
      openedSource: shown.openedSource,
      progress: shown.progress,
      failure,
      failedSourceName: failure === null ? null : failedName,
      openedFiles: shown.openedFiles,
      openedFilesChoice: shown.openedFilesChoice,
      // Nothing cached during the failed load may be taken for this log's.
      logGeneration: get().logGeneration + 1,
    });
    if (shown.cursorSeq !== null) cursor.jumpTo(shown.cursorSeq);
    fetchFindingSeqs(() => loadToken === latestLoadToken);
  }

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
    if (before.loadState === 'ready' && before.summary !== null)
      shownBefore = {
        summary: before.summary,
        formatVerdicts: before.formatVerdicts,
        sourceName: before.sourceName,
        openedSource: before.openedSource,
        cursorSeq: before.pendingSeq ?? before.cursorSeq,
        progress: before.progress,
        openedFiles: before.openedFiles,
        openedFilesChoice: before.openedFilesChoice,
      };
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
    client.openLog(source, {
      onProgress(progress) {
        if (isCurrent()) set({ progress });
      },
      onSummary(summary, firstRows) {
        if (!isCurrent()) return;
        // The page shows the new log from now on (and the worker let the one before go).
        shownBefore = null;
        applySummary(summary);
        // The first summary brings the first rows: the events list mounts with their content.
        if (firstRows) eventRows.seed(0, firstRows);
        cursor.placeOnFirstEvent(summary.eventCount);
      },
      onLoaded(summary, progress, keptSessions) {
        if (keptSessions !== undefined)
          kept.follow(
            keptSessions,
            opened.kind === 'workspace-session'
              ? {
                  id: opened.sessionId,
                  entry: { summary, progress, sourceName: name, cursorSeq: null, formatVerdicts: null },
                }
              : undefined,
          );
        if (!isCurrent()) return;
        shownBefore = null;
        applySummary(summary);
        // The finished index can answer differently from the partial one: ask again from here on.
        cursor.resetFeeds();
        set({ progress, loadState: 'ready', logGeneration: get().logGeneration + 1 });
        if (summary.isCancelled === true) {
          // A partial view: no format verdicts follow (they need the whole log), nor is it stored.
          set({
            notice: `Loading was cancelled: this is a partial view of the first ${summary.eventCount.toLocaleString('en-US')} events (${describeShare(progress)} of the file read). Open the file again to read all of it.`,
          });
          if (!applyPendingJump(summary)) cursor.landAtEnd(summary.eventCount);
          fetchFindingSeqs(isCurrent);
          return;
        }
        if (!applyPendingJump(summary)) cursor.landAtEnd(summary.eventCount);
        storedLogs.afterLoad(summary, loadedFrom, isFollowedLink);
      },
      onFormatVerdicts(formatVerdicts) {
        if (opened.kind === 'workspace-session') kept.setVerdicts(opened.sessionId, formatVerdicts);
        if (!isCurrent() || get().summary === null) return;
        set({ formatVerdicts });
        // n/N also stop at the triage findings (failed calls, retries, hanging turns …). Asked once
        // the verdicts are in: triage includes them, and asked earlier it would derive them in one
        // block while the worker slices them for the cursor's queries.
        fetchFindingSeqs(isCurrent);
      },
      onLive(message) {
        const live = get().live;
        if (!isCurrent() || live === null) return;
        const update = applyLiveMessage(message, get(), { eventRows, cursor }, applySummary);
        set({
          live: {
            ...live,
            status: message.status,
            lastGrowthSeenAt: update.summary !== null ? Date.now() : live.lastGrowthSeenAt,
          },
          ...(update.notice !== null ? { notice: update.notice } : {}),
          ...(update.isRestart ? { formatVerdicts: null, pinnedSeq: null } : {}),
        });
      },
      onFailed(failure) {
        if (!isCurrent()) return;
        const shown = shownBefore;
        shownBefore = null;
        if (failure.isPreviousLogKept === true && shown !== null) {
          const isCancel = failure.kind === 'cancelled';
          restoreShownLog(shown, isCancel ? null : failure, name);
          if (isCancel)
            set({
              notice: `Loading ${name} was cancelled; ${shown.sourceName ?? 'the open log'} stays open.`,
            });
          return;
        }
        cursor.cancelPendingMove();
        set({
          loadState: failure.kind === 'cancelled' ? 'idle' : 'error',
          failure: failure.kind === 'cancelled' ? null : failure,
          summary: null,
          formatVerdicts: null,
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
    stopFollowing() {
      client.stopFollowing();
    },
    jumpToLive() {
      const { summary } = get();
      set({ pinnedSeq: null });
      if (summary !== null) cursor.followHead(summary.eventCount);
    },
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
