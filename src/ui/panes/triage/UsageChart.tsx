// Per-step token usage and context occupancy against the context window, drawn by uPlot (one canvas).

import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { observeContentSize } from '../../../browser/resize.ts';
import type { UsagePoint } from '../../../log/index.ts';
import { buildUsageChartColumns, formatTokens } from './usage-chart-data.ts';

const CHART_HEIGHT_PX = 150;
const CURSOR_LINE_WIDTH_PX = 2;

/** Colours readable on light and dark backgrounds (the canvas does not see Tailwind's classes). */
const SERIES_COLORS = {
  context: '#3b82f6',
  output: '#f59e0b',
  cacheRead: '#10b981',
  window: '#ef4444',
  cursor: 'rgba(168, 85, 247, 0.85)',
  axis: '#8a8f98',
  grid: 'rgba(138, 143, 152, 0.18)',
} as const;

export interface UsageChartProps {
  points: readonly UsagePoint[];
  /** Index into `points` of the cursor's step, or -1. */
  highlightIndex: number;
  /** Called with the usage seq of the clicked step. */
  onSelectSeq: (seq: number) => void;
}

/**
 * One uPlot instance per point list; the highlighted step is drawn by a small draw hook and
 * updated with a redraw, so moving the cursor never rebuilds the chart.
 */
export function UsageChart({ points, highlightIndex, onSelectSeq }: UsageChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const highlightRef = useRef(highlightIndex);
  const onSelectRef = useRef(onSelectSeq);
  const columns = useMemo(() => buildUsageChartColumns(points), [points]);

  useEffect(() => {
    onSelectRef.current = onSelectSeq;
  }, [onSelectSeq]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || points.length === 0) return;
    const options: uPlot.Options = {
      width: Math.max(container.clientWidth, 200),
      height: CHART_HEIGHT_PX,
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false }, points: { size: 6 } },
      scales: { x: { time: false } },
      axes: [
        {
          stroke: SERIES_COLORS.axis,
          grid: { stroke: SERIES_COLORS.grid },
          ticks: { stroke: SERIES_COLORS.grid },
          values: (_plot, ticks) => ticks.map((tick) => `#${tick}`),
        },
        {
          stroke: SERIES_COLORS.axis,
          grid: { stroke: SERIES_COLORS.grid },
          ticks: { stroke: SERIES_COLORS.grid },
          size: 48,
          values: (_plot, ticks) => ticks.map((tick) => formatTokens(tick)),
        },
      ],
      series: [
        {
          label: 'seq',
          value: (_plot, seq: number | null, _series, index: number | null) => {
            if (seq === null || index === null) return '—';
            const point = points[index];
            return point ? `${seq} (turn ${point.turn} step ${point.step})` : String(seq);
          },
        },
        {
          label: 'context',
          stroke: SERIES_COLORS.context,
          width: 1.5,
          fill: 'rgba(59, 130, 246, 0.12)',
          points: { show: points.length < 200 },
          value: (_plot, value: number | null) => (value === null ? '—' : formatTokens(value)),
        },
        {
          label: 'output',
          stroke: SERIES_COLORS.output,
          width: 1.5,
          points: { show: points.length < 200 },
          value: (_plot, value: number | null) => (value === null ? '—' : formatTokens(value)),
        },
        {
          label: 'cache read',
          stroke: SERIES_COLORS.cacheRead,
          width: 1,
          dash: [4, 3],
          value: (_plot, value: number | null) => (value === null ? '—' : formatTokens(value)),
        },
        {
          label: 'window',
          stroke: SERIES_COLORS.window,
          width: 1,
          dash: [2, 4],
          spanGaps: false,
          value: (_plot, value: number | null) => (value === null ? 'unknown' : formatTokens(value)),
        },
      ],
      hooks: {
        draw: [
          (plot) => {
            const point = points[highlightRef.current];
            if (!point) return;
            const x = Math.round(plot.valToPos(point.seq, 'x', true));
            const context = plot.ctx;
            context.save();
            context.strokeStyle = SERIES_COLORS.cursor;
            context.lineWidth = CURSOR_LINE_WIDTH_PX * uPlot.pxRatio;
            context.beginPath();
            context.moveTo(x, plot.bbox.top);
            context.lineTo(x, plot.bbox.top + plot.bbox.height);
            context.stroke();
            context.restore();
          },
        ],
      },
    };
    const plot = new uPlot(options, columns, container);
    plotRef.current = plot;

    const handleClick = (): void => {
      const index = plot.cursor.idx;
      if (index === null || index === undefined) return;
      const point = points[index];
      if (point) onSelectRef.current(point.seq);
    };
    plot.over.addEventListener('click', handleClick);

    const stopObserving = observeContentSize(container, () => {
      plot.setSize({ width: Math.max(container.clientWidth, 200), height: CHART_HEIGHT_PX });
    });
    return () => {
      stopObserving?.();
      plot.over.removeEventListener('click', handleClick);
      plot.destroy();
      plotRef.current = null;
    };
  }, [columns, points]);

  useEffect(() => {
    highlightRef.current = highlightIndex;
    plotRef.current?.redraw(false);
  }, [highlightIndex]);

  if (points.length === 0)
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">No step reported token usage.</p>;
  return (
    <div
      ref={containerRef}
      data-testid="usage-chart"
      data-highlight-index={highlightIndex}
      className="usage-chart w-full text-[11px] text-zinc-600 dark:text-zinc-300"
    />
  );
}
