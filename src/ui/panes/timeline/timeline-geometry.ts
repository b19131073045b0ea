// Pure layout of the timeline: turns, steps, model attempts and tool executions as spans on a seq or time axis.

import { findFirstIndex, type TurnSpan } from '../../../log/index.ts';
import { TOOL_SPAN_STATUSES, type ToolSpans } from '../../../worker/client.ts';

/** One drawn span. Seqs are inclusive; `isHanging` and `isRunning` spans run to the log's last seq. */
export interface TimelineSpan {
  lane: 'turn' | 'step' | 'attempt' | 'tool';
  startSeq: number;
  endSeq: number;
  isHanging: boolean;
  /**
   * Not ended while the writer of a followed log is still appending (issue 22): in progress, not
   * hanging. Never true together with isHanging.
   */
  isRunning: boolean;
  turn: number;
  step: number;
  /** Turn end reason, attempt finish kind, tool-call status (ToolCallStatus), or null (steps; hanging spans). */
  reason: string | null;
  /** Turns only: a turn with no steps (FORMAT.md §7.1). */
  isZeroStep: boolean;
  /** Tool spans only: the tool's name; null on other lanes. */
  toolName: string | null;
  /** Turn spans only: how many steps the turn has; 0 on other lanes. */
  stepCount: number;
}

/**
 * Flattens turns into spans, lane by lane, in seq order, then the tool executions (in callSeq order)
 * when given. Tool spans carry turn/step 0 (the summary does not say); a tool span without result
 * in an open step (`endSeq` -1) runs to the log's last seq and is hanging — or running, with
 * `isWriterActive` (a followed log that grew within the reader's threshold).
 */
export function buildTimelineSpans(
  turns: readonly TurnSpan[],
  eventCount: number,
  tools?: ToolSpans,
  isWriterActive = false,
): TimelineSpan[] {
  const lastSeq = Math.max(0, eventCount - 1);
  const open = (isOpen: boolean) => ({
    isHanging: isOpen && !isWriterActive,
    isRunning: isOpen && isWriterActive,
  });
  const spans: TimelineSpan[] = [];
  for (const turn of turns) {
    spans.push({
      lane: 'turn',
      startSeq: turn.startSeq,
      endSeq: turn.endSeq ?? lastSeq,
      ...open(turn.endSeq === null),
      turn: turn.turn,
      step: 0,
      reason: turn.reason,
      isZeroStep: turn.steps.length === 0,
      toolName: null,
      stepCount: turn.steps.length,
    });
    for (const step of turn.steps) {
      spans.push({
        lane: 'step',
        startSeq: step.startSeq,
        endSeq: step.endSeq ?? lastSeq,
        ...open(step.endSeq === null),
        turn: turn.turn,
        step: step.step,
        reason: null,
        isZeroStep: false,
        toolName: null,
        stepCount: 0,
      });
      for (const attempt of step.attempts) {
        spans.push({
          lane: 'attempt',
          startSeq: attempt.firstChunkSeq,
          endSeq: attempt.lastChunkSeq,
          isHanging: false,
          isRunning: false,
          turn: turn.turn,
          step: step.step,
          reason: attempt.finishKind,
          isZeroStep: false,
          toolName: null,
          stepCount: 0,
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
        ...open(endSeq < 0),
        turn: 0,
        step: 0,
        reason: TOOL_SPAN_STATUSES[tools.status[position] ?? 0] ?? null,
        isZeroStep: false,
        toolName: tools.names[tools.nameId[position] ?? 0] ?? null,
        stepCount: 0,
      });
    }
  }
  return spans;
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

/** One lane's spans (in seq order) and where each lies on the axis. */
export interface LaneLayout {
  spans: readonly TimelineSpan[];
  /** Axis position of each span's start and end (index as in `spans`). */
  startPos: Float64Array;
  endPos: Float64Array;
  /** The greatest `endPos` up to each index: lets a search skip spans that end before a window, even
   * on a lane whose spans overlap (parallel tool calls). */
  reachPos: Float64Array;
  /** The same for `endSeq`. */
  reachSeq: Float64Array;
}

export type TimelineLane = TimelineSpan['lane'];
export type TimelineLayout = Record<TimelineLane, LaneLayout>;

export const TIMELINE_LANES: readonly TimelineLane[] = ['turn', 'step', 'attempt', 'tool'];

/** Where spans lie on an axis: pos of seq and of a span's last seq (see TimelineAxis). */
interface SpanPlacement {
  posOfSeq: (seq: number) => number;
  posOfSeqEnd: (seq: number) => number;
}

/** Splits spans into their lanes (keeping seq order) and places each on `axis`. */
export function layoutLanes(spans: readonly TimelineSpan[], axis: SpanPlacement): TimelineLayout {
  const byLane: Record<TimelineLane, TimelineSpan[]> = { turn: [], step: [], attempt: [], tool: [] };
  for (const span of spans) byLane[span.lane].push(span);
  const layout = {} as TimelineLayout;
  for (const lane of TIMELINE_LANES) {
    const laneSpans = byLane[lane];
    const startPos = new Float64Array(laneSpans.length);
    const endPos = new Float64Array(laneSpans.length);
    const reachPos = new Float64Array(laneSpans.length);
    const reachSeq = new Float64Array(laneSpans.length);
    let reach = Number.NEGATIVE_INFINITY;
    let reachOfSeq = Number.NEGATIVE_INFINITY;
    laneSpans.forEach((span, index) => {
      startPos[index] = axis.posOfSeq(span.startSeq);
      endPos[index] = axis.posOfSeqEnd(span.endSeq);
      reach = Math.max(reach, endPos[index] ?? reach);
      reachOfSeq = Math.max(reachOfSeq, span.endSeq);
      reachPos[index] = reach;
      reachSeq[index] = reachOfSeq;
    });
    layout[lane] = { spans: laneSpans, startPos, endPos, reachPos, reachSeq };
  }
  return layout;
}

/** The index range [from, to) of a lane's spans that may overlap [start, end] on the axis. */
export function findVisibleSpans(lane: LaneLayout, start: number, end: number): [number, number] {
  return [
    findFirstIndex(lane.spans.length, (index) => (lane.reachPos[index] ?? 0) >= start),
    findFirstIndex(lane.spans.length, (index) => (lane.startPos[index] ?? 0) > end),
  ];
}

/** The index of the innermost (latest listed) span of a lane that holds `seq`, or -1. */
export function findSpanAtSeq(lane: LaneLayout, seq: number): number {
  const last = findFirstIndex(lane.spans.length, (index) => (lane.spans[index]?.startSeq ?? 0) > seq) - 1;
  for (let index = last; index >= 0 && (lane.reachSeq[index] ?? -1) >= seq; index--) {
    if ((lane.spans[index]?.endSeq ?? -1) >= seq) return index;
  }
  return -1;
}

/** The index of the last span of a lane that starts at or before `seq`, or -1. */
function findSpanStartingAtOrBefore(lane: LaneLayout, seq: number): number {
  return findFirstIndex(lane.spans.length, (index) => (lane.spans[index]?.startSeq ?? 0) > seq) - 1;
}

/** The span the keyboard selection is on for a cursor at `seq`: the last one starting at or before it (else the first), -1 on an empty lane. */
export function findSelectedIndex(lane: LaneLayout, seq: number): number {
  if (lane.spans.length === 0) return -1;
  return Math.max(0, findSpanStartingAtOrBefore(lane, seq));
}

/** Where a selection key leads from `index` on a lane of `count` spans (clamped to the lane). */
export function moveSelectionIndex(
  index: number,
  count: number,
  move: 'previous' | 'next' | 'first' | 'last',
): number {
  if (count === 0) return -1;
  const target = move === 'first' ? 0 : move === 'last' ? count - 1 : move === 'next' ? index + 1 : index - 1;
  return Math.min(count - 1, Math.max(0, target));
}

/** The index of the first step inside `turn` (on the step lane), or -1 when the turn has none. */
export function findFirstStepOf(steps: LaneLayout, turn: TimelineSpan): number {
  const index = findFirstIndex(
    steps.spans.length,
    (position) => (steps.spans[position]?.startSeq ?? 0) >= turn.startSeq,
  );
  const step = steps.spans[index];
  return step && step.startSeq <= turn.endSeq ? index : -1;
}

/**
 * Whether the stretch from seq `fromSeq` to `toSeq` lies outside every turn of `turns` (the turn lane):
 * the session was waiting for its next turn. Inside a turn it was working, however long it took.
 */
export function isBetweenTurns(turns: LaneLayout, fromSeq: number, toSeq: number): boolean {
  const index = findSpanAtSeq(turns, fromSeq);
  const turn = turns.spans[index];
  return !turn || turn.endSeq < toSeq;
}
