// `npm run build && npx tsx scripts/bench-facets-browser.ts [--out .bench] [--port 4179] [--headed] [--profile]`: the
// facets in the built app on the benchmark log (~1.3 M events): from a click in the facet bar to the
// frame that shows its answer (the values with their counts, the narrowed list's first rows, the
// whole list back after Clear), and the main thread's long tasks meanwhile. Prints ms per step.

import { hasLongTasksInPage, installProbe, isSettledInPage, readProbeInPage } from './bench-browser-page.ts';
import { summarizeProfile } from './lib/cpu-profile.ts';
import { stopServer } from './lib/preview-server.ts';
import { startBenchBrowser } from './lib/bench-browser-start.ts';

const LOAD_TIMEOUT_MS = 180_000;
const STEP_TIMEOUT_MS = 20_000;

interface PageElement {
  click(): void;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

/**
 * In the page: clicks `click`, then resolves with the ms until the frame after `done` holds: an
 * element matching `selector` exists, and (with `changedFrom`) the shown count differs from it.
 * Null after timeoutMs.
 */
async function clickAndTimeInPage(args: {
  click: string;
  selector: string;
  changedFrom: string | null;
  timeoutMs: number;
}): Promise<{ startedAt: number; ms: number } | null> {
  const page = globalThis as unknown as {
    document: { querySelector(selector: string): PageElement | null };
    requestAnimationFrame(callback: () => void): number;
  };
  const shown = () =>
    page.document.querySelector('[data-testid="facet-shown-count"]')?.getAttribute('data-shown') ?? null;
  const target = page.document.querySelector(args.click);
  if (!target) return null;
  const started = performance.now();
  target.click();
  return new Promise((done) => {
    const check = () => {
      const isDone =
        page.document.querySelector(args.selector) !== null &&
        (args.changedFrom === null || (shown() !== null && shown() !== args.changedFrom));
      if (isDone) {
        page.requestAnimationFrame(() => done({ startedAt: started, ms: performance.now() - started }));
        return;
      }
      if (performance.now() - started > args.timeoutMs) done(null);
      else page.requestAnimationFrame(check);
    };
    check();
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { files, server, url, browser } = await startBenchBrowser(argv, 4179);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installProbe);
    await page.goto(url);
    if (!(await page.evaluate(hasLongTasksInPage))) out('(this Chromium reports no longtask entries)');
    await page.locator('input[type="file"]').first().setInputFiles(files.zstdPath);
    await page.waitForFunction(isSettledInPage, undefined, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
    const readyAt = (await page.evaluate(readProbeInPage)).readyAt ?? 0;
    out(`${files.events} events loaded`);
    const shown = () =>
      page
        .getByTestId('facet-shown-count')
        .getAttribute('data-shown')
        .catch(() => null);
    const panelValue = (value: string) => `[data-testid="facet-panel"] label[data-value="${value}"]`;
    const narrowedRow = '[data-narrowed="true"] [role="row"][data-state="loaded"]';
    const steps: [string, string, string, boolean][] = [
      [
        'open Type right after ready (the first counts; the post-load work is still running)',
        '[data-testid="facet-bar"] button[data-facet="type"]',
        panelValue('tool/call'),
        false,
      ],
      ['pick tool/call', `${panelValue('tool/call')} input`, narrowedRow, true],
      ['add assistant/chunk (most of the log)', `${panelValue('assistant/chunk')} input`, narrowedRow, true],
      ['drop assistant/chunk again', `${panelValue('assistant/chunk')} input`, narrowedRow, true],
      [
        'open Turn (1,512 values)',
        '[data-testid="facet-bar"] button[data-facet="turn"]',
        panelValue('1'),
        false,
      ],
      [
        'add the first turn that has some',
        '[data-testid="facet-panel"] label[data-value]:not([data-count="0"]) input',
        narrowedRow,
        true,
      ],
      ['open Status', '[data-testid="facet-bar"] button[data-facet="status"]', panelValue('error'), false],
    ];
    const report = async (name: string, timing: { startedAt: number; ms: number } | null, suffix = '') => {
      if (timing === null) {
        out(`${name}: timed out${suffix}`);
        return;
      }
      const tasks = (await page.evaluate(readProbeInPage)).longTasks.filter(
        (task) =>
          task.start + task.duration >= timing.startedAt && task.start <= timing.startedAt + timing.ms,
      );
      const longest = tasks.reduce((max, task) => Math.max(max, task.duration), 0);
      out(
        `${name}: ${timing.ms.toFixed(0)} ms${suffix}; long tasks ${tasks.length}${tasks.length > 0 ? ` (longest ${longest.toFixed(0)} ms)` : ''}`,
      );
    };
    const profiler = argv.includes('--profile') ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.send('Profiler.start');
    }
    for (const [name, click, selector, isNarrowing] of steps) {
      const timing = await page.evaluate(clickAndTimeInPage, {
        click,
        selector,
        changedFrom: isNarrowing ? ((await shown()) ?? '') : null,
        timeoutMs: STEP_TIMEOUT_MS,
      });
      await report(name, timing, isNarrowing ? ` → showing ${(await shown()) ?? '?'}` : '');
    }
    const clear = await page.evaluate(clickAndTimeInPage, {
      click: '[data-testid="facet-bar"] [data-testid="facet-clear"]',
      selector: '[data-testid="events-scroll"]:not([data-narrowed]) [role="row"][data-state="loaded"]',
      changedFrom: null,
      timeoutMs: STEP_TIMEOUT_MS,
    });
    await report('Clear (the whole list back)', clear);
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      out('main thread, most self time during the steps:');
      for (const line of summarizeProfile(profile, 15)) out(line);
    }
    const tasks = (await page.evaluate(readProbeInPage)).longTasks.filter((task) => task.start >= readyAt);
    out(
      `main-thread long tasks after ready, in all: ${tasks.length}${tasks.length > 0 ? `, longest ${Math.max(...tasks.map((task) => task.duration)).toFixed(0)} ms` : ''}`,
    );
  } finally {
    await browser.close();
    stopServer(server);
  }
}

await main();
