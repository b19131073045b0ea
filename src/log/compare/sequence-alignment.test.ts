// The LCS alignment: one inserted item does not shift everything after it, and the items between two
// matches pair by order (issue 23 "Align them as a person would"). Columns of three runs.

import { describe, expect, it } from 'vitest';
import { alignColumns } from './multi-run.ts';
import type { OutlineTurn, RunOutline } from './run-outline.ts';
import { alignKeys } from './sequence-alignment.ts';

describe('alignKeys', () => {
  it('matches around one inserted item', () => {
    expect(alignKeys([1, 2, 3, 4], [1, 9, 2, 3, 4])).toEqual([
      { a: 0, b: 0, isKeyMatch: true },
      { a: null, b: 1, isKeyMatch: false },
      { a: 1, b: 2, isKeyMatch: true },
      { a: 2, b: 3, isKeyMatch: true },
      { a: 3, b: 4, isKeyMatch: true },
    ]);
  });

  it('pairs the unmatched items of a gap by order and leaves the rest alone', () => {
    expect(alignKeys([1, 5, 6, 4], [1, 7, 4])).toEqual([
      { a: 0, b: 0, isKeyMatch: true },
      { a: 1, b: 1, isKeyMatch: false },
      { a: 2, b: null, isKeyMatch: false },
      { a: 3, b: 2, isKeyMatch: true },
    ]);
  });

  it('pairs two sequences with nothing in common by order', () => {
    expect(alignKeys([1, 2], [3, 4, 5]).map((pair) => [pair.a, pair.b])).toEqual([
      [0, 0],
      [1, 1],
      [null, 2],
    ]);
  });
});

/** A run whose turns have the given keys (one empty step each: only the turn level matters here). */
function runOf(id: string, keys: number[]): RunOutline {
  const turns: OutlineTurn[] = keys.map((key, index) => ({
    turn: index + 1,
    startSeq: index * 10,
    endSeq: index * 10 + 9,
    reason: 'completed',
    key,
    steps: [],
    tokens: { input: 0, output: 0 },
    durationMs: 0,
    toolCalls: 0,
    toolErrors: 0,
  }));
  return {
    id,
    parentSession: null,
    generation: 0,
    eventCount: keys.length * 10,
    inheritedLength: null,
    turns,
  };
}

describe('alignColumns', () => {
  it('lays three runs out as rows: a turn only one run has gets its own row where it occurs', () => {
    const columns = alignColumns([runOf('a', [1, 2, 3]), runOf('b', [1, 8, 2, 3]), runOf('c', [1, 2, 4])]);
    expect(columns.alignments).toHaveLength(2);
    expect(columns.rows.map((row) => row.cells.map((cell) => [cell.turn, cell.status]))).toEqual([
      [
        [0, 'same'],
        [0, 'same'],
        [0, 'same'],
      ],
      [
        [null, 'only-b'],
        [1, 'only-b'],
        [null, 'only-b'],
      ],
      [
        [1, 'same'],
        [2, 'same'],
        [1, 'same'],
      ],
      [
        [2, 'same'],
        [3, 'same'],
        [2, 'changed'],
      ],
    ]);
  });
});
