// `npm run bench:follow-browser [-- --port 4177] [--batches 80] [--interval-ms 600] [--start-lines N] [--profile]`:
// following a URL in the built app while it grows (issue 22's numbers). A generated log (the bench
// generator, ~65 k events) is served by a loopback server with Range; the viewer opens
// `?src=…&follow=1` with its first lines, then the script appends the rest in batches of 3–40
// lines (a dsh flush), one batch every --interval-ms. For each batch it reports:
//   - append → visible: from the append on the server to the DOM holding the new last event's row
//     in the events list, and to the model view at that seq (the cursor follows the head);
//   - main-thread work per append batch: the main thread's task time (CDP Performance.getMetrics
//     TaskDuration) from the append to the next one, less what the same window costs when nothing
//     is appended (measured first: polling's messages, the live bar's clock);
//   - long tasks (> 50 ms) on the main thread while following, with what ran them.
// The viewer polls every 250 ms, so append → visible includes up to one poll interval of waiting.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession } from '@playwright/test';
import { LogFollower } from '../src/log/index.ts';
import { installProbe, readProbeInPage } from './bench-browser-page.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { readOption } from './lib/cli-options.ts';
import { summarizeProfile, summarizeProfileTotals } from './lib/cpu-profile.ts';
import { lineEnds, startGrowingLogServer } from './lib/growing-log-server.ts';
import { percentile } from './lib/percentile.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';
import { createRandom } from './lib/random.ts';
import { createAssetMapper } from './lib/source-map.ts';

const VISIBLE_TIMEOUT_MS = 10_000;

/** When (wall-clock ms) the page first showed each live count's last row and model view. */
interface AppendMarks {
  [count: number]: { row?: number; model?: number };
}

/** In the page: records, per "N events" the live bar shows, the frame in which row N-1 and the model view at N-1 were in the DOM. */
function watchAppendsInPage(): void {
  const page = globalThis as unknown as {
    __followMarks?: AppendMarks;
    document: { querySelector(selector: string): { textContent: string | null } | null };
    MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
    requestAnimationFrame(callback: () => void): number;
  };
  const marks: AppendMarks = {};
  page.__followMarks = marks;
  const check = () => {
    const label = page.document.querySelector('[data-testid="live-count"]')?.textContent ?? '';
    const count = Number(label.replace(/[^0-9]/g, ''));
    if (!(count > 0)) return;
    const mark = (marks[count] ??= {});
    const now = performance.timeOrigin + performance.now();
    const last = count - 1;
    if (mark.row === undefined && page.document.querySelector(`[role="row"][data-seq="${last}"]`) !== null)
      mark.row = now;
    if (
      mark.model === undefined &&
      page.document.querySelector(`section[aria-label="Model view"][data-at-seq="${last}"]`) !== null
    )
      mark.model = now;
  };
  // Looked at once per frame with a mutation (when it would paint), so the watch itself costs little.
  let isScheduled = false;
  const schedule = () => {
    if (isScheduled) return;
    isScheduled = true;
    page.requestAnimationFrame(() => {
      isScheduled = false;
      check();
    });
  };
  new page.MutationObserver(schedule).observe(page.document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

function readMarksInPage(count: number): { row?: number; model?: number } | null {
  return (globalThis as unknown as { __followMarks?: AppendMarks }).__followMarks?.[count] ?? null;
}

/** The main thread's task time so far (s), as DevTools counts it. */
async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
}

function describe(values: number[], unit: string): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => percentile(sorted, fraction).toFixed(1);
  return `p50 ${at(0.5)} / p95 ${at(0.95)} / max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ${unit} (n = ${values.length})`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const batches = Number(readOption(argv, '--batches') ?? '80');
  const intervalMs = Number(readOption(argv, '--interval-ms') ?? '600');
  const startOption = readOption(argv, '--start-lines');
  const files = await ensureLargeLog({
    scale: 0.05,
    seed: 1,
    generation: 0,
    outDir: resolve(root, '.bench'),
  });
  const bytes = new Uint8Array(readFileSync(files.jsonlPath));
  const ends = lineEnds(bytes);
  // The viewer starts with the first third of the file unless told otherwise; the rest is appended.
  const startLines = Math.min(ends.length - 1, Number(startOption ?? Math.floor(ends.length / 3)));
  // The event count after each prefix, as the core reads it (packed rows hold several events).
  const counter = new LogFollower();
  const countAt = (end: number, from: number) => {
    counter.append(bytes.subarray(from, end));
    return counter.log.store.eventCount;
  };
  const random = createRandom(7);
  let end = ends[startLines - 1] as number;
  const startEvents = countAt(end, 0);
  const plan: { from: number; to: number; events: number }[] = [];
  for (let line = startLines; plan.length < batches && line < ends.length;) {
    const next = Math.min(ends.length, line + random.int(3, 40));
    const to = ends[next - 1] as number;
    plan.push({ from: end, to, events: countAt(to, end) });
    end = to;
    line = next;
  }

  const logServer = await startGrowingLogServer(bytes.subarray(0, ends[startLines - 1]));
  const { server, url } = await startPreview(root, Number(readOption(argv, '--port') ?? '4177'));
  const browser = await chromium.launch({
    headless: true,
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS],
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installProbe);
    await page.goto(`${url}/?src=${encodeURIComponent(logServer.url)}&follow=1`);
    await page.getByTestId('live-head').waitFor({ timeout: 120_000 });
    await page
      .getByTestId('live-count')
      .filter({ hasText: `${startEvents.toLocaleString('en-US')} events` })
      .waitFor({ timeout: 120_000 });
    out(`following ${logServer.url}: ${startEvents.toLocaleString('en-US')} events at the start`);
    await page.waitForTimeout(3_000); // the format verdicts and the post-load work of the first read
    await page.evaluate(watchAppendsInPage);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    // What following costs when nothing is appended (polling, the live bar's clock), per ms.
    const idleStart = await taskSeconds(cdp);
    const idleStartedAt = Date.now();
    await page.waitForTimeout(5_000);
    const idlePerMs = ((await taskSeconds(cdp)) - idleStart) / (Date.now() - idleStartedAt);
    out(`idle, following: main thread busy ${(idlePerMs * 1000 * 100).toFixed(2)} % of the time`);

    const startedAt = performance.now();
    const rowMs: number[] = [];
    const modelMs: number[] = [];
    const workMs: number[] = [];
    let missed = 0;
    const profiler = argv.includes('--profile') ? cdp : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    for (const batch of plan) {
      // One window per batch, with nothing of ours running in the page meanwhile: the marks are
      // read once it is over.
      const before = await taskSeconds(cdp);
      const appendedAt = Date.now();
      logServer.append(bytes.subarray(batch.from, batch.to));
      await new Promise((done) => setTimeout(done, intervalMs));
      const windowMs = Date.now() - appendedAt;
      workMs.push(((await taskSeconds(cdp)) - before) * 1000 - idlePerMs * 1000 * windowMs);
      let marks = await page.evaluate(readMarksInPage, batch.events);
      for (
        let waited = 0;
        (marks?.row === undefined || marks.model === undefined) && waited < VISIBLE_TIMEOUT_MS;
        waited += 100
      ) {
        await page.waitForTimeout(100);
        marks = await page.evaluate(readMarksInPage, batch.events);
      }
      if (marks?.row === undefined || marks.model === undefined) {
        missed += 1;
        continue;
      }
      rowMs.push(marks.row - appendedAt);
      modelMs.push(marks.model - appendedAt);
    }
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      // Named by the built app's source maps (dist/assets/*.map): the bundles are minified.
      const mapFrame = createAssetMapper(resolve(root, 'dist/assets'));
      const path = resolve(root, '.bench/follow-main.cpuprofile');
      writeFileSync(path, JSON.stringify(profile));
      out('main thread, most self time while following:');
      for (const line of summarizeProfile(profile, 25, mapFrame)) out(line);
      out('main thread, the app functions with the most total time (self + callees):');
      for (const line of summarizeProfileTotals(profile, 30, mapFrame)) out(line);
      out(`(full profile: ${path}, open in Chrome DevTools)`);
    }
    const probe = await page.evaluate(readProbeInPage);
    const followStart = performance.timeOrigin + startedAt;
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const longTasks = probe.longTasks.filter((task) => pageOrigin + task.start >= followStart);
    const longScripts = probe.longScripts.filter((script) => pageOrigin + script.start >= followStart);
    out(
      `${plan.length} appends of 3–40 lines every ${intervalMs} ms (viewer polls every 250 ms); ${missed} not seen within ${VISIBLE_TIMEOUT_MS / 1000} s`,
    );
    out(`append → row in the events list: ${describe(rowMs, 'ms')}  (target p95 ≤ 500 ms)`);
    out(`append → model view at the new seq: ${describe(modelMs, 'ms')}  (target p95 ≤ 500 ms)`);
    out(`main-thread work per append batch: ${describe(workMs, 'ms')}  (target ≤ 5 ms)`);
    out(
      `long tasks (> 50 ms) on the main thread while following: ${longTasks.length}${
        longTasks.length > 0
          ? `, longest ${Math.max(...longTasks.map((task) => task.duration)).toFixed(0)} ms`
          : ''
      }  (target: none)`,
    );
    for (const script of longScripts.slice(0, 5))
      out(
        `  ${script.invoker}: ${script.duration.toFixed(0)} ms (forced style/layout ${script.forcedLayout.toFixed(0)} ms)`,
      );
  } finally {
    await browser.close();
    stopServer(server);
    await logServer.close();
  }
}

await main();
