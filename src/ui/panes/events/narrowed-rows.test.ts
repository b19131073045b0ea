// Tests of the cursor's place in a narrowed events list.
import { describe, expect, it } from 'vitest';
import { findCursorRow, seqForMove } from './narrowed-rows.ts';

const SEQS = Int32Array.from([3, 10, 11, 40]);

describe('findCursorRow', () => {
  it('finds the cursor’s own row', () => {
    expect(findCursorRow(SEQS, 11)).toEqual({ row: 2, isExact: true });
    expect(findCursorRow(SEQS, 3)).toEqual({ row: 0, isExact: true });
  });

  it('names the nearest row for a cursor outside the list, the earlier one on a tie', () => {
    expect(findCursorRow(SEQS, 0)).toEqual({ row: 0, isExact: false });
    expect(findCursorRow(SEQS, 9)).toEqual({ row: 1, isExact: false });
    expect(findCursorRow(SEQS, 5)).toEqual({ row: 0, isExact: false });
    expect(findCursorRow(SEQS, 25)).toEqual({ row: 2, isExact: false });
    expect(findCursorRow(SEQS, 26)).toEqual({ row: 3, isExact: false });
    expect(findCursorRow(SEQS, 999)).toEqual({ row: 3, isExact: false });
  });

  it('has no row without a cursor or rows', () => {
    expect(findCursorRow(SEQS, null)).toBeNull();
    expect(findCursorRow(new Int32Array(0), 4)).toBeNull();
  });
});

describe('seqForMove', () => {
  it('steps to the next and previous rows from the cursor, in the list or not', () => {
    expect(seqForMove(SEQS, 10, 'next')).toBe(11);
    expect(seqForMove(SEQS, 10, 'previous')).toBe(3);
    expect(seqForMove(SEQS, 20, 'next')).toBe(40);
    expect(seqForMove(SEQS, 20, 'previous')).toBe(11);
    expect(seqForMove(SEQS, 40, 'next')).toBeNull();
    expect(seqForMove(SEQS, 3, 'previous')).toBeNull();
  });

  it('goes to the first and last rows', () => {
    expect(seqForMove(SEQS, 20, 'first')).toBe(3);
    expect(seqForMove(SEQS, 20, 'last')).toBe(40);
    expect(seqForMove(SEQS, null, 'next')).toBe(3);
    expect(seqForMove(new Int32Array(0), 1, 'next')).toBeNull();
  });
});
