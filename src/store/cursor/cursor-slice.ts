// The cursor protocol, the one home of where the panes are: the cursor every pane follows, where it
// is going while its model view is fetched (pendingSeq, at most CURSOR_HOLD_MAX_MS), what a move
// waits for (the preparer), when the events list follows a move at once (near) or once the cursor
// settles (far), where the keys go (steps, turns, n/N through problems and findings), which moves
// are jumps (the browser history keeps an entry for each, src/url/history-sync.ts) and which event
// the detail is pinned to.

import { sameOrNew } from './same-or-new.ts';
import type { EventRow } from '../../log/index.ts';
import type { LogSummary } from '../../worker/client.ts';
import type { BlockFeed } from '../block-feed.ts';
import type { ModelViewFeed, PrepareOutcome } from '../model-view-feed.ts';
import type { Slice, SliceContext } from '../slice.ts';
import {
  describeProblemWrap,
  clampSeq,
  collectBoundarySeqs,
  findProblemSeq,
  mergeSorted,
  stepCursor,
  uniqueSorted,
} from './cursor-moves.ts';

/**
 * What the cursor protocol must know of the events list, which owns these numbers
 * (ui/panes/events/list-layout.ts) and the app passes in.
 */
export interface EventListGeometry {
  /** Rows per block of the list's virtualizer, and of the store's row cache, so a prepared move finds whole blocks cached. */
  rowsPerBlock: number;
  /** Rows on each side of a cursor target fetched before the list shows it: more than a tall list shows. */
  rowsAroundCursor: number;
}

/** What the store waits for before it moves the cursor (an interface, so store tests can prepare nothing). */
export interface CursorPreparer {
  /**
   * 'ready' at once when nothing needs fetching, else a promise. Only the newest call can end 'ready'.
   * `isHeadFollow`: the move follows a live log's head, which the events list follows at once (its
   * rows are prepared too, however far the append moved the head).
   */
  prepare: (seq: number, isHeadFollow?: boolean) => PrepareOutcome | Promise<PrepareOutcome>;
  /** Forgets everything cached: a new log (or a finished load) changes what each seq shows. */
  reset: () => void;
}

/**
 * The longest a cursor move waits for its model view (ms): past it every pane moves anyway and the
 * model view follows when its answer comes (a worker busy with a load slice or a long search).
 */
export const CURSOR_HOLD_MAX_MS = 150;

/**
 * What a move is, for the browser history (src/url/history-sync.ts):
 * - 'jump': the reader went somewhere (an event link, a list row, a timeline click, a search hit, a
 *   triage finding, n/N, Home/End). It is recorded in `lastJump`, and the history keeps an entry.
 * - 'step': the reader moved along (←/→, Shift+←/→, PageUp/PageDown, the scrubber, playback). The
 *   current entry's hash follows it.
 * - 'history': Back or Forward brought the reader to a place the history already holds.
 */
type MoveKind = 'step' | 'jump' | 'history';

/** One jump: where the cursor was aimed when it started, where it goes, and a number that only grows. */
interface CursorJump {
  id: number;
  /** The cursor (or the seq it was going to) before the jump; null if there was none. */
  fromSeq: number | null;
  toSeq: number;
}

/** The events list's side of the cursor protocol (read through useSettledCursor). */
interface ListCursor {
  /**
   * Whether the list follows a move from `shownSeq` to `nextSeq` at once, in the render where every
   * other pane moves: a move at most one block of rows away, whose rows the store prepares with the
   * move. The list follows a far move only once the cursor settles, and prepares its rows then:
   * during a scrub the move's critical path is the model view alone.
   */
  isNearMove: (shownSeq: number, nextSeq: number) => boolean;
  /** Fetches the rows the list shows around `seq`. */
  prepare: (seq: number) => PrepareOutcome | Promise<PrepareOutcome>;
}

export interface CursorSliceState {
  /** The one cursor every pane follows; null when no events are loaded. */
  cursorSeq: number | null;
  /**
   * Where the cursor is going while the model view there is fetched, else null. Only the scrubber
   * shows it; every pane moves together when it becomes `cursorSeq`.
   */
  pendingSeq: number | null;
  /**
   * The event the detail panel keeps showing while the cursor moves, or null: then the detail follows
   * the cursor (ui/panes/events/use-detail-seq.ts).
   */
  pinnedSeq: number | null;
  /** The newest jump of this log (see MoveKind), or null before the first. Steps do not change it. */
  lastJump: CursorJump | null;
  /** Ascending step and turn start seqs of the open log (for keys and scrubber ticks). */
  stepSeqs: number[];
  turnSeqs: number[];
  /** Problem seqs, ascending and unique (for n/N and scrubber marks). */
  problemSeqs: number[];
  /** Seqs of the triage findings (deriveTriage(log).findings), ascending and unique; empty until the
   * loaded log's triage arrives. n/N step through these and problemSeqs together. */
  findingSeqs: number[];
  /** The events list's side of the protocol (a stable handle, not data). */
  listCursor: ListCursor;
}

export interface CursorActions {
  /** Moves the cursor to `seq`; a step unless `kind` says otherwise (the scrubber, playback: steps). */
  setCursor(seq: number, kind?: MoveKind): void;
  /** ←/→: a step. */
  moveCursor(delta: number): void;
  /** Shift+←/→ and PageUp/PageDown: a step. */
  moveToBoundary(level: 'step' | 'turn', direction: 1 | -1): void;
  /** n/N: a jump. */
  moveToProblem(direction: 1 | -1): void;
  /** Home/End: a jump (the reader leaves where they were for the log's edge). */
  moveToEdge(edge: 'start' | 'end'): void;
  /** A link to an event (detail links, model view, triage, problems, list rows, search hits): a jump. */
  selectEvent(seq: number): void;
  /** Pins the detail to `seq`, or unpins it (null): then it follows the cursor again. */
  pinDetail(seq: number | null): void;
  /** `p`: pins the detail to the cursor's event, or unpins it. */
  toggleDetailPin(): void;
}

/** What loading a log does to the cursor (the load slice's calls). */
export interface CursorControl {
  /** A new log starts loading: no move of the last one may land, the feeds forget it, and the
   * end-of-load landing is armed again. */
  startLog(): void;
  /** What the feeds cached no longer holds (the finished index replaced the partial one, the worker stopped). */
  resetFeeds(): void;
  /** Drops a move waiting for its model view (a failed load, a stopped worker). */
  cancelPendingMove(): void;
  /** With the first rows: the cursor goes to seq 0, and its rows and model view are asked for now,
   * while the panes mount. Nothing happens once the cursor is somewhere or without events. */
  placeOnFirstEvent(eventCount: number): void;
  /** At the end of a load: the cursor lands on the last event, unless the user moved it meanwhile. */
  landAtEnd(eventCount: number): void;
  /** A followed log grew while the cursor was on its last event: it moves to the new last one (no history entry). */
  followHead(eventCount: number): void;
  /** A permalink's seq (already clamped): the cursor goes there at once. Not a recorded jump: the
   * history already holds the permalink's entry (the page's own, or the one a pasted link made). */
  jumpTo(seq: number): void;
  /** The loaded log's triage finding seqs (any order), which n/N visit with the problems. */
  setFindingSeqs(seqs: readonly number[]): void;
}

/** The per-log cursor state before any log is loaded (fresh arrays each call). */
export function createEmptyCursorState(): Omit<CursorSliceState, 'listCursor'> {
  return {
    cursorSeq: null,
    pendingSeq: null,
    pinnedSeq: null,
    lastJump: null,
    stepSeqs: [],
    turnSeqs: [],
    problemSeqs: [],
    findingSeqs: [],
  };
}

/**
 * The seq lists a summary brings: boundaries for the keys and ticks, problems for n/N and marks. A
 * list equal to its `before` is `before` itself.
 */
export function collectSummarySeqs(
  summary: LogSummary,
  before?: Pick<CursorSliceState, 'stepSeqs' | 'turnSeqs' | 'problemSeqs'>,
): Pick<CursorSliceState, 'stepSeqs' | 'turnSeqs' | 'problemSeqs'> {
  return {
    stepSeqs: sameOrNew(before?.stepSeqs, collectBoundarySeqs(summary.turns, 'step')),
    turnSeqs: sameOrNew(before?.turnSeqs, collectBoundarySeqs(summary.turns, 'turn')),
    problemSeqs: sameOrNew(before?.problemSeqs, uniqueSorted(summary.problemMarks.map((mark) => mark.seq))),
  };
}

/** Where the cursor is, or is going: the base of relative moves (keys, playback, search). */
export function aimedSeq(state: Pick<CursorSliceState, 'cursorSeq' | 'pendingSeq'>): number | null {
  return state.pendingSeq ?? state.cursorSeq;
}

/** One outcome for several preparations: superseded if one was, else unavailable if one was. */
function combineOutcomes(outcomes: readonly PrepareOutcome[]): PrepareOutcome {
  if (outcomes.includes('superseded')) return 'superseded';
  return outcomes.includes('unavailable') ? 'unavailable' : 'ready';
}

/** Prepares a cursor move: the model view at the target and, for a near move, the list's rows around it, in parallel. */
function createCursorPreparer(
  modelViews: ModelViewFeed,
  eventRows: BlockFeed<EventRow>,
  listCursor: ListCursor,
  currentCursor: () => number | null,
): CursorPreparer {
  return {
    prepare(seq, isHeadFollow = false) {
      const cursor = currentCursor();
      const isNear = cursor !== null && listCursor.isNearMove(cursor, seq);
      const parts = [modelViews.prepare(seq)];
      if (isNear || isHeadFollow) parts.push(listCursor.prepare(seq));
      if (parts.every((part) => part === 'ready')) return 'ready';
      return Promise.all(parts.map((part) => Promise.resolve(part))).then(combineOutcomes);
    },
    reset() {
      modelViews.reset();
      eventRows.reset();
    },
  };
}

export interface CursorSliceDependencies {
  modelViews: ModelViewFeed;
  eventRows: BlockFeed<EventRow>;
  eventList: EventListGeometry;
  /** What a move waits for; by default the model view at the target and, for a near move, the rows
   * around it (tests of the store's own rules pass one that prepares nothing). */
  preparer?: CursorPreparer;
}

/** The cursor keys, plus the notice n/N leave when there is nothing to visit. */
type CursorWrites = Omit<CursorSliceState, 'listCursor'> & { notice: string | null };

/** The cursor slice: its initial state, the actions panes call, and the load slice's controls. */
export interface CursorSlice extends Slice<CursorSliceState, CursorActions> {
  control: CursorControl;
}

/**
 * The cursor slice over the store's `set`/`get`: it reads the summary for the log's length and owns
 * the hold timer and move tokens, so at most one move is pending and only the newest lands.
 */
export function createCursorSlice(
  { set, get }: SliceContext<CursorWrites, CursorSliceState & { summary: LogSummary | null }>,
  { modelViews, eventRows, eventList, preparer }: CursorSliceDependencies,
): CursorSlice {
  const { rowsPerBlock, rowsAroundCursor } = eventList;
  const listCursor: ListCursor = {
    isNearMove: (shownSeq, nextSeq) => Math.abs(nextSeq - shownSeq) <= rowsPerBlock,
    // Not past the last event: a short last block would be fetched again for rows that do not exist.
    prepare: (seq) => {
      const eventCount = get().summary?.eventCount;
      const end = seq + rowsAroundCursor;
      return eventRows.prepareRange(
        seq - rowsAroundCursor,
        eventCount === undefined ? end : Math.max(seq, Math.min(end, eventCount - 1)),
      );
    },
  };
  const ownPreparer = createCursorPreparer(modelViews, eventRows, listCursor, () => get().cursorSeq);
  const movePreparer = preparer ?? ownPreparer;
  /** Whether the user moved the cursor during this load (then the end-of-load landing is skipped). */
  let hasUserMovedCursor = false;
  /** Whether the notice shown is the one the last n / N wrote on wrapping (the next n / N clears it). */
  let hasWrapNotice = false;
  /** Identifies the latest cursor move; a prepared move lands only if no later move or jump came. */
  let latestMoveToken = 0;
  /** Runs out CURSOR_HOLD_MAX_MS after a move started waiting, then the pending seq lands as is. */
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  /** The id of the newest jump (CursorJump.id). */
  let jumpCount = 0;

  /** Drops a move waiting for its model view (a load, a jump or an immediate move replaces it). */
  function cancelPendingMove(): void {
    latestMoveToken += 1;
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
  }

  function resetFeeds(): void {
    ownPreparer.reset();
    if (movePreparer !== ownPreparer) movePreparer.reset();
  }

  function landCursor(seq: number): void {
    cancelPendingMove();
    set({ cursorSeq: seq, pendingSeq: null });
  }

  /**
   * Moves the cursor once the model view at the target is ready (cached, or fetched in a few ms):
   * meanwhile only `pendingSeq` changes (the scrubber follows it), then every pane moves in one
   * render with the model view already complete. The newest move wins; after CURSOR_HOLD_MAX_MS the
   * pending seq lands anyway. A jump is recorded (lastJump) before anything moves, so the history
   * keeps the place it leaves; a move to where the cursor already goes is no move, and no jump.
   */
  function moveTo(seq: number | null, kind: MoveKind | 'follow-head'): void {
    const { summary } = get();
    if (seq === null || !summary) return;
    const clamped = clampSeq(seq, summary.eventCount);
    const fromSeq = aimedSeq(get());
    if (clamped === null || clamped === fromSeq) return;
    // Following a live log's head is the log's move, not the reader's: no history entry.
    if (kind !== 'follow-head') hasUserMovedCursor = true;
    if (kind === 'jump') set({ lastJump: { id: ++jumpCount, fromSeq, toSeq: clamped } });
    const outcome = movePreparer.prepare(clamped, kind === 'follow-head');
    if (outcome === 'ready') {
      landCursor(clamped);
      return;
    }
    const token = ++latestMoveToken;
    set({ pendingSeq: clamped });
    holdTimer ??= setTimeout(() => {
      holdTimer = null;
      const pending = get().pendingSeq;
      if (pending !== null) landCursor(pending);
    }, CURSOR_HOLD_MAX_MS);
    void Promise.resolve(outcome).then((result) => {
      if (token === latestMoveToken && result !== 'superseded') landCursor(clamped);
    });
  }

  const actions: CursorActions = {
    setCursor(seq, kind = 'step') {
      moveTo(seq, kind);
    },
    moveCursor(delta) {
      moveTo((aimedSeq(get()) ?? 0) + delta, 'step');
    },
    moveToBoundary(level, direction) {
      const { summary, stepSeqs, turnSeqs } = get();
      const cursorSeq = aimedSeq(get());
      if (!summary || cursorSeq === null) return;
      moveTo(
        stepCursor(level === 'step' ? stepSeqs : turnSeqs, cursorSeq, direction, summary.eventCount),
        'step',
      );
    },
    moveToProblem(direction) {
      const { summary, findingSeqs } = get();
      const cursorSeq = aimedSeq(get());
      if (!summary || cursorSeq === null) return;
      const problemSeqs = mergeSorted(get().problemSeqs, findingSeqs);
      if (problemSeqs.length === 0) {
        set({ notice: 'This log has no problems or triage findings tied to a seq.' });
        return;
      }
      const target = findProblemSeq(problemSeqs, cursorSeq, direction, summary.eventCount);
      moveTo(target, 'jump');
      // Wrapping is said, as the search says it; the next n / N that does not wrap takes it away.
      const wrapNotice =
        target === null ? null : describeProblemWrap(problemSeqs, cursorSeq, target, direction);
      if (wrapNotice !== null) set({ notice: wrapNotice });
      else if (hasWrapNotice) set({ notice: null });
      hasWrapNotice = wrapNotice !== null;
    },
    moveToEdge(edge) {
      const { summary } = get();
      if (!summary) return;
      moveTo(edge === 'start' ? 0 : summary.eventCount - 1, 'jump');
    },
    selectEvent(seq) {
      moveTo(seq, 'jump');
    },
    pinDetail(seq) {
      const { summary } = get();
      set({ pinnedSeq: seq === null || !summary ? null : clampSeq(seq, summary.eventCount) });
    },
    toggleDetailPin() {
      const { pinnedSeq, cursorSeq } = get();
      actions.pinDetail(pinnedSeq !== null ? null : cursorSeq);
    },
  };

  const control: CursorControl = {
    startLog() {
      hasUserMovedCursor = false;
      cancelPendingMove();
      resetFeeds();
    },
    resetFeeds,
    cancelPendingMove,
    placeOnFirstEvent(eventCount) {
      if (get().cursorSeq !== null || eventCount <= 0) return;
      eventRows.ensureRange(0, rowsAroundCursor);
      modelViews.show(0);
      set({ cursorSeq: 0 });
    },
    landAtEnd(eventCount) {
      if (!hasUserMovedCursor) landCursor(clampSeq(eventCount - 1, eventCount) ?? 0);
    },
    followHead(eventCount) {
      moveTo(eventCount - 1, 'follow-head');
    },
    jumpTo(seq) {
      cancelPendingMove();
      set({ cursorSeq: seq, pendingSeq: null });
    },
    setFindingSeqs(seqs) {
      set({ findingSeqs: sameOrNew(get().findingSeqs, uniqueSorted(seqs)) });
    },
  };

  return { state: { ...createEmptyCursorState(), listCursor }, actions, control };
}
