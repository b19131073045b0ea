// Pure axis ticks of the timeline: round seqs on the sequence axis, round clock times on the time
// axis (none inside a compressed idle gap), at least a minimum spacing apart.

import { formatCount } from '../../shared/format.ts';
import type { TimelineAxis } from './timeline-axis.ts';
import type { TimelineWindow } from './timeline-window.ts';

/** One tick: where it is on the axis and what it says. */
export interface TimelineTick {
  pos: number;
  label: string;
}

const SEQ_STEP_MULTIPLIERS = [1, 2, 5] as const;
/** Round time steps (ms), smallest first. */
const TIME_STEPS_MS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
  600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
] as const;
const DAY_MS = 86_400_000;
/** More ticks than this per draw are never wanted (a guard for degenerate windows). */
const TICKS_MAX = 200;

/** The smallest round step (1, 2, 5 × 10^k, at least 1) that keeps ticks `minSpacingPx` apart. */
export function chooseSeqStep(span: number, widthPx: number, minSpacingPx: number): number {
  const least = (span / Math.max(1, widthPx)) * minSpacingPx;
  for (let power = 1; ; power *= 10) {
    for (const multiplier of SEQ_STEP_MULTIPLIERS) {
      if (multiplier * power >= least) return multiplier * power;
    }
  }
}

/** The smallest round time step keeping ticks `minSpacingPx` apart (1 axis ms is 1 ms outside gaps). */
export function chooseTimeStep(span: number, widthPx: number, minSpacingPx: number): number {
  const least = (span / Math.max(1, widthPx)) * minSpacingPx;
  for (const step of TIME_STEPS_MS) if (step >= least) return step;
  return Math.ceil(least / 86_400_000) * 86_400_000;
}

/** Seq ticks inside `window` at round seqs. */
export function buildSeqTicks(window: TimelineWindow, widthPx: number, minSpacingPx: number): TimelineTick[] {
  const step = chooseSeqStep(window.end - window.start, widthPx, minSpacingPx);
  const ticks: TimelineTick[] = [];
  for (let seq = Math.ceil(window.start / step) * step; seq <= window.end; seq += step) {
    ticks.push({ pos: seq, label: formatCount(seq) });
    if (ticks.length >= TICKS_MAX) break;
  }
  return ticks;
}

/**
 * Time ticks inside `window` at round UTC times, walking the stretches of real time between the
 * idle gaps (a tick inside a gap would lie: its time is squeezed there). A tick closer than
 * `minSpacingPx` to the previous one is left out (the start of each stretch can crowd).
 */
export function buildTimeTicks(
  axis: TimelineAxis,
  window: TimelineWindow,
  widthPx: number,
  minSpacingPx: number,
): TimelineTick[] {
  const span = window.end - window.start;
  const step = chooseTimeStep(span, widthPx, minSpacingPx);
  const minSpacing = (span / Math.max(1, widthPx)) * minSpacingPx;
  const ticks: TimelineTick[] = [];
  let lastPos = Number.NEGATIVE_INFINITY;
  let lastDay: number | null = null;
  for (const run of axis.runs) {
    if (run.endPos < window.start) continue;
    if (run.startPos > window.end) break;
    const fromPos = Math.max(run.startPos, window.start);
    const toPos = Math.min(run.endPos, window.end);
    const fromTime = run.startTime + (fromPos - run.startPos);
    for (let time = Math.ceil(fromTime / step) * step; ; time += step) {
      const pos = run.startPos + (time - run.startTime);
      if (pos > toPos) break;
      if (pos - lastPos < minSpacing) continue;
      // A gap can hide midnight: the first tick on a new day says which day.
      const day = Math.floor(time / DAY_MS);
      const label = formatTickTime(time, step);
      const isNewDay = lastDay !== null && day !== lastDay && step < DAY_MS && !label.includes('-');
      ticks.push({ pos, label: isNewDay ? `${formatTickTime(time, DAY_MS)} ${label}` : label });
      lastDay = day;
      lastPos = pos;
      if (ticks.length >= TICKS_MAX) return ticks;
    }
  }
  return ticks;
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/** A tick's UTC time as precise as its step needs: `07-09` (days), `08:44`, `08:44:46`, `08:44:46.250`. */
export function formatTickTime(timeMs: number, stepMs: number): string {
  const date = new Date(timeMs);
  if (Number.isNaN(date.getTime())) return '';
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  if (stepMs >= 86_400_000) return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (stepMs >= 60_000) {
    const isMidnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0;
    return isMidnight ? `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` : clock;
  }
  const seconds = `${clock}:${pad(date.getUTCSeconds())}`;
  return stepMs >= 1000 ? seconds : `${seconds}.${pad(date.getUTCMilliseconds(), 3)}`;
}

/**
 * The time at a window edge: the date and UTC time, with milliseconds when the window is shorter
 * than 10 s (`2026-07-09 08:44:46Z`, `2026-07-09 08:44:46.125Z`).
 */
export function formatEdgeTime(timeMs: number, windowSpanMs: number): string {
  const date = new Date(timeMs);
  if (Number.isNaN(date.getTime())) return '—';
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const millis = windowSpanMs < 10_000 ? `.${pad(date.getUTCMilliseconds(), 3)}` : '';
  return `${day} ${clock}${millis}Z`;
}
