// The timeline: turns, steps, model attempts and tool executions as spans on a sequence or time axis, drawn on one
// canvas (never a component per event); the cursor is drawn, clicking jumps, hovering explains.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { observeContentSize } from '../../../browser/resize.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { formatDuration } from '../../shared/format.ts';
import { prepareCanvas } from '../../shared/prepare-canvas.ts';
import { SegmentedControl } from '../../shared/SegmentedControl.tsx';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import {
  buildTimelineSpans,
  collectTimedSeqs,
  createSeqScale,
  createTimeScale,
  findSpanAt,
  type TimelineSpan,
} from './timeline-geometry.ts';

const CANVAS_HEIGHT_PX = 100;
const PADDING_PX = 8;
const AXIS_OPTIONS = [
  { value: 'seq', label: 'Sequence' },
  { value: 'time', label: 'Time' },
] as const;
const LANES: Record<TimelineSpan['lane'], { top: number; height: number; label: string }> = {
  turn: { top: 16, height: 20, label: 'turns' },
  step: { top: 40, height: 16, label: 'steps' },
  attempt: { top: 60, height: 10, label: 'attempts' },
  tool: { top: 73, height: 8, label: 'tools' },
};
const PROBLEM_ROW_TOP_PX = 86;
/** Where the cursor line starts (below the axis label). */
const CURSOR_TOP_PX = 12;

const REASON_COLORS: Record<string, string> = {
  completed: '#10b981',
  aborted: '#f59e0b',
  blocked: '#a855f7',
  error: '#ef4444',
  'max-tokens': '#f97316',
  interrupted: '#eab308',
};

/** Tool-execution colours by ToolCallStatus (CLI.md `toolCalls`). */
const TOOL_STATUS_COLORS: Record<string, string> = {
  ok: '#0ea5e9',
  error: '#ef4444',
  'not-started': '#94a3b8',
  'outcome-unknown': '#d946ef',
  'no-result': '#f59e0b',
};

function spanColor(span: TimelineSpan, isDark: boolean): string {
  if (span.lane === 'turn')
    return span.isHanging ? '#ef4444' : (REASON_COLORS[span.reason ?? ''] ?? '#64748b');
  if (span.lane === 'step') return isDark ? '#6366f1' : '#818cf8';
  if (span.lane === 'tool') return TOOL_STATUS_COLORS[span.reason ?? ''] ?? '#64748b';
  return span.reason === null ? '#ef4444' : isDark ? '#34d399' : '#059669';
}

interface Hover {
  x: number;
  span: TimelineSpan | null;
  seq: number;
}

/** Full-width timeline region with an axis toggle. */
export function TimelinePane() {
  const client = useViewer((state) => state.client);
  // Deferred: building and drawing ~40k spans of a finished 1.3 M-event log is a render of its own
  // after the load's last commit, not part of that commit's task.
  const summary = useDeferredValue(useViewer((state) => state.summary));
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const axis = useViewer((state) => state.timelineAxis);
  const problemSeqs = useViewer((state) => state.problemSeqs);
  const generation = useViewer((state) => state.logGeneration);
  const actions = useViewer((state) => state.actions);
  const theme = useViewer((state) => state.theme);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  /** The canvas width in CSS px once measured; nothing is drawn before (no throw-away first draw). */
  const [width, setWidth] = useState<number | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);

  const eventCount = summary?.eventCount ?? 0;
  const spans = useMemo(
    () => buildTimelineSpans(summary?.turns ?? [], eventCount, summary?.toolSpans),
    [summary?.turns, summary?.toolSpans, eventCount],
  );
  const toolSpanCount = summary?.toolSpans?.callSeq.length ?? 0;
  const timedSeqs = useMemo(() => collectTimedSeqs(spans, eventCount), [spans, eventCount]);
  // Counted once per span list, not on every cursor move (40k spans at 1.3 M events).
  const stepCount = useMemo(() => spans.filter((span) => span.lane === 'step').length, [spans]);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    return observeContentSize(element, () => setWidth(Math.max(200, element.clientWidth)));
  }, []);

  // The timed seqs' times, asked once the time axis is chosen; kept (for durations on hover) when the
  // axis goes back to seq. A failure leaves the sequence axis.
  const timesAnswer = useWorkerQuery(
    () => client.query({ kind: 'times', seqs: timedSeqs }),
    [client, timedSeqs],
    { log: generation, shouldAsk: axis === 'time' && timedSeqs.length > 0 },
  );
  const times = timesAnswer.status === 'ready' ? timesAnswer.value : null;

  const scale = useMemo(() => {
    if (axis === 'time' && times) {
      return createTimeScale(
        timedSeqs.map((seq, index) => ({ seq, time: times[index] ?? Number.NaN })),
        eventCount,
        width ?? 0,
        PADDING_PX,
      );
    }
    return createSeqScale(eventCount, width ?? 0, PADDING_PX);
  }, [axis, times, timedSeqs, eventCount, width]);

  const timeOf = useMemo(() => {
    if (!times) return null;
    const map = new Map<number, number>();
    timedSeqs.forEach((seq, index) => map.set(seq, times[index] ?? Number.NaN));
    return map;
  }, [times, timedSeqs]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === null) return;
    const context = prepareCanvas(canvas, width, CANVAS_HEIGHT_PX);
    if (!context) return;
    const isDark = document.documentElement.classList.contains('dark');
    context.font = '10px ui-sans-serif, system-ui, sans-serif';
    context.fillStyle = isDark ? '#71717a' : '#a1a1aa';
    context.fillText(axis === 'time' ? 'time →' : 'seq →', PADDING_PX, 10);
    if (eventCount > 0) {
      context.textAlign = 'right';
      context.fillText(String(eventCount - 1), width - PADDING_PX, 10);
      context.textAlign = 'left';
    }
    let lastTurnLabelX = -Infinity;
    // Spans narrower than a pixel column are drawn once per column and colour (10k+ steps on ~1000 px).
    const lastNarrowColumn: Record<TimelineSpan['lane'], { column: number; color: string }> = {
      turn: { column: -1, color: '' },
      step: { column: -1, color: '' },
      attempt: { column: -1, color: '' },
      tool: { column: -1, color: '' },
    };
    for (const span of spans) {
      const lane = LANES[span.lane];
      const x0 = scale.toX(span.startSeq);
      const x1 = Math.max(x0 + 1.5, scale.toX(span.endSeq + 1));
      const color = spanColor(span, isDark);
      if (x1 - x0 < 2 && !span.isHanging) {
        const column = Math.floor(x0);
        const last = lastNarrowColumn[span.lane];
        if (last.column === column && last.color === color) continue;
        last.column = column;
        last.color = color;
      }
      context.globalAlpha = span.lane === 'turn' ? 0.85 : 0.75;
      context.fillStyle = color;
      context.fillRect(x0, lane.top, x1 - x0, lane.height);
      context.globalAlpha = 1;
      if (span.lane !== 'attempt' && span.lane !== 'tool' && x1 - x0 > 3) {
        context.strokeStyle = isDark ? '#18181b' : '#ffffff';
        context.lineWidth = 1;
        context.strokeRect(x0 + 0.5, lane.top + 0.5, x1 - x0 - 1, lane.height - 1);
      }
      if (span.isHanging && span.lane === 'tool') {
        context.setLineDash([2, 2]);
        context.strokeStyle = TOOL_STATUS_COLORS['no-result'] ?? '#f59e0b';
        context.strokeRect(x0 + 0.5, lane.top - 0.5, x1 - x0 - 1, lane.height + 1);
        context.setLineDash([]);
      }
      if (span.isHanging && span.lane === 'turn') {
        context.setLineDash([3, 2]);
        context.strokeStyle = '#ef4444';
        context.strokeRect(x0 + 0.5, lane.top - 1.5, x1 - x0 - 1, lane.height + 3);
        context.setLineDash([]);
      }
      if (span.lane === 'turn' && x1 - x0 > 40 && x0 > lastTurnLabelX) {
        context.fillStyle = '#ffffff';
        const label = `T${span.turn} ${span.isHanging ? 'hanging' : (span.reason ?? '')}${span.isZeroStep ? ' · 0 steps' : ''}`;
        context.fillText(label, x0 + 4, lane.top + 13, x1 - x0 - 8);
        lastTurnLabelX = x1;
      }
    }
    context.fillStyle = '#ef4444';
    let lastProblemColumn = -1;
    for (const seq of problemSeqs) {
      const x = scale.toX(seq);
      if (Math.floor(x) === lastProblemColumn) continue;
      lastProblemColumn = Math.floor(x);
      context.beginPath();
      context.moveTo(x, PROBLEM_ROW_TOP_PX);
      context.lineTo(x + 3.5, PROBLEM_ROW_TOP_PX + 7);
      context.lineTo(x - 3.5, PROBLEM_ROW_TOP_PX + 7);
      context.fill();
    }
  }, [spans, scale, width, problemSeqs, axis, eventCount, theme]);

  // The cursor is an element of its own moved by a transform: a scrub moves it without redrawing
  // any canvas (10,000+ steps) or rasterizing anything.
  const cursorX = cursorSeq === null || width === null ? null : Math.round(scale.toX(cursorSeq));

  // Duration (ms) of the hovered tool span, asked of the worker: tool seqs are not among the timed seqs.
  const hoveredSpan = hover?.span ?? null;
  const toolTimes = useWorkerQuery(
    () =>
      hoveredSpan?.lane === 'tool'
        ? client.query({ kind: 'times', seqs: [hoveredSpan.startSeq, hoveredSpan.endSeq] })
        : null,
    [client, hoveredSpan],
  );

  const seqAtPointer = (clientX: number): { x: number; seq: number } | null => {
    const canvas = canvasRef.current;
    if (!canvas || eventCount === 0) return null;
    const x = clientX - canvas.getBoundingClientRect().left;
    return { x, seq: scale.toSeq(x) };
  };

  const hoverText = (() => {
    if (!hover) return null;
    const span = hover.span;
    if (!span) return `seq ${hover.seq}`;
    if (span.lane === 'tool') {
      const [startTime, endTime] = toolTimes.status === 'ready' ? toolTimes.value : [];
      const toolDuration =
        startTime === undefined ? null : formatDuration((endTime ?? Number.NaN) - startTime);
      const end = span.isHanging ? ' (no result; step still open)' : '';
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
      : span.lane === 'attempt'
        ? `finish: ${span.reason ?? 'none (cut off)'}`
        : span.reason
          ? `end: ${span.reason}`
          : '';
    return `${name} · seq ${span.startSeq}–${span.endSeq}${duration && duration !== '—' ? ` · ${duration}` : ''}${state ? ` · ${state}` : ''}${span.isZeroStep ? ' · zero steps' : ''}`;
  })();

  return (
    <section
      aria-label="Timeline"
      data-tool-spans={toolSpanCount}
      className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-3 px-2 pt-1 text-xs">
        <h2 className="font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Timeline</h2>
        <span className="text-zinc-500">
          {summary?.turns.length ?? 0} turns · {stepCount} steps · {toolSpanCount} tool{' '}
          {toolSpanCount === 1 ? 'call' : 'calls'}
        </span>
        <span className="flex items-center gap-2 text-[10px] text-zinc-500">
          {Object.entries(REASON_COLORS).map(([reason, color]) => (
            <span key={reason} className="flex items-center gap-0.5">
              <span className="inline-block h-2 w-2 rounded-sm" style={{ background: color }} />
              {reason}
            </span>
          ))}
          <span className="flex items-center gap-0.5">
            <span className="inline-block h-2 w-2 rounded-sm border border-dashed border-red-500" />
            hanging
          </span>
          <span className="ml-1 text-zinc-400">tools:</span>
          {Object.entries(TOOL_STATUS_COLORS).map(([status, color]) => (
            <span key={status} className="flex items-center gap-0.5" data-testid={`tool-legend-${status}`}>
              <span className="inline-block h-1.5 w-2 rounded-sm" style={{ background: color }} />
              {status}
            </span>
          ))}
        </span>
        <SegmentedControl
          label="Timeline axis"
          options={AXIS_OPTIONS}
          value={axis}
          onChange={(option) => actions.setTimelineAxis(option)}
          className="ml-auto"
        />
      </div>
      <div ref={containerRef} className="relative px-0">
        <canvas
          ref={canvasRef}
          data-testid="timeline-canvas"
          style={{ width: '100%', height: CANVAS_HEIGHT_PX, display: 'block', cursor: 'pointer' }}
          onClick={(event) => {
            const point = seqAtPointer(event.clientX);
            if (point) actions.setCursor(point.seq, 'jump');
          }}
          onMouseMove={(event) => {
            const point = seqAtPointer(event.clientX);
            if (!point) return;
            const y = event.nativeEvent.offsetY;
            const lane =
              y < LANES.step.top
                ? 'turn'
                : y < LANES.attempt.top
                  ? 'step'
                  : y < LANES.tool.top - 1
                    ? 'attempt'
                    : 'tool';
            setHover({ x: point.x, seq: point.seq, span: findSpanAt(spans, lane, point.seq) });
          }}
          onMouseLeave={() => setHover(null)}
        />
        {cursorX !== null && (
          <div
            aria-hidden
            data-testid="timeline-cursor"
            className="pointer-events-none absolute left-0 w-0.5 bg-sky-600 dark:bg-sky-400"
            style={{
              top: CURSOR_TOP_PX,
              height: CANVAS_HEIGHT_PX - CURSOR_TOP_PX,
              transform: `translateX(${cursorX - 1}px)`,
              willChange: 'transform',
            }}
          />
        )}
        {hover && hoverText && (
          <div
            className="pointer-events-none absolute top-0 z-20 whitespace-nowrap rounded bg-zinc-900/90 px-2 py-1 text-[11px] text-white shadow"
            style={{ left: Math.min(hover.x + 10, (width ?? 0) - 320) }}
          >
            {hoverText}
          </div>
        )}
      </div>
    </section>
  );
}
