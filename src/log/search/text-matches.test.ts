import { describe, expect, it } from 'vitest';
import { findTextMatches } from './text-matches.ts';

describe('findTextMatches', () => {
  it('finds every occurrence, ignoring case', () => {
    expect(findTextMatches('Call_00 and CALL_00 again', 'call_00')).toEqual([
      [0, 7],
      [12, 19],
    ]);
  });

  it('finds nothing for an empty needle or text', () => {
    expect(findTextMatches('abc', '')).toEqual([]);
    expect(findTextMatches('', 'a')).toEqual([]);
  });

  it('maps offsets back through a fold that changes length (İ → i̇)', () => {
    const text = 'İİ istanbul İSTANBUL';
    const matches = findTextMatches(text, 'istanbul');
    // After the two İ (four code units folded) the offsets are still the displayed string's.
    expect(matches).toEqual([[3, 11]]);
    // Folded, İSTANBUL holds a combining dot after the i: only the dotted needle finds it (as in the index).
    const dotted = findTextMatches(text, 'i̇stanbul');
    expect(dotted.map(([start, end]) => text.slice(start, end))).toEqual(['İSTANBUL']);
  });

  it('finds Japanese text', () => {
    expect(findTextMatches('ログを検索する', '検索')).toEqual([[3, 5]]);
  });
});
