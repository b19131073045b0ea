// `npm run bench:hostile-browser`: issue 27's numbers in the built app (real worker, Chromium), each
// against its goal. The ZIPs are the ones `npm run bench:hostile` writes to .bench/hostile/ (run it
// first); the folder of many sessions is generated here (one small log per session directory).
//   --case bomb | members | folder | cancel | all (default all)   --sessions 50000   --port 4182
// - bomb: the overlapping-entries ZIP opened → its refusals listed: ≤ 2 s, < 200 MB more browser RSS;
// - members: the 100,000-member export → every row listed ≤ 5 s (and the full list after);
// - folder: N sessions in a folder → every summary in ≤ 60 s, no long task on the page;
// - cancel: the folder's scan cancelled half-way → the worker's JS heap (CDP, after a GC) back to
//   its idle level within 1 s, and a small log opened next is not slowed.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { findPidByMarker, readProcessTreeRss } from './lib/process-memory.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';
import { formatReportTable, formatMib, type ReportRow } from './lib/report-table.ts';
import { readWorkerHeap } from './lib/worker-heap.ts';

const HOSTILE_DIR = '.bench/hostile';
const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const which = argument('case', 'all');
const sessionCount = Number(argument('sessions', '50000'));
const port = Number(argument('port', '4182'));
const MEMBERS_ZIP = join(HOSTILE_DIR, 'members-100000.zip');
const BOMB_ZIP = join(HOSTILE_DIR, 'overlapping-bomb.zip');

const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const verdict = (isMet: boolean, goal: string) => `${goal} — ${isMet ? 'met' : 'MISSED'}`;

/** A folder of `count` session directories, each one small finished session (header, a turn). */
function ensureFolder(count: number): string {
  const root = join(HOSTILE_DIR, `folder-${count}`);
  if (existsSync(join(root, 'done'))) return root;
  for (let index = 0; index < count; index += 1) {
    const id = `session-${index.toString(16).padStart(8, '0')}-bench`;
    const directory = join(root, 'project', id);
    mkdirSync(directory, { recursive: true });
    const lines = [
      { version: 0, id, createdAt: 1_700_000_000_000 + index, cwd: '/bench' },
      { type: 'turn/start', seq: 0, time: 1_700_000_000_001 + index, data: { turn: 1, input: 'hi' } },
      { type: 'turn/end', seq: 1, time: 1_700_000_000_002 + index, data: { turn: 1, reason: 'completed' } },
    ];
    writeFileSync(
      join(directory, 'session.jsonl'),
      lines.map((line) => JSON.stringify(line)).join('\n') + '\n',
    );
  }
  writeFileSync(join(root, 'done'), '');
  return root;
}

/** Page-side: long tasks, and when the list's count and status change. */
function installProbe(): void {
  const scope = globalThis as unknown as {
    document: Document;
    __probe: { longTasks: number[]; changeAt: number | null; marks: Record<string, number> };
  };
  const probe = {
    longTasks: [] as number[],
    changeAt: null as number | null,
    marks: {} as Record<string, number>,
  };
  scope.__probe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (probe.changeAt !== null && entry.startTime >= probe.changeAt)
        probe.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
  scope.document.addEventListener('change', () => (probe.changeAt = performance.now()), true);
}

async function probeOf(page: Page): Promise<{ longTasks: number[]; changeAt: number | null }> {
  return page.evaluate(
    () => (globalThis as unknown as { __probe: { longTasks: number[]; changeAt: number | null } }).__probe,
  );
}

/** What the page should show: the list's count, its status, the problems box. */
interface Wanted {
  count?: number;
  status?: string;
  hasProblems?: boolean;
}

/** Milliseconds from the input's change until the page shows `wanted` (polled every 50 ms). */
async function timeUntil(page: Page, wanted: Wanted, timeoutMs: number): Promise<number | null> {
  try {
    await page.waitForFunction(
      ({ count, status, hasProblems }) => {
        const text = (document.querySelector('[data-testid="session-count"]')?.textContent ?? '').replace(
          /,/g,
          '',
        );
        const list = document.querySelector('[data-testid="session-list"]');
        return (
          (count === undefined || text.startsWith(`${count} session`)) &&
          (status === undefined || list?.getAttribute('data-status') === status) &&
          (hasProblems !== true || document.querySelector('[data-testid="workspace-problems"]') !== null)
        );
      },
      wanted,
      { timeout: timeoutMs, polling: 50 },
    );
  } catch (error) {
    process.stderr.write(`timed out waiting for ${JSON.stringify(wanted)}: ${String(error).slice(0, 200)}\n`);
    return null;
  }
  const { changeAt } = await probeOf(page);
  const now = await page.evaluate(() => performance.now());
  return changeAt === null ? null : now - changeAt;
}

async function main(): Promise<void> {
  const { server, url } = await startPreview(process.cwd(), port);
  const marker = `--bench-marker-hostile-${process.pid}`;
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS, marker],
  });
  const browserPid = findPidByMarker(marker);
  const rows: ReportRow[] = [];
  const rss = () => (browserPid === null ? 0 : readProcessTreeRss(browserPid).totalBytes);
  const freshPage = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installProbe);
    await page.goto(url);
    await page.getByTestId('folder-input').waitFor({ state: 'attached' });
    return page;
  };
  try {
    if ((which === 'all' || which === 'bomb') && existsSync(BOMB_ZIP)) {
      const page = await freshPage();
      const before = rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
      await page.getByTestId('file-input').setInputFiles(BOMB_ZIP);
      const ms = await timeUntil(page, { status: 'ready', hasProblems: true }, 120_000);
      clearInterval(sampler);
      const growth = peak - before;
      rows.push([
        'bomb ZIP: its 32 refusals listed, browser RSS growth',
        `${seconds(ms)}, ${formatMib(growth)}`,
        verdict(ms !== null && ms <= 2000 && growth < 200 * 1024 ** 2, '≤ 2 s, < 200 MB'),
      ]);
      await page.close();
    }
    if ((which === 'all' || which === 'members') && existsSync(MEMBERS_ZIP)) {
      const page = await freshPage();
      await page.getByTestId('file-input').setInputFiles(MEMBERS_ZIP);
      const listed = await timeUntil(page, { count: 100_000 }, 300_000);
      const full = await timeUntil(page, { status: 'ready' }, 600_000);
      const { longTasks } = await probeOf(page);
      rows.push([
        '100,000-member ZIP: every row listed',
        seconds(listed),
        verdict(listed !== null && listed <= 5000, '≤ 5 s'),
      ]);
      rows.push([
        '100,000-member ZIP: every summary in; long tasks (count, longest)',
        `${seconds(full)}; ${longTasks.length}, ${Math.max(0, ...longTasks)} ms`,
        '',
      ]);
      await page.close();
    }
    if (which === 'all' || which === 'folder' || which === 'cancel') {
      const folder = ensureFolder(sessionCount);
      if (which !== 'cancel') {
        const page = await freshPage();
        await page.getByTestId('folder-input').setInputFiles(folder);
        const listed = await timeUntil(page, { count: sessionCount }, 300_000);
        const full = await timeUntil(page, { status: 'ready' }, 900_000);
        const { longTasks } = await probeOf(page);
        rows.push([`${sessionCount} sessions in a folder: every row listed`, seconds(listed), '']);
        rows.push([
          `${sessionCount} sessions: every summary in; long tasks (count, longest)`,
          `${seconds(full)}; ${longTasks.length}, ${Math.max(0, ...longTasks)} ms`,
          verdict(full !== null && full <= 60_000 && longTasks.length === 0, '≤ 60 s, no long task'),
        ]);
        await page.close();
      }
      if (which === 'all' || which === 'cancel') {
        const page = await freshPage();
        const idle = await readWorkerHeap(page);
        await page.getByTestId('folder-input').setInputFiles(folder);
        await timeUntil(page, { count: sessionCount, status: 'scanning' }, 300_000);
        await page.waitForTimeout(3000);
        const busy = await readWorkerHeap(page);
        await page.getByRole('button', { name: 'Cancel' }).first().click();
        const cancelledAt = Date.now();
        await page.waitForTimeout(1000);
        const after = await readWorkerHeap(page);
        const afterMs = Date.now() - cancelledAt;
        rows.push([
          'cancel half-way: worker JS heap idle / scanning / after cancel (after a GC)',
          `${formatMib(idle)} / ${formatMib(busy)} / ${formatMib(after)} (read ${afterMs} ms after)`,
          verdict(
            idle !== null && after !== null && after <= idle * 1.5 + 2 * 1024 ** 2,
            'back to idle within 1 s',
          ),
        ]);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    stopServer(server);
  }
  process.stdout.write(formatReportTable(rows));
}

await main();
