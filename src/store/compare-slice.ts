// Comparing runs (issue 23): which runs are compared with the open log, the worker's outlines and
// alignment of them, and the one compare position (an aligned turn and step) that drives both sides
// while locked; unlocked, each side keeps its own seq. The runs' bodies stay in the worker.

import type { AlignedTurn, OutlineTurn, RunOutline } from '../log/index.ts';
import { findFirstDivergence } from '../log/index.ts';
import type { CompareOpened, CompareRunSource, LogClient } from '../worker/client.ts';
import type { Slice, SliceContext } from './slice.ts';

export interface ComparePosition {
  /** Index into `alignments[other].turns`. */
  turnIndex: number;
  /** Index into that aligned turn's `steps`, or null: the turn as a whole. */
  stepIndex: number | null;
}

interface CompareSession {
  status: 'loading' | 'ready' | 'failed';
  names: string[];
  opened: CompareOpened | null;
  error: string | null;
  /** Which run is beside the base in the pair view (1 … runs-1); the others are columns. */
  other: number;
  position: ComparePosition;
  isLocked: boolean;
  /** Each side's seq (base, other): derived from the position while locked. */
  seqs: [number, number];
  /**
   * The workspace session each run is (the base: the workspace session open when the compare
   * started), or null for a run that is no workspace session (a file, another generation): what a
   * permalink can name.
   */
  sessionIds: (string | null)[];
  /** The position asked for at the start (a permalink's), or null for the first divergence. */
  requestedPosition: ComparePosition | null;
}

/** A permalink's compare, waiting for its base session to open: then compared with `otherSessionId`. */
export interface CompareLinkRequest {
  baseSessionId: string;
  otherSessionId: string;
  /** Null: at the first divergence. */
  position: ComparePosition | null;
  /** Unlocked at these seqs (base, other) when the position is in the alignment; absent: locked. */
  freeSeqs?: [number, number];
}

export interface CompareSliceState {
  compare: CompareSession | null;
  /** The compare a followed permalink asks for, until use-compare-link.ts starts or drops it. */
  compareLink: CompareLinkRequest | null;
}

export interface CompareActions {
  /**
   * Compares the open log with `runs` (named `names`: the open log's name first), at `position` (a
   * permalink's; else the first divergence), unlocked at `freeSeqs` when given with a position.
   */
  startCompare(
    runs: CompareRunSource[],
    names: string[],
    position?: ComparePosition,
    freeSeqs?: [number, number],
  ): void;
  closeCompare(): void;
  setComparePosition(position: ComparePosition): void;
  /** Unlocked only: moves one side (0 the base, 1 the other) to a seq of its own. */
  setCompareSeq(side: 0 | 1, seq: number): void;
  setCompareLocked(isLocked: boolean): void;
  setCompareOther(other: number): void;
  /**
   * A history entry's compare place (Back, Forward): the ready compare moves to `position` (when the
   * alignment has it) and locks, or unlocks at `freeSeqs`, in one update. False when it cannot.
   */
  restoreComparePlace(position: ComparePosition | null, freeSeqs: [number, number] | null): boolean;
  /** Sets (or clears, with null) the compare a followed permalink waits to start. */
  requestCompareLink(request: CompareLinkRequest | null): void;
}

/** What a waiting compare link can do now (compareLinkStepOf). */
export type CompareLinkStep =
  | 'none'
  /** The workspace, the base session or its load are not there yet. */
  | 'wait'
  | 'start'
  /** The workspace is listed in full and does not hold the other session. */
  | 'missing'
  /** Another session is open, or the base failed to load: the link no longer applies. */
  | 'drop';

/** The state compareLinkStepOf reads. */
export interface CompareLinkFacts {
  compareLink: CompareLinkRequest | null;
  workspace: { snapshot: { rows: readonly { id: string }[]; isComplete: boolean } | null } | null;
  workspaceSessionId: string | null;
  summary: { sessionId: string | null } | null;
  loadState: string;
}

/** Whether a permalink's compare can start: its base session is the open, loaded one and the other is listed. */
export function compareLinkStepOf(state: CompareLinkFacts): CompareLinkStep {
  const link = state.compareLink;
  if (link === null) return 'none';
  const snapshot = state.workspace?.snapshot ?? null;
  if (snapshot === null || state.workspaceSessionId === null) return 'wait';
  if (state.workspaceSessionId !== link.baseSessionId) return 'drop';
  if (state.loadState === 'error') return 'drop';
  if (state.loadState !== 'ready' || state.summary?.sessionId !== link.baseSessionId) return 'wait';
  if (snapshot.rows.some((row) => row.id === link.otherSessionId)) return 'start';
  return snapshot.isComplete ? 'missing' : 'wait';
}

/** Whether `position` names an aligned turn (and step) of alignment `other`. */
function isPositionIn(opened: CompareOpened, other: number, position: ComparePosition): boolean {
  const turn = opened.columns.alignments[other - 1]?.turns[position.turnIndex];
  if (turn === undefined) return false;
  return position.stepIndex === null || position.stepIndex < turn.steps.length;
}

/** Where a side shows an aligned step: the step's end (its answer, calls and results are in). */
function seqOnSide(
  outline: RunOutline,
  turn: AlignedTurn | undefined,
  stepIndex: number | null,
  side: 'a' | 'b',
): number | null {
  const turnPosition = turn?.[side] ?? null;
  if (turnPosition === null) return null;
  const outlineTurn = outline.turns[turnPosition] as OutlineTurn;
  const aligned = stepIndex === null ? undefined : turn?.steps[stepIndex];
  const stepPosition = aligned?.[side] ?? null;
  const step = stepPosition === null ? undefined : outlineTurn.steps[stepPosition];
  if (step !== undefined) return step.endSeq ?? outlineTurn.endSeq ?? outline.eventCount - 1;
  return outlineTurn.endSeq ?? outline.eventCount - 1;
}

/** `seqs` within the two runs' events (a link's seqs are untrusted numbers). */
function clampSeqs(opened: CompareOpened, other: number, seqs: [number, number]): [number, number] {
  const last = (run: RunOutline | undefined) => Math.max(0, (run?.eventCount ?? 1) - 1);
  return [Math.min(seqs[0], last(opened.outlines[0])), Math.min(seqs[1], last(opened.outlines[other]))];
}

/** Both sides' seqs at a position; a side with nothing there keeps the seq it had. */
function seqsAt(
  opened: CompareOpened,
  other: number,
  position: ComparePosition,
  previous: [number, number],
): [number, number] {
  const alignment = opened.columns.alignments[other - 1];
  const base = opened.outlines[0];
  const run = opened.outlines[other];
  if (alignment === undefined || base === undefined || run === undefined) return previous;
  const turn = alignment.turns[position.turnIndex];
  return [
    seqOnSide(base, turn, position.stepIndex, 'a') ?? previous[0],
    seqOnSide(run, turn, position.stepIndex, 'b') ?? previous[1],
  ];
}

/** The first divergence's position, or the first turn when the runs are the same throughout. */
export function firstDivergencePosition(opened: CompareOpened, other: number): ComparePosition {
  const alignment = opened.columns.alignments[other - 1];
  const base = opened.outlines[0];
  const run = opened.outlines[other];
  if (alignment === undefined || base === undefined || run === undefined)
    return { turnIndex: 0, stepIndex: null };
  const found = findFirstDivergence(alignment, base, run);
  if (found === null) return { turnIndex: 0, stepIndex: alignment.turns[0]?.steps.length ? 0 : null };
  return { turnIndex: found.turnIndex, stepIndex: found.stepIndex };
}

export function createCompareSlice(
  {
    set,
    get,
  }: SliceContext<
    CompareSliceState & { notice?: string | null },
    CompareSliceState & { workspaceSessionId: string | null; summary: { sessionId: string | null } | null }
  >,
  { client }: { client: LogClient },
): Slice<CompareSliceState, CompareActions> {
  let token = 0;
  const update = (change: Partial<CompareSession>): void => {
    const current = get().compare;
    if (current !== null) set({ compare: { ...current, ...change } });
  };
  return {
    state: { compare: null, compareLink: null },
    actions: {
      startCompare(runs, names, position, freeSeqs) {
        const mine = ++token;
        const { workspaceSessionId, summary } = get();
        const baseSessionId =
          workspaceSessionId !== null && summary?.sessionId === workspaceSessionId
            ? workspaceSessionId
            : null;
        set({
          compare: {
            status: 'loading',
            names,
            opened: null,
            error: null,
            other: 1,
            position: position ?? { turnIndex: 0, stepIndex: null },
            isLocked: true,
            seqs: [0, 0],
            sessionIds: [
              baseSessionId,
              ...runs.map((run) => (run.kind === 'workspace-session' ? run.sessionId : null)),
            ],
            requestedPosition: position ?? null,
          },
        });
        client.query({ kind: 'compare-open', runs: [{ kind: 'open' }, ...runs], names }).then(
          (opened) => {
            if (mine !== token) return;
            const isKnown = position !== undefined && isPositionIn(opened, 1, position);
            const at = isKnown ? position : firstDivergencePosition(opened, 1);
            const seqs = seqsAt(opened, 1, at, [0, 0]);
            update(
              isKnown && freeSeqs !== undefined
                ? {
                    status: 'ready',
                    opened,
                    position: at,
                    isLocked: false,
                    seqs: clampSeqs(opened, 1, freeSeqs),
                  }
                : { status: 'ready', opened, position: at, seqs },
            );
            if (position !== undefined && !isKnown)
              set({
                notice: `The link's compare position (aligned turn ${position.turnIndex}${position.stepIndex === null ? '' : `, step ${position.stepIndex}`}) is not in this alignment; showing the first divergence.`,
              });
          },
          (error: unknown) => {
            if (mine !== token) return;
            update({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
          },
        );
      },
      closeCompare() {
        token++;
        set({ compare: null });
        void client.query({ kind: 'compare-close' }).catch(() => undefined);
      },
      setComparePosition(position) {
        const current = get().compare;
        if (current?.opened == null) return;
        update({
          position,
          seqs: current.isLocked
            ? seqsAt(current.opened, current.other, position, current.seqs)
            : current.seqs,
        });
      },
      setCompareSeq(side, seq) {
        const current = get().compare;
        if (current === null || current.isLocked) return;
        const seqs: [number, number] = [...current.seqs];
        seqs[side] = seq;
        update({ seqs });
      },
      setCompareLocked(isLocked) {
        const current = get().compare;
        if (current?.opened == null) return;
        update({
          isLocked,
          seqs: isLocked
            ? seqsAt(current.opened, current.other, current.position, current.seqs)
            : current.seqs,
        });
      },
      requestCompareLink(request) {
        set({ compareLink: request });
      },
      restoreComparePlace(position, freeSeqs) {
        const current = get().compare;
        if (current?.status !== 'ready' || current.opened === null) return false;
        const { opened, other } = current;
        const at =
          position !== null && isPositionIn(opened, other, position)
            ? position
            : firstDivergencePosition(opened, other);
        update(
          freeSeqs === null
            ? { position: at, isLocked: true, seqs: seqsAt(opened, other, at, current.seqs) }
            : { position: at, isLocked: false, seqs: clampSeqs(opened, other, freeSeqs) },
        );
        return true;
      },
      setCompareOther(other) {
        const current = get().compare;
        if (current?.opened == null) return;
        const position = firstDivergencePosition(current.opened, other);
        update({ other, position, seqs: seqsAt(current.opened, other, position, current.seqs) });
      },
    },
  };
}
