// The load slice's state (load-slice.ts holds its actions): its keys, what a load writes, what a
// new log resets, the log shown before a load (given back when that load shows nothing of its own)
// and how a permalink names its log. Plain data and pure functions: no client, no timers.

import type { LoadFailure, LoadProgress, LogSummary } from '../worker/client.ts';
import type { FormatVerdicts } from '../log/index.ts';
import { collectSummarySeqs, createEmptyCursorState, type CursorSliceState } from './cursor/cursor-slice.ts';
import type { LiveState } from './live-follow.ts';
import type { PreferencesSliceState } from './preferences-slice.ts';
import type { OpenedSource, StoredLogsState } from './stored-logs.ts';

type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * A permalink waiting for its log: applied once the log it names is open: the log whose bytes hash
 * to `logKey`, or for an old link (no logKey) one that claims `sessionId` (or any log, if both are null).
 */
export interface PendingJump {
  seq: number | null;
  sessionId: string | null;
  logKey?: string | null;
}

/** A session of the open workspace: loaded in the worker from its files, never stored or linked. */
export type WorkspaceOpened = { kind: 'workspace-session'; sessionId: string; name: string };

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

/** A load writes its own keys, resets the cursor's, and stops playback, the problems panel and notices. */
export type LoadWrites = LoadSliceState &
  Omit<CursorSliceState, 'listCursor'> &
  Pick<PreferencesSliceState, 'notice' | 'isPlaying' | 'isProblemsOpen'>;

/** The per-log part of the load state before any log is loaded. */
export function createEmptyLoadState(): Pick<
  LoadSliceState,
  'progress' | 'summary' | 'formatVerdicts' | 'failure' | 'failedSourceName'
> {
  return { progress: null, summary: null, formatVerdicts: null, failure: null, failedSourceName: null };
}

/** What opening another log resets, whether it is loaded or switched to (a kept session). */
export function createNextLogWrites(
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
export interface ShownLog {
  summary: LogSummary;
  formatVerdicts: FormatVerdicts | null;
  sourceName: string | null;
  openedSource: OpenedSource | null;
  cursorSeq: number | null;
  progress: LoadProgress | null;
  openedFiles: File[];
  openedFilesChoice: LoadSliceState['openedFilesChoice'];
}

/** The log `state` shows, or null when none is loaded (the cursor: where it is going, else where it is). */
export function shownLogOf(state: LoadWrites): ShownLog | null {
  if (state.loadState !== 'ready' || state.summary === null) return null;
  return {
    summary: state.summary,
    formatVerdicts: state.formatVerdicts,
    sourceName: state.sourceName,
    openedSource: state.openedSource,
    cursorSeq: state.pendingSeq ?? state.cursorSeq,
    progress: state.progress,
    openedFiles: state.openedFiles,
    openedFilesChoice: state.openedFilesChoice,
  };
}

/**
 * The writes that give `shown` back after a load that showed nothing, with that load's failure
 * beside it (or none: a cancel). The generation moves on: nothing cached during the failed load may
 * be taken for this log's.
 */
export function restoredLogWrites(
  shown: ShownLog,
  failure: LoadFailure | null,
  failedName: string | null,
  logGeneration: number,
): Partial<LoadWrites> {
  return {
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
    logGeneration: logGeneration + 1,
  };
}

/** Whether `summary` is the log `jump` names (an old link's session id, when it has no content key). */
export function isLogOfJump(jump: PendingJump, summary: LogSummary): boolean {
  if (jump.logKey != null) return summary.contentKey === jump.logKey;
  return jump.sessionId === null || summary.sessionId === null || jump.sessionId === summary.sessionId;
}
