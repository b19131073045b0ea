// Tests of the timeline layout: spans per lane, seq and time scales.
import { describe, expect, it } from 'vitest';
import type { TurnSpan } from '../../../log/index.ts';
import type { ToolSpans } from '../../../worker/client.ts';
import {
  buildTimelineSpans,
  collectTimedSeqs,
  createSeqScale,
  createTimeScale,
  findSpanAt,
} from './timeline-geometry.ts';

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

/** Two calls in turn 1 step 1 (ok with result 5; no-result ending at step end 9) and one in hanging turn 2. */
const TOOLS: ToolSpans = {
  callSeq: Int32Array.from([3, 7, 12]),
  resultSeq: Int32Array.from([5, -1, -1]),
  endSeq: Int32Array.from([5, 9, -1]),
  status: Uint8Array.from([0, 4, 4]),
  nameId: Uint32Array.from([0, 1, 0]),
  names: ['read', 'bash'],
};

describe('tool spans', () => {
  const spans = buildTimelineSpans(TURNS, 20, TOOLS).filter((span) => span.lane === 'tool');

  it('draws a tool call from its call to its result, or to its step end when there is no result', () => {
    expect(spans.map((span) => `${span.startSeq}-${span.endSeq}:${span.reason}:${span.toolName}`)).toEqual([
      '3-5:ok:read',
      '7-9:no-result:bash',
      '12-19:no-result:read',
    ]);
  });

  it('runs a call without result in an open step to the last seq and flags it hanging', () => {
    expect(spans.map((span) => span.isHanging)).toEqual([false, false, true]);
  });

  it('adds no tool spans when the summary has none, and leaves the other lanes as they were', () => {
    const without = buildTimelineSpans(TURNS, 20);
    expect(without.some((span) => span.lane === 'tool')).toBe(false);
    expect(buildTimelineSpans(TURNS, 20, TOOLS).filter((span) => span.lane !== 'tool')).toEqual(without);
  });

  it('finds the tool span under a seq, and none between calls', () => {
    const all = buildTimelineSpans(TURNS, 20, TOOLS);
    expect(findSpanAt(all, 'tool', 4)?.toolName).toBe('read');
    expect(findSpanAt(all, 'tool', 8)?.reason).toBe('no-result');
    expect(findSpanAt(all, 'tool', 6)).toBeNull();
  });

  it('keeps tool seqs out of the timed seqs (they are placed by interpolation on the time axis)', () => {
    const timed = collectTimedSeqs(buildTimelineSpans(TURNS, 20, TOOLS), 20);
    expect(timed).toEqual(collectTimedSeqs(buildTimelineSpans(TURNS, 20), 20));
    const scale = createTimeScale(
      timed.map((seq) => ({ seq, time: seq * seq })),
      20,
      1000,
      0,
    );
    const tool = spans[0];
    expect(tool && scale.toX(tool.startSeq)).toBeGreaterThan(scale.toX(2));
    expect(tool && scale.toX(tool.endSeq + 1)).toBeLessThan(scale.toX(9));
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
