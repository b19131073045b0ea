// The hover text of the timeline: what the span under the pointer is, in full (bars show shortened
// labels), with its duration; a tool span's times are asked of the worker (tool seqs are not timed).
import type { LogClient } from '../../../worker/client.ts';
import { formatDuration } from '../../shared/format.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { findSpanAtSeq, type TimelineLayout, type TimelineSpan } from './timeline-geometry.ts';
import { LANES } from './draw-timeline.ts';
import { formatCountOf } from '../../shared/count-noun.ts';

/** Where the pointer is: x (CSS px), the seq under it and the span of its lane there, if any. */
export interface Hover {
  x: number;
  span: TimelineSpan | null;
  seq: number;
}

/**
 * What is under a pointer at `point` (x and the seq there, in the window shown now) and height `y`
 * (CSS px from the canvas top): the span of the lane at that height, if any.
 */
export function hoverAt(layout: TimelineLayout, point: { x: number; seq: number }, y: number): Hover {
  const lane =
    y < LANES.step.top
      ? 'turn'
      : y < LANES.attempt.top
        ? 'step'
        : y < LANES.tool.top - 1
          ? 'attempt'
          : 'tool';
  const index = findSpanAtSeq(layout[lane], point.seq);
  return { x: point.x, seq: point.seq, span: index >= 0 ? (layout[lane].spans[index] ?? null) : null };
}

/** Widest the hover text is assumed to be when keeping it inside the pane (CSS px). */
const HOVER_WIDTH_PX = 320;

interface TimelineHoverProps {
  hover: Hover;
  /** Times of the timed seqs (span boundaries), or null before they are asked. */
  timeOf: ReadonlyMap<number, number> | null;
  client: LogClient;
  widthPx: number;
}

/** The text under the pointer, kept inside the pane. */
export function TimelineHover({ hover, timeOf, client, widthPx }: TimelineHoverProps) {
  const span = hover.span;
  const toolTimes = useWorkerQuery(
    () =>
      span?.lane === 'tool' ? client.query({ kind: 'times', seqs: [span.startSeq, span.endSeq] }) : null,
    [client, span],
  );
  const text = (() => {
    if (!span) return `seq ${hover.seq}`;
    if (span.lane === 'tool') {
      const [startTime, endTime] = toolTimes.status === 'ready' ? toolTimes.value : [];
      const toolDuration =
        startTime === undefined ? null : formatDuration((endTime ?? Number.NaN) - startTime);
      const end = span.isHanging
        ? ' (no result; step still open)'
        : span.isRunning
          ? ' (running: no result yet)'
          : '';
      return `Tool ${span.toolName ?? '?'} · ${span.reason ?? 'unknown'} · seq ${span.startSeq}–${span.endSeq}${end}${toolDuration && toolDuration !== '—' ? ` · ${toolDuration}` : ''}`;
    }
    const duration =
      timeOf && span.lane !== 'attempt'
        ? formatDuration((timeOf.get(span.endSeq) ?? Number.NaN) - (timeOf.get(span.startSeq) ?? Number.NaN))
        : null;
    const name =
      span.lane === 'turn'
        ? `Turn ${span.turn}`
        : span.lane === 'step'
          ? `Turn ${span.turn} · step ${span.step}`
          : `Model attempt (turn ${span.turn} · step ${span.step})`;
    const state = span.isHanging
      ? 'hanging (no end event)'
      : span.isRunning
        ? 'running (no end event yet; the writer is appending)'
        : span.lane === 'attempt'
          ? `finish: ${span.reason ?? 'none (cut off)'}`
          : span.reason
            ? `end: ${span.reason}`
            : '';
    const steps = span.lane === 'turn' ? ` · ${formatCountOf(span.stepCount, 'step')}` : '';
    return `${name} · seq ${span.startSeq}–${span.endSeq}${duration && duration !== '—' ? ` · ${duration}` : ''}${state ? ` · ${state}` : ''}${span.isZeroStep ? ' · zero steps' : steps}`;
  })();
  return (
    <div
      data-testid="timeline-hover"
      data-seq={hover.seq}
      className="pointer-events-none absolute top-0 z-20 whitespace-nowrap rounded bg-zinc-900/90 px-2 py-1 text-[11px] text-white shadow"
      style={{ left: Math.max(0, Math.min(hover.x + 10, widthPx - HOVER_WIDTH_PX)) }}
    >
      {text}
    </div>
  );
}
