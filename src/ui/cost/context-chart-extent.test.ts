import { describe, expect, it } from 'vitest';
import type { ContextSeries } from '../../log/index.ts';
import { contextChartExtent, formatWindowShare } from './context-chart-extent.ts';

function point(seq: number, contextTokens: number, contextWindow: number | null) {
  return { seq, time: seq, turn: 1, step: 1, contextTokens, contextWindow, windowSource: null };
}

function compaction(seq: number) {
  return { seq, time: seq, shadowedTokens: null, isFailed: false };
}

describe('the context chart extent', () => {
  it('reaches the largest window, above the tokens sent, with room for its label', () => {
    const series: ContextSeries = {
      points: [point(10, 3_000, 128_000), point(20, 90_000, 1_000_000), point(30, 5_000, null)],
      compactions: [],
    };
    const extent = contextChartExtent(series);
    expect(extent.yMax).toBeGreaterThan(1_000_000);
    expect(extent.windows).toEqual([
      { seq: 10, tokens: 128_000 },
      { seq: 20, tokens: 1_000_000 },
    ]);
  });

  it('names each window size once, however often a run switches between them, and finds the peak', () => {
    const series: ContextSeries = {
      points: [
        point(10, 3_000, 128_000),
        point(20, 2_000, 1_000_000),
        point(30, 90_000, 128_000),
        point(40, 4_000, 1_000_000),
      ],
      compactions: [],
    };
    const extent = contextChartExtent(series);
    expect(extent.windows).toEqual([
      { seq: 10, tokens: 128_000 },
      { seq: 20, tokens: 1_000_000 },
    ]);
    expect(extent.peak).toMatchObject({ seq: 30, contextWindow: 128_000 });
  });

  it('reaches the tokens sent when they pass the window or no window is known', () => {
    expect(
      contextChartExtent({ points: [point(1, 150_000, 128_000)], compactions: [] }).yMax,
    ).toBeGreaterThan(150_000);
    const unknown = contextChartExtent({ points: [point(1, 700, null)], compactions: [] });
    expect(unknown.yMax).toBeGreaterThan(700);
    expect(unknown.windows).toEqual([]);
  });

  it('covers a compaction before the first or after the last request with usage', () => {
    const series: ContextSeries = {
      points: [point(11, 24, 128_000), point(26, 20, 128_000)],
      compactions: [compaction(5), compaction(40)],
    };
    expect(contextChartExtent(series)).toMatchObject({ xMin: 5, xMax: 40 });
  });

  it('gives one request a span to stand in', () => {
    const extent = contextChartExtent({ points: [point(11, 24, 128_000)], compactions: [] });
    expect(extent.xMin).toBeLessThan(11);
    expect(extent.xMax).toBeGreaterThan(11);
  });
});

describe('the share of the window', () => {
  it('keeps a small share visible instead of rounding it to 0 %', () => {
    expect(formatWindowShare(3_291, 1_000_000)).toBe('0.3 %');
    expect(formatWindowShare(24, 128_000)).toBe('< 0.1 %');
    expect(formatWindowShare(0, 128_000)).toBe('0 %');
    expect(formatWindowShare(64_000, 128_000)).toBe('50 %');
  });
});
