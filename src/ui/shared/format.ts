// Formatting of sizes, counts, times and durations for display.

/** Sizes are formatted by the core's one definition (log/base/bytes.ts). */
export { formatBytes } from '../../log/index.ts';

/** An integer with thousands separators (`1,300,327`); non-finite numbers as toLocaleString shows them.
 * Built by hand: toLocaleString costs microseconds per call, and every row and scrub frame calls this. */
export function formatCount(count: number): string {
  const rounded = Math.round(count);
  if (!Number.isFinite(rounded) || Math.abs(rounded) >= Number.MAX_SAFE_INTEGER)
    return rounded.toLocaleString('en-US');
  const digits = String(Math.abs(rounded));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    grouped =
      end === digits.length
        ? digits.slice(Math.max(0, end - 3), end)
        : `${digits.slice(Math.max(0, end - 3), end)},${grouped}`;
  }
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** A duration in milliseconds as `850 ms`, `12.3 s`, `4m 05s`, `2h 03m`. */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds)) return '—';
  const sign = milliseconds < 0 ? '-' : '';
  const ms = Math.abs(milliseconds);
  if (ms < 1000) return `${sign}${Math.round(ms)} ms`;
  if (ms < 60_000) return `${sign}${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 3600)
    return `${sign}${Math.floor(totalSeconds / 60)}m ${String(totalSeconds % 60).padStart(2, '0')}s`;
  const minutes = Math.floor(totalSeconds / 60);
  return `${sign}${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** A time offset from the log's first event, as `+12.345 s` (the events pane's time column). */
export function formatOffset(milliseconds: number): string {
  if (!Number.isFinite(milliseconds)) return '';
  return `+${(milliseconds / 1000).toFixed(3)}s`;
}

/** An epoch time in milliseconds as an ISO-like local string, or '—' when not a usable number. */
export function formatEpoch(milliseconds: number | null | undefined): string {
  if (typeof milliseconds !== 'number' || !Number.isFinite(milliseconds)) return '—';
  const date = new Date(milliseconds);
  if (Number.isNaN(date.getTime())) return '—';
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
}
