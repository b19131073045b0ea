// Share safely (issue 24), in real Chromium against the built app: the export dialog lists every
// secret the worker's redaction found, grouped by rule; strict mode refuses to export until each is
// reviewed; each format downloads; the HTML opens from file:// with every network request blocked
// and shows the run, without the masked secrets and with the one left as it was.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const AWS_KEY = 'AKIAQ7ZK3MRD2XW5PLNV';
const GITHUB_TOKEN = 'ghp_R4nd0mT0k3nF0rT3st1ngOnlyAbCdEfGh123';
const PASSWORD = 'Zq8vLm2pXr7tWn4k';

function leakyLog(): string {
  const header = {
    type: 'session',
    version: 0,
    id: '24000000-0000-4000-8000-000000000024',
    createdAt: 1783352100000,
    cwd: '/home/dev/app',
    delegationDepth: 0,
  };
  const user = (seq: number, text: string) => ({
    type: 'user/message',
    seq,
    time: 1783352100000 + seq,
    surfaceOp: 'append',
    data: { id: `u${seq}`, role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } },
  });
  const lines = [
    header,
    { type: 'turn/start', seq: 0, time: 1783352100000, data: { turn: 1 } },
    user(1, `here is my .env\nAWS_ACCESS_KEY_ID=${AWS_KEY}\nGITHUB_TOKEN=${GITHUB_TOKEN}\n`),
    user(2, `and the database: postgres://app:${PASSWORD}@db.internal:5432/app`),
    {
      type: 'session/title',
      seq: 3,
      time: 1783352100003,
      data: { title: `Rotate ${AWS_KEY}`, messageSeqs: [1], source: { kind: 'user' } },
    },
    { type: 'turn/end', seq: 4, time: 1783352100004, data: { turn: 1, reason: { kind: 'completed' } } },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'dsh-share-'));
  const path = join(dir, 'leaky.jsonl');
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return path;
}

async function openExportDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await expect(page.getByTestId('export-hit').first()).toBeVisible({ timeout: 20_000 });
}

async function exportAs(page: Page, label: RegExp): Promise<string> {
  await page.getByTestId('export-dialog').getByLabel(label).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export redacted copy' }).click();
  const path = join(mkdtempSync(join(tmpdir(), 'dsh-share-out-')), (await download).suggestedFilename());
  await (await download).saveAs(path);
  await expect(page.getByTestId('export-manifest')).toContainText('SHA-256');
  return path;
}

test('the review pane groups hits by rule; strict mode blocks until reviewed; each format exports', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  await viewer.openFile(leakyLog());
  await viewer.waitForLoadState('ready');
  await openExportDialog(page);

  const groups = page.getByTestId('export-rule-group');
  await expect(groups.filter({ hasText: 'aws-access-key' })).toHaveCount(1);
  await expect(groups.filter({ hasText: 'github-token' })).toHaveCount(1);
  await expect(groups.filter({ hasText: 'basic-auth-url' })).toHaveCount(1);
  // The hit is shown in context, as text.
  await expect(page.getByTestId('export-review')).toContainText(`AWS_ACCESS_KEY_ID=${AWS_KEY}`);

  await page.getByLabel('Strict').check();
  const exportButton = page.getByRole('button', { name: 'Export redacted copy' });
  await expect(exportButton).toBeDisabled();
  await expect(page.getByTestId('export-strict-block')).toContainText('not reviewed');
  await page.getByRole('button', { name: 'Mask all' }).click();
  // Leave the database password as it is (the reviewer's call).
  await page
    .getByTestId('export-rule-group')
    .filter({ hasText: 'basic-auth-url' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(exportButton).toBeEnabled();

  const md = readFileSync(await exportAs(page, /^Markdown/), 'utf8');
  expect(md).not.toContain(AWS_KEY);
  expect(md).not.toContain(GITHUB_TOKEN);
  expect(md).toContain(PASSWORD);
  expect(md).toMatch(/\[REDACTED:aws-access-key:[0-9a-f]{8}\]/);

  const zip = unzipSync(new Uint8Array(readFileSync(await exportAs(page, /^ZIP/))));
  const log = new TextDecoder().decode(zip['session.jsonl']);
  expect(log.split('\n').filter(Boolean)).toHaveLength(6);
  expect(log).not.toContain(AWS_KEY);

  const htmlPath = await exportAs(page, /^HTML/);
  const html = readFileSync(htmlPath, 'utf8');
  const embedded = /id="dsh-replay-embedded"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
  const embeddedLog = Buffer.from(embedded, 'base64').toString('utf8');
  expect(embeddedLog).toContain('"type":"session/title"');
  expect(embeddedLog).not.toContain(AWS_KEY);
  expect(embeddedLog).toContain(PASSWORD);

  // The HTML opens from file:// with every request to any origin refused, and is the viewer.
  const context = await page.context().browser()!.newContext();
  const requests: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url === `file://${htmlPath}`) return route.continue();
    requests.push(url);
    return route.abort();
  });
  const offline = await context.newPage();
  await offline.goto(`file://${htmlPath}`);
  await expect(offline.getByTestId('verdict-badge').or(offline.getByText('dsh would load it'))).toBeVisible({
    timeout: 20_000,
  });
  await expect(offline.getByText('leaky.jsonl').first()).toBeVisible();
  await expect(offline.getByText(/REDACTED:aws-access-key/).first()).toBeVisible();
  // One log, read-only: no Demo (not in the file) and no Export (the file cannot rebuild itself).
  await expect(offline.getByRole('button', { name: 'Open…' })).toBeVisible();
  await expect(offline.getByRole('button', { name: 'Demo', exact: true })).toHaveCount(0);
  await expect(offline.getByRole('button', { name: 'Export…' })).toHaveCount(0);
  await offline.screenshot({ path: 'test-results/share-offline-html.png' });
  expect(requests).toEqual([]);
  await context.close();
});

test('the page saves the file the worker made without copying its bytes (a copy of a 132 MiB export was a 306 ms task)', async ({
  page,
  viewer,
}) => {
  // Every Blob the page builds, by size: the export's file must come from the worker as one.
  await page.addInitScript(() => {
    const page = globalThis as unknown as { Blob: typeof Blob; __pageBlobSizes: number[] };
    const PageBlob = page.Blob;
    page.__pageBlobSizes = [];
    page.Blob = class extends PageBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        page.__pageBlobSizes.push(this.size);
      }
    };
  });
  await viewer.goto();
  await viewer.openFile(leakyLog());
  await viewer.waitForLoadState('ready');
  await openExportDialog(page);
  const html = readFileSync(await exportAs(page, /^HTML/));
  expect(html.length).toBeGreaterThan(1_000_000);
  const sizes = await page.evaluate(
    () => (globalThis as unknown as { __pageBlobSizes: number[] }).__pageBlobSizes,
  );
  expect(sizes.filter((size) => size >= html.length)).toEqual([]);
});
