// The live head of a followed log (issue 22): what the page knows of following (live-state), and
// what a 'live' message from the worker does to the open log — its summary grows (the earlier
// turns kept, the changed ones replaced), the cursor follows the head while it sits on the last
// event and nothing is pinned, and a restart (the file was replaced or shrank) drops every cached
// row and view of the file before, with a notice. Nothing here rebuilds what the page holds.

import type { LiveMessage, LiveStatus, LogSummary } from '../worker/client.ts';
import type { BlockFeed } from './block-feed.ts';
import type { CursorControl } from './cursor/cursor-slice.ts';
import type { EventRow } from '../log/index.ts';

/** Where a followed log comes from: a picked file, a file of a picked folder, a `?src=` URL. */
export type LiveSourceKind = 'file' | 'folder' | 'url';

/**
 * A turn that has not ended is "running" while the writer appended within this long; past it, the
 * viewer says the writer has stopped and the turn may be hanging. The user can change it.
 */
export const DEFAULT_IDLE_THRESHOLD_MS = 30_000;

export interface LiveState {
  source: LiveSourceKind;
  /** The worker's last word: following, stopped (by the reader), or failed (message says why). */
  status: LiveStatus;
  /** The user's threshold between running and hanging (ms). */
  idleThresholdMs: number;
  /** When the page last heard the log grow (Date.now()), for the idle clock. */
  lastGrowthSeenAt: number;
  /**
   * The seq the cursor was on when the reader scrolled the events list up from the head (null: they
   * did not): the cursor stays there as the log grows, until it moves or "Jump to live".
   */
  heldAtSeq: number | null;
}

export function createLiveState(source: LiveSourceKind, idleThresholdMs: number): LiveState {
  const now = Date.now();
  return {
    source,
    status: { state: 'following', bytesRead: 0, lastGrowthAt: now, restarts: 0, message: null },
    idleThresholdMs,
    lastGrowthSeenAt: now,
    heldAtSeq: null,
  };
}

/**
 * Whether the cursor is at the head: on the last event, nothing pinned, the events list not scrolled
 * up from there (what "● Live" shows).
 */
export function isAtLiveHead(state: {
  summary: LogSummary | null;
  cursorSeq: number | null;
  pendingSeq: number | null;
  pinnedSeq: number | null;
  live?: Pick<LiveState, 'heldAtSeq'> | null;
}): boolean {
  const { summary } = state;
  if (summary === null || state.pinnedSeq !== null) return false;
  const seq = state.pendingSeq ?? state.cursorSeq;
  if (seq !== null && seq === state.live?.heldAtSeq) return false;
  return summary.eventCount === 0 || seq === summary.eventCount - 1;
}

/**
 * Whether the cursor follows the head of a log that is being followed: what ticks (a call in
 * flight, the writer's idle time) ticks only then.
 */
export function isFollowingHead(
  state: Parameters<typeof isAtLiveHead>[0] & { live: LiveState | null },
): boolean {
  return state.live !== null && state.live.status.state === 'following' && isAtLiveHead(state);
}

/**
 * While following: whether the writer appended within the reader's threshold (`active`: an unended
 * turn is running) or has been quiet longer (`quiet`: it may be hanging); null when not following.
 */
export function writerActivityOf(live: LiveState | null, now: number): 'active' | 'quiet' | null {
  if (live === null || live.status.state !== 'following') return null;
  return now - live.status.lastGrowthAt >= live.idleThresholdMs ? 'quiet' : 'active';
}

/**
 * The header id of the log being followed (a workspace row with this id is that session), or null
 * when nothing is followed. Any file can claim any id: this says which row to read as live, nothing more.
 */
export function followedSessionIdOf(state: {
  live: LiveState | null;
  summary: Pick<LogSummary, 'sessionId'> | null;
}): string | null {
  if (state.live === null || state.live.status.state !== 'following') return null;
  return state.summary?.sessionId ?? null;
}

/** The state the live actions read and write (the viewer store's, structurally). */
type LiveHeadState = Parameters<typeof isAtLiveHead>[0] & { live: LiveState | null };

/** The load slice's actions about following: stop, Jump to live, leave the head (scrolled up). */
export function createLiveActions(deps: {
  get: () => LiveHeadState;
  set: (writes: { live?: LiveState | null; pinnedSeq?: null }) => void;
  cursor: Pick<CursorControl, 'followHead'>;
  stopFollowing: () => void;
}) {
  const { get, set, cursor } = deps;
  return {
    stopFollowing: deps.stopFollowing,
    jumpToLive(): void {
      const { summary, live } = get();
      set({ pinnedSeq: null, ...(live !== null ? { live: { ...live, heldAtSeq: null } } : {}) });
      if (summary !== null) cursor.followHead(summary.eventCount);
    },
    leaveLiveHead(): void {
      const state = get();
      const { live } = state;
      if (live === null || live.status.state !== 'following' || !isAtLiveHead(state)) return;
      set({ live: { ...live, heldAtSeq: state.pendingSeq ?? state.cursorSeq } });
    },
  };
}

/** The summary after a live message: `turnsFrom` earlier turns kept from `before`. */
function mergeLiveSummary(before: LogSummary | null, message: LiveMessage): LogSummary | null {
  const { summary } = message;
  if (summary === undefined) return null;
  const turnsFrom = message.turnsFrom ?? 0;
  if (turnsFrom === 0 || before === null) return summary;
  return { ...summary, turns: [...before.turns.slice(0, turnsFrom), ...summary.turns] };
}

interface LiveDependencies {
  eventRows: BlockFeed<EventRow>;
  cursor: CursorControl;
}

/** What a live message changes, as one store update plus the cursor's follow. */
export interface LiveUpdate {
  summary: LogSummary | null;
  notice: string | null;
  isRestart: boolean;
  wasAtHead: boolean;
}

/**
 * Applies `message` to the open log: `apply` writes the new summary (and its seq lists) into the
 * store; the rows and views of a replaced file are dropped first; the cursor follows the head
 * when it was there before the append.
 */
export function applyLiveMessage(
  message: LiveMessage,
  state: Parameters<typeof isAtLiveHead>[0],
  deps: LiveDependencies,
  apply: (summary: LogSummary) => void,
): LiveUpdate {
  const wasAtHead = isAtLiveHead(state);
  const summary = mergeLiveSummary(state.summary, message);
  const isRestart = message.restart !== undefined;
  if (isRestart) {
    deps.cursor.resetFeeds();
    deps.eventRows.reset();
  }
  // The new events' rows first: the list renders them with the count that shows them.
  if (message.rows !== undefined) deps.eventRows.extend(message.rows.startSeq, message.rows.rows);
  if (summary !== null) {
    apply(summary);
    if ((wasAtHead || isRestart) && summary.eventCount > 0) deps.cursor.followHead(summary.eventCount);
  }
  return { summary, notice: message.restart ?? null, isRestart, wasAtHead };
}
