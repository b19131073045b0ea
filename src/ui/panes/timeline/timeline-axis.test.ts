// Tests of the timeline's axes: the sequence axis, and the time axis with its compressed idle gaps.
import { describe, expect, it } from 'vitest';
import { compressIdleGap, createSeqAxis, createTimeAxis, IDLE_GAP_MIN_MS } from './timeline-axis.ts';

describe('compressIdleGap', () => {
  it('keeps gaps up to the threshold as they are and shortens longer ones, longer gaps staying longer', () => {
    expect(compressIdleGap(30_000)).toBe(30_000);
    expect(compressIdleGap(IDLE_GAP_MIN_MS)).toBe(IDLE_GAP_MIN_MS);
    const twoMinutes = compressIdleGap(120_000);
    const fourHours = compressIdleGap(4 * 3_600_000);
    expect(twoMinutes).toBeGreaterThan(IDLE_GAP_MIN_MS);
    expect(twoMinutes).toBeLessThan(120_000);
    expect(fourHours).toBeGreaterThan(twoMinutes);
    expect(fourHours).toBeLessThan(4 * IDLE_GAP_MIN_MS);
  });
});

describe('createSeqAxis', () => {
  it('gives every event one unit and maps positions back to the seq they fall in', () => {
    const axis = createSeqAxis(100);
    expect(axis.extent).toBe(100);
    expect(axis.posOfSeqEnd(41)).toBe(42);
    expect(axis.seqAtPos(42.7)).toBe(42);
    expect(axis.seqAtPos(-3)).toBe(0);
    expect(axis.seqAtPos(500)).toBe(99);
    expect(axis.timeAtPos(10)).toBeNull();
  });
});

describe('createTimeAxis', () => {
  /** A turn at seqs 0–10, one at 20–30: the stretch from 10 to 20 is between turns. */
  const BETWEEN_TURNS = (fromSeq: number, toSeq: number) => fromSeq >= 10 && toSeq <= 20;
  const ALWAYS = () => true;
  /** Seqs 0–10 in 10 s, an idle hour, seqs 20–30 in 10 s. */
  const POINTS = [
    { seq: 0, time: 1_000_000 },
    { seq: 10, time: 1_010_000 },
    { seq: 20, time: 4_610_000 },
    { seq: 30, time: 4_620_000 },
  ];

  it('shows an idle gap compressed and the time around it as it passed', () => {
    const axis = createTimeAxis(POINTS, 31, BETWEEN_TURNS);
    if (!axis) throw new Error('no time axis');
    expect(axis.gaps).toHaveLength(1);
    const gap = axis.gaps[0];
    expect(gap).toMatchObject({ fromSeq: 10, toSeq: 20, startPos: 10_000, durationMs: 3_600_000 });
    expect(gap && gap.endPos - gap.startPos).toBeCloseTo(compressIdleGap(3_600_000));
    expect(axis.extent).toBeCloseTo(20_000 + compressIdleGap(3_600_000));
    expect(axis.posOfSeq(5)).toBe(5_000);
    // After the gap a millisecond is a unit again.
    expect(axis.posOfSeq(30) - axis.posOfSeq(20)).toBeCloseTo(10_000);
  });

  it('keeps a long stretch inside a turn as long as it was: work, not idle time', () => {
    const axis = createTimeAxis(
      [
        { seq: 0, time: 0 },
        { seq: 10, time: 600_000 },
        { seq: 20, time: 4_200_000 },
      ],
      21,
      (fromSeq) => fromSeq >= 10,
    );
    if (!axis) throw new Error('no time axis');
    expect(axis.posOfSeq(10)).toBe(600_000);
    expect(axis.gaps.map((gap) => gap.fromSeq)).toEqual([10]);
  });

  it('reads the real time at a position, inside and after the gap', () => {
    const axis = createTimeAxis(POINTS, 31, BETWEEN_TURNS);
    if (!axis) throw new Error('no time axis');
    expect(axis.timeAtPos(2_500)).toBe(1_002_500);
    expect(axis.timeAtPos(axis.posOfSeq(25))).toBeCloseTo(4_615_000);
    expect(axis.timeAtPos(axis.extent)).toBe(4_620_000);
    expect(axis.runs.map((run) => run.startTime)).toEqual([1_000_000, 4_610_000]);
  });

  it('maps positions back to seqs, and events at one instant to the last of them', () => {
    const axis = createTimeAxis(
      [
        { seq: 0, time: 0 },
        { seq: 4, time: 100 },
        { seq: 5, time: 100 },
        { seq: 9, time: 200 },
      ],
      10,
      ALWAYS,
    );
    if (!axis) throw new Error('no time axis');
    expect(axis.seqAtPos(0)).toBe(0);
    expect(axis.seqAtPos(50)).toBe(2);
    expect(axis.seqAtPos(100)).toBe(5);
    expect(axis.seqAtPos(150)).toBe(7);
    expect(axis.seqAtPos(200)).toBe(9);
    expect(axis.seqAtPos(-1)).toBe(0);
  });

  it('tolerates a clock that steps back and times that are missing', () => {
    const axis = createTimeAxis(
      [
        { seq: 0, time: 1000 },
        { seq: 10, time: 1100 },
        { seq: 11, time: 1050 },
        { seq: 15, time: Number.NaN },
        { seq: 20, time: 2000 },
      ],
      21,
      ALWAYS,
    );
    if (!axis) throw new Error('no time axis');
    expect(axis.posOfSeq(10)).toBe(100);
    expect(axis.posOfSeq(11)).toBe(100);
    expect(axis.posOfSeq(20)).toBe(1000);
  });

  it('is not made when no time passes or fewer than two points have times', () => {
    expect(createTimeAxis([{ seq: 0, time: 5 }], 3, ALWAYS)).toBeNull();
    expect(
      createTimeAxis(
        [
          { seq: 0, time: 5 },
          { seq: 2, time: 5 },
        ],
        3,
        ALWAYS,
      ),
    ).toBeNull();
  });
});
