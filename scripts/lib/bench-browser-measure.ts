// The one-log case of `npm run bench:browser` (scripts/bench-browser.ts): its options, its targets
// and the measurement in one page (first rows, ready, long tasks, scrub, conversation, search,
// timeline zoom, memory). The entry runs it in fresh browsers and prints it (bench-browser-report.ts).

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Page } from '@playwright/test';
import {
  dragInPage,
  isRowInListViewportInPage,
  isSettledInPage,
  readProbeInPage,
  timeMoveInPage,
} from '../bench-browser-page.ts';
import { type LargeLogFiles } from '../large-log/cache.ts';
import { parseGeneration, type LogGeneration } from '../large-log/generate.ts';
import { readOption } from './cli-options.ts';
import { summarizeProfile } from './cpu-profile.ts';
import { percentile, round } from './percentile.ts';
import { createRandom } from './random.ts';
import { measureConversationScroll } from './bench-conversation.ts';
import { measureSearch, searchTermsOf } from './bench-search-browser.ts';
import { measureTimelineZoom } from './bench-timeline.ts';

const LOAD_TIMEOUT_MS = 180_000;
const MOVE_TIMEOUT_MS = 10_000;
/** Frames of the continuous drag (one cursor change per animation frame). */
const DRAG_FRAMES = 180;

export const TARGET_FIRST_ROWS_MS = 200;
export const TARGET_LONGEST_TASK_MS = 50;
export const TARGET_SCRUB_P99_MS = 16;

export interface Args {
  scale: number;
  seed: number;
  generation: LogGeneration;
  outDir: string;
  moves: number;
  runs: number;
  port: number;
  json: boolean;
  isHeaded: boolean;
  /** Write a main-thread CPU profile of the scrub to <outDir>/scrub-main.cpuprofile and list its hottest functions. */
  shouldProfile: boolean;
  /** Write light and dark screenshots of the viewer at the end of the list to <outDir>/events-{light,dark}.png. */
  shouldScreenshot: boolean;
  /** Which cases run: the one large log, the sessions root, or both. */
  benchCase: 'log' | 'workspace' | 'all';
  sessions: number;
  large: number;
  largeScale: number;
}

function parseCase(value: string | undefined): Args['benchCase'] {
  if (value === undefined || value === 'all') return 'all';
  if (value === 'log' || value === 'workspace') return value;
  throw new Error(`--case must be log, workspace or all (not ${value})`);
}

export function parseArgs(argv: readonly string[]): Args {
  const value = (name: string): string | undefined => readOption(argv, name);
  return {
    scale: Number(value('--scale') ?? '1'),
    seed: Number(value('--seed') ?? '1'),
    generation: parseGeneration(value('--generation')),
    outDir: value('--out') ?? '.bench',
    moves: Number(value('--moves') ?? '200'),
    runs: Math.max(1, Math.floor(Number(value('--runs') ?? '1'))),
    port: Number(value('--port') ?? '4179'),
    json: argv.includes('--json'),
    isHeaded: argv.includes('--headed'),
    shouldProfile: argv.includes('--profile'),
    shouldScreenshot: argv.includes('--screenshots'),
    benchCase: parseCase(value('--case')),
    sessions: Number(value('--sessions') ?? '500'),
    large: Number(value('--large') ?? '3'),
    largeScale: Number(value('--large-scale') ?? '0.1'),
  };
}

function longestIn(
  tasks: readonly { start: number; duration: number }[],
  from: number,
  to: number,
): { longest: number; count: number } {
  const inside = tasks.filter((task) => task.start >= from && task.start <= to);
  return { longest: inside.reduce((max, task) => Math.max(max, task.duration), 0), count: inside.length };
}

export async function measure(page: Page, args: Args, files: LargeLogFiles, notes: string[]) {
  const { zstdPath, events } = files;
  const input = page.locator('input[type="file"]').first();
  await input.waitFor({ state: 'attached', timeout: 30_000 });
  await input.setInputFiles(zstdPath);
  await page.waitForFunction(isSettledInPage, undefined, {
    timeout: LOAD_TIMEOUT_MS,
    polling: 100,
  });
  const loaded = await page.evaluate(readProbeInPage);
  if (loaded.errorAt !== null) notes.push('the app reached data-load-state="error" for the generated log');
  const dropAt = loaded.dropAt ?? 0;
  const readyAt = loaded.readyAt;
  const firstRowsMs = loaded.firstRowsAt === null ? null : loaded.firstRowsAt - dropAt;
  const readyMs = readyAt === null ? null : readyAt - dropAt;
  // Rows may only appear once the load is ready; wait briefly for them if they were not seen yet.
  if (loaded.firstRowsAt === null) {
    await page
      .waitForSelector('[role="row"][data-state="loaded"]', { timeout: 10_000 })
      .catch(() => notes.push('no loaded [role="row"] appeared'));
  }
  const loadTasks = longestIn(loaded.longTasks, dropAt, readyAt ?? Number.POSITIVE_INFINITY);
  // Name what ran the load's long tasks (Long Animation Frames), so a missed target says where to look.
  for (const script of loaded.longScripts.filter(
    (entry) => entry.start >= dropAt && entry.start <= (readyAt ?? Number.POSITIVE_INFINITY),
  ))
    notes.push(
      `a long script during load at +${Math.round(script.start - dropAt)} ms: ${script.invoker}, ${Math.round(script.duration)} ms (${Math.round(script.forcedLayout)} ms of it forced style and layout)`,
    );

  const shownCount = await page
    .locator('[data-testid="cursor-position"]')
    .textContent()
    .catch(() => null);

  // The text index builds right after the load: measured first, before the scrub adds its own tasks.
  const search = await measureSearch(page, searchTermsOf(files.jsonlPath), notes);

  // Scrub latency: sequential jumps to seeded random seqs, each waited for.
  const random = createRandom(args.seed ^ 0xb10e);
  const latencies: number[] = [];
  const paintLatencies: number[] = [];
  let timeouts = 0;
  const timedOutSeqs: number[] = [];
  const profiler = args.shouldProfile ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.send('Profiler.start');
  }
  const scrubFrom = await page.evaluate(() => performance.now());
  const hasLabel = (await page.locator('[data-testid="model-message-count"]').count()) > 0;
  if (!hasLabel) notes.push('no [data-testid="model-message-count"]: scrub latency not measured');
  for (let move = 0; hasLabel && move < args.moves; move += 1) {
    const seq = random.int(0, events - 1);
    const timing = await page.evaluate(timeMoveInPage, { seq, timeoutMs: MOVE_TIMEOUT_MS });
    if (timing === null) {
      timeouts += 1;
      timedOutSeqs.push(seq);
    } else {
      latencies.push(timing.commitMs);
      paintLatencies.push(timing.paintMs);
    }
  }
  if (timeouts > 0)
    notes.push(
      `${timeouts} of ${args.moves} cursor moves never showed "at seq N" within ${MOVE_TIMEOUT_MS} ms (seqs ${timedOutSeqs.slice(0, 8).join(', ')})`,
    );
  const drag = await page.evaluate(dragInPage, { frames: DRAG_FRAMES, last: events - 1 });
  const hotFunctions: string[] = [];
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    const path = resolve(args.outDir, 'scrub-main.cpuprofile');
    writeFileSync(path, JSON.stringify(profile));
    hotFunctions.push(...summarizeProfile(profile), `(full profile: ${path}, open in Chrome DevTools)`);
  }
  const afterScrub = (await page.evaluate(readProbeInPage)).longTasks;
  const scrubTasks = longestIn(afterScrub, scrubFrom, drag.end);
  const dragTasks = longestIn(afterScrub, drag.start, drag.end);
  latencies.sort((a, b) => a - b);
  paintLatencies.sort((a, b) => a - b);

  const conversation = await measureConversationScroll(page, events - 1, notes);
  const timeline = await measureTimelineZoom(page, notes);

  // The end of the events list must be reachable by scrolling (browsers cap element heights near 33 M px).
  const lastSeq = events - 1;
  await page
    .getByTestId('events-scroll')
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const isLastRowReachable = await page
    .waitForFunction(isRowInListViewportInPage, lastSeq, { timeout: 10_000, polling: 100 })
    .then(() => true)
    .catch(() => false);
  if (!isLastRowReachable) notes.push(`scrolling the events list to the bottom did not show seq ${lastSeq}`);
  if (args.shouldScreenshot) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(300);
      await page.screenshot({ path: resolve(args.outDir, `events-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: null });
  }

  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  const metrics = await client.send('Performance.getMetrics');
  const metric = (name: string): number | null =>
    metrics.metrics.find((entry) => entry.name === name)?.value ?? null;
  let workerHeapBytes: number | null = null;
  for (const worker of page.workers()) {
    const used = await worker
      .evaluate(
        () =>
          (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
      )
      .catch(() => null);
    if (typeof used === 'number') workerHeapBytes = (workerHeapBytes ?? 0) + used;
  }
  return {
    firstRowsMs: round(firstRowsMs),
    readyMs: round(readyMs),
    longestTaskLoadMs: round(loadTasks.longest),
    longTasksDuringLoad: loadTasks.count,
    longestTaskScrubMs: round(scrubTasks.longest),
    longTasksDuringScrub: scrubTasks.count,
    longestTaskDragMs: round(dragTasks.longest),
    scrubMoves: latencies.length,
    scrubP50Ms: round(percentile(latencies, 0.5)),
    scrubP99Ms: round(percentile(latencies, 0.99)),
    scrubMaxMs: round(latencies[latencies.length - 1]),
    scrubPaintP50Ms: round(percentile(paintLatencies, 0.5)),
    scrubPaintP99Ms: round(percentile(paintLatencies, 0.99)),
    isLastRowReachable,
    ...conversation,
    ...timeline,
    mainJsHeapUsedBytes: metric('JSHeapUsedSize'),
    mainJsHeapTotalBytes: metric('JSHeapTotalSize'),
    workerJsHeapUsedBytes: workerHeapBytes,
    search,
    hotFunctions,
    cursorLabel: shownCount?.replace(/\s+/g, ' ').trim() ?? null,
  };
}

export type RunReport = Awaited<ReturnType<typeof measure>> & {
  generation: LogGeneration;
  events: number;
  zstdBytes: number;
  jsonlBytes: number;
  browserRssBytes: number | null;
  largestProcessRssBytes: number | null;
  notes: string[];
};
