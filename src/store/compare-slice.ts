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
}

export interface CompareSliceState {
  compare: CompareSession | null;
}

export interface CompareActions {
  /** Compares the open log with `runs` (named `names`: the open log's name first). */
  startCompare(runs: CompareRunSource[], names: string[], position?: ComparePosition): void;
  closeCompare(): void;
  setComparePosition(position: ComparePosition): void;
  /** Unlocked only: moves one side (0 the base, 1 the other) to a seq of its own. */
  setCompareSeq(side: 0 | 1, seq: number): void;
  setCompareLocked(isLocked: boolean): void;
  setCompareOther(other: number): void;
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
  { set, get }: SliceContext<CompareSliceState>,
  { client }: { client: LogClient },
): Slice<CompareSliceState, CompareActions> {
  let token = 0;
  const update = (change: Partial<CompareSession>): void => {
    const current = get().compare;
    if (current !== null) set({ compare: { ...current, ...change } });
  };
  return {
    state: { compare: null },
    actions: {
      startCompare(runs, names, position) {
        const mine = ++token;
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
          },
        });
        client.query({ kind: 'compare-open', runs: [{ kind: 'open' }, ...runs], names }).then(
          (opened) => {
            if (mine !== token) return;
            const at = position ?? firstDivergencePosition(opened, 1);
            update({ status: 'ready', opened, position: at, seqs: seqsAt(opened, 1, at, [0, 0]) });
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
      setCompareOther(other) {
        const current = get().compare;
        if (current?.opened == null) return;
        const position = firstDivergencePosition(current.opened, other);
        update({ other, position, seqs: seqsAt(current.opened, other, position, current.seqs) });
      },
    },
  };
}
