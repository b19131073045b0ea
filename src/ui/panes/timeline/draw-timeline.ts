// Draws the timeline's visible window on its canvas: axis ticks, idle gaps, the four lanes of spans
// (only those in the window; narrower than a pixel column, one mark per column and colour), bar
// labels shortened to fit, problem marks and the keyboard selection. No React, no store.

import { findFirstIndex } from '../../../log/index.ts';
import { formatDuration } from '../../shared/format.ts';
import type { TimelineAxis } from './timeline-axis.ts';
import {
  findVisibleSpans,
  TIMELINE_LANES,
  type TimelineLane,
  type TimelineLayout,
  type TimelineSpan,
} from './timeline-geometry.ts';
import { chooseLabel, labelCandidates, pickLabelColor } from './timeline-labels.ts';
import type { TimelineTick } from './timeline-ticks.ts';
import { createWindowScale, type TimelineWindow } from './timeline-window.ts';

export const CANVAS_HEIGHT_PX = 100;
export const PADDING_PX = 8;
export const LANES: Record<TimelineLane, { top: number; height: number; label: string }> = {
  turn: { top: 16, height: 20, label: 'turns' },
  step: { top: 40, height: 16, label: 'steps' },
  attempt: { top: 60, height: 10, label: 'attempts' },
  tool: { top: 73, height: 8, label: 'tools' },
};
const PROBLEM_ROW_TOP_PX = 86;
/** Ticks' labels sit in the row above the lanes. */
const TICK_LABEL_BASELINE_PX = 10;
const LABEL_FONT = '10px ui-sans-serif, system-ui, sans-serif';

export const REASON_COLORS: Record<string, string> = {
  completed: '#10b981',
  aborted: '#f59e0b',
  blocked: '#a855f7',
  error: '#ef4444',
  'max-tokens': '#f97316',
  interrupted: '#eab308',
};

/** Tool-execution colours by ToolCallStatus (CLI.md `toolCalls`). */
export const TOOL_STATUS_COLORS: Record<string, string> = {
  ok: '#0ea5e9',
  error: '#ef4444',
  'not-started': '#94a3b8',
  'outcome-unknown': '#d946ef',
  'no-result': '#f59e0b',
};

/** A turn in progress (a followed log whose writer is appending): neither an end reason nor hanging. */
export const RUNNING_COLOR = '#38bdf8';

/** A bar's fill colour. */
export function spanColor(span: TimelineSpan, isDark: boolean): string {
  if (span.lane === 'turn')
    return span.isHanging
      ? '#ef4444'
      : span.isRunning
        ? RUNNING_COLOR
        : (REASON_COLORS[span.reason ?? ''] ?? '#64748b');
  if (span.lane === 'step') return isDark ? '#6366f1' : '#818cf8';
  if (span.lane === 'tool') return TOOL_STATUS_COLORS[span.reason ?? ''] ?? '#64748b';
  return span.reason === null ? '#ef4444' : isDark ? '#34d399' : '#059669';
}

/** Each span's label candidates, made once (a zoom draws the same bars frame after frame). */
const candidatesOf = new WeakMap<TimelineSpan, string[]>();

function cachedCandidates(span: TimelineSpan): string[] {
  let candidates = candidatesOf.get(span);
  if (!candidates) {
    candidates = labelCandidates(span, span.lane === 'turn' ? span.stepCount : null);
    candidatesOf.set(span, candidates);
  }
  return candidates;
}

const labelColorOf = new Map<string, string>();

function cachedLabelColor(barColor: string): string {
  let color = labelColorOf.get(barColor);
  if (color === undefined) {
    color = pickLabelColor(barColor);
    labelColorOf.set(barColor, color);
  }
  return color;
}

/** Text widths kept at most (the edge labels of a followed log are new text at every append). */
const MEASURED_TEXTS_MAX = 4096;

/**
 * Text widths in LABEL_FONT, measured once each (labels repeat from frame to frame), on a canvas of
 * their own outside the page where the browser has one: measuring on the page's canvas makes
 * Chromium bring the page's style up to date first, and right after a commit (the timeline draws
 * in an effect) that was a full style recalculation for each new text, such as the window's edge
 * label at every append of a followed log. Falls back to `context`.
 */
export function createTextMeasure(context: CanvasRenderingContext2D): (text: string) => number {
  const offscreen =
    typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  const measurer = offscreen ?? context;
  if (offscreen !== null) offscreen.font = LABEL_FONT;
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      if (offscreen === null) context.font = LABEL_FONT;
      width = measurer.measureText(text).width;
      if (widths.size >= MEASURED_TEXTS_MAX) widths.clear();
      widths.set(text, width);
    }
    return width;
  };
}

export interface TimelineDrawing {
  layout: TimelineLayout;
  axis: TimelineAxis;
  window: TimelineWindow;
  widthPx: number;
  isDark: boolean;
  ticks: readonly TimelineTick[];
  /** Pixels at the left and right of the tick row kept free for the window's edge labels. */
  reservedLeftPx: number;
  reservedRightPx: number;
  /** Ascending problem seqs. */
  problemSeqs: readonly number[];
  /** The keyboard selection (outlined), or null. */
  selected: { lane: 'turn' | 'step'; index: number } | null;
  measure: (text: string) => number;
}

/** Draws one frame on a prepared (sized, cleared, CSS-px scaled) context. */
export function drawTimeline(context: CanvasRenderingContext2D, drawing: TimelineDrawing): void {
  const { layout, axis, window, widthPx, isDark } = drawing;
  const scale = createWindowScale(window, widthPx, PADDING_PX);
  // Slack of a few px so bars cut by an edge still draw their visible part and stroke.
  const slack = scale.posPerPx * 4;
  const from = window.start - slack;
  const to = window.end + slack;
  const clipX = (x: number) => Math.min(widthPx + 2, Math.max(-2, x));
  context.font = LABEL_FONT;

  drawTicks(context, drawing, scale.toX);
  if (axis.gaps.length > 0) drawGaps(context, axis, from, to, scale.toX, isDark, drawing.measure);

  const strokeColor = isDark ? '#18181b' : '#ffffff';
  for (const laneName of TIMELINE_LANES) {
    const lane = layout[laneName];
    const style = LANES[laneName];
    const [first, end] = findVisibleSpans(lane, from, to);
    let labelEndX = Number.NEGATIVE_INFINITY;
    const isLabelled = laneName === 'turn' || laneName === 'step';
    context.globalAlpha = laneName === 'attempt' || laneName === 'tool' ? 0.8 : 1;
    // Narrow spans of one colour that touch are drawn as one rectangle: zoomed out, a lane of 12,000
    // spans is a few hundred runs, not 12,000 fills.
    let runLeft = 0;
    let runRight = Number.NEGATIVE_INFINITY;
    let runColor = '';
    const flushRun = () => {
      if (runRight < runLeft) return;
      context.fillStyle = runColor;
      context.fillRect(runLeft, style.top, runRight - runLeft, style.height);
      runRight = Number.NEGATIVE_INFINITY;
    };
    for (let index = first; index < end; index++) {
      const span = lane.spans[index];
      if (!span) continue;
      const x0 = scale.toX(lane.startPos[index] ?? 0);
      const x1 = Math.max(x0 + 1.5, scale.toX(lane.endPos[index] ?? 0));
      if (x1 < -2 || x0 > widthPx + 2) continue;
      const color = spanColor(span, isDark);
      if (x1 - x0 < 2 && !span.isHanging && !span.isRunning) {
        if (color === runColor && x0 <= runRight + 1) {
          runRight = Math.max(runRight, clipX(x1));
          continue;
        }
        flushRun();
        runLeft = clipX(x0);
        runRight = clipX(x1);
        runColor = color;
        continue;
      }
      flushRun();
      const left = clipX(x0);
      const right = clipX(x1);
      context.fillStyle = color;
      context.fillRect(left, style.top, right - left, style.height);
      if (isLabelled && right - left > 3) {
        context.strokeStyle = strokeColor;
        context.lineWidth = 1;
        context.strokeRect(left + 0.5, style.top + 0.5, right - left - 1, style.height - 1);
      }
      if (span.isHanging) drawHangingOutline(context, laneName, left, right);
      if (isLabelled) {
        // Sticky: a bar cut by the left edge keeps its label in its visible part.
        const labelLeft = Math.max(left, PADDING_PX, labelEndX);
        const available = Math.min(right, widthPx - PADDING_PX) - labelLeft;
        const label = available > 8 ? chooseLabel(cachedCandidates(span), available, drawing.measure) : null;
        if (label) {
          context.globalAlpha = 1;
          context.fillStyle = cachedLabelColor(color);
          context.fillText(label, labelLeft + 3, style.top + style.height / 2 + 3.5);
          labelEndX = labelLeft + 3 + drawing.measure(label);
        }
      }
    }
    flushRun();
    context.globalAlpha = 1;
  }
  drawProblems(context, axis, drawing.problemSeqs, from, to, scale.toX);
  if (drawing.selected) {
    const lane = layout[drawing.selected.lane];
    const index = drawing.selected.index;
    const style = LANES[drawing.selected.lane];
    if (index >= 0 && index < lane.spans.length) {
      const left = clipX(scale.toX(lane.startPos[index] ?? 0));
      const right = clipX(
        Math.max(scale.toX(lane.startPos[index] ?? 0) + 1.5, scale.toX(lane.endPos[index] ?? 0)),
      );
      context.strokeStyle = isDark ? '#38bdf8' : '#0369a1';
      context.lineWidth = 2;
      context.strokeRect(left - 1, style.top - 2, right - left + 2, style.height + 4);
    }
  }
}

function drawHangingOutline(
  context: CanvasRenderingContext2D,
  lane: TimelineLane,
  left: number,
  right: number,
): void {
  if (lane !== 'turn' && lane !== 'tool') return;
  const style = LANES[lane];
  context.globalAlpha = 1;
  context.setLineDash(lane === 'turn' ? [3, 2] : [2, 2]);
  context.strokeStyle = lane === 'turn' ? '#ef4444' : (TOOL_STATUS_COLORS['no-result'] ?? '#f59e0b');
  const grow = lane === 'turn' ? 1.5 : 0.5;
  context.strokeRect(left + 0.5, style.top - grow, right - left - 1, style.height + 2 * grow);
  context.setLineDash([]);
  if (lane === 'tool') context.globalAlpha = 0.8;
}

function drawTicks(
  context: CanvasRenderingContext2D,
  drawing: TimelineDrawing,
  toX: (pos: number) => number,
): void {
  const { widthPx, isDark } = drawing;
  const gridColor = isDark ? 'rgba(161,161,170,0.16)' : 'rgba(113,113,122,0.16)';
  context.fillStyle = isDark ? '#a1a1aa' : '#52525b';
  context.textAlign = 'center';
  for (const tick of drawing.ticks) {
    const x = Math.round(toX(tick.pos)) + 0.5;
    if (x < PADDING_PX || x > widthPx - PADDING_PX) continue;
    const half = drawing.measure(tick.label) / 2;
    const isLabelled = x - half > drawing.reservedLeftPx && x + half < widthPx - drawing.reservedRightPx;
    if (isLabelled) {
      context.fillStyle = isDark ? '#a1a1aa' : '#52525b';
      context.fillText(tick.label, x, TICK_LABEL_BASELINE_PX);
    }
    context.fillStyle = gridColor;
    context.fillRect(x - 0.5, isLabelled ? 12 : 2, 1, PROBLEM_ROW_TOP_PX - (isLabelled ? 12 : 2));
  }
  context.textAlign = 'left';
}

/** A gap narrower than this (CSS px) gets no label. */
const GAP_LABEL_MIN_PX = 40;

/** The hatch of idle gaps, one per theme. */
const gapPatterns = new Map<boolean, CanvasPattern | null>();

function gapPattern(context: CanvasRenderingContext2D, isDark: boolean): CanvasPattern | string {
  if (!gapPatterns.has(isDark)) {
    const tile = document.createElement('canvas');
    tile.width = 6;
    tile.height = 6;
    const tileContext = tile.getContext('2d');
    if (tileContext) {
      tileContext.strokeStyle = isDark ? 'rgba(161,161,170,0.35)' : 'rgba(113,113,122,0.3)';
      tileContext.lineWidth = 1;
      tileContext.beginPath();
      tileContext.moveTo(0, 6);
      tileContext.lineTo(6, 0);
      tileContext.stroke();
    }
    gapPatterns.set(isDark, tileContext ? context.createPattern(tile, 'repeat') : null);
  }
  return gapPatterns.get(isDark) ?? (isDark ? 'rgba(161,161,170,0.2)' : 'rgba(113,113,122,0.15)');
}

/** Idle gaps of the time axis: a hatched band across the lanes, with its real length when it fits. */
function drawGaps(
  context: CanvasRenderingContext2D,
  axis: TimelineAxis,
  from: number,
  to: number,
  toX: (pos: number) => number,
  isDark: boolean,
  measure: (text: string) => number,
): void {
  const gaps = axis.gaps;
  const first = findFirstIndex(gaps.length, (index) => (gaps[index]?.endPos ?? 0) >= from);
  const top = LANES.turn.top - 2;
  const height = LANES.tool.top + LANES.tool.height + 2 - top;
  let lastColumn = -1;
  for (let index = first; index < gaps.length; index++) {
    const gap = gaps[index];
    if (!gap || gap.startPos > to) break;
    const x0 = toX(gap.startPos);
    const x1 = toX(gap.endPos);
    if (x1 - x0 < 2) {
      if (Math.floor(x0) === lastColumn) continue;
      lastColumn = Math.floor(x0);
    }
    context.fillStyle = gapPattern(context, isDark);
    context.fillRect(x0, top, Math.max(1, x1 - x0), height);
    // Measured only where a label can fit (a zoomed-out view holds a thousand gaps).
    if (x1 - x0 < GAP_LABEL_MIN_PX) continue;
    const label = `idle ${formatDuration(gap.durationMs)}`;
    const width = measure(label);
    if (x1 - x0 > width + 8) {
      context.fillStyle = isDark ? '#d4d4d8' : '#3f3f46';
      context.fillText(label, (x0 + x1) / 2 - width / 2, top + height / 2 + 3);
    }
  }
}

function drawProblems(
  context: CanvasRenderingContext2D,
  axis: TimelineAxis,
  problemSeqs: readonly number[],
  from: number,
  to: number,
  toX: (pos: number) => number,
): void {
  context.fillStyle = '#ef4444';
  let lastColumn = -1;
  const first = findFirstIndex(problemSeqs.length, (index) => axis.posOfSeq(problemSeqs[index] ?? 0) >= from);
  for (let index = first; index < problemSeqs.length; index++) {
    const pos = axis.posOfSeq(problemSeqs[index] ?? 0);
    if (pos > to) break;
    const x = toX(pos);
    if (Math.floor(x) === lastColumn) continue;
    lastColumn = Math.floor(x);
    context.beginPath();
    context.moveTo(x, PROBLEM_ROW_TOP_PX);
    context.lineTo(x + 3.5, PROBLEM_ROW_TOP_PX + 7);
    context.lineTo(x - 3.5, PROBLEM_ROW_TOP_PX + 7);
    context.fill();
  }
}
