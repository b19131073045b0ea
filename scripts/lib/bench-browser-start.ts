// The start shared by the browser benchmarks of one log: the generated benchmark log (scale 1,
// generation 0, cached under `--out`, default .bench), `vite preview` of the built app on `--port`,
// and Debian's Chromium (headless unless `--headed`). The caller stops the server and closes the browser.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { ensureLargeLog, type LargeLogFiles } from '../large-log/cache.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './chromium.ts';
import { readOption } from './cli-options.ts';
import { startPreview } from './preview-server.ts';

export interface BenchBrowserStart {
  files: LargeLogFiles;
  server: ChildProcess;
  url: string;
  browser: Browser;
}

export async function startBenchBrowser(
  argv: readonly string[],
  defaultPort: number,
): Promise<BenchBrowserStart> {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const files = await ensureLargeLog({
    scale: 1,
    seed: 1,
    generation: 0,
    outDir: resolve(root, readOption(argv, '--out') ?? '.bench'),
  });
  const { server, url } = await startPreview(root, Number(readOption(argv, '--port') ?? String(defaultPort)));
  const browser = await chromium.launch({
    headless: !argv.includes('--headed'),
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS],
  });
  return { files, server, url, browser };
}
