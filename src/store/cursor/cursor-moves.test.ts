// Tests of the cursor arithmetic behind the scrubber keys.
import { describe, expect, it } from 'vitest';
import type { TurnSpan } from '../../log/index.ts';
import { clampSeq, collectBoundarySeqs, findAdjacentSeq, stepCursor } from './cursor-moves.ts';

function turnAt(turn: number, startSeq: number, stepStarts: number[]): TurnSpan {
  return {
    turn,
    startSeq,
    endSeq: null,
    reason: null,
    reasonDetail: null,
    steps: stepStarts.map((start, index) => ({
      turn,
      step: index + 1,
      startSeq: start,
      endSeq: null,
      attempts: [],
      provider: null,
      model: null,
      usage: null,
      usageSeq: null,
    })),
  };
}

describe('clampSeq', () => {
  it('keeps a seq inside the log and truncates fractions', () => {
    expect(clampSeq(-5, 10)).toBe(0);
    expect(clampSeq(99, 10)).toBe(9);
    expect(clampSeq(3.7, 10)).toBe(3);
  });
  it('has no seq to offer when the log has no events', () => {
    expect(clampSeq(0, 0)).toBeNull();
  });
});

describe('findAdjacentSeq', () => {
  const seqs = [2, 10, 30];
  it('finds the next boundary strictly after the cursor', () => {
    expect(findAdjacentSeq(seqs, 2, 1)).toBe(10);
    expect(findAdjacentSeq(seqs, 0, 1)).toBe(2);
    expect(findAdjacentSeq(seqs, 30, 1)).toBeNull();
  });
  it('finds the previous boundary strictly before the cursor', () => {
    expect(findAdjacentSeq(seqs, 10, -1)).toBe(2);
    expect(findAdjacentSeq(seqs, 11, -1)).toBe(10);
    expect(findAdjacentSeq(seqs, 2, -1)).toBeNull();
  });
});

describe('stepCursor', () => {
  it('falls back to the last or first seq when no boundary is left', () => {
    expect(stepCursor([2, 10], 10, 1, 50)).toBe(49);
    expect(stepCursor([2, 10], 2, -1, 50)).toBe(0);
  });
});

describe('collectBoundarySeqs', () => {
  it('lists turn starts or step starts in ascending order', () => {
    const turns = [turnAt(1, 1, [3, 8]), turnAt(2, 20, [22])];
    expect(collectBoundarySeqs(turns, 'turn')).toEqual([1, 20]);
    expect(collectBoundarySeqs(turns, 'step')).toEqual([3, 8, 22]);
  });
});
