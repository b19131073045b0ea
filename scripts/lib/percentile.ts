// The benchmarks' summary statistics: nearest-rank percentiles, the median, and rounding for reports.

/** The nearest-rank percentile (`fraction` in [0, 1]) of ascending `sortedValues`; NaN when empty. */
export function percentile(sortedValues: readonly number[], fraction: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(sortedValues.length - 1, Math.ceil(fraction * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)] ?? Number.NaN;
}

/** The median of `values` (any order): the nearest-rank 50th percentile; NaN when empty. */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** `value` rounded to `digits` decimals; null when it is missing or not finite (NaN, ±Infinity). */
export function round(value: number | null | undefined, digits = 1): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
