// The usage chart's data columns and the cursor's step lookup.

import { describe, expect, it } from 'vitest';
import type { UsagePoint } from '../../../log/index.ts';
import { buildUsageChartColumns, findCursorPointIndex, formatTokens } from './usage-chart-data.ts';

function point(turn: number, step: number, seq: number, input: number, window: number | null): UsagePoint {
  return {
    turn,
    step,
    seq,
    time: 0,
    inputTokens: input,
    outputTokens: 5,
    cacheReadTokens: 10,
    cacheWriteTokens: 1,
    contextTokens: input + 11,
    contextWindow: window,
  };
}

const points = [point(1, 1, 10, 100, 1000), point(1, 2, 30, 200, null), point(2, 1, 60, 300, 1000)];
const stepStarts = [2, 20, 50];

describe('buildUsageChartColumns', () => {
  it('puts usage seqs on x and keeps unknown windows as gaps', () => {
    expect(buildUsageChartColumns(points)).toEqual([
      [10, 30, 60],
      [111, 211, 311],
      [5, 5, 5],
      [10, 10, 10],
      [1000, null, 1000],
    ]);
  });
});

describe('findCursorPointIndex', () => {
  it('picks the step the cursor is in even before its usage report', () => {
    expect(findCursorPointIndex(points, 21, stepStarts)).toBe(1);
    expect(findCursorPointIndex(points, 30, stepStarts)).toBe(1);
  });

  it('falls back to the last step with usage when the cursor is between steps or past the end', () => {
    expect(findCursorPointIndex(points, 40, stepStarts)).toBe(1);
    expect(findCursorPointIndex(points, 999, stepStarts)).toBe(2);
  });

  it('gives -1 before the first step and without a cursor', () => {
    expect(findCursorPointIndex(points, 0, stepStarts)).toBe(-1);
    expect(findCursorPointIndex(points, null, stepStarts)).toBe(-1);
  });
});

describe('formatTokens', () => {
  it('shortens large counts', () => {
    expect([formatTokens(950), formatTokens(12_345), formatTokens(1_250_000)]).toEqual([
      '950',
      '12k',
      '1.3M',
    ]);
  });
});
