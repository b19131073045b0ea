// What the context-window chart must show, from its series alone: the x range covers every request
// and every compaction (a compaction after the last request with usage, such as the one a run that
// hit its limit ends on, is still marked), the y axis reaches the largest window with room above it
// for the window's label, where each window size first comes into force (its label's place), and the
// peak request with the window it was sent against.
import type { ContextSeries } from '../../log/index.ts';

/** Room above the highest line for its label, as a share of that line's value. */
const HEADROOM = 0.2;

export interface ContextChartExtent {
  xMin: number;
  xMax: number;
  yMax: number;
  /** Each window size once, at the seq of the first request sent under it (a run that switches models goes back and forth). */
  windows: { seq: number; tokens: number }[];
  /** The request that sent the most tokens (the first of equals). */
  peak: ContextSeries['points'][number] | undefined;
}

export function contextChartExtent(series: ContextSeries): ContextChartExtent {
  const seqs = [...series.points.map((point) => point.seq), ...series.compactions.map((mark) => mark.seq)];
  let xMin = Math.min(...seqs);
  let xMax = Math.max(...seqs);
  if (!(xMax > xMin)) {
    // One seq: uPlot needs a span to place it; centre it.
    xMin -= 1;
    xMax += 1;
  }
  const windows: ContextChartExtent['windows'] = [];
  let top = 1;
  let peak: ContextChartExtent['peak'];
  for (const point of series.points) {
    top = Math.max(top, point.contextTokens);
    if (peak === undefined || point.contextTokens > peak.contextTokens) peak = point;
    const window = point.contextWindow;
    if (window === null) continue;
    top = Math.max(top, window);
    if (!windows.some((known) => known.tokens === window)) windows.push({ seq: point.seq, tokens: window });
  }
  return { xMin, xMax, yMax: top * (1 + HEADROOM), windows, peak };
}

/** The share of the window the peak used, as a person reads it: "< 0.1 %", "0.3 %", "42 %". */
export function formatWindowShare(tokens: number, window: number): string {
  const share = (tokens / window) * 100;
  if (share === 0 || share >= 10) return `${Math.round(share)} %`;
  return share < 0.1 ? '< 0.1 %' : `${share.toFixed(1)} %`;
}
