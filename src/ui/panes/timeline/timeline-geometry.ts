// Pure layout of the timeline: turns, steps, model attempts and tool executions as spans on a seq or time axis.

import { findFirstIndex, findLastAtOrBelow, type TurnSpan } from '../../../log/index.ts';
import { TOOL_SPAN_STATUSES, type ToolSpans } from '../../../worker/client.ts';

/** One drawn span. Seqs are inclusive; `isHanging` spans run to the log's last seq. */
export interface TimelineSpan {
  lane: 'turn' | 'step' | 'attempt' | 'tool';
  startSeq: number;
  endSeq: number;
  isHanging: boolean;
  turn: number;
  step: number;
  /** Turn end reason, attempt finish kind, tool-call status (ToolCallStatus), or null (steps; hanging spans). */
  reason: string | null;
  /** Turns only: a turn with no steps (FORMAT.md §7.1). */
  isZeroStep: boolean;
  /** Tool spans only: the tool's name; null on other lanes. */
  toolName?: string | null;
}

/**
 * Flattens turns into spans, lane by lane, in seq order, then the tool executions (in callSeq order)
 * when given. Tool spans carry turn/step 0 (the summary does not say); a tool span without result
 * in an open step (`endSeq` -1) runs to the log's last seq and is hanging.
 */
export function buildTimelineSpans(
  turns: readonly TurnSpan[],
  eventCount: number,
  tools?: ToolSpans,
): TimelineSpan[] {
  const lastSeq = Math.max(0, eventCount - 1);
  const spans: TimelineSpan[] = [];
  for (const turn of turns) {
    spans.push({
      lane: 'turn',
      startSeq: turn.startSeq,
      endSeq: turn.endSeq ?? lastSeq,
      isHanging: turn.endSeq === null,
      turn: turn.turn,
      step: 0,
      reason: turn.reason,
      isZeroStep: turn.steps.length === 0,
    });
    for (const step of turn.steps) {
      spans.push({
        lane: 'step',
        startSeq: step.startSeq,
        endSeq: step.endSeq ?? lastSeq,
        isHanging: step.endSeq === null,
        turn: turn.turn,
        step: step.step,
        reason: null,
        isZeroStep: false,
      });
      for (const attempt of step.attempts) {
        spans.push({
          lane: 'attempt',
          startSeq: attempt.firstChunkSeq,
          endSeq: attempt.lastChunkSeq,
          isHanging: false,
          turn: turn.turn,
          step: step.step,
          reason: attempt.finishKind,
          isZeroStep: false,
        });
      }
    }
  }
  if (tools) {
    for (let position = 0; position < tools.callSeq.length; position++) {
      const startSeq = tools.callSeq[position] ?? 0;
      const endSeq = tools.endSeq[position] ?? -1;
      spans.push({
        lane: 'tool',
        startSeq,
        endSeq: endSeq < 0 ? Math.max(startSeq, lastSeq) : endSeq,
        isHanging: endSeq < 0,
        turn: 0,
        step: 0,
        reason: TOOL_SPAN_STATUSES[tools.status[position] ?? 0] ?? null,
        isZeroStep: false,
        toolName: tools.names[tools.nameId[position] ?? 0] ?? null,
      });
    }
  }
  return spans;
}

/** Maps seqs to x pixels and back. `toX` of seq s is the left edge of s; a seq occupies `toX(s)..toX(s+1)`. */
export interface AxisScale {
  toX(seq: number): number;
  /** The seq under x, clamped to the log. */
  toSeq(x: number): number;
}

/** Compressed sequence axis: every event gets the same width. */
export function createSeqScale(eventCount: number, widthPx: number, paddingPx: number): AxisScale {
  const usable = Math.max(1, widthPx - 2 * paddingPx);
  const count = Math.max(1, eventCount);
  return {
    toX: (seq) => paddingPx + (seq / count) * usable,
    toSeq: (x) => Math.min(count - 1, Math.max(0, Math.floor(((x - paddingPx) / usable) * count))),
  };
}

/**
 * Time axis from known (seq, time) points, ascending in seq (times are made non-decreasing, since
 * logged clocks can step back). Seqs between points are interpolated linearly.
 */
export function createTimeScale(
  points: readonly { seq: number; time: number }[],
  eventCount: number,
  widthPx: number,
  paddingPx: number,
): AxisScale {
  const usable = Math.max(1, widthPx - 2 * paddingPx);
  const clean: { seq: number; time: number }[] = [];
  for (const point of points) {
    if (!Number.isFinite(point.time)) continue;
    const previous = clean.at(-1);
    if (previous && point.seq <= previous.seq) continue;
    clean.push({ seq: point.seq, time: previous ? Math.max(previous.time, point.time) : point.time });
  }
  if (clean.length < 2 || (clean.at(-1)?.time ?? 0) === (clean[0]?.time ?? 0))
    return createSeqScale(eventCount, widthPx, paddingPx);
  const firstTime = clean[0]?.time ?? 0;
  const span = (clean.at(-1)?.time ?? 0) - firstTime;
  const timeAt = (seq: number): number => {
    const last = clean.length - 1;
    if (seq <= (clean[0]?.seq ?? 0)) return firstTime;
    if (seq >= (clean[last]?.seq ?? 0)) return clean[last]?.time ?? firstTime;
    const low = findLastAtOrBelow(clean, seq, (point) => point.seq);
    const a = clean[low] ?? { seq: 0, time: firstTime };
    const b = clean[low + 1] ?? a;
    return b.seq === a.seq ? a.time : a.time + ((seq - a.seq) / (b.seq - a.seq)) * (b.time - a.time);
  };
  const toX = (seq: number) => paddingPx + ((timeAt(seq) - firstTime) / span) * usable;
  return {
    toX,
    toSeq: (x) => Math.max(0, findFirstIndex(eventCount, (seq) => !(toX(seq) <= x)) - 1),
  };
}

/** The seqs whose times the time axis needs: every span boundary plus the first and last event. */
export function collectTimedSeqs(spans: readonly TimelineSpan[], eventCount: number): number[] {
  const seqs = new Set<number>();
  if (eventCount > 0) {
    seqs.add(0);
    seqs.add(eventCount - 1);
  }
  for (const span of spans) {
    if (span.lane === 'attempt' || span.lane === 'tool') continue;
    seqs.add(span.startSeq);
    seqs.add(span.endSeq);
  }
  return [...seqs].sort((a, b) => a - b);
}

/** The innermost span under x on a lane, or null. Spans of a lane must be in seq order. */
export function findSpanAt(
  spans: readonly TimelineSpan[],
  lane: TimelineSpan['lane'],
  seq: number,
): TimelineSpan | null {
  let found: TimelineSpan | null = null;
  for (const span of spans) {
    if (span.lane !== lane) continue;
    if (span.startSeq <= seq && seq <= span.endSeq) found = span;
  }
  return found;
}
