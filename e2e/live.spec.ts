// Following a session while it is written (issue 22), in real Chromium against the built app: a
// `?src=` URL polled with Range requests from a loopback server that appends, a picked file and a
// picked folder (OPFS handles answer the pickers). Each append must show in the events list and the
// live head, the cursor follows the head until the reader leaves it, and "Jump to live" returns.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ViewerPage } from './support/viewer-page.ts';
import { startGrowingLogServer } from '../scripts/lib/growing-log-server.ts';
import { answerPickersWithOpfs, clearOpfs, writeOpfsFile } from './support/live-files.ts';

const text = new Uint8Array(readFileSync(resolve('fixtures/cancel.jsonl')));
const lineEnds: number[] = [];
text.forEach((byte, at) => {
  if (byte === 0x0a) lineEnds.push(at + 1);
});
const upTo = (line: number) => text.subarray(0, lineEnds[line - 1]);
const between = (from: number, to: number) => text.subarray(lineEnds[from - 1], lineEnds[to - 1]);

async function liveCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('live-count').textContent()) ?? '';
  return Number(label.replace(/[^0-9]/g, ''));
}

test('a ?src= URL with follow=1 shows each append, follows the head, and Jump to live returns', async ({
  page,
}) => {
  const server = await startGrowingLogServer(upTo(6));
  try {
    const viewer = new ViewerPage(page);
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('live-head')).toBeVisible();
    await expect(page.getByTestId('live-count')).toHaveText('5 events');
    await viewer.expectCursorAt(4);

    server.append(between(6, 10));
    await expect(page.getByTestId('live-count')).toHaveText('9 events');
    await viewer.expectCursorAt(8);
    await expect(viewer.eventRow(8)).toBeVisible();

    // Scrubbing back leaves the head: the cursor stays when more comes, and Jump to live returns.
    await viewer.scrubTo(2);
    await expect(page.getByTestId('jump-to-live')).toBeVisible();
    server.append(between(10, 14));
    await expect.poll(() => liveCount(page)).toBeGreaterThan(9);
    await viewer.expectCursorAt(2);
    await page.getByTestId('jump-to-live').click();
    await expect(page.getByTestId('live-head')).toBeVisible();
    await viewer.expectCursorAt((await liveCount(page)) - 1);
    expect(server.requests.some((request) => request.status === 206)).toBe(true);

    // A torn line is held back until its line feed arrives.
    const before = await liveCount(page);
    const next = between(14, 15);
    server.append(next.subarray(0, 20));
    await page.waitForTimeout(700);
    expect(await liveCount(page)).toBe(before);
    server.append(next.subarray(20));
    await expect.poll(() => liveCount(page)).toBe(before + 1);

    // Replaced by another file under the same URL: read again from the start, with a notice.
    server.replace(upTo(4));
    await expect(page.getByTestId('notice')).toContainText('replaced');
    await expect(page.getByTestId('live-count')).toHaveText('3 events');
  } finally {
    await server.close();
  }
});

test('a server without Range support gets a clear message', async ({ page }) => {
  const server = await startGrowingLogServer(upTo(6), { supportsRange: false });
  try {
    const viewer = new ViewerPage(page);
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('live-message')).toContainText('does not answer HTTP Range requests');
    await expect(page.getByTestId('live-stopped')).toHaveText('Following failed');
  } finally {
    await server.close();
  }
});

test('a picked file (a File System Access handle) is followed as it grows', async ({ page }) => {
  const viewer = new ViewerPage(page);
  await viewer.goto('/');
  await clearOpfs(page);
  await writeOpfsFile(page, 'session.jsonl', upTo(6), null);
  await answerPickersWithOpfs(page, { file: 'session.jsonl' });
  await page.getByTestId('follow-file').click();
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('live-count')).toHaveText('5 events');
  for (const [from, to, events] of [
    [6, 8, 7],
    [8, 12, 11],
  ] as const) {
    await writeOpfsFile(page, 'session.jsonl', between(from, to), lineEnds[from - 1] as number);
    await expect(page.getByTestId('live-count')).toHaveText(`${events} events`);
    await expect(viewer.eventRow(events - 1)).toBeVisible();
  }
  await expect(page.getByTestId('live-writer')).toContainText('running');
  // Truncated (a new session under the same name): read again from the start, never mixed.
  await writeOpfsFile(page, 'session.jsonl', upTo(3), null);
  await expect(page.getByTestId('notice')).toContainText('shorter');
  await expect(page.getByTestId('live-count')).toHaveText('2 events');
  await page.getByTestId('stop-following').click();
  await expect(page.getByTestId('live-stopped')).toBeVisible();
});

test('a picked folder follows its newest session and lists sessions that appear', async ({ page }) => {
  const viewer = new ViewerPage(page);
  await viewer.goto('/');
  await clearOpfs(page);
  await writeOpfsFile(page, 'root/--proj--/older/session.jsonl', upTo(4), null);
  await page.waitForTimeout(50);
  await writeOpfsFile(page, 'root/--proj--/newest/session.jsonl', upTo(6), null);
  await answerPickersWithOpfs(page, { folder: 'root' });
  await page.getByTestId('follow-folder').click();
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('live-count')).toHaveText('5 events');
  await expect(page.getByTestId('folder-follow')).toContainText('root');
  await writeOpfsFile(page, 'root/--proj--/newest/session.jsonl', between(6, 9), lineEnds[5] as number);
  await expect(page.getByTestId('live-count')).toHaveText('8 events');
  // A subagent appears beside it: listed, and followed on request.
  await writeOpfsFile(page, 'root/--proj--/child/session.jsonl', upTo(5), null);
  const child = page.getByTestId('folder-follow').getByRole('button', { name: /child/ });
  await expect(child).toBeVisible({ timeout: 10_000 });
  await child.click();
  await expect(page.getByTestId('live-count')).toHaveText('4 events');
});

test('a dropped file says it is a snapshot and offers Open with Follow', async ({ page }) => {
  const viewer = new ViewerPage(page);
  await viewer.goto('/');
  await viewer.fileInput.setInputFiles(resolve('fixtures/tool-error.jsonl'));
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('snapshot-bar')).toContainText('Snapshot');
  await expect(
    page.getByTestId('snapshot-bar').getByRole('button', { name: 'Open with Follow…' }),
  ).toBeVisible();
});
