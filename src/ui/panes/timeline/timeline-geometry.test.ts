// Tests of the timeline layout: spans per lane, seq and time scales.
import { describe, expect, it } from 'vitest';
import type { TurnSpan } from '../../../log/index.ts';
import type { ToolSpans } from '../../../worker/client.ts';
import { createSeqAxis, createTimeAxis } from './timeline-axis.ts';
import {
  buildTimelineSpans,
  collectTimedSeqs,
  findFirstStepOf,
  findSelectedIndex,
  findSpanAtSeq,
  findVisibleSpans,
  isBetweenTurns,
  layoutLanes,
  moveSelectionIndex,
  type TimelineLane,
  type TimelineSpan,
} from './timeline-geometry.ts';

/** The span of `lane` holding `seq` (innermost), as findSpanAtSeq finds it on the sequence axis. */
function findSpanAt(spans: TimelineSpan[], lane: TimelineLane, seq: number): TimelineSpan | null {
  const layout = layoutLanes(spans, createSeqAxis(20))[lane];
  return layout.spans[findSpanAtSeq(layout, seq)] ?? null;
}

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
    expect(spans[3]).toMatchObject({ isHanging: true, isRunning: false, isZeroStep: true });
  });
  it('calls what has not ended running, not hanging, while the writer of a followed log appends', () => {
    const spans = buildTimelineSpans(TURNS, 20, TOOLS, true);
    const open = spans.filter((span) => span.endSeq === 19);
    expect(open.map((span) => span.lane)).toEqual(['turn', 'tool']);
    expect(open.every((span) => span.isRunning && !span.isHanging)).toBe(true);
    expect(spans.filter((span) => span.endSeq !== 19).some((span) => span.isRunning)).toBe(false);
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
    const axis = createTimeAxis(
      timed.map((seq) => ({ seq, time: seq * seq })),
      20,
      () => true,
    );
    if (!axis) throw new Error('no time axis');
    const tool = spans[0];
    expect(tool && axis.posOfSeq(tool.startSeq)).toBeGreaterThan(axis.posOfSeq(2));
    expect(tool && axis.posOfSeqEnd(tool.endSeq)).toBeLessThan(axis.posOfSeq(9));
  });
});

describe('lane layout', () => {
  it('finds the spans that may show in a window, even on a lane whose spans overlap', () => {
    // Two overlapping tool calls: 3–15 and 5–6; a window at 10–12 must still find the first.
    const tools: ToolSpans = {
      callSeq: Int32Array.from([3, 5, 17]),
      resultSeq: Int32Array.from([15, 6, 18]),
      endSeq: Int32Array.from([15, 6, 18]),
      status: Uint8Array.from([0, 0, 0]),
      nameId: Uint32Array.from([0, 0, 0]),
      names: ['read'],
    };
    const lane = layoutLanes(buildTimelineSpans([], 20, tools), createSeqAxis(20)).tool;
    expect(findVisibleSpans(lane, 10, 12)).toEqual([0, 2]);
    expect(findVisibleSpans(lane, 16.5, 20)).toEqual([2, 3]);
    expect(findSpanAtSeq(lane, 10)).toBe(0);
    expect(findSpanAtSeq(lane, 6)).toBe(1);
    expect(findSpanAtSeq(lane, 16)).toBe(-1);
  });

  it('places spans by time on the time axis, ending a span at its last event (no width of its own)', () => {
    const spans = buildTimelineSpans(TURNS, 20);
    const timed = collectTimedSeqs(spans, 20);
    const axis = createTimeAxis(
      timed.map((seq) => ({ seq, time: 1000 + seq * 10 })),
      20,
      () => true,
    );
    if (!axis) throw new Error('no time axis');
    const turns = layoutLanes(spans, axis).turn;
    expect(turns.startPos[0]).toBe(10);
    expect(turns.endPos[0]).toBe(100);
  });
});

describe('isBetweenTurns', () => {
  const turns = layoutLanes(buildTimelineSpans(TURNS, 20), createSeqAxis(20)).turn;

  it('calls a stretch idle between turns or before the first, and work inside one', () => {
    expect(isBetweenTurns(turns, 10, 11)).toBe(true);
    expect(isBetweenTurns(turns, 0, 1)).toBe(true);
    expect(isBetweenTurns(turns, 2, 9)).toBe(false);
    // The second turn hangs: it runs to the last seq.
    expect(isBetweenTurns(turns, 12, 19)).toBe(false);
  });
});

describe('keyboard selection', () => {
  const layout = layoutLanes(buildTimelineSpans(TURNS, 20), createSeqAxis(20));

  it('selects the span the cursor is in, or the last one before it, or the first', () => {
    expect(findSelectedIndex(layout.turn, 5)).toBe(0);
    expect(findSelectedIndex(layout.turn, 15)).toBe(1);
    expect(findSelectedIndex(layout.turn, 0)).toBe(0);
    expect(findSelectedIndex(layout.attempt, 3)).toBe(0);
  });

  it('moves to the previous, next, first and last span, clamped to the lane', () => {
    expect(moveSelectionIndex(0, 2, 'next')).toBe(1);
    expect(moveSelectionIndex(1, 2, 'next')).toBe(1);
    expect(moveSelectionIndex(0, 2, 'previous')).toBe(0);
    expect(moveSelectionIndex(0, 5, 'last')).toBe(4);
    expect(moveSelectionIndex(3, 5, 'first')).toBe(0);
    expect(moveSelectionIndex(0, 0, 'next')).toBe(-1);
  });

  it("finds a turn's first step, and none for a zero-step turn", () => {
    const [first, second] = layout.turn.spans;
    if (!first || !second) throw new Error('turns missing');
    expect(findFirstStepOf(layout.step, first)).toBe(0);
    expect(findFirstStepOf(layout.step, second)).toBe(-1);
  });
});
