// `npm run bench:browser`: serves the built app (dist/) with vite preview, opens Chromium through
// Playwright, drops the generated ~1.3 M-event .jsonl.zstd on the file input and measures time to
// first rows (a row with its content, not a placeholder), time to ready, main-thread long tasks during load and during a scrub sweep, scrub
// latency (cursor move → the model view DOM says that seq, and → the frame that paints it), the model
// view scrolled from its newest message to its first at the last seq (scripts/lib/bench-conversation.ts) and memory. `--json` prints one JSON object.
//
// Options: --scale 1 --seed 1 --generation 0 --out .bench --moves 200 --runs 1 --port 4179 --json --headed --profile --screenshots
// --runs N repeats the whole measurement in N fresh browsers (timings on a shared machine vary by
// tens of percent between runs) and prints every run's value and how many met each target.
// --generation 4 opens the same session stored as format generation 4 (current dsh) instead of 0
// (scripts/generate-large-log.ts; the viewer must read generation 4 for it to load).
// --case log | workspace | all (default all): `workspace` is the sessions-root case alone
// (scripts/lib/bench-workspace.ts: the generated 500-session root of `npm run bench:sessions`, with
// --sessions 500 --large 3 --large-scale 0.1), `log` the one-log case above alone.

import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  dragInPage,
  hasLongTasksInPage,
  installProbe,
  isRowInListViewportInPage,
  isSettledInPage,
  readProbeInPage,
  timeMoveInPage,
} from './bench-browser-page.ts';
import { ensureLargeLog, type LargeLogFiles } from './large-log/cache.ts';
import { parseGeneration, type LogGeneration } from './large-log/generate.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { readOption } from './lib/cli-options.ts';
import { summarizeProfile } from './lib/cpu-profile.ts';
import { percentile, round } from './lib/percentile.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';
import { findPidByMarker, readProcessTreeRss } from './lib/process-memory.ts';
import { createRandom } from './lib/random.ts';
import { TARGET_CONVERSATION_BLANK_MS, measureConversationScroll } from './lib/bench-conversation.ts';
import {
  SEARCH_TERM_KINDS,
  TARGET_SEARCH_MS,
  measureSearch,
  searchTermsOf,
} from './lib/bench-search-browser.ts';
import {
  TARGET_TIMELINE_FRAME_MS,
  measureTimelineZoom,
  type TimelineZoomReport,
} from './lib/bench-timeline.ts';
import { formatMib, formatReportTable, type ReportRow } from './lib/report-table.ts';
import {
  formatWorkspaceReport,
  runWorkspaceBench,
  type WorkspaceBenchReport,
} from './lib/bench-workspace.ts';

const LOAD_TIMEOUT_MS = 180_000;
const MOVE_TIMEOUT_MS = 10_000;
/** Frames of the continuous drag (one cursor change per animation frame). */
const DRAG_FRAMES = 180;

const TARGET_FIRST_ROWS_MS = 200;
const TARGET_LONGEST_TASK_MS = 50;
const TARGET_SCRUB_P99_MS = 16;

interface Args {
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

function parseArgs(argv: readonly string[]): Args {
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

async function measure(page: Page, args: Args, files: LargeLogFiles, notes: string[]) {
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

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const log = (message: string): void => {
    if (!args.json) process.stderr.write(`${message}\n`);
  };
  if (!existsSync(resolve(root, 'dist/index.html')))
    throw new Error('dist/index.html is missing: run `npm run build` first (npm run bench:browser does)');
  if (args.benchCase === 'workspace') {
    await runWorkspaceCase(args, root);
    return;
  }
  const files = await ensureLargeLog({
    scale: args.scale,
    seed: args.seed,
    generation: args.generation,
    outDir: resolve(root, args.outDir),
  });
  log(
    `log: ${files.zstdPath} (generation ${files.generation}, ${files.events} events, ${(files.zstdBytes / 2 ** 20).toFixed(1)} MiB zstd)`,
  );

  const { server, url } = await startPreview(root, args.port);
  const reports: RunReport[] = [];
  try {
    for (let run = 0; run < args.runs; run++) {
      if (args.runs > 1) log(`run ${run + 1} of ${args.runs}`);
      reports.push(await runOnce(args, url, files));
    }
  } finally {
    stopServer(server);
  }
  const workspace = args.benchCase === 'all' ? await runWorkspaceCase(args, root) : null;
  if (args.json) {
    const log = args.runs === 1 ? reports[0] : { runs: reports };
    process.stdout.write(`${JSON.stringify(workspace === null ? log : { log, workspace })}\n`);
    return;
  }
  printReports(reports, files);
  if (workspace !== null) process.stdout.write(`\nworkspace case\n${formatWorkspaceReport(workspace)}`);
}

/** The sessions-root case in a fresh browser against its own preview server; printed alone unless --case all. */
async function runWorkspaceCase(args: Args, root: string): Promise<WorkspaceBenchReport> {
  const { server, url } = await startPreview(root, args.port);
  try {
    const report = await runWorkspaceBench(url, {
      sessions: args.sessions,
      seed: args.seed,
      large: args.large,
      largeScale: args.largeScale,
      outDir: resolve(root, args.outDir),
      isHeaded: args.isHeaded,
    });
    if (args.benchCase === 'workspace') {
      if (args.json) process.stdout.write(`${JSON.stringify(report)}\n`);
      else process.stdout.write(formatWorkspaceReport(report));
    }
    return report;
  } finally {
    stopServer(server);
  }
}

type RunReport = Awaited<ReturnType<typeof measure>> & {
  generation: LogGeneration;
  events: number;
  zstdBytes: number;
  jsonlBytes: number;
  browserRssBytes: number | null;
  largestProcessRssBytes: number | null;
  notes: string[];
};

/** One measurement in a fresh browser (its own profile: no code cache, no stored logs). */
async function runOnce(args: Args, url: string, files: LargeLogFiles): Promise<RunReport> {
  const notes: string[] = [];
  const marker = `--bench-marker-${process.pid}-${Date.now()}`;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      headless: !args.isHeaded,
      executablePath: chromiumExecutablePath(),
      args: [...CHROMIUM_ARGS, marker],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx compiles with esbuild keepNames, which wraps inner functions in __name(); define it in the page.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installProbe);
    page.on('pageerror', (error) => notes.push(`page error: ${error.message}`));
    await page.goto(url);
    const hasLongTaskSupport = await page.evaluate(hasLongTasksInPage);
    if (!hasLongTaskSupport)
      notes.push('this Chromium does not report longtask entries: task lengths are unknown');
    const browserPid = findPidByMarker(marker);
    const result = await measure(page, args, files, notes);
    const memory = browserPid === null ? null : readProcessTreeRss(browserPid);
    return {
      generation: files.generation,
      events: files.events,
      zstdBytes: files.zstdBytes,
      jsonlBytes: files.jsonlBytes,
      ...result,
      browserRssBytes: memory?.totalBytes ?? null,
      largestProcessRssBytes: memory?.largestBytes ?? null,
      notes,
    };
  } finally {
    await browser?.close();
  }
}

/** The timeline zoom rows, one block per axis. */
function timelineRows(
  each: (format: (report: RunReport) => string) => string,
  check: (pick: (report: RunReport) => number | null, limit: number) => string,
  ms: (value: number | null) => string,
): ReportRow[] {
  const block = (name: string, pick: (report: RunReport) => TimelineZoomReport): ReportRow[] => [
    [
      `timeline, 60 wheel-zoom steps (${name}): frame p50 / p95 / max`,
      each((report) => {
        const zoom = pick(report);
        return `${ms(zoom.frameP50Ms)} / ${ms(zoom.frameP95Ms)} / ${ms(zoom.frameMaxMs)} (to ${zoom.deepestZoom ?? 'n/a'}×)`;
      }),
      '',
    ],
    [
      '  its work inside a frame p50 / max (steps over 16 ms)',
      each(
        (report) =>
          `${ms(pick(report).workP50Ms)} / ${ms(pick(report).workMaxMs)} (${pick(report).workOverFrame ?? 'n/a'} of 60)`,
      ),
      check((report) => pick(report).workMaxMs, TARGET_TIMELINE_FRAME_MS),
    ],
    [
      '  longest main-thread task meanwhile',
      each((report) => ms(pick(report).longestTaskMs)),
      check((report) => pick(report).longestTaskMs, TARGET_LONGEST_TASK_MS),
    ],
  ];
  return [
    ...block('sequence axis', (report) => report.timelineSeq),
    ...block('time axis', (report) => report.timelineTime),
  ];
}

/** The search rows: the index build after the load, then Enter → k of N per term. */
function searchRows(
  each: (format: (report: RunReport) => string) => string,
  check: (pick: (report: RunReport) => number | null, limit: number) => string,
  ms: (value: number | null) => string,
): ReportRow[] {
  return [
    [
      'text index ready after load ready (worker build)',
      each((report) => `${ms(report.search.indexReadyMs)} (${ms(report.search.indexBuildMs)})`),
      '',
    ],
    [
      '  long tasks meanwhile (longest)',
      each(
        (report) =>
          `${report.search.longTasksDuringIndex ?? 'n/a'} (${ms(report.search.longestTaskIndexMs)})`,
      ),
      check((report) => report.search.longestTaskIndexMs, TARGET_LONGEST_TASK_MS),
    ],
    ...SEARCH_TERM_KINDS.map((kind, index): ReportRow => [
      `search Enter → k of N shown, ${kind}`,
      each((report) => {
        const result = report.search.searches[index];
        return result === undefined ? 'n/a' : `${ms(result.ms)} (${result.shown})`;
      }),
      check((report) => report.search.searches[index]?.ms ?? null, TARGET_SEARCH_MS),
    ]),
    [
      '  longest main-thread task during the searches',
      each((report) => ms(report.search.longestTaskSearchMs)),
      check((report) => report.search.longestTaskSearchMs, TARGET_LONGEST_TASK_MS),
    ],
  ];
}

/** The table: each run's value (" / " between runs) and, for targets, how many runs met them. */
function printReports(reports: readonly RunReport[], files: LargeLogFiles): void {
  const ms = (value: number | null): string => (value === null ? 'n/a' : `${value} ms`);
  const each = (format: (report: RunReport) => string): string => reports.map(format).join(' / ');
  const check = (pick: (report: RunReport) => number | null, limit: number): string => {
    const values = reports.map(pick).filter((value): value is number => value !== null);
    if (values.length === 0) return '';
    const met = values.filter((value) => value <= limit).length;
    if (values.length === 1) return met === 1 ? `ok (≤ ${limit})` : `MISSED (target ≤ ${limit})`;
    return `${met === values.length ? 'ok' : 'MISSED'}: ${met} of ${values.length} runs ≤ ${limit}`;
  };
  const rows: ReportRow[] = [
    [
      'log',
      `generation ${files.generation}, ${files.events} events, ${formatMib(files.zstdBytes)} zstd, ${formatMib(files.jsonlBytes)} JSONL`,
      '',
    ],
    [
      'first rows (with content) after the drop',
      each((report) => ms(report.firstRowsMs)),
      check((report) => report.firstRowsMs, TARGET_FIRST_ROWS_MS),
    ],
    ['ready after the drop', each((report) => ms(report.readyMs)), ''],
    [
      'longest main-thread task, load',
      each((report) => ms(report.longestTaskLoadMs)),
      check((report) => report.longestTaskLoadMs, TARGET_LONGEST_TASK_MS),
    ],
    ['long tasks during load', each((report) => String(report.longTasksDuringLoad)), ''],
    [
      'longest main-thread task, scrub',
      each((report) => ms(report.longestTaskScrubMs)),
      check((report) => report.longestTaskScrubMs, TARGET_LONGEST_TASK_MS),
    ],
    ['  of which during the drag sweep', each((report) => ms(report.longestTaskDragMs)), ''],
    ['scrub → model view p50', each((report) => ms(report.scrubP50Ms)), ''],
    [
      'scrub → model view p99',
      each((report) => ms(report.scrubP99Ms)),
      check((report) => report.scrubP99Ms, TARGET_SCRUB_P99_MS),
    ],
    ['scrub → its frame painted p50', each((report) => ms(report.scrubPaintP50Ms)), ''],
    ['scrub → its frame painted p99', each((report) => ms(report.scrubPaintP99Ms)), ''],
    [
      'model view, newest → first message at the last seq',
      each(
        (report) => `${ms(report.conversationScrollMs)} (${report.conversationScrollFrames ?? 'n/a'} frames)`,
      ),
      '',
    ],
    [
      '  longest main-thread task meanwhile',
      each((report) => ms(report.conversationLongestTaskMs)),
      check((report) => report.conversationLongestTaskMs, TARGET_LONGEST_TASK_MS),
    ],
    [
      '  longest blank viewport (blank frames)',
      each(
        (report) => `${ms(report.conversationLongestBlankMs)} (${report.conversationBlankFrames ?? 'n/a'})`,
      ),
      check((report) => report.conversationLongestBlankMs, TARGET_CONVERSATION_BLANK_MS),
    ],
    ...timelineRows(each, check, ms),
    ...searchRows(each, check, ms),
    ['last seq reachable by scrolling', each((report) => (report.isLastRowReachable ? 'yes' : 'NO')), ''],
    ['main-thread JS heap used', each((report) => formatMib(report.mainJsHeapUsedBytes)), ''],
    ['worker JS heap used', each((report) => formatMib(report.workerJsHeapUsedBytes)), ''],
    ['browser RSS (all processes)', each((report) => formatMib(report.browserRssBytes)), ''],
    ['largest process RSS', each((report) => formatMib(report.largestProcessRssBytes)), ''],
  ];
  process.stdout.write(formatReportTable(rows));
  reports.forEach((report, index) => {
    const run = reports.length > 1 ? `run ${index + 1}: ` : '';
    for (const note of report.notes) process.stdout.write(`note: ${run}${note}\n`);
    if (report.hotFunctions.length > 0)
      process.stdout.write(
        `${run}main-thread self time during the scrub:\n${report.hotFunctions.join('\n')}\n`,
      );
  });
}

await main();
