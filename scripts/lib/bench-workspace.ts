// The workspace case of `npm run bench:browser` (`--case workspace` runs it alone): the generated
// sessions root of `npm run bench:sessions` (scripts/sessions/generate-root.ts, 500 sessions, a few
// large, most small, in lineage trees) opened through the folder input, timing the full list (every
// row listed from the headers, then every summary), opening a parent, opening its child from the
// parent (its spawning call's link when the log has one, else the session bar's child button, which
// runs the same openWorkspaceSession), switching back to the visited parent (a kept log: no load),
// and memory with 1 and with 10 sessions visited.

import { chromium, type Browser, type Page } from '@playwright/test';
import { buildSessionTree, discoverSessions } from '../../src/log/index.ts';
import { walkDirectory } from '../../src/cli/node-entries.ts';
import { ensureSessionsRoot, type SessionsRoot } from '../sessions/generate-root.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './chromium.ts';
import { findPidByMarker, readProcessTreeRss } from './process-memory.ts';
import { round } from './percentile.ts';
import { formatMib, formatReportTable, type ReportRow } from './report-table.ts';
import { readWorkerHeap } from './worker-heap.ts';

const LIST_TIMEOUT_MS = 300_000;
const OPEN_TIMEOUT_MS = 120_000;
/** Sessions visited before the second memory reading. */
const VISITS_FOR_MEMORY = 10;

export interface WorkspaceBenchOptions {
  sessions: number;
  seed: number;
  large: number;
  largeScale: number;
  outDir: string;
  isHeaded: boolean;
}

interface MemoryReading {
  /** Sessions opened so far (distinct). */
  visited: number;
  mainJsHeapUsedBytes: number | null;
  workerJsHeapUsedBytes: number | null;
  /** performance.measureUserAgentSpecificMemory(), when the page may call it (cross-origin isolated). */
  userAgentSpecificBytes: number | null;
  browserRssBytes: number | null;
}

export interface WorkspaceBenchReport {
  root: SessionsRoot;
  /** From the folder input's change to every row listed (headers, tree). */
  listedMs: number | null;
  /** From the change to the scan's end (every summary in). */
  fullListMs: number | null;
  parentOpenMs: number | null;
  childOpenMs: number | null;
  childOpenedBy: 'spawning-call link' | 'session bar child button';
  /** Back to the visited parent: a kept log, no load. */
  switchBackMs: number | null;
  /** The other visits, first opens (a load each): small sessions, then the largest of the root. */
  firstVisitSmallMs: number[];
  firstVisitLargeMs: number[];
  /** Back to the first large session after the other two: still kept (3 logs), no load. */
  switchBackLargeMs: number | null;
  memory: MemoryReading[];
  notes: string[];
}

/** Sessions to visit, from the root's own headers (the same discovery the viewer runs): a parent with a child, then large ones and others. */
async function pickSessions(
  root: SessionsRoot,
): Promise<{ parent: string; child: string; small: string[]; large: string[] }> {
  const { entries } = await walkDirectory(root.dir);
  const workspace = await discoverSessions(entries);
  const tree = buildSessionTree(workspace.sessions);
  const bySize = [...workspace.sessions].sort((a, b) => b.entry.size - a.entry.size);
  const parentNode = tree.roots.find(
    (node) => node.children.length > 0 && !bySize.slice(0, 3).some((session) => session.id === node.id),
  );
  const childNode = parentNode?.children[0];
  if (parentNode === undefined || childNode === undefined)
    throw new Error('the root has no parent with a child');
  const large = bySize.slice(0, Math.min(3, VISITS_FOR_MEMORY - 2)).map((session) => session.id);
  const taken = new Set([parentNode.id, childNode.id, ...large]);
  const small = workspace.sessions
    .map((session) => session.id)
    .filter((id) => !taken.has(id))
    .slice(0, VISITS_FOR_MEMORY - 2 - large.length);
  return { parent: parentNode.id, child: childNode.id, small, large };
}

/** Installs the page-side recorder: when the folder input changed, when every row was listed, when the scan ended. */
function installListProbe(expected: number): void {
  const scope = globalThis as unknown as {
    document: {
      querySelector(
        selector: string,
      ): { textContent: string | null; getAttribute(name: string): string | null } | null;
      addEventListener(type: string, listener: (event: { target: unknown }) => void, capture: boolean): void;
    };
    MutationObserver: new (callback: () => void) => { observe(target: unknown, options: unknown): void };
    performance: { now(): number };
    __wsProbe: { changeAt: number | null; listedAt: number | null; readyAt: number | null };
  };
  const probe = {
    changeAt: null as number | null,
    listedAt: null as number | null,
    readyAt: null as number | null,
  };
  scope.__wsProbe = probe;
  scope.document.addEventListener('change', () => (probe.changeAt ??= scope.performance.now()), true);
  new scope.MutationObserver(() => {
    const list = scope.document.querySelector('[data-testid="session-list"]');
    if (list === null) return;
    const count = scope.document.querySelector('[data-testid="session-count"]')?.textContent ?? '';
    if (probe.listedAt === null && count.startsWith(`${expected} sessions`))
      probe.listedAt = scope.performance.now();
    if (probe.readyAt === null && list.getAttribute('data-status') === 'ready')
      probe.readyAt = scope.performance.now();
    // The document itself: an init script runs before there is a body.
  }).observe(scope.document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function readMemory(page: Page, browserPid: number | null, visited: number): Promise<MemoryReading> {
  const client = await page.context().newCDPSession(page);
  await client.send('HeapProfiler.collectGarbage').catch(() => undefined);
  await client.send('Performance.enable');
  const metrics = await client.send('Performance.getMetrics');
  await client.detach();
  const workerHeap = await readWorkerHeap(page);
  const userAgentSpecificBytes = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      crossOriginIsolated?: boolean;
      performance: { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> };
    };
    if (scope.crossOriginIsolated !== true || scope.performance.measureUserAgentSpecificMemory === undefined)
      return null;
    return (await scope.performance.measureUserAgentSpecificMemory()).bytes;
  });
  return {
    visited,
    mainJsHeapUsedBytes: metrics.metrics.find((entry) => entry.name === 'JSHeapUsedSize')?.value ?? null,
    workerJsHeapUsedBytes: workerHeap,
    userAgentSpecificBytes,
    browserRssBytes: browserPid === null ? null : (readProcessTreeRss(browserPid)?.totalBytes ?? null),
  };
}

/** Times `act` until the viewer shows session `id` ready (the list marks it open, the load is ready). */
async function timeOpen(page: Page, id: string, act: () => Promise<void>): Promise<number> {
  const start = await page.evaluate(() => performance.now());
  await act();
  await page.waitForFunction(
    (sessionId) => {
      const scope = globalThis as unknown as {
        document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
      };
      const root = scope.document.querySelector('[data-load-state]');
      const bar = scope.document.querySelector('[data-testid="workspace-session-bar"]');
      const model = scope.document.querySelector('[data-at-seq]');
      return (
        root?.getAttribute('data-load-state') === 'ready' &&
        bar?.getAttribute('data-session-id') === sessionId &&
        model !== null
      );
    },
    id,
    { timeout: OPEN_TIMEOUT_MS, polling: 'raf' },
  );
  return round((await page.evaluate(() => performance.now())) - start) ?? 0;
}

/** Opens session `id` from the list (filtered to it, so the virtual list shows its row). */
async function openFromList(page: Page, id: string): Promise<number> {
  const filter = page.getByPlaceholder('Filter…');
  await filter.fill(id);
  const row = page.locator(`[data-session-id="${id}"]`);
  await row.waitFor();
  return timeOpen(page, id, () => row.click());
}

export async function runWorkspaceBench(
  url: string,
  options: WorkspaceBenchOptions,
): Promise<WorkspaceBenchReport> {
  const root = await ensureSessionsRoot(options);
  const picked = await pickSessions(root);
  const notes: string[] = [];
  const marker = `--bench-marker-ws-${process.pid}-${Date.now()}`;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      headless: !options.isHeaded,
      executablePath: chromiumExecutablePath(),
      args: [...CHROMIUM_ARGS, marker],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(installListProbe, root.sessions);
    page.on('pageerror', (error) => notes.push(`page error: ${error.message}`));
    await page.goto(url);
    const browserPid = findPidByMarker(marker);

    await page.getByTestId('folder-input').setInputFiles(root.dir);
    await page.waitForFunction(
      () => (globalThis as unknown as { __wsProbe: { readyAt: number | null } }).__wsProbe.readyAt !== null,
      undefined,
      { timeout: LIST_TIMEOUT_MS, polling: 200 },
    );
    const probe = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            __wsProbe: { changeAt: number | null; listedAt: number | null; readyAt: number | null };
          }
        ).__wsProbe,
    );
    const since = (at: number | null) =>
      at === null || probe.changeAt === null ? null : round(at - probe.changeAt);
    if (probe.listedAt === null) notes.push(`the list never said "${root.sessions} sessions"`);

    const parentOpenMs = await openFromList(page, picked.parent);
    const memory: MemoryReading[] = [await readMemory(page, browserPid, 1)];

    const spawning = page.locator(`[data-testid="session-link"][data-to-session="${picked.child}"]`);
    const childOpenedBy = (await spawning.count()) > 0 ? 'spawning-call link' : 'session bar child button';
    if (childOpenedBy !== 'spawning-call link')
      notes.push(
        'the generated parents hold no call naming their children: the child opens from the session bar',
      );
    const childOpenMs = await timeOpen(page, picked.child, () =>
      childOpenedBy === 'spawning-call link'
        ? spawning.first().click()
        : page.getByTestId('open-child').first().click(),
    );
    const switchBackMs = await timeOpen(page, picked.parent, () => page.getByTestId('open-parent').click());

    const firstVisitSmallMs: number[] = [];
    for (const id of picked.small) firstVisitSmallMs.push(await openFromList(page, id));
    // The large ones last: the kept logs are then the three largest, the memory bound's worst case.
    const firstVisitLargeMs: number[] = [];
    for (const id of picked.large) firstVisitLargeMs.push(await openFromList(page, id));
    memory.push(await readMemory(page, browserPid, 2 + picked.small.length + picked.large.length));
    const [firstLarge] = picked.large;
    const switchBackLargeMs = firstLarge === undefined ? null : await openFromList(page, firstLarge);
    if (memory.every((reading) => reading.userAgentSpecificBytes === null))
      notes.push(
        'measureUserAgentSpecificMemory needs a cross-origin-isolated page, which the app is not: JS heaps (CDP, performance.memory) and RSS instead',
      );
    return {
      root,
      listedMs: since(probe.listedAt),
      fullListMs: since(probe.readyAt),
      parentOpenMs,
      childOpenMs,
      childOpenedBy,
      switchBackMs,
      firstVisitSmallMs,
      firstVisitLargeMs,
      switchBackLargeMs,
      memory,
      notes,
    };
  } finally {
    await browser?.close();
  }
}

export function formatWorkspaceReport(report: WorkspaceBenchReport): string {
  const ms = (value: number | null) => (value === null ? 'n/a' : `${value} ms`);
  const sorted = [...report.firstVisitSmallMs].sort((a, b) => a - b);
  const large = report.firstVisitLargeMs.map((value) => ms(value)).join(', ');
  const rows: ReportRow[] = [
    [
      'sessions root',
      `${report.root.sessions} sessions, ${report.root.files} files, ${formatMib(report.root.bytes)} (large ${formatMib(report.root.largeBytes)})`,
      '',
    ],
    ['time to every row listed (headers, tree)', ms(report.listedMs), ''],
    ['time to the full list (every summary)', ms(report.fullListMs), ''],
    ['open a parent from the list', ms(report.parentOpenMs), ''],
    [`open its child (${report.childOpenedBy})`, ms(report.childOpenMs), ''],
    ['switch back to the visited parent (kept log)', ms(report.switchBackMs), ''],
    [
      `first visits of ${sorted.length} small sessions min / median / max`,
      `${ms(sorted[0] ?? null)} / ${ms(sorted[Math.floor(sorted.length / 2)] ?? null)} / ${ms(sorted.at(-1) ?? null)}`,
      '',
    ],
    [
      `first visits of the ${report.firstVisitLargeMs.length} largest sessions`,
      large === '' ? 'n/a' : large,
      '',
    ],
    ['switch back to the first of them (kept log)', ms(report.switchBackLargeMs), ''],
  ];
  for (const reading of report.memory) {
    rows.push([
      `memory, ${reading.visited} session${reading.visited === 1 ? '' : 's'} visited: main / worker JS heap, browser RSS`,
      `${formatMib(reading.mainJsHeapUsedBytes)} / ${formatMib(reading.workerJsHeapUsedBytes)}, ${formatMib(reading.browserRssBytes)}${reading.userAgentSpecificBytes === null ? '' : `, UA-specific ${formatMib(reading.userAgentSpecificBytes)}`}`,
      '',
    ]);
  }
  return `${formatReportTable(rows)}${report.notes.map((note) => `note: ${note}\n`).join('')}`;
}
