// The binary searches agree with a linear scan: a table of edge cases, then random sorted arrays.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findFirstAtOrAbove, findFirstIndex, findLastAtOrBelow } from './binary-search.ts';

describe('findFirstAtOrAbove and findLastAtOrBelow', () => {
  const cases: { sorted: number[]; value: number; firstAtOrAbove: number; lastAtOrBelow: number }[] = [
    { sorted: [], value: 5, firstAtOrAbove: 0, lastAtOrBelow: -1 },
    { sorted: [3], value: 2, firstAtOrAbove: 0, lastAtOrBelow: -1 },
    { sorted: [3], value: 3, firstAtOrAbove: 0, lastAtOrBelow: 0 },
    { sorted: [3], value: 4, firstAtOrAbove: 1, lastAtOrBelow: 0 },
    { sorted: [1, 3, 5], value: 0, firstAtOrAbove: 0, lastAtOrBelow: -1 },
    { sorted: [1, 3, 5], value: 3, firstAtOrAbove: 1, lastAtOrBelow: 1 },
    { sorted: [1, 3, 5], value: 4, firstAtOrAbove: 2, lastAtOrBelow: 1 },
    { sorted: [1, 3, 5], value: 9, firstAtOrAbove: 3, lastAtOrBelow: 2 },
    { sorted: [2, 2, 2, 7], value: 2, firstAtOrAbove: 0, lastAtOrBelow: 2 },
    { sorted: [-Infinity, 0, Infinity], value: 0, firstAtOrAbove: 1, lastAtOrBelow: 1 },
  ];
  it.each(cases)(
    'in $sorted, $value is first reached at $firstAtOrAbove and last passed at $lastAtOrBelow',
    (row) => {
      expect(findFirstAtOrAbove(row.sorted, row.value)).toBe(row.firstAtOrAbove);
      expect(findLastAtOrBelow(row.sorted, row.value)).toBe(row.lastAtOrBelow);
    },
  );

  it('searches a typed-array column like an array', () => {
    const column = Int32Array.from([0, 4, 4, 9]);
    expect(findFirstAtOrAbove(column, 4)).toBe(1);
    expect(findLastAtOrBelow(column, 4)).toBe(2);
    expect(findLastAtOrBelow(column.subarray(0, 1), 4)).toBe(0);
  });

  it('searches objects by a key', () => {
    const spans = [{ startSeq: 0 }, { startSeq: 4 }, { startSeq: 9 }];
    expect(findLastAtOrBelow(spans, 8, (span) => span.startSeq)).toBe(1);
    expect(findFirstAtOrAbove(spans, 5, (span) => span.startSeq)).toBe(2);
  });

  it('agrees with a linear scan on random sorted arrays', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 40 }),
        fc.integer({ min: -60, max: 60 }),
        (values, value) => {
          const sorted = values.sort((a, b) => a - b);
          const firstAtOrAbove = sorted.findIndex((item) => item >= value);
          expect(findFirstAtOrAbove(sorted, value)).toBe(firstAtOrAbove < 0 ? sorted.length : firstAtOrAbove);
          expect(findLastAtOrBelow(sorted, value)).toBe(sorted.findLastIndex((item) => item <= value));
        },
      ),
    );
  });
});

describe('findFirstIndex', () => {
  it('finds where a monotone predicate turns true, or the length when it never does', () => {
    expect(findFirstIndex(0, () => true)).toBe(0);
    expect(findFirstIndex(10, (index) => index >= 7)).toBe(7);
    expect(findFirstIndex(10, () => false)).toBe(10);
  });

  it('calls the predicate only inside the range, about log2(length) times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.nat(1_000_001), (length, turn) => {
        const seen: number[] = [];
        const found = findFirstIndex(length, (index) => {
          seen.push(index);
          return index >= turn;
        });
        expect(found).toBe(Math.min(turn, length));
        expect(seen.every((index) => index >= 0 && index < length)).toBe(true);
        expect(seen.length).toBeLessThanOrEqual(Math.ceil(Math.log2(length + 1)));
      }),
    );
  });
});
