// `npm run bench:export-browser [-- --out .bench] [--port 4181] [--headed] [--profile]` (issue 24,
// "Numbers": in the browser, in the worker, with no long task > 50 ms): the built app opens the
// benchmark log (~97 MiB JSONL, 1.3 M events, its .zstd), waits until the format verdicts are shown
// and the text index is built (the post-load work, so it is not counted), then does what a person does: Export… → the review pane's
// scan of every string → Export redacted copy as HTML (the default) → the file saved. It reports
// the time of the scan and of the export (click → download), the saved file's size, and the main
// thread's long tasks from the Export… click to the save, each named by the Long Animation Frames
// API (what ran it, how much was rendering). With --profile, the main thread's functions with the most self time.

import { statSync } from 'node:fs';
import { hasLongTasksInPage, installProbe, isSettledInPage, readProbeInPage } from './bench-browser-page.ts';
import { summarizeProfile } from './lib/cpu-profile.ts';
import { stopServer } from './lib/preview-server.ts';
import { startBenchBrowser } from './lib/bench-browser-start.ts';

const LOAD_TIMEOUT_MS = 180_000;
const INDEX_TIMEOUT_MS = 180_000;
const SCAN_TIMEOUT_MS = 300_000;
const EXPORT_TIMEOUT_MS = 300_000;
const LONG_TASK_TARGET_MS = 50;
const SETTLE_MS = 3_000;

/** A frame of over 50 ms (Long Animation Frames), as far as the report names its parts. */
interface LongFrame {
  start: number;
  duration: number;
  /** ms of scripts (their invokers, longest first) and of rendering (style, layout, paint). */
  scriptMs: number;
  renderMs: number;
  invokers: string;
}

/** In the page, before the app: every long animation frame with its script and render time. */
function recordLongFramesInPage(): void {
  interface Frame {
    startTime: number;
    duration: number;
    renderStart: number;
    scripts: { duration: number; invoker: string }[];
  }
  const page = globalThis as unknown as {
    __longFrames: LongFrame[];
    PerformanceObserver: new (callback: (list: { getEntries(): unknown[] }) => void) => {
      observe(options: { type: string; buffered: boolean }): void;
    };
  };
  page.__longFrames = [];
  try {
    new page.PerformanceObserver((list) => {
      for (const frame of list.getEntries() as Frame[]) {
        const scripts = [...frame.scripts].sort((a, b) => b.duration - a.duration);
        page.__longFrames.push({
          start: frame.startTime,
          duration: frame.duration,
          scriptMs: scripts.reduce((sum, script) => sum + script.duration, 0),
          renderMs: frame.renderStart > 0 ? frame.startTime + frame.duration - frame.renderStart : 0,
          invokers: scripts
            .slice(0, 3)
            .map((script) => `${script.invoker} ${script.duration.toFixed(0)} ms`)
            .join(', '),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No Long Animation Frames: the long tasks stay unnamed.
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { files, server, url, browser } = await startBenchBrowser(argv, 4181);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    // tsx names functions through a __name helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installProbe);
    await page.addInitScript(recordLongFramesInPage);
    await page.goto(url);
    if (!(await page.evaluate(hasLongTasksInPage))) out('(this Chromium reports no longtask entries)');
    await page.locator('input[type="file"]').first().setInputFiles(files.zstdPath);
    await page.waitForFunction(isSettledInPage, undefined, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
    // The post-load work: the format verdicts (the badge shows them, with triage) and the text index
    // (its note goes away when it is built); then a moment for the facet columns.
    await page.getByTestId('format-generation').waitFor({ timeout: INDEX_TIMEOUT_MS });
    await page
      .getByTestId('search-index-note')
      .waitFor({ state: 'detached', timeout: INDEX_TIMEOUT_MS })
      .catch(() => out('(the text index was still building when the export started)'));
    await page.waitForTimeout(SETTLE_MS);
    out(
      `${files.events.toLocaleString('en-US')} events loaded (${(statSync(files.zstdPath).size / 2 ** 20).toFixed(1)} MiB zstd)`,
    );

    const profiler = argv.includes('--profile') ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.send('Profiler.start');
    }
    const now = () => page.evaluate(() => performance.now());
    const startedAt = await now();
    await page.getByRole('button', { name: 'Export…' }).click();
    const exportButton = page.getByRole('button', { name: 'Export redacted copy' });
    await page
      .getByTestId('export-review')
      .getByText('Looking for secrets')
      .waitFor({ state: 'detached', timeout: SCAN_TIMEOUT_MS });
    const scannedAt = await now();
    const review = (await page.getByTestId('export-review').textContent()) ?? '';
    const download = page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS });
    const clickedAt = await now();
    await exportButton.click();
    const saved = await download;
    const savedAt = await now();
    await page.getByTestId('export-manifest').waitFor({ timeout: EXPORT_TIMEOUT_MS });
    const path = await saved.path();
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      out('main thread, most self time from Export… to the save:');
      for (const line of summarizeProfile(profile, 15)) out(line);
    }
    const probe = await page.evaluate(readProbeInPage);
    const during = (from: number, to: number) =>
      probe.longTasks.filter((task) => task.start + task.duration >= from && task.start <= to);
    const describe = (tasks: { duration: number }[]) =>
      tasks.length === 0
        ? 'none'
        : `${tasks.length}, longest ${Math.max(...tasks.map((task) => task.duration)).toFixed(0)} ms`;
    const all = during(startedAt, savedAt);
    out(`review pane scan (Export… → hits listed): ${((scannedAt - startedAt) / 1000).toFixed(2)} s`);
    out(`  ${review.slice(0, 160).replace(/\s+/g, ' ')}`);
    out(
      `export as HTML (Export redacted copy → download): ${((savedAt - clickedAt) / 1000).toFixed(2)} s, ${(statSync(path).size / 2 ** 20).toFixed(1)} MiB saved as ${saved.suggestedFilename()}`,
    );
    out(`main-thread long tasks during the scan: ${describe(during(startedAt, scannedAt))}`);
    out(`main-thread long tasks during the export and the save: ${describe(during(clickedAt, savedAt))}`);
    const longest = all.reduce((max, task) => Math.max(max, task.duration), 0);
    out(
      `longest main-thread task, Export… → saved: ${longest.toFixed(0)} ms (target ≤ ${LONG_TASK_TARGET_MS} ms) ${longest <= LONG_TASK_TARGET_MS ? 'ok' : 'OVER'}`,
    );
    const frames = await page.evaluate(
      () => (globalThis as unknown as { __longFrames: LongFrame[] }).__longFrames,
    );
    for (const frame of frames.filter((f) => f.start + f.duration >= startedAt && f.start <= savedAt))
      out(
        `  a ${frame.duration.toFixed(0)} ms frame at +${((frame.start - startedAt) / 1000).toFixed(2)} s: scripts ${frame.scriptMs.toFixed(0)} ms${frame.invokers ? ` (${frame.invokers})` : ''}, rendering ${frame.renderMs.toFixed(0)} ms`,
      );
  } finally {
    await browser.close();
    stopServer(server);
  }
}

await main();
