// The overview strip under the timeline: every turn of the log at once, the visible window as a
// frame that can be dragged (a press beside it centres the window there first), and the cursor.
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { prepareCanvas } from '../../shared/prepare-canvas.ts';
import { PADDING_PX, spanColor } from './draw-timeline.ts';
import type { TimelineAxis } from './timeline-axis.ts';
import type { LaneLayout } from './timeline-geometry.ts';
import { createWindowScale, fitAll, type TimelineWindow } from './timeline-window.ts';
import type { WindowChange } from './use-timeline-window.ts';

export const OVERVIEW_HEIGHT_PX = 14;

interface TimelineOverviewProps {
  turns: LaneLayout;
  axis: TimelineAxis;
  window: TimelineWindow;
  widthPx: number;
  isDark: boolean;
  /** The cursor's axis position, or null. */
  cursorPos: number | null;
  scheduleChange: (change: WindowChange) => void;
}

/** The strip; drawn again only when the turns, the axis, the width or the colours change (never on a zoom). */
export function TimelineOverview({
  turns,
  axis,
  window,
  widthPx,
  isDark,
  cursorPos,
  scheduleChange,
}: TimelineOverviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const all = createWindowScale(fitAll(axis.extent), widthPx, PADDING_PX);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const context = prepareCanvas(canvas, widthPx, OVERVIEW_HEIGHT_PX);
    if (!context) return;
    const scale = createWindowScale(fitAll(axis.extent), widthPx, PADDING_PX);
    context.fillStyle = isDark ? '#27272a' : '#f4f4f5';
    context.fillRect(PADDING_PX, 2, widthPx - 2 * PADDING_PX, OVERVIEW_HEIGHT_PX - 4);
    let lastColumn = -1;
    let lastColor = '';
    for (let index = 0; index < turns.spans.length; index++) {
      const span = turns.spans[index];
      if (!span) continue;
      const x0 = scale.toX(turns.startPos[index] ?? 0);
      const x1 = Math.max(x0 + 1, scale.toX(turns.endPos[index] ?? 0));
      const color = spanColor(span, isDark);
      if (x1 - x0 < 2 && Math.floor(x0) === lastColumn && color === lastColor) continue;
      lastColumn = Math.floor(x0);
      lastColor = color;
      context.fillStyle = color;
      context.fillRect(x0, 3, x1 - x0, OVERVIEW_HEIGHT_PX - 6);
    }
  }, [turns, axis, widthPx, isDark]);

  const left = all.toX(window.start);
  const right = all.toX(window.end);
  const frameWidth = Math.max(4, right - left);

  const drag = useRef<{ pointerId: number; grab: number } | null>(null);
  const posAt = (event: ReactPointerEvent<HTMLDivElement>) =>
    all.toPos(event.clientX - event.currentTarget.getBoundingClientRect().left);
  const moveTo = (start: number) =>
    scheduleChange((current) => ({ start, end: start + (current.end - current.start) }));

  return (
    <div
      data-testid="timeline-overview"
      className="relative cursor-grab touch-none select-none"
      style={{ height: OVERVIEW_HEIGHT_PX }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        const pos = posAt(event);
        const span = window.end - window.start;
        const isOnFrame = pos >= window.start && pos <= window.end;
        const grab = isOnFrame ? pos - window.start : span / 2;
        drag.current = { pointerId: event.pointerId, grab };
        event.currentTarget.setPointerCapture(event.pointerId);
        if (!isOnFrame) moveTo(pos - grab);
      }}
      onPointerMove={(event) => {
        const current = drag.current;
        if (!current || current.pointerId !== event.pointerId) return;
        moveTo(posAt(event) - current.grab);
      }}
      onPointerUp={(event) => {
        if (drag.current?.pointerId === event.pointerId) drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Overview of all ${turns.spans.length} turns; the frame marks the part shown above`}
        style={{ width: '100%', height: OVERVIEW_HEIGHT_PX, display: 'block' }}
      />
      <div
        aria-hidden
        data-testid="timeline-overview-window"
        data-left-px={Math.round(left)}
        data-width-px={Math.round(frameWidth)}
        className="pointer-events-none absolute top-0 rounded-sm border-2 border-sky-600 bg-sky-500/15 dark:border-sky-400 dark:bg-sky-400/15"
        style={{ left: 0, width: frameWidth, height: OVERVIEW_HEIGHT_PX, transform: `translateX(${left}px)` }}
      />
      {cursorPos !== null && (
        <div
          aria-hidden
          className="pointer-events-none absolute top-0 w-px bg-sky-700 dark:bg-sky-300"
          style={{
            left: 0,
            height: OVERVIEW_HEIGHT_PX,
            transform: `translateX(${Math.round(all.toX(cursorPos))}px)`,
          }}
        />
      )}
    </div>
  );
}
