// `npm run bench:ladder [-- --scales 1,5,10] [--containers zstd,jsonl] [--out .bench] [--port 4181]`:
// the size ladder of issue 26. For each generated benchmark log (scale 1 ≈ 100 MB of JSONL, 5 ≈ 500 MB,
// 10 ≈ 1 GB; plain and zstd), a fresh Chromium opens it through the file input, and the bench samples
// the browser's RSS every 250 ms until the viewer is ready or says why not (its load state, the error
// or "too large for this viewer" it shows), or the page crashes. It prints per log: the outcome, the
// time to it, the browser's peak RSS (all processes) and the main-thread heap at the end.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ensureLargeLog } from './large-log/cache.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { readOption } from './lib/cli-options.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';
import { findPidByMarker, readProcessTreeRss } from './lib/process-memory.ts';

/** How long one log may take to open on a loaded 2-core machine before the bench gives up on it. */
const OPEN_TIMEOUT_MS = 20 * 60_000;
const SAMPLE_MS = 250;
const MIB = 2 ** 20;

interface Rung {
  scale: number;
  container: 'zstd' | 'jsonl';
  fileBytes: number;
  jsonlBytes: number;
  events: number;
  outcome: string;
  seconds: number;
  peakRssMiB: number;
  mainHeapMiB: number | null;
}

/** The viewer's own account of the open, read in the page: its load state and what it says. */
function readOutcomeInPage(): { state: string | null; said: string } {
  const root = document.querySelector('[data-load-state]');
  const alert = document.querySelector('[role="alert"]')?.textContent ?? '';
  const limit = document.querySelector('[data-testid="viewer-limit"]')?.textContent ?? '';
  return { state: root?.getAttribute('data-load-state') ?? null, said: `${limit} ${alert}`.trim() };
}

function mainHeapInPage(): number | null {
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return memory === undefined ? null : memory.usedJSHeapSize;
}

async function openOne(
  url: string,
  path: string,
  marker: string,
): Promise<Omit<Rung, 'scale' | 'container' | 'fileBytes' | 'jsonlBytes' | 'events'>> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS, marker],
  });
  const browserPid = findPidByMarker(marker);
  let peak = 0;
  let crashed = false;
  try {
    const page: Page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('crash', () => (crashed = true));
    await page.goto(url);
    const input = page.locator('input[type="file"]').first();
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    const started = Date.now();
    await input.setInputFiles(path);
    for (;;) {
      if (browserPid !== null) peak = Math.max(peak, readProcessTreeRss(browserPid).totalBytes);
      const seconds = (Date.now() - started) / 1000;
      if (crashed) return { outcome: 'the page crashed', seconds, peakRssMiB: peak / MIB, mainHeapMiB: null };
      const seen = await page.evaluate(readOutcomeInPage).catch(() => null);
      if (seen !== null && (seen.state === 'ready' || seen.state === 'error')) {
        const heap = await page.evaluate(mainHeapInPage).catch(() => null);
        const outcome =
          seen.state === 'ready' ? `ready${seen.said ? `: ${seen.said}` : ''}` : `error: ${seen.said}`;
        return { outcome, seconds, peakRssMiB: peak / MIB, mainHeapMiB: heap === null ? null : heap / MIB };
      }
      if (Date.now() - started > OPEN_TIMEOUT_MS)
        return {
          outcome: `still ${seen?.state ?? 'unknown'} after the timeout`,
          seconds,
          peakRssMiB: peak / MIB,
          mainHeapMiB: null,
        };
      await new Promise((done) => setTimeout(done, SAMPLE_MS));
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const scales = (readOption(argv, '--scales') ?? '1,5,10').split(',').map(Number);
  const containers = (readOption(argv, '--containers') ?? 'zstd,jsonl').split(',') as Rung['container'][];
  const outDir = readOption(argv, '--out') ?? '.bench';
  const port = Number(readOption(argv, '--port') ?? '4181');
  const root = process.cwd();
  if (!existsSync(resolve(root, 'dist/index.html')))
    throw new Error('dist/index.html is missing: run `npm run build` first');
  const { server, url } = await startPreview(root, port);
  const rungs: Rung[] = [];
  try {
    for (const scale of scales) {
      const files = await ensureLargeLog({ scale, seed: 1, outDir });
      for (const container of containers) {
        const path = container === 'zstd' ? files.zstdPath : files.jsonlPath;
        const result = await openOne(url, path, `--bench-marker-ladder-${process.pid}-${scale}-${container}`);
        const rung: Rung = {
          scale,
          container,
          fileBytes: container === 'zstd' ? files.zstdBytes : files.jsonlBytes,
          jsonlBytes: files.jsonlBytes,
          events: files.events,
          ...result,
        };
        rungs.push(rung);
        console.log(
          `${(rung.jsonlBytes / MIB).toFixed(0)} MiB JSONL as ${container} (${(rung.fileBytes / MIB).toFixed(0)} MiB file, ${rung.events} events): ` +
            `${rung.outcome} after ${rung.seconds.toFixed(1)} s; browser peak RSS ${rung.peakRssMiB.toFixed(0)} MiB` +
            ` (${(rung.peakRssMiB / (rung.jsonlBytes / MIB)).toFixed(2)}× the JSONL); main heap ${rung.mainHeapMiB?.toFixed(0) ?? 'n/a'} MiB`,
        );
      }
    }
  } finally {
    stopServer(server);
  }
}

await main();
