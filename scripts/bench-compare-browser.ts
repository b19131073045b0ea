// `npm run bench:compare-browser [-- --case pair|generations|both] [--runs 2] [--out .bench] [--port 4181] [--headed] [--profile]`:
// comparing two runs in the built app (issue 23), in Chromium, at the size of `bench:compare`.
// - pair: the generated 1.3 M-event log (.zstd, opened) and the copy with one answer changed near its
//   end (.jsonl), given together as two containers of one session, so the generations bar offers
//   "compare with session.jsonl";
// - generations: generation 4 of the same session (opened) against generation 0 (`compare with
//   session.jsonl.zstd`), the cross-generation compare.
// Per run, in a fresh browser: the open log is read and its post-load work let settle, then the click
// on "compare with …" is timed to the frame that shows the first divergence (the worker decodes the
// other run, outlines and aligns both) and to the frame that shows both model views there; the main
// thread's long tasks in that window are counted (target: none over 50 ms while aligning). Then a
// locked scrub: clicks on aligned turns, each timed until both model views show the new seqs (the
// single view's jump → model view p99 is bench:browser's figure).

import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  readFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { hasLongTasksInPage, installProbe, isSettledInPage, readProbeInPage } from './bench-browser-page.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { readOption } from './lib/cli-options.ts';
import { summarizeProfile } from './lib/cpu-profile.ts';
import { CHANGED_ANSWER_FROM_END, changeOneTurnNearEnd } from './lib/compare-pair.ts';
import { median, percentile } from './lib/percentile.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';

const LOAD_TIMEOUT_MS = 240_000;
const COMPARE_TIMEOUT_MS = 120_000;
/** After "ready": the worker's post-load work (format verdicts, summaries) runs before the compare is asked. */
const SETTLE_AFTER_READY_MS = 4_000;
const SCRUB_CLICKS = 40;
const SCRUB_TIMEOUT_MS = 10_000;
const LONG_TASK_TARGET_MS = 50;

interface PageElement {
  click(): void;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

interface PageGlobals {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  requestAnimationFrame(callback: () => void): number;
}

/** What the in-page compare timing returns (page ms; null fields: not reached before the timeout). */
interface CompareTiming {
  startedAt: number;
  firstDivergenceMs: number | null;
  modelViewsMs: number | null;
  summary: string | null;
  kind: string | null;
}

/** In the page: clicks "compare with …" and times the frames that show the first divergence and both model views. */
async function timeCompareInPage(args: { timeoutMs: number }): Promise<CompareTiming | null> {
  const page = globalThis as unknown as PageGlobals;
  const button = page.document.querySelector('[data-testid="compare-with-file"]');
  if (button === null) return null;
  const startedAt = performance.now();
  const timing: CompareTiming = {
    startedAt,
    firstDivergenceMs: null,
    modelViewsMs: null,
    summary: null,
    kind: null,
  };
  button.click();
  return new Promise((done) => {
    const check = () => {
      const now = performance.now() - startedAt;
      if (
        timing.firstDivergenceMs === null &&
        page.document.querySelector(
          '[data-testid="compare-view"][data-status="ready"] [data-testid="first-divergence"]',
        )
      ) {
        const first = page.document.querySelector('[data-testid="first-divergence"]');
        timing.firstDivergenceMs = now;
        timing.kind = first?.getAttribute('data-kind') ?? null;
        timing.summary = first?.textContent ?? null;
      }
      if (timing.modelViewsMs === null && page.document.querySelector('[data-testid="compare-model-views"]'))
        timing.modelViewsMs = now;
      if (timing.modelViewsMs !== null && timing.firstDivergenceMs !== null) {
        done(timing);
        return;
      }
      if (now > args.timeoutMs) done(timing);
      else page.requestAnimationFrame(check);
    };
    // The frame after the check is the one on screen.
    page.requestAnimationFrame(check);
  });
}

/**
 * In the page: scrolls the windowed strip until aligned column `index` is rendered (untimed, as a
 * person scrolls to a turn before clicking it); resolves true when its lane-A turn can be clicked.
 */
async function revealColumnInPage(args: { index: number; timeoutMs: number }): Promise<boolean> {
  const page = globalThis as unknown as PageGlobals;
  const selector = `[data-testid="compare-timelines"] [data-column="${args.index}"] [data-testid="compare-turn-a"]`;
  if (page.document.querySelector(selector) !== null) return true;
  const strip = page.document.querySelector('[data-testid="compare-timelines"]') as
    (PageElement & StripElement) | null;
  if (strip === null) return false;
  const count = Number(strip.getAttribute('data-turn-count') ?? '0');
  strip.scrollLeft = (args.index / Math.max(1, count)) * strip.scrollWidth - strip.clientWidth / 2;
  const startedAt = performance.now();
  return new Promise((done) => {
    const check = () => {
      if (page.document.querySelector(selector) !== null) done(true);
      else if (performance.now() - startedAt > args.timeoutMs) done(false);
      else page.requestAnimationFrame(check);
    };
    page.requestAnimationFrame(check);
  });
}

interface StripElement {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** In the page: clicks lane A's turn of aligned column `index` and times the frame whose model views show the new seqs. */
async function timeTurnClickInPage(args: { index: number; timeoutMs: number }): Promise<number | null> {
  const page = globalThis as unknown as PageGlobals;
  const turn = page.document.querySelector(
    `[data-testid="compare-timelines"] [data-column="${args.index}"] [data-testid="compare-turn-a"]`,
  );
  if (turn === null) return null;
  const startedAt = performance.now();
  turn.click();
  return new Promise((done) => {
    const check = () => {
      const seqs =
        page.document.querySelector('[data-testid="compare-view"]')?.getAttribute('data-seqs') ?? '';
      const [a, b] = seqs.split('.');
      const heading =
        page.document.querySelector('[data-testid="compare-model-views"] h3')?.textContent ?? '';
      if (heading.startsWith(`Model views at seq ${a} (A) and ${b} (B)`)) {
        done(performance.now() - startedAt);
        return;
      }
      if (performance.now() - startedAt > args.timeoutMs) done(null);
      else page.requestAnimationFrame(check);
    };
    page.requestAnimationFrame(check);
  });
}

interface CaseFiles {
  name: string;
  /** Given together, in this order; the first opens (the current generation), the second is compared. */
  files: string[];
}

/** A fresh directory holding the case's two files under session-file names (symlinks to the cache). */
function linkAs(directory: string, links: [string, string][]): string[] {
  mkdirSync(directory, { recursive: true });
  return links.map(([target, name]) => {
    const path = join(directory, name);
    symlinkSync(target, path);
    return path;
  });
}

async function prepareCases(which: string, outDir: string, scratch: string): Promise<CaseFiles[]> {
  const cases: CaseFiles[] = [];
  const v0 = await ensureLargeLog({ scale: 1, seed: 1, generation: 0, outDir });
  if (which === 'pair' || which === 'both') {
    const copyPath = join(outDir, `compare-copy-${CHANGED_ANSWER_FROM_END}-of-${v0.jsonlBytes}.jsonl`);
    if (!existsSync(copyPath))
      writeFileSync(
        copyPath,
        changeOneTurnNearEnd(readFileSync(v0.jsonlPath, 'utf8'), CHANGED_ANSWER_FROM_END).text,
      );
    cases.push({
      name: `pair: the generated log (${v0.events} events, .zstd) against a copy with one answer changed (.jsonl)`,
      files: linkAs(join(scratch, 'pair'), [
        [v0.zstdPath, 'session.jsonl.zstd'],
        [copyPath, 'session.jsonl'],
      ]),
    });
  }
  if (which === 'generations' || which === 'both') {
    const v4 = await ensureLargeLog({ scale: 1, seed: 1, generation: 4, outDir });
    cases.push({
      name: `generations: v4 (${v4.events} events) against v0 (${v0.events} events) of one session, both .zstd`,
      files: linkAs(join(scratch, 'generations'), [
        [v4.zstdPath, 'session.v4.jsonl.zstd'],
        [v0.zstdPath, 'session.jsonl.zstd'],
      ]),
    });
  }
  return cases;
}

interface RunFigures {
  firstDivergenceMs: number | null;
  modelViewsMs: number | null;
  longTasks: number;
  longestTaskMs: number;
  longScripts: string[];
  scrubMs: number[];
  summary: string | null;
}

async function runOnce(
  browser: Browser,
  url: string,
  files: string[],
  isProfiled: boolean,
): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installProbe);
    await page.goto(url);
    if (!(await page.evaluate(hasLongTasksInPage)))
      process.stdout.write('(this Chromium reports no longtask entries)\n');
    await page.locator('input[type="file"]').first().setInputFiles(files);
    await page.waitForFunction(isSettledInPage, undefined, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
    if ((await page.evaluate(readProbeInPage)).errorAt !== null)
      throw new Error('the open log failed to load');
    await page.waitForTimeout(SETTLE_AFTER_READY_MS);
    const profiler = isProfiled ? await context.newCDPSession(page) : null;
    if (profiler !== null) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.send('Profiler.start');
    }
    const timing = await page.evaluate(timeCompareInPage, { timeoutMs: COMPARE_TIMEOUT_MS });
    if (profiler !== null) {
      const { profile } = await profiler.send('Profiler.stop');
      process.stdout.write('    main thread, most self time from the click to both model views:\n');
      for (const line of summarizeProfile(profile, 15)) process.stdout.write(`    ${line}\n`);
    }
    if (timing === null) throw new Error('no "compare with …" button');
    const end = timing.startedAt + (timing.modelViewsMs ?? timing.firstDivergenceMs ?? COMPARE_TIMEOUT_MS);
    const probe = await page.evaluate(readProbeInPage);
    const tasks = probe.longTasks.filter(
      (task) => task.start + task.duration >= timing.startedAt && task.start <= end,
    );
    const scripts = probe.longScripts
      .filter((script) => script.start >= timing.startedAt && script.start <= end)
      .map((script) => `${script.invoker} ${script.duration.toFixed(0)} ms`);
    const scrubMs: number[] = [];
    // The strip is windowed (only the columns on screen are in the DOM): its length is an attribute.
    const turnCount = Number(
      (await page.getByTestId('compare-timelines').getAttribute('data-turn-count')) ?? '0',
    );
    if (profiler !== null) await profiler.send('Profiler.start');
    for (let click = 0; click < SCRUB_CLICKS && turnCount > 1; click++) {
      // Spread over the run, never the turn already shown; a column without a turn in A is skipped.
      const index = Math.floor(((click + 0.5) * turnCount) / SCRUB_CLICKS);
      if (!(await page.evaluate(revealColumnInPage, { index, timeoutMs: SCRUB_TIMEOUT_MS }))) continue;
      const ms = await page.evaluate(timeTurnClickInPage, { index, timeoutMs: SCRUB_TIMEOUT_MS });
      if (ms !== null) scrubMs.push(ms);
    }
    if (profiler !== null) {
      const { profile } = await profiler.send('Profiler.stop');
      process.stdout.write('    main thread, most self time over the locked scrub:\n');
      for (const line of summarizeProfile(profile, 15)) process.stdout.write(`    ${line}\n`);
    }
    return {
      firstDivergenceMs: timing.firstDivergenceMs,
      modelViewsMs: timing.modelViewsMs,
      longTasks: tasks.length,
      longestTaskMs: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
      longScripts: scripts,
      scrubMs,
      summary:
        timing.summary === null ? null : `${timing.kind}: ${timing.summary.replace(/\s+/g, ' ').trim()}`,
    };
  } finally {
    await context.close();
  }
}

const ms = (value: number | null) => (value === null ? 'timed out' : `${value.toFixed(0)} ms`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '2'));
  const which = readOption(argv, '--case') ?? 'both';
  if (!['pair', 'generations', 'both'].includes(which))
    throw new Error(`--case ${which}: pair, generations or both`);
  const scratch = mkdtempSync(join(tmpdir(), 'dsh-bench-compare-'));
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const { server, url } = await startPreview(root, Number(readOption(argv, '--port') ?? '4181'));
  try {
    const cases = await prepareCases(which, resolve(root, readOption(argv, '--out') ?? '.bench'), scratch);
    for (const { name, files } of cases) {
      out(name);
      for (let run = 0; run < runs; run++) {
        const browser = await chromium.launch({
          headless: !argv.includes('--headed'),
          executablePath: chromiumExecutablePath(),
          args: [...CHROMIUM_ARGS],
        });
        try {
          const figures = await runOnce(browser, url, files, argv.includes('--profile'));
          const sorted = [...figures.scrubMs].sort((a, b) => a - b);
          out(`  run ${run + 1}: ${figures.summary ?? 'no first divergence shown'}`);
          out(
            `    click → first divergence shown ${ms(figures.firstDivergenceMs)}, both model views ${ms(figures.modelViewsMs)}`,
          );
          out(
            `    main-thread long tasks meanwhile: ${figures.longTasks}${figures.longTasks > 0 ? `, longest ${figures.longestTaskMs.toFixed(0)} ms` : ''} (target: none over ${LONG_TASK_TARGET_MS} ms)${figures.longestTaskMs > LONG_TASK_TARGET_MS ? ' OVER' : ' ok'}`,
          );
          if (figures.longScripts.length > 0) out(`    long scripts: ${figures.longScripts.join(', ')}`);
          if (sorted.length > 0)
            out(
              `    locked scrub, ${sorted.length} aligned-turn clicks → both model views: p50 ${median(sorted).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
            );
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    stopServer(server);
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
