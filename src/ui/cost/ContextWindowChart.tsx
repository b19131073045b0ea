// The context window over time: tokens sent per model request against the window in force (the
// log's request/context, else the price table's), compactions marked as dashed lines, drawn by
// uPlot on one canvas. A click moves the cursor to that request.
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { observeContentSize } from '../../browser/resize.ts';
import type { ContextSeries } from '../../log/index.ts';
import { formatCount } from '../shared/format.ts';

const CHART_HEIGHT_PX = 140;
const COLORS = {
  sent: '#3b82f6',
  window: '#ef4444',
  compaction: 'rgba(168, 85, 247, 0.9)',
  axis: '#8a8f98',
  grid: 'rgba(138, 143, 152, 0.18)',
} as const;

export function ContextWindowChart({
  series,
  onSelectSeq,
}: {
  series: ContextSeries;
  onSelectSeq: (seq: number) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelectSeq);
  const columns = useMemo<uPlot.AlignedData>(
    () => [
      series.points.map((point) => point.seq),
      series.points.map((point) => point.contextTokens),
      series.points.map((point) => point.contextWindow),
    ],
    [series],
  );
  useEffect(() => {
    onSelectRef.current = onSelectSeq;
  }, [onSelectSeq]);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.points.length === 0) return;
    const plot = new uPlot(
      {
        width: Math.max(container.clientWidth, 200),
        height: CHART_HEIGHT_PX,
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false }, points: { size: 6 } },
        scales: { x: { time: false }, y: { range: (_plot, _min, max) => [0, Math.max(1, max) * 1.05] } },
        axes: [
          {
            stroke: COLORS.axis,
            grid: { stroke: COLORS.grid },
            values: (_plot, ticks) => ticks.map((tick) => `#${tick}`),
          },
          {
            stroke: COLORS.axis,
            grid: { stroke: COLORS.grid },
            // Wide enough for a 1,000,000-token window's label (52 px cut it to "00,000").
            size: 76,
            values: (_plot, ticks) => ticks.map((tick) => formatCount(tick)),
          },
        ],
        series: [
          { label: 'seq' },
          {
            label: 'sent',
            stroke: COLORS.sent,
            width: 1.5,
            fill: 'rgba(59, 130, 246, 0.12)',
            points: { show: series.points.length < 200 },
          },
          { label: 'window', stroke: COLORS.window, width: 1, dash: [2, 4] },
        ],
        hooks: {
          draw: [
            (drawn) => {
              const context = drawn.ctx;
              context.save();
              context.strokeStyle = COLORS.compaction;
              context.lineWidth = 1.5 * uPlot.pxRatio;
              context.setLineDash([4 * uPlot.pxRatio, 3 * uPlot.pxRatio]);
              for (const mark of series.compactions) {
                const x = Math.round(drawn.valToPos(mark.seq, 'x', true));
                if (x < drawn.bbox.left || x > drawn.bbox.left + drawn.bbox.width) continue;
                context.beginPath();
                context.moveTo(x, drawn.bbox.top);
                context.lineTo(x, drawn.bbox.top + drawn.bbox.height);
                context.stroke();
              }
              context.restore();
            },
          ],
        },
      },
      columns,
      container,
    );
    const handleClick = (): void => {
      const index = plot.cursor.idx;
      const point = index === null || index === undefined ? undefined : series.points[index];
      if (point) onSelectRef.current(point.seq);
    };
    plot.over.addEventListener('click', handleClick);
    const stopObserving = observeContentSize(container, () =>
      plot.setSize({ width: Math.max(container.clientWidth, 200), height: CHART_HEIGHT_PX }),
    );
    return () => {
      stopObserving?.();
      plot.over.removeEventListener('click', handleClick);
      plot.destroy();
    };
  }, [columns, series]);
  if (series.points.length === 0)
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">No model request reported usage.</p>;
  const last = series.points.at(-1);
  const peak = Math.max(...series.points.map((point) => point.contextTokens));
  return (
    <div className="space-y-1">
      <div
        ref={containerRef}
        data-testid="context-chart"
        data-compactions={series.compactions.length}
        className="w-full text-[11px]"
      />
      <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
        peak {formatCount(peak)} tokens sent
        {last?.contextWindow != null &&
          ` of a ${formatCount(last.contextWindow)} window (${last.windowSource === 'log' ? 'from the log' : 'from the price table'}), ${Math.round((peak / last.contextWindow) * 100)} % at most`}
        {series.compactions.length > 0 &&
          ` · ${series.compactions.length} compaction${series.compactions.length === 1 ? '' : 's'} (dashed)`}
      </p>
    </div>
  );
}
