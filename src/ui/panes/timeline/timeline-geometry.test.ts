// Tests of the timeline layout: spans per lane, seq and time scales.
import { describe, expect, it } from 'vitest';
import type { TurnSpan } from '../../../log/index.ts';
import { buildTimelineSpans, createSeqScale, createTimeScale, findSpanAt } from './timeline-geometry.ts';

const TURNS: TurnSpan[] = [
  {
    turn: 1,
    startSeq: 1,
    endSeq: 10,
    reason: 'completed',
    reasonDetail: null,
    steps: [
      {
        turn: 1,
        step: 1,
        startSeq: 2,
        endSeq: 9,
        attempts: [{ firstChunkSeq: 4, lastChunkSeq: 6, finishKind: 'stop', messageSeq: 7 }],
        provider: null,
        model: null,
        usage: null,
        usageSeq: null,
      },
    ],
  },
  { turn: 2, startSeq: 11, endSeq: null, reason: null, reasonDetail: null, steps: [] },
];

describe('buildTimelineSpans', () => {
  it('lays out turns, steps and attempts, and runs a hanging zero-step turn to the last seq', () => {
    const spans = buildTimelineSpans(TURNS, 20);
    expect(spans.map((span) => `${span.lane}:${span.startSeq}-${span.endSeq}`)).toEqual([
      'turn:1-10',
      'step:2-9',
      'attempt:4-6',
      'turn:11-19',
    ]);
    expect(spans[3]).toMatchObject({ isHanging: true, isZeroStep: true });
  });
  it('finds the span under a seq on each lane', () => {
    const spans = buildTimelineSpans(TURNS, 20);
    expect(findSpanAt(spans, 'step', 5)?.step).toBe(1);
    expect(findSpanAt(spans, 'attempt', 8)).toBeNull();
  });
});

describe('scales', () => {
  it('maps seqs to x and back on the sequence axis', () => {
    const scale = createSeqScale(100, 1010, 5);
    expect(scale.toX(0)).toBe(5);
    expect(scale.toSeq(scale.toX(42) + 1)).toBe(42);
    expect(scale.toSeq(-50)).toBe(0);
    expect(scale.toSeq(5000)).toBe(99);
  });
  it('spreads seqs by time on the time axis, tolerating a clock that steps back', () => {
    const scale = createTimeScale(
      [
        { seq: 0, time: 1000 },
        { seq: 10, time: 1100 },
        { seq: 11, time: 1050 },
        { seq: 20, time: 2000 },
      ],
      21,
      1000,
      0,
    );
    expect(scale.toX(0)).toBe(0);
    expect(scale.toX(10)).toBeCloseTo(100);
    expect(scale.toX(11)).toBeCloseTo(100);
    expect(scale.toX(20)).toBe(1000);
    expect(scale.toSeq(500)).toBeGreaterThan(11);
  });
});
