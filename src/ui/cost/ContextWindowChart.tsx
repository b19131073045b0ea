// The context window over time: tokens sent per model request against the window in force (the
// log's request/context, else the price table's), compactions marked as dashed lines, drawn by
// uPlot on one canvas. The y axis reaches the largest window and each window's line is labelled
// with its size, so how near a run came to its limit reads off the chart; the x range covers every
// compaction (context-chart-extent.ts). A click moves the cursor to that request. What was drawn
// (axis top, marks inside the plot, window labels) is written on the container for the e2e.
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { observeContentSize } from '../../browser/resize.ts';
import type { ContextSeries } from '../../log/index.ts';
import { formatCount } from '../shared/format.ts';
import { contextChartExtent, formatWindowShare } from './context-chart-extent.ts';

const CHART_HEIGHT_PX = 180;
const LABEL_FONT_PX = 11;
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
  const extent = useMemo(() => contextChartExtent(series), [series]);
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
        scales: {
          x: { time: false, range: () => [extent.xMin, extent.xMax] },
          y: { range: () => [0, extent.yMax] },
        },
        axes: [
          {
            stroke: COLORS.axis,
            grid: { stroke: COLORS.grid },
            // Room for the widest seq label ("#1,300,000" takes ~65 px: 50 px put them on top of each other).
            space: `#${formatCount(extent.xMax)}`.length * LABEL_FONT_PX * 0.62 + 24,
            values: (_plot, ticks) => ticks.map((tick) => `#${formatCount(tick)}`),
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
          {
            label: 'window',
            stroke: COLORS.window,
            width: 1.5,
            dash: [6, 4],
            points: { show: false },
            // The window in force changes at a request (another model), it does not slope between two.
            paths: uPlot.paths.stepped?.({ align: 1 }),
          },
        ],
        hooks: {
          draw: [
            (drawn) => {
              const context = drawn.ctx;
              const { bbox } = drawn;
              const ratio = uPlot.pxRatio;
              context.save();
              context.strokeStyle = COLORS.compaction;
              context.lineWidth = 1.5 * ratio;
              context.setLineDash([4 * ratio, 3 * ratio]);
              let marked = 0;
              for (const mark of series.compactions) {
                const x = Math.round(drawn.valToPos(mark.seq, 'x', true));
                if (x < bbox.left || x > bbox.left + bbox.width) continue;
                marked++;
                context.beginPath();
                context.moveTo(x, bbox.top);
                context.lineTo(x, bbox.top + bbox.height);
                context.stroke();
              }
              // Each window's size above its line, from where it comes into force (kept inside the plot).
              context.setLineDash([]);
              context.font = `${LABEL_FONT_PX * ratio}px system-ui, sans-serif`;
              context.fillStyle = COLORS.window;
              context.textAlign = 'left';
              context.textBaseline = 'bottom';
              const labels: string[] = [];
              const boxes: { left: number; right: number; top: number; bottom: number }[] = [];
              for (const window of extent.windows) {
                const text = `window ${formatCount(window.tokens)}`;
                const width = context.measureText(text).width;
                const x = Math.min(
                  Math.max(drawn.valToPos(window.seq, 'x', true), bbox.left) + 4 * ratio,
                  bbox.left + bbox.width - width - 4 * ratio,
                );
                const y = drawn.valToPos(window.tokens, 'y', true) - 3 * ratio;
                const box = { left: x, right: x + width, top: y - LABEL_FONT_PX * ratio, bottom: y };
                if (box.top < bbox.top) continue;
                const overlaps = boxes.some(
                  (other) =>
                    box.left < other.right &&
                    other.left < box.right &&
                    box.top < other.bottom &&
                    other.top < box.bottom,
                );
                if (overlaps) continue;
                boxes.push(box);
                context.fillText(text, x, y);
                labels.push(text);
              }
              context.restore();
              const target = drawn.root.parentElement;
              if (target) {
                target.dataset.xMin = String(drawn.scales.x?.min ?? '');
                target.dataset.xMax = String(drawn.scales.x?.max ?? '');
                target.dataset.yMax = String(drawn.scales.y?.max ?? '');
                target.dataset.compactionsDrawn = String(marked);
                target.dataset.windowLabels = labels.join('|');
              }
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
  }, [columns, extent, series]);
  if (series.points.length === 0)
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">No model request reported usage.</p>;
  const peak = extent.peak;
  return (
    <div className="space-y-1">
      <div
        ref={containerRef}
        data-testid="context-chart"
        data-compactions={series.compactions.length}
        className="w-full text-[11px]"
      />
      <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
        {peak && (
          <>
            peak {formatCount(peak.contextTokens)} tokens sent at seq {formatCount(peak.seq)}
            {peak.contextWindow !== null &&
              `, ${formatWindowShare(peak.contextTokens, peak.contextWindow)} of its ${formatCount(peak.contextWindow)} window (${peak.windowSource === 'log' ? 'from the log' : 'from the price table'})`}
          </>
        )}
        {series.compactions.length > 0 &&
          ` · ${series.compactions.length} compaction${series.compactions.length === 1 ? '' : 's'} (dashed)`}
      </p>
    </div>
  );
}
