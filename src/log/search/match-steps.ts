// Stepping through the matches of a search from the cursor, wrapping at either end: what Enter and
// Shift+Enter do with the seqs one query returned (searchTextIndex), without another round trip.

import { findFirstAtOrAbove, findLastAtOrBelow } from '../base/binary-search.ts';

/** Where a step landed: the match's place among all of them (0-based), its seq, and whether it wrapped. */
export interface MatchStep {
  index: number;
  seq: number;
  /** The step went past the last match (forward) or the first (backward) and came round. */
  wrapped: boolean;
}

/**
 * The first match after `fromSeq` (direction 1) or the last before it (direction -1); past the end
 * it wraps to the first (or last) match. A cursor on a match steps off it. Null when there is no
 * match. `seqs` ascending and distinct.
 */
export function stepMatch(seqs: ArrayLike<number>, fromSeq: number, direction: 1 | -1): MatchStep | null {
  if (seqs.length === 0) return null;
  if (direction === 1) {
    const next = findFirstAtOrAbove(seqs, Math.floor(fromSeq) + 1);
    const index = next < seqs.length ? next : 0;
    return { index, seq: seqs[index] as number, wrapped: next >= seqs.length };
  }
  const previous = findLastAtOrBelow(seqs, Math.ceil(fromSeq) - 1);
  const index = previous >= 0 ? previous : seqs.length - 1;
  return { index, seq: seqs[index] as number, wrapped: previous < 0 };
}

/** The place (0-based) of `seq` among the matches, or -1 when it is not one. */
export function matchIndexOf(seqs: ArrayLike<number>, seq: number): number {
  const at = findFirstAtOrAbove(seqs, seq);
  return at < seqs.length && seqs[at] === seq ? at : -1;
}
