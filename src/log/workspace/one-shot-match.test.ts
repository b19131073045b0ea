// The §8.2 heuristic for foreground one-shot calls (FORMAT.md §8.2 table, first row): parentSession
// (given: every candidate child names the parent), the call's time window, descriptor label vs the
// call's description. Never two children on one call without saying so.

import { describe, expect, it } from 'vitest';
import type { CandidateCall, CandidateChild } from './one-shot-match.ts';
import { matchOneShotCalls } from './one-shot-match.ts';

const call = (
  seq: number,
  startTime: number,
  endTime: number | null,
  description: string | null,
): CandidateCall => ({
  seq,
  startTime,
  endTime,
  description,
});
const child = (id: string, createdAt: number | null, label: string | null): CandidateChild => ({
  id,
  createdAt,
  label,
});
const NO_END = 10_000;

describe('matchOneShotCalls', () => {
  it('links a child created during the call whose label is the description, with high confidence', () => {
    const matches = matchOneShotCalls(
      [call(10, 100, 200, 'Return ALPHA only')],
      [child('a', 150, 'Return ALPHA only')],
      NO_END,
    );
    expect(matches).toEqual([
      { callSeq: 10, childId: 'a', confidence: 'high', isAmbiguous: false, note: expect.any(String) },
    ]);
  });

  it('links nothing when no child fits the window or the label', () => {
    expect(
      matchOneShotCalls(
        [call(10, 100, 200, 'A')],
        [child('late', 500, 'B'), child('none', null, null)],
        NO_END,
      ),
    ).toEqual([]);
    expect(matchOneShotCalls([call(10, 100, 200, 'A')], [], NO_END)).toEqual([]);
    expect(matchOneShotCalls([], [child('a', 150, 'A')], NO_END)).toEqual([]);
  });

  it('links two children that fit one call equally to it, both marked ambiguous', () => {
    const matches = matchOneShotCalls(
      [call(10, 100, 200, 'Same task')],
      [child('a', 120, 'Same task'), child('b', 130, 'Same task')],
      NO_END,
    );
    expect(matches.map((match) => [match.childId, match.confidence, match.isAmbiguous])).toEqual([
      ['a', 'high', true],
      ['b', 'high', true],
    ]);
    expect(matches[0]?.note).toMatch(/ambiguous: 2 children match this call/);
  });

  it('tells parallel calls apart by label when their windows overlap', () => {
    const matches = matchOneShotCalls(
      [call(10, 100, 300, 'Return ALPHA only'), call(11, 101, 310, 'Return BETA only')],
      [child('beta', 105, 'Return BETA only'), child('alpha', 104, 'Return ALPHA only')],
      NO_END,
    );
    expect(
      matches.map((match) => [match.callSeq, match.childId, match.confidence, match.isAmbiguous]),
    ).toEqual([
      [10, 'alpha', 'high', false],
      [11, 'beta', 'high', false],
    ]);
  });

  it('marks two parallel calls with equal descriptions and two children ambiguous rather than guessing', () => {
    const matches = matchOneShotCalls(
      [call(10, 100, 300, 'Run tests'), call(11, 101, 310, 'Run tests')],
      [child('x', 105, 'Run tests'), child('y', 106, 'Run tests')],
      NO_END,
    );
    expect(matches).toHaveLength(4);
    expect(matches.every((match) => match.isAmbiguous)).toBe(true);
  });

  it('resolves a tie once a stronger match takes one of the candidates', () => {
    // Call 10 fits both children by window; only "b" also has its label. Call 11 fits only "a" by window.
    const matches = matchOneShotCalls(
      [call(10, 100, 400, 'B task'), call(11, 150, 400, null)],
      [child('a', 160, null), child('b', 170, 'B task')],
      NO_END,
    );
    expect(
      matches.map((match) => [match.callSeq, match.childId, match.confidence, match.isAmbiguous]),
    ).toEqual([
      [10, 'b', 'high', false],
      [11, 'a', 'medium', false],
    ]);
  });

  it('grades the evidence: window without labels is medium, a label that disagrees or a window missed is low', () => {
    expect(matchOneShotCalls([call(1, 100, 200, null)], [child('a', 150, 'X')], NO_END)[0]?.confidence).toBe(
      'medium',
    );
    expect(matchOneShotCalls([call(1, 100, 200, 'Y')], [child('a', 150, 'X')], NO_END)[0]?.confidence).toBe(
      'low',
    );
    expect(matchOneShotCalls([call(1, 100, 200, 'X')], [child('a', 900, 'X')], NO_END)[0]?.confidence).toBe(
      'low',
    );
    // Labels compare with whitespace trimmed and collapsed.
    expect(
      matchOneShotCalls([call(1, 100, 200, ' X  y ')], [child('a', 150, 'X y')], NO_END)[0]?.confidence,
    ).toBe('high');
  });

  it('keeps the window of a call without a result open until the parent ends', () => {
    expect(matchOneShotCalls([call(1, 100, null, 'X')], [child('a', 5_000, 'X')], 6_000)[0]?.confidence).toBe(
      'high',
    );
    expect(matchOneShotCalls([call(1, 100, null, 'X')], [child('a', 7_000, 'X')], 6_000)[0]?.confidence).toBe(
      'low',
    );
  });
});
