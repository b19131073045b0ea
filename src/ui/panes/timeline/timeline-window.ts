// Pure math of the timeline's visible window: zoom about a point, pan, fit a span, keep the cursor in
// view, and the wheel's zoom factor. Windows are in axis positions (timeline-axis.ts).

/** The visible part of the axis, `start` < `end`, both within [0, extent]. */
export interface TimelineWindow {
  start: number;
  end: number;
}

/** How much of the window a fitted span leaves free on each side. */
const FIT_MARGIN_FRACTION = 0.04;
/** Where a cursor that left the window by less than a window lands: this far inside the edge it crossed. */
const FOLLOW_MARGIN_FRACTION = 0.1;

/** The whole axis. */
export function fitAll(extent: number): TimelineWindow {
  return { start: 0, end: Math.max(extent, Number.MIN_VALUE) };
}

/**
 * `window` moved and sized to lie within [0, extent] and to be at least `minSpan` wide (never
 * wider than the axis): a pan past an edge stops at the edge, keeping the window's width.
 */
export function clampWindow(window: TimelineWindow, extent: number, minSpan: number): TimelineWindow {
  if (!(extent > 0)) return fitAll(extent);
  const span = Math.min(extent, Math.max(minSpan, window.end - window.start));
  const start = Math.min(extent - span, Math.max(0, window.start));
  return { start, end: start + span };
}

/**
 * Zooms by `factor` (> 1 zooms in) about `anchor`, a position that stays at the same place on
 * screen, then clamps.
 */
export function zoomWindow(
  window: TimelineWindow,
  factor: number,
  anchor: number,
  extent: number,
  minSpan: number,
): TimelineWindow {
  const span = window.end - window.start;
  const nextSpan = Math.min(extent, Math.max(Math.min(minSpan, extent), span / factor));
  const anchorFraction = span > 0 ? (anchor - window.start) / span : 0.5;
  const fraction = Math.min(1, Math.max(0, anchorFraction));
  const start = anchor - fraction * nextSpan;
  return clampWindow({ start, end: start + nextSpan }, extent, minSpan);
}

/** Moves the window by `delta` positions (positive: later), keeping its width. */
export function panWindow(
  window: TimelineWindow,
  delta: number,
  extent: number,
  minSpan: number,
): TimelineWindow {
  return clampWindow({ start: window.start + delta, end: window.end + delta }, extent, minSpan);
}

/** The window that shows [from, to] with a small margin on both sides (double-click, Enter). */
export function fitSpan(from: number, to: number, extent: number, minSpan: number): TimelineWindow {
  const span = Math.max(minSpan, to - from);
  const margin = span * FIT_MARGIN_FRACTION;
  const middle = (from + to) / 2;
  const half = span / 2 + margin;
  return clampWindow({ start: middle - half, end: middle + half }, extent, minSpan);
}

/**
 * The window after the cursor moved to `pos`: unchanged while `pos` is inside; a cursor that left by
 * less than a window's width is brought FOLLOW_MARGIN_FRACTION inside the edge it crossed (a page
 * turn, so a moving cursor keeps what lies ahead in view); a farther jump centers it. Same width.
 */
export function keepInView(
  window: TimelineWindow,
  pos: number,
  extent: number,
  minSpan: number,
): TimelineWindow {
  if (pos >= window.start && pos <= window.end) return window;
  const span = window.end - window.start;
  const margin = span * FOLLOW_MARGIN_FRACTION;
  let start: number;
  if (pos > window.end && pos - window.end < span) start = pos - margin;
  else if (pos < window.start && window.start - pos < span) start = pos + margin - span;
  else start = pos - span / 2;
  return clampWindow({ start, end: start + span }, extent, minSpan);
}

/** WheelEvent.deltaMode: pixels, lines, pages. */
const WHEEL_LINE_PX = 16;
const WHEEL_PAGE_PX = 400;
/** Zoom per wheel pixel: a 100 px notch zooms by about 1.22×. */
const WHEEL_ZOOM_PER_PX = 0.002;
/** Pinch gestures (ctrl+wheel) send small deltas; they zoom faster per pixel. */
const PINCH_ZOOM_PER_PX = 0.01;

/** A wheel delta in CSS px whatever its deltaMode. */
export function wheelDeltaPx(delta: number, deltaMode: number): number {
  return deltaMode === 1 ? delta * WHEEL_LINE_PX : deltaMode === 2 ? delta * WHEEL_PAGE_PX : delta;
}

/** The zoom factor of one vertical wheel event (> 1 zooms in: wheel up, or a pinch outwards). */
export function wheelZoomFactor(deltaYPx: number, isPinch: boolean): number {
  return Math.exp(-deltaYPx * (isPinch ? PINCH_ZOOM_PER_PX : WHEEL_ZOOM_PER_PX));
}

/** The zoom factor of the `+` / `-` keys and buttons. */
export const KEY_ZOOM_FACTOR = 1.5;

/** Axis position ↔ x (CSS px) for a window drawn `widthPx` wide with `paddingPx` free on each side. */
export interface WindowScale {
  toX: (pos: number) => number;
  toPos: (x: number) => number;
  /** Axis positions per CSS px. */
  posPerPx: number;
}

/** The scale that draws `window` across `widthPx` minus the padding. */
export function createWindowScale(window: TimelineWindow, widthPx: number, paddingPx: number): WindowScale {
  const usable = Math.max(1, widthPx - 2 * paddingPx);
  const span = Math.max(Number.MIN_VALUE, window.end - window.start);
  const pxPerPos = usable / span;
  return {
    toX: (pos) => paddingPx + (pos - window.start) * pxPerPos,
    toPos: (x) => window.start + (x - paddingPx) / pxPerPos,
    posPerPx: span / usable,
  };
}
