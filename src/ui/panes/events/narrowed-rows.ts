// Where the cursor stands in a narrowed events list (the seqs a facet selection keeps, ascending):
// its own row, or the nearest row when the cursor's event is not in the list, and the rows ↑/↓,
// Home/End go to from there.
import { findFirstAtOrAbove } from '../../../log/index.ts';

/** The cursor against a narrowed list: the row it is on, or the nearest row (`isExact` false). */
export interface CursorRow {
  row: number;
  /** True when the cursor's event is in the list (that row is the cursor's). */
  isExact: boolean;
}

/**
 * The row of `cursorSeq` in `seqs` (ascending), or when the list does not hold it the row whose seq
 * is nearest (the earlier one on a tie); null for an empty list or no cursor.
 */
export function findCursorRow(seqs: Int32Array, cursorSeq: number | null): CursorRow | null {
  if (cursorSeq === null || seqs.length === 0) return null;
  const after = findFirstAtOrAbove(seqs, cursorSeq);
  if (after < seqs.length && seqs[after] === cursorSeq) return { row: after, isExact: true };
  if (after === 0) return { row: 0, isExact: false };
  if (after === seqs.length) return { row: seqs.length - 1, isExact: false };
  const below = cursorSeq - (seqs[after - 1] as number);
  const above = (seqs[after] as number) - cursorSeq;
  return { row: above < below ? after : after - 1, isExact: false };
}

/** A key that moves within the narrowed list. */
export type NarrowedMove = 'next' | 'previous' | 'first' | 'last';

/**
 * The seq a key moves the cursor to: the next / previous row after / before the cursor (whether or
 * not its event is in the list), or the first / last row; null when there is none that way.
 */
export function seqForMove(seqs: Int32Array, cursorSeq: number | null, move: NarrowedMove): number | null {
  if (seqs.length === 0) return null;
  if (move === 'first' || cursorSeq === null)
    return move === 'last' ? (seqs.at(-1) ?? null) : (seqs[0] ?? null);
  if (move === 'last') return seqs.at(-1) ?? null;
  if (move === 'next') return seqs[findFirstAtOrAbove(seqs, cursorSeq + 1)] ?? null;
  return seqs[findFirstAtOrAbove(seqs, cursorSeq) - 1] ?? null;
}
