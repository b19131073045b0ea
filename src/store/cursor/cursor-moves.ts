// Pure cursor arithmetic for the scrubber and keys: clamping, step/turn jumps, n/N through problems.

import { findLastAtOrBelow, type TurnSpan } from '../../log/index.ts';

/** Clamps a seq into `[0, eventCount)`; null when the log has no events. */
export function clampSeq(seq: number, eventCount: number): number | null {
  if (eventCount <= 0) return null;
  if (!Number.isFinite(seq)) return eventCount - 1;
  return Math.min(eventCount - 1, Math.max(0, Math.trunc(seq)));
}

/** Boundary seqs (turn or step starts), ascending, for keyboard jumps and scrubber ticks. */
export function collectBoundarySeqs(turns: readonly TurnSpan[], level: 'turn' | 'step'): number[] {
  const seqs: number[] = [];
  for (const turn of turns) {
    if (level === 'turn') seqs.push(turn.startSeq);
    else for (const step of turn.steps) seqs.push(step.startSeq);
  }
  return seqs.sort((a, b) => a - b);
}

/**
 * The next boundary strictly after (direction 1) or before (direction -1) `cursorSeq`, or null when
 * there is none. `sortedSeqs` must be ascending.
 */
export function findAdjacentSeq(
  sortedSeqs: readonly number[],
  cursorSeq: number,
  direction: 1 | -1,
): number | null {
  // First index whose seq is > cursorSeq.
  const low = findLastAtOrBelow(sortedSeqs, cursorSeq) + 1;
  if (direction === 1) return sortedSeqs[low] ?? null;
  let index = low - 1;
  while (index >= 0 && (sortedSeqs[index] as number) >= cursorSeq) index--;
  return index >= 0 ? (sortedSeqs[index] as number) : null;
}

/**
 * Where a step/turn key press moves the cursor: the adjacent boundary, else the log's first/last
 * seq, so the key always does something visible until the end.
 */
export function stepCursor(
  sortedSeqs: readonly number[],
  cursorSeq: number,
  direction: 1 | -1,
  eventCount: number,
): number | null {
  const target = findAdjacentSeq(sortedSeqs, cursorSeq, direction);
  if (target !== null) return clampSeq(target, eventCount);
  return clampSeq(direction === 1 ? eventCount - 1 : 0, eventCount);
}

/**
 * Where n (direction 1) / N (direction -1) go from `cursorSeq` through `sortedSeqs` (ascending, not
 * empty): the adjacent seq, wrapping around past the last / before the first instead of falling to
 * the log's edge, so n/N cycle through problems and findings only.
 */
export function findProblemSeq(
  sortedSeqs: readonly number[],
  cursorSeq: number,
  direction: 1 | -1,
  eventCount: number,
): number | null {
  const target = stepCursor(sortedSeqs, cursorSeq, direction, eventCount);
  const isPastLast =
    direction === 1 ? cursorSeq >= (sortedSeqs.at(-1) ?? 0) : cursorSeq <= (sortedSeqs[0] ?? 0);
  if (!isPastLast) return target;
  return direction === 1 ? (sortedSeqs[0] ?? null) : (sortedSeqs.at(-1) ?? null);
}

/** The ascending, unique union of two ascending lists. */
export function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number)) ? a[i++] : b[j++];
    if (merged.at(-1) !== next) merged.push(next as number);
  }
  return merged;
}

/** `seqs` in ascending order without repeats (a new array). */
export function uniqueSorted(seqs: readonly number[]): number[] {
  const sorted = [...seqs].sort((a, b) => a - b);
  return sorted.filter((seq, index) => index === 0 || sorted[index - 1] !== seq);
}

/** The notices describeProblemWrap writes. */
const PROBLEM_WRAP_NOTICES = [
  'n wrapped to the first problem or triage finding.',
  'N wrapped to the last problem or triage finding.',
  'The only problem or triage finding: n / N wrapped to the same one.',
] as const;

/**
 * What n (1) / N (-1) from `cursorSeq` to `target` says when it wrapped past an end of `sortedSeqs`,
 * or landed on the one stop there is while already on it; null when it did not wrap.
 */
export function describeProblemWrap(
  sortedSeqs: readonly number[],
  cursorSeq: number,
  target: number,
  direction: 1 | -1,
): string | null {
  const isWrapped = direction === 1 ? target <= cursorSeq : target >= cursorSeq;
  if (!isWrapped) return null;
  if (sortedSeqs.length === 1) return PROBLEM_WRAP_NOTICES[2];
  return direction === 1 ? PROBLEM_WRAP_NOTICES[0] : PROBLEM_WRAP_NOTICES[1];
}
