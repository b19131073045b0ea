// Pure cursor arithmetic for the scrubber and keys: clamping, step/turn/problem jumps.

import type { TurnSpan } from '../../log/index.ts';

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
  let low = 0;
  let high = sortedSeqs.length;
  // First index whose seq is > cursorSeq.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sortedSeqs[middle] as number) <= cursorSeq) low = middle + 1;
    else high = middle;
  }
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
