// Where the money and the time went (issue 25), in Chromium against the built app: each request's
// cost and times on the assistant cards and a call's run time and approval wait on its card; the
// Cost & time tab's totals; a range's totals from `?range=` and from a Shift-drag on the timeline;
// the session list's costs rolled up over the lineage tree; an edited price changing every total
// (with "edited" beside them); and no chip while a log loads. Every expected figure comes from the
// CLI's `cost --json` run on the same file, or by hand from its token counts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { cliCost, cliWorkspaceCost, type CliCostRequest } from './support/cost-cli.ts';
import { TimelinePanel } from './support/timeline-panel.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** One turn, two requests (the second mostly cache hits), one tool call that waited 8 s for an approval. */
const APPROVAL_LOG = join(FIXTURES, 'approval-approved.jsonl');
const ROOT = join(FIXTURES, 'sessions', 'root');
/** One turn: a request (usage at seq 11), a context-window error, a compaction (its checkpoint at seq 21), a request (usage at seq 26). */
const COMPACTION_LOG = join(FIXTURES, 'compaction-replace.jsonl');
/** fixtures/sessions/README.md: the real-writer parent and its continuable child. */
const PARENT = 'session-8dadf627-21ad-496e-a24a-41dc20e79a49';
const CHILD = 'e671f875-8b29-4737-bd0c-f1d894e2fc46';

/** The prices the edit tests type, USD per million tokens. */
const EDIT = { input: 100, cached: 10, output: 200 };

/** A request's cost at EDIT, by hand from its token counts (reasoning is part of output). */
function handCost(request: CliCostRequest): number {
  return (
    (request.inputTokens * EDIT.input +
      request.cachedInputTokens * EDIT.cached +
      request.outputTokens * EDIT.output) /
    1e6
  );
}

function numberAttribute(locator: Locator, name: string): Promise<number> {
  return locator.getAttribute(name).then((value) => Number(value));
}

async function openCostTab(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Cost & time' }).click();
  const panel = page.getByTestId('cost-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Types EDIT as the price of `model` in the tab's price editor and applies it. */
async function editPrice(panel: Locator, model: string): Promise<void> {
  const row = panel.locator(`[data-testid="model-price"][data-model="${model}"]`);
  await row.getByLabel(`input price per million tokens of ${model}`).fill(String(EDIT.input));
  await row.getByLabel(`cached price per million tokens of ${model}`).fill(String(EDIT.cached));
  await row.getByLabel(`output price per million tokens of ${model}`).fill(String(EDIT.output));
  await row.getByRole('button', { name: 'Use this price' }).click();
  await expect(row).toContainText('your price');
}

/** The tab's "Export prices" document, written to a file the CLI's --prices reads. */
async function exportedPrices(panel: Locator): Promise<string> {
  const href = await panel.getByRole('link', { name: 'Export prices' }).getAttribute('href');
  const prefix = 'data:application/json;charset=utf-8,';
  expect(href?.startsWith(prefix)).toBe(true);
  const file = join(mkdtempSync(join(tmpdir(), 'dsh-replay-prices-')), 'prices.json');
  writeFileSync(file, decodeURIComponent((href ?? '').slice(prefix.length)));
  return file;
}

test('assistant cards carry each request’s cost, time to first token, generation time and speed; the call card its run time and approval wait', async ({
  viewer,
}) => {
  const cli = cliCost(APPROVAL_LOG);
  expect(cli.requests).toHaveLength(2);
  await viewer.openLog(APPROVAL_LOG);
  const chips = viewer.modelView.getByTestId('message-cost');
  await expect(chips).toHaveCount(cli.requests.length);
  const shown = await chips.evaluateAll((all) =>
    all.map((chip) => ({
      cost: Number(chip.getAttribute('data-cost')),
      firstTokenMs: Number(chip.getAttribute('data-first-token-ms')),
      generationMs: Number(chip.getAttribute('data-generation-ms')),
      perSecond: Number(chip.getAttribute('data-tokens-per-second')),
      text: chip.textContent ?? '',
    })),
  );
  cli.requests.forEach((request, position) => {
    const chip = shown[position];
    expect(chip?.cost).toBeCloseTo(request.cost ?? Number.NaN, 12);
    expect(chip?.firstTokenMs).toBe(request.firstTokenMs);
    expect(chip?.generationMs).toBe(request.generationMs);
    expect(chip?.perSecond).toBeCloseTo(request.outputTokensPerSecond ?? Number.NaN, 6);
    // What a person reads: the money to three significant digits, TTFT, generation and tok/s.
    expect(chip?.text).toContain(`$${(request.cost ?? 0).toPrecision(3)}`);
    expect(chip?.text).toMatch(/TTFT \S+.*gen \S+.*tok\/s/);
  });

  const callTime = viewer.modelView.getByTestId('tool-call-card').getByTestId('call-time');
  await expect(callTime).toHaveCount(1);
  await expect(callTime).toContainText(/run \d[^·]* · waited \d.* for approval/);
  // The one approval of the log is this call's: its wait is the log's approval time.
  expect(
    Math.abs((await numberAttribute(callTime, 'data-approval-wait-ms')) - cli.total.approvalMs),
  ).toBeLessThanOrEqual(1);
  const runMs = await numberAttribute(callTime, 'data-run-ms');
  expect(runMs).toBeGreaterThan(0);
  expect(runMs).toBeLessThan(cli.total.wallMs - cli.total.approvalMs);
});

test('the Cost & time tab totals the session as CLI `cost` does, with the table beside it, the turn split and the context window', async ({
  page,
  viewer,
}) => {
  const cli = cliCost(APPROVAL_LOG);
  await viewer.openLog(APPROVAL_LOG);
  const panel = await openCostTab(page);
  const totals = panel.getByTestId('session-totals');
  expect(await numberAttribute(totals, 'data-cost')).toBeCloseTo(cli.total.cost, 12);
  await expect(totals.getByTestId('session-totals-money')).toHaveText(`$${cli.total.cost.toPrecision(3)}`);
  await expect(totals.getByTestId('price-label')).toHaveText(`prices: ${cli.prices.source}`);
  await expect(totals).toContainText(`${cli.total.requests} requests`);
  for (const [part, ms] of [
    ['wall', cli.total.wallMs],
    ['model', cli.total.modelMs],
    ['tool', cli.total.toolMs],
    ['approval', cli.total.approvalMs],
    ['idle', cli.total.idleMs],
  ] as const)
    expect(await numberAttribute(totals.locator(`[data-part="${part}"]`), 'data-ms'), part).toBe(ms);
  // One turn: its split and critical path (the model requests and the call the step waited on).
  const turn = panel.getByTestId('turn-breakdown');
  await expect(turn).toHaveCount(1);
  await expect(turn).toContainText('deepseek-v4-flash');
  await expect(panel.getByTestId('context-chart')).toBeVisible();
});

test('the context chart reaches the logged window, labels it, and marks every compaction, one after the last request with usage too', async ({
  page,
  viewer,
}) => {
  const window = 128_000;
  const text = readFileSync(COMPACTION_LOG, 'utf8');
  // The same run, then a second turn that starts compacting again and stops there (a crash): its
  // compaction comes after every request with usage.
  const last = JSON.parse(text.trimEnd().split('\n').at(-1) ?? '{}') as { seq: number; time: number };
  const line = (type: string, offset: number, data: object) =>
    JSON.stringify({ type, seq: last.seq + offset, time: last.time + offset * 1000, data });
  const crashed = join(mkdtempSync(join(tmpdir(), 'dsh-replay-context-')), 'compaction-crash.jsonl');
  writeFileSync(
    crashed,
    `${text.trimEnd()}\n${line('turn/start', 1, { turn: 2 })}\n${line('compaction/start', 2, { compactionId: 'c2', turn: 2 })}\n`,
  );
  for (const [log, compactions] of [
    [COMPACTION_LOG, 1],
    [crashed, 2],
  ] as const) {
    await viewer.openLog(log);
    const panel = await openCostTab(page);
    const chart = panel.getByTestId('context-chart');
    await expect(chart).toHaveAttribute('data-compactions', String(compactions));
    await expect(chart, log).toHaveAttribute('data-compactions-drawn', String(compactions));
    expect(await numberAttribute(chart, 'data-y-max')).toBeGreaterThan(window);
    await expect(chart).toHaveAttribute('data-window-labels', 'window 128,000');
    await expect(panel).toContainText(
      `peak 24 tokens sent at seq 11, < 0.1 % of its 128,000 window (from the log) · ${compactions} compaction`,
    );
  }
});

test('a range from ?range= and from a Shift-drag on the timeline totals its requests; the drag writes the range into the URL', async ({
  page,
  viewer,
}) => {
  const cli = cliCost(APPROVAL_LOG);
  const [first, second] = cli.requests;
  if (first === undefined || second === undefined) throw new Error('the fixture has two requests');
  await viewer.goto(`/?range=0-${first.seq}`);
  await viewer.openLog(APPROVAL_LOG);
  const panel = await openCostTab(page);
  const range = panel.getByTestId('range-totals');
  await expect(panel.getByLabel('range first seq')).toHaveValue('0');
  await expect(panel.getByLabel('range last seq')).toHaveValue(String(first.seq));
  await expect(range).toBeVisible();
  expect(await numberAttribute(range, 'data-cost')).toBeCloseTo(first.cost ?? Number.NaN, 12);
  await expect(range).toContainText('1 request');
  await expect(range.getByTestId('price-label')).toHaveText(`prices: ${cli.prices.source}`);

  // Shift-drag across the middle of the timeline: a new range, in the URL and in the tab.
  const timeline = new TimelinePanel(page);
  await page.keyboard.down('Shift');
  await timeline.drag(0.05, 0.95);
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('timeline-range')).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('range')).not.toBe(`0-${first.seq}`);
  const [a, b] = (new URL(page.url()).searchParams.get('range') ?? '').split('-').map(Number);
  if (a === undefined || b === undefined) throw new Error('no range in the URL');
  await expect(panel.getByLabel('range first seq')).toHaveValue(String(a));
  const inside = cli.requests.filter((request) => request.seq >= a && request.seq <= b);
  await expect
    .poll(() => numberAttribute(range, 'data-cost'))
    .toBeCloseTo(
      inside.reduce((sum, request) => sum + (request.cost ?? 0), 0),
      12,
    );
  expect(Number(await range.locator('[data-part="wall"]').getAttribute('data-ms'))).toBeGreaterThan(0);
});

test('an edited price changes every total — chips, session, range — marks them edited, and CLI `cost --prices` with the exported prices agrees', async ({
  page,
  viewer,
}) => {
  const cli = cliCost(APPROVAL_LOG);
  const [first] = cli.requests;
  if (first === undefined) throw new Error('the fixture has requests');
  await viewer.goto(`/?range=0-${first.seq}`);
  await viewer.openLog(APPROVAL_LOG);
  const panel = await openCostTab(page);
  const totals = panel.getByTestId('session-totals');
  const before = await numberAttribute(totals, 'data-cost');
  await editPrice(panel, first.model);

  const expected = cli.requests.reduce((sum, request) => sum + handCost(request), 0);
  await expect.poll(() => numberAttribute(totals, 'data-cost')).toBeCloseTo(expected, 12);
  expect(expected).not.toBeCloseTo(before, 6);
  await expect(totals.getByTestId('price-label')).toHaveText(`prices: ${cli.prices.source}, 1 price edited`);
  const range = panel.getByTestId('range-totals');
  await expect.poll(() => numberAttribute(range, 'data-cost')).toBeCloseTo(handCost(first), 12);
  await expect(range.getByTestId('price-label')).toContainText('1 price edited');

  // The cards price at the edit too, and say so.
  await page.getByRole('tab', { name: 'Model view' }).click();
  const chips = viewer.modelView.getByTestId('message-cost');
  await expect(chips).toHaveCount(cli.requests.length);
  await expect(chips.first()).toHaveAttribute('data-edited', 'true');
  const chipCosts = await chips.evaluateAll((all) =>
    all.map((chip) => Number(chip.getAttribute('data-cost'))),
  );
  cli.requests.forEach((request, position) => expect(chipCosts[position]).toBeCloseTo(handCost(request), 12));

  // The same edits exported and handed to the CLI: the same total.
  const edited = cliCost(APPROVAL_LOG, await exportedPrices(await openCostTab(page)));
  expect(edited.prices.edited).toBe(true);
  expect(edited.total.cost).toBeCloseTo(expected, 12);

  // Kept across a reload (localStorage holds the prices only).
  await page.reload();
  await viewer.openLog(APPROVAL_LOG);
  const again = await openCostTab(page);
  await expect
    .poll(() => numberAttribute(again.getByTestId('session-totals'), 'data-cost'))
    .toBeCloseTo(expected, 12);
});

test('prices imported as JSON reprice every total, a bad edit is named and left out, and CLI `cost --prices` with the same file agrees', async ({
  page,
  viewer,
}) => {
  const cli = cliCost(APPROVAL_LOG);
  const [first] = cli.requests;
  if (first === undefined) throw new Error('the fixture has requests');
  // A hand-written document: one good edit for the log's model, one without prices.
  const file = join(mkdtempSync(join(tmpdir(), 'dsh-replay-import-')), 'prices.json');
  writeFileSync(
    file,
    JSON.stringify([
      {
        provider: first.provider,
        model: first.model,
        inputPerMillion: EDIT.input,
        cacheReadPerMillion: EDIT.cached,
        outputPerMillion: EDIT.output,
      },
      { provider: first.provider, model: 'no-prices' },
    ]),
  );
  await viewer.openLog(APPROVAL_LOG);
  const panel = await openCostTab(page);
  const totals = panel.getByTestId('session-totals');
  const before = await numberAttribute(totals, 'data-cost');
  await panel.getByTestId('import-prices').setInputFiles(file);
  await expect(panel.getByTestId('price-editor')).toContainText('Imported 1 price; left out: edit 2:');

  const expected = cli.requests.reduce((sum, request) => sum + handCost(request), 0);
  expect(expected).not.toBeCloseTo(before, 6);
  await expect.poll(() => numberAttribute(totals, 'data-cost')).toBeCloseTo(expected, 12);
  await expect(totals.getByTestId('price-label')).toContainText('1 price edited');
  expect(cliCost(APPROVAL_LOG, file).total.cost).toBeCloseTo(expected, 12);

  // Not JSON: nothing changes and the editor says why.
  const garbage = join(mkdtempSync(join(tmpdir(), 'dsh-replay-import-')), 'prices.json');
  writeFileSync(garbage, '{ not json');
  await panel.getByTestId('import-prices').setInputFiles(garbage);
  await expect(panel.getByTestId('price-editor')).toContainText('Not imported: not JSON');
  expect(await numberAttribute(totals, 'data-cost')).toBeCloseTo(expected, 12);
});

test('the session list shows each session’s cost and its subtree’s rolled up over the tree, as CLI `cost DIR` does; an edit reprices them', async ({
  page,
  viewer,
}) => {
  const cli = cliWorkspaceCost(ROOT);
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  const parentRow = list.locator(`[data-session-id="${PARENT}"]`);
  const parentCost = parentRow.getByTestId('session-cost');
  await expect(parentCost).toBeVisible();
  for (const session of cli.sessions) {
    const cost = list.locator(`[data-session-id="${session.id}"]`).getByTestId('session-cost');
    expect(await numberAttribute(cost, 'data-cost'), session.id).toBeCloseTo(session.total.cost, 12);
    expect(await numberAttribute(cost, 'data-subtree-cost'), session.id).toBeCloseTo(
      session.subtree.cost,
      12,
    );
  }
  const parent = cli.sessions.find((session) => session.id === PARENT);
  const child = cli.sessions.find((session) => session.id === CHILD);
  if (parent === undefined || child === undefined) throw new Error('the CLI lists the real-writer pair');
  // The subtree is more than the parent alone (its child's requests rolled in), shown as Σ.
  expect(parent.subtree.cost).toBeGreaterThan(parent.total.cost);
  await expect(parentCost).toContainText(`(Σ $${parent.subtree.cost.toPrecision(3)})`);
  await expect(list.locator(`[data-session-id="${CHILD}"]`)).toHaveAttribute('data-depth', '1');

  // Edit the price of the parent's model in its tab: the rows reprice, marked edited, as the CLI does.
  await viewer.openSession(parentRow);
  const panel = await openCostTab(page);
  const model = await panel.getByTestId('model-price').first().getAttribute('data-model');
  await editPrice(panel, model ?? '');
  const edited = cliWorkspaceCost(ROOT, await exportedPrices(panel));
  const editedParent = edited.sessions.find((session) => session.id === PARENT);
  expect(editedParent?.subtree.cost).not.toBeCloseTo(parent.subtree.cost, 6);
  await expect
    .poll(() => numberAttribute(parentCost, 'data-subtree-cost'))
    .toBeCloseTo(editedParent?.subtree.cost ?? Number.NaN, 12);
  await expect(parentRow.getByTestId('session-cost-edited')).toHaveText('edited');
  expect(await numberAttribute(panel.getByTestId('session-totals'), 'data-cost')).toBeCloseTo(
    editedParent?.total.cost ?? Number.NaN,
    12,
  );
});

test('no cost chip shows while another log loads', async ({ page, viewer }) => {
  // A log big enough to show its first rows before it is loaded (scripts/large-log, small scale).
  const out = mkdtempSync(join(tmpdir(), 'dsh-replay-cost-load-'));
  const stats = JSON.parse(
    execFileSync('npx', ['tsx', 'scripts/generate-large-log.ts', '--scale', '0.03', '--out', out], {
      encoding: 'utf8',
      timeout: 120_000,
    }),
  ) as { zstdPath: string };
  await viewer.openLog(APPROVAL_LOG);
  await expect(viewer.modelView.getByTestId('message-cost').first()).toBeVisible();
  await page.evaluate(() => {
    const page = globalThis as unknown as {
      document: {
        querySelector(selector: string): { getAttribute(name: string): string | null } | null;
        body: unknown;
      };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
      chipsWhileLoading: number;
      sawLoading: boolean;
    };
    page.chipsWhileLoading = 0;
    page.sawLoading = false;
    const check = (): void => {
      if (page.document.querySelector('[data-load-state]')?.getAttribute('data-load-state') !== 'loading')
        return;
      page.sawLoading = true;
      if (page.document.querySelector('[data-testid="message-cost"], [data-testid="call-time"]') !== null)
        page.chipsWhileLoading += 1;
    };
    new page.MutationObserver(check).observe(page.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
  // While it loads, go to the end of what is read so far: the cards of the partial log show.
  await viewer.openFile(stats.zstdPath);
  await viewer.waitForLoadState('loading');
  let moves = 0;
  while ((await viewer.root.getAttribute('data-load-state')) === 'loading' && moves < 200) {
    await viewer.slider.focus().catch(() => undefined);
    await page.keyboard.press('End');
    moves += 1;
    await page.waitForTimeout(100);
  }
  await viewer.waitForLoadState('ready', 60_000);
  const seen = await page.evaluate(() => {
    const page = globalThis as unknown as { chipsWhileLoading: number; sawLoading: boolean };
    return { chips: page.chipsWhileLoading, sawLoading: page.sawLoading };
  });
  expect(seen.sawLoading).toBe(true);
  expect(seen.chips).toBe(0);
});
