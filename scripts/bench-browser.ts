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

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { hasLongTasksInPage, installProbe } from './bench-browser-page.ts';
import { ensureLargeLog, type LargeLogFiles } from './large-log/cache.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';
import { findPidByMarker, readProcessTreeRss } from './lib/process-memory.ts';
import {
  formatWorkspaceReport,
  runWorkspaceBench,
  type WorkspaceBenchReport,
} from './lib/bench-workspace.ts';
import { measure, parseArgs, type Args, type RunReport } from './lib/bench-browser-measure.ts';
import { printReports } from './lib/bench-browser-report.ts';

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

await main();
