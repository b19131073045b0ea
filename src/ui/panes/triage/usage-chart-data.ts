// Turns per-step usage points into the column arrays uPlot draws, and finds the cursor's step.

import { findFirstAtOrAbove, findLastAtOrBelow, type UsagePoint } from '../../../log/index.ts';

/** uPlot's aligned data: x (usage seq), then context, output, cache read and window tokens; null leaves a gap. */
export type UsageChartColumns = [
  number[],
  (number | null)[],
  (number | null)[],
  (number | null)[],
  (number | null)[],
];

/**
 * x = the seq of each step's last usage report (ascending, so it lines up with the scrubber);
 * the window column is null where no request/context.contextWindow is known.
 */
export function buildUsageChartColumns(points: readonly UsagePoint[]): UsageChartColumns {
  return [
    points.map((point) => point.seq),
    points.map((point) => point.contextTokens),
    points.map((point) => point.outputTokens),
    points.map((point) => point.cacheReadTokens),
    points.map((point) => point.contextWindow),
  ];
}

/**
 * Index of the point of the step the cursor is in: the first point whose seq is at or after the
 * cursor, provided it belongs to the same step span; otherwise the last point before the cursor.
 * `stepStartSeqs` are the ascending step/start seqs of the log. -1 when nothing applies.
 */
export function findCursorPointIndex(
  points: readonly UsagePoint[],
  cursorSeq: number | null,
  stepStartSeqs: readonly number[],
): number {
  if (cursorSeq === null || points.length === 0) return -1;
  const firstAtOrAfter = findFirstAtOrAbove(points, cursorSeq, (point) => point.seq);
  const next = points[firstAtOrAfter];
  if (next !== undefined) {
    const stepStart = lastAtOrBelow(stepStartSeqs, cursorSeq);
    // Same step: no step/start between the cursor and the report.
    if (stepStart !== null && lastAtOrBelow(stepStartSeqs, next.seq) === stepStart) return firstAtOrAfter;
  }
  return firstAtOrAfter - 1;
}

function lastAtOrBelow(sorted: readonly number[], seq: number): number | null {
  return sorted[findLastAtOrBelow(sorted, seq)] ?? null;
}

/** Token counts as 950, 12.3k, 1.2M. */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count)) return '—';
  if (Math.abs(count) < 1000) return String(Math.round(count));
  if (Math.abs(count) < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}
