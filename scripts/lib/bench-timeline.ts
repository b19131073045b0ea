// The timeline's wheel zoom for `npm run bench:browser`: 60 wheel steps on the timeline canvas (30 in,
// 30 back out, one per animation frame) on the sequence axis and again on the time axis, reporting
// the longest main-thread task, the frame intervals and the app's work inside each frame.
import type { Page } from '@playwright/test';
import { readProbeInPage, wheelZoomTimelineInPage } from '../bench-browser-page.ts';
import { percentile, round } from './percentile.ts';

const ZOOM_STEPS = 60;
/** Quiet time before a run: the model view's scroll before it may still be fetching and rendering. */
const SETTLE_MS = 1500;
/** A frame at 60 Hz. */
export const TARGET_TIMELINE_FRAME_MS = 16;

/** One axis's zoom run. */
export interface TimelineZoomReport {
  longestTaskMs: number | null;
  frameP50Ms: number | null;
  frameP95Ms: number | null;
  frameMaxMs: number | null;
  workP50Ms: number | null;
  workMaxMs: number | null;
  /** Steps whose work took more than a frame. */
  workOverFrame: number | null;
  deepestZoom: number | null;
}

export interface TimelineBenchReport {
  timelineSeq: TimelineZoomReport;
  timelineTime: TimelineZoomReport;
}

const NONE: TimelineZoomReport = {
  longestTaskMs: null,
  frameP50Ms: null,
  frameP95Ms: null,
  frameMaxMs: null,
  workP50Ms: null,
  workMaxMs: null,
  workOverFrame: null,
  deepestZoom: null,
};

async function zoomOnce(page: Page, notes: string[], label: string): Promise<TimelineZoomReport> {
  await page.waitForTimeout(SETTLE_MS);
  const timing = await page.evaluate(wheelZoomTimelineInPage, { steps: ZOOM_STEPS });
  if (timing === null) {
    notes.push(`no timeline canvas: ${label} zoom not measured`);
    return NONE;
  }
  const tasks = (await page.evaluate(readProbeInPage)).longTasks.filter(
    (task) => task.start + task.duration >= timing.start && task.start <= timing.end,
  );
  const frames = [...timing.frameIntervalsMs].sort((a, b) => a - b);
  const work = [...timing.frameWorkMs].sort((a, b) => a - b);
  return {
    longestTaskMs: round(tasks.reduce((longest, task) => Math.max(longest, task.duration), 0)),
    frameP50Ms: round(percentile(frames, 0.5)),
    frameP95Ms: round(percentile(frames, 0.95)),
    frameMaxMs: round(frames.at(-1)),
    workP50Ms: round(percentile(work, 0.5)),
    workMaxMs: round(work.at(-1)),
    workOverFrame: work.filter((ms) => ms > TARGET_TIMELINE_FRAME_MS).length,
    deepestZoom: round(timing.deepestZoom),
  };
}

/** Zooms the timeline on the sequence axis, then on the time axis (its times asked first), and goes back to the sequence axis. */
export async function measureTimelineZoom(page: Page, notes: string[]): Promise<TimelineBenchReport> {
  const timeline = page.locator('section[aria-label="Timeline"]');
  const timelineSeq = await zoomOnce(page, notes, 'sequence-axis');
  await timeline.getByRole('radio', { name: 'Time', exact: true }).click();
  const hasTimeAxis = await page
    .locator('section[aria-label="Timeline"][data-axis="time"]')
    .waitFor({ timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  let timelineTime = NONE;
  if (hasTimeAxis) {
    timelineTime = await zoomOnce(page, notes, 'time-axis');
  } else notes.push('the timeline never switched to the time axis: time-axis zoom not measured');
  await timeline.getByRole('radio', { name: 'Sequence', exact: true }).click();
  return { timelineSeq, timelineTime };
}
