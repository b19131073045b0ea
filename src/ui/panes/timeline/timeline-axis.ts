// Pure axes of the timeline: a monotone map from seq to an axis position ("pos"), in events on the
// sequence axis and in shown milliseconds on the time axis, where long idle gaps are compressed.

import { findLastAtOrBelow } from '../../../log/index.ts';

/** An idle gap (see createTimeAxis) longer than this (ms) is shown compressed. */
export const IDLE_GAP_MIN_MS = 60_000;

/**
 * The shown length (ms of axis) of an idle gap of `durationMs`: the gap's first IDLE_GAP_MIN_MS, then a
 * quarter of that per doubling, so a 4 h gap still looks longer than a 2 min one but both stay short.
 * Gaps up to IDLE_GAP_MIN_MS are shown as they are.
 */
export function compressIdleGap(durationMs: number): number {
  if (!(durationMs > IDLE_GAP_MIN_MS)) return Math.max(0, durationMs);
  return IDLE_GAP_MIN_MS * (1 + Math.log2(durationMs / IDLE_GAP_MIN_MS) / 4);
}

/** An idle gap on the time axis: between timed seqs `fromSeq` and `toSeq`, shown from `startPos` to `endPos`. */
interface IdleGap {
  fromSeq: number;
  toSeq: number;
  startPos: number;
  endPos: number;
  /** The real length of the gap (ms). */
  durationMs: number;
}

/**
 * Seq ↔ axis position. Positions run from 0 to `extent`; seq s is drawn from `posOfSeq(s)` to
 * `posOfSeqEnd(s)` (its own width on the sequence axis, none on the time axis: an event is an instant).
 */
export interface TimelineAxis {
  kind: 'seq' | 'time';
  extent: number;
  posOfSeq: (seq: number) => number;
  posOfSeqEnd: (seq: number) => number;
  /** The last seq whose position is at or left of `pos`, clamped to the log. */
  seqAtPos: (pos: number) => number;
  /** Epoch ms at `pos` (time axis; null on the sequence axis). */
  timeAtPos: (pos: number) => number | null;
  /** Compressed idle gaps in position order (empty on the sequence axis). */
  gaps: readonly IdleGap[];
  /**
   * Stretches of real time between the gaps, in position order: inside one, pos and time advance
   * together (1 ms of axis is 1 ms). Empty on the sequence axis.
   */
  runs: readonly { startPos: number; endPos: number; startTime: number }[];
}

/** The sequence axis: every event gets one unit. */
export function createSeqAxis(eventCount: number): TimelineAxis {
  const count = Math.max(1, eventCount);
  return {
    kind: 'seq',
    extent: count,
    posOfSeq: (seq) => seq,
    posOfSeqEnd: (seq) => seq + 1,
    seqAtPos: (pos) => Math.min(count - 1, Math.max(0, Math.floor(pos))),
    timeAtPos: () => null,
    gaps: [],
    runs: [],
  };
}

/**
 * The time axis from known (seq, time) points, ascending in seq. Times are made non-decreasing
 * (logged clocks can step back); points without a finite time are skipped; seqs between points are
 * placed by linear interpolation. A stretch between two points that `isIdleBetween` calls idle (the
 * session waited: between turns, not inside one, where a long tool run or a slow model is work) and
 * that is longer than IDLE_GAP_MIN_MS is compressed (compressIdleGap). Null when fewer than two
 * points have times or no time passes: then there is no time axis to draw.
 */
export function createTimeAxis(
  points: readonly { seq: number; time: number }[],
  eventCount: number,
  isIdleBetween: (fromSeq: number, toSeq: number) => boolean,
): TimelineAxis | null {
  const seqs: number[] = [];
  const times: number[] = [];
  for (const point of points) {
    if (!Number.isFinite(point.time)) continue;
    const previousSeq = seqs.at(-1);
    if (previousSeq !== undefined && point.seq <= previousSeq) continue;
    seqs.push(point.seq);
    times.push(Math.max(times.at(-1) ?? point.time, point.time));
  }
  const last = seqs.length - 1;
  if (last < 1 || times[last] === times[0]) return null;
  const positions = new Float64Array(seqs.length);
  const gaps: IdleGap[] = [];
  const runs: { startPos: number; endPos: number; startTime: number }[] = [];
  let run = { startPos: 0, endPos: 0, startTime: times[0] ?? 0 };
  for (let index = 0; index < last; index++) {
    const durationMs = (times[index + 1] ?? 0) - (times[index] ?? 0);
    const startPos = positions[index] ?? 0;
    const isGap = durationMs > IDLE_GAP_MIN_MS && isIdleBetween(seqs[index] ?? 0, seqs[index + 1] ?? 0);
    const shown = isGap ? compressIdleGap(durationMs) : durationMs;
    positions[index + 1] = startPos + shown;
    if (isGap) {
      run.endPos = startPos;
      runs.push(run);
      gaps.push({
        fromSeq: seqs[index] ?? 0,
        toSeq: seqs[index + 1] ?? 0,
        startPos,
        endPos: startPos + shown,
        durationMs,
      });
      run = { startPos: startPos + shown, endPos: startPos + shown, startTime: times[index + 1] ?? 0 };
    }
  }
  const extent = positions[last] ?? 0;
  run.endPos = extent;
  runs.push(run);
  const lastSeq = Math.max(0, eventCount - 1);
  /** The last point at or left of `pos` (the greatest seq among equal positions). */
  const pointAtPos = (pos: number): number => Math.max(0, findLastAtOrBelow(positions, pos));
  const posOfSeq = (seq: number): number => {
    if (seq <= (seqs[0] ?? 0)) return 0;
    if (seq >= (seqs[last] ?? 0)) return extent;
    const index = findLastAtOrBelow(seqs, seq);
    const fromSeq = seqs[index] ?? 0;
    const toSeq = seqs[index + 1] ?? fromSeq;
    const fromPos = positions[index] ?? 0;
    const toPos = positions[index + 1] ?? fromPos;
    return toSeq === fromSeq ? fromPos : fromPos + ((seq - fromSeq) / (toSeq - fromSeq)) * (toPos - fromPos);
  };
  return {
    kind: 'time',
    extent,
    posOfSeq,
    posOfSeqEnd: posOfSeq,
    seqAtPos(pos) {
      if (pos < 0) return 0;
      const index = pointAtPos(pos);
      const fromSeq = seqs[index] ?? 0;
      if (index >= last) return lastSeq;
      const fromPos = positions[index] ?? 0;
      const toPos = positions[index + 1] ?? fromPos;
      const toSeq = seqs[index + 1] ?? fromSeq;
      const seq = fromSeq + Math.floor(((pos - fromPos) / (toPos - fromPos)) * (toSeq - fromSeq));
      return Math.min(lastSeq, Math.max(0, Math.min(seq, toSeq - 1)));
    },
    timeAtPos(pos) {
      const index = pointAtPos(Math.max(0, pos));
      const fromTime = times[index] ?? 0;
      if (index >= last) return times[last] ?? fromTime;
      const fromPos = positions[index] ?? 0;
      const toPos = positions[index + 1] ?? fromPos;
      const toTime = times[index + 1] ?? fromTime;
      return fromTime + ((Math.max(0, pos) - fromPos) / (toPos - fromPos)) * (toTime - fromTime);
    },
    gaps,
    runs,
  };
}
