// Following a session while it is written (issue 22), in real Chromium against the built app: a
// `?src=` URL polled with Range requests from a loopback server that appends, a picked file and a
// picked folder (OPFS handles answer the pickers). Each append must show in the events list and the
// live head, the cursor follows the head until the reader leaves it, and "Jump to live" returns.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { TimelinePanel } from './support/timeline-panel.ts';
import { startGrowingLogServer } from '../scripts/lib/growing-log-server.ts';
import { answerPickersWithOpfs, clearOpfs, writeOpfsFile } from './support/live-files.ts';

/**
 * A fixture cut into lines: `upTo(n)` is its first n lines, `between(a, b)` lines a+1 … b. With
 * `timeAtLine`, every stored time is shifted so that line's event happened just now (a clock that
 * ticks from the log's times must count from this machine's now, not from when it was recorded).
 */
function linesOf(path: string, timeAtLine?: number) {
  let source = readFileSync(resolve(path), 'utf8');
  if (timeAtLine !== undefined) {
    const line = source.split('\n')[timeAtLine - 1] ?? '';
    const then = Number(/"time0?":(\d+)/.exec(line)?.[1]);
    const shiftMs = Date.now() - then;
    source = source.replace(/"(time|time0|createdAt)":(\d+)/g, (_, key: string, ms: string) => {
      return `"${key}":${Number(ms) + shiftMs}`;
    });
  }
  const text = new TextEncoder().encode(source);
  const lineEnds: number[] = [];
  text.forEach((byte, at) => {
    if (byte === 0x0a) lineEnds.push(at + 1);
  });
  return {
    lineEnds,
    upTo: (line: number) => text.subarray(0, lineEnds[line - 1]),
    between: (from: number, to: number) => text.subarray(lineEnds[from - 1], lineEnds[to - 1]),
  };
}

const { lineEnds, upTo, between } = linesOf('fixtures/cancel.jsonl');

async function liveCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('live-count').textContent()) ?? '';
  return Number(label.replace(/[^0-9]/g, ''));
}

test('a ?src= URL with follow=1 shows each append, follows the head, and Jump to live returns', async ({
  page,
  viewer,
}) => {
  const server = await startGrowingLogServer(upTo(6));
  try {
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

test('a server without Range support gets a clear message', async ({ page, viewer }) => {
  const server = await startGrowingLogServer(upTo(6), { supportsRange: false });
  try {
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('live-message')).toContainText('does not answer HTTP Range requests');
    await expect(page.getByTestId('live-stopped')).toHaveText('Following failed');
  } finally {
    await server.close();
  }
});

test('a picked file (a File System Access handle) is followed as it grows', async ({ page, viewer }) => {
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

test('a picked folder follows its newest session and lists sessions that appear', async ({
  page,
  viewer,
}) => {
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

test('a dropped file says it is a snapshot and offers Open with Follow', async ({ page, viewer }) => {
  await viewer.goto('/');
  await viewer.fileInput.setInputFiles(resolve('fixtures/tool-error.jsonl'));
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('snapshot-bar')).toContainText('Snapshot');
  await expect(
    page.getByTestId('snapshot-bar').getByRole('button', { name: 'Open with Follow…' }),
  ).toBeVisible();
});

test('scrolling the events list up leaves the head without moving the cursor; Jump to live returns', async ({
  page,
  viewer,
}) => {
  const log = linesOf('fixtures/long-conversation.jsonl');
  const server = await startGrowingLogServer(log.upTo(50));
  try {
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('live-count')).toHaveText('49 events');
    await viewer.expectCursorAt(48);
    await expect(viewer.eventRow(48)).toBeInViewport();

    // A wheel up over the list: the list scrolls, the cursor stays, and the head is left.
    const list = page.getByTestId('events-scroll');
    await list.hover();
    await page.mouse.wheel(0, -400);
    await expect(page.getByTestId('jump-to-live')).toBeVisible();
    await expect(page.getByTestId('live-head')).toHaveCount(0);
    await viewer.expectCursorAt(48);
    await expect(viewer.eventRow(48)).not.toBeInViewport();
    const scrolledTop = await list.evaluate((element) => element.scrollTop);

    // More is appended: the cursor and the list stay where the reader left them.
    server.append(log.between(50, 60));
    await expect(page.getByTestId('live-count')).toHaveText('59 events');
    await expect(viewer.eventRow(58)).toHaveCount(0);
    await viewer.expectCursorAt(48);
    expect(Math.abs((await list.evaluate((element) => element.scrollTop)) - scrolledTop)).toBeLessThan(2);
    await expect(page.getByTestId('jump-to-live')).toBeVisible();

    // Jump to live: the cursor goes to the newest event, its row shows, and it follows again.
    await page.getByTestId('jump-to-live').click();
    await expect(page.getByTestId('live-head')).toBeVisible();
    await viewer.expectCursorAt(58);
    await expect(viewer.eventRow(58)).toBeInViewport();
    server.append(log.between(60, 65));
    await expect(page.getByTestId('live-count')).toHaveText('64 events');
    await viewer.expectCursorAt(63);
    await expect(viewer.eventRow(63)).toBeInViewport();
  } finally {
    await server.close();
  }
});

test('a tool call in flight and a waiting approval show how long, ticking, while the cursor follows the head', async ({
  page,
  viewer,
}) => {
  // approval-approved: line 24 is the bash tool/call, 25 its approval/asked, 26–27 decided and result.
  const log = linesOf('fixtures/approval-approved.jsonl', 24);
  const callId = 'call_00_d0sAHpJ9mYOJi0z7KNy30441';
  const server = await startGrowingLogServer(log.upTo(24));
  const seconds = async (clock: Locator) =>
    Number(/for (\d+) s/.exec((await clock.textContent()) ?? '')?.[1]);
  try {
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('live-head')).toBeVisible();
    const card = viewer.toolCallCard(callId);
    await expect(card.getByTestId('call-running')).toBeVisible();
    const clock = card.getByTestId('call-elapsed');
    await expect(clock).toHaveText(/^for \d+ s$/);
    // It ticks: the shown seconds grow without anything being appended.
    const first = await seconds(clock);
    await expect.poll(() => seconds(clock), { timeout: 5_000 }).toBeGreaterThan(first);

    // The approval is asked: the card says so, and how long it has waited.
    server.append(log.between(24, 25));
    await expect(card.getByTestId('call-awaiting-approval')).toBeVisible();
    await expect(card.getByTestId('call-running')).toHaveCount(0);
    await expect(clock).toHaveText(/^for \d+ s$/);

    // Away from the head it is a replay: no clock (the time since would not be the call's).
    await viewer.scrubTo(10);
    await expect(page.getByTestId('jump-to-live')).toBeVisible();
    await page.getByTestId('jump-to-live').click();
    await expect(clock).toBeVisible();

    // Decided and answered: the clock stops, the call's own duration shows.
    server.append(log.between(25, 28));
    await expect(page.getByTestId('live-count')).toHaveText('138 events');
    await expect(card).toHaveAttribute('data-status', 'ok');
    await expect(card.getByTestId('call-elapsed')).toHaveCount(0);
    await expect(card.getByTestId('call-awaiting-approval')).toHaveCount(0);
  } finally {
    await server.close();
  }
});

test('an unended turn is running while the writer appends, hanging only once it is quiet past the threshold', async ({
  page,
  viewer,
}) => {
  // The page's clock is Playwright's: it runs as time does until fastForward says the writer has
  // been quiet (the worker that polls keeps the machine's clock, so no append "happens" meanwhile).
  await page.clock.install();
  const server = await startGrowingLogServer(upTo(8));
  try {
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    const runEnding = page.getByTestId('run-ending');
    const writer = page.getByTestId('live-writer');
    for (const [from, to] of [
      [8, 10],
      [10, 12],
      [12, 13],
    ] as const) {
      server.append(between(from, to));
      await expect(page.getByTestId('live-count')).toHaveText(`${to - 1} events`);
      await expect(runEnding).toHaveAttribute('data-ending', 'running');
      await expect(writer).toContainText('turn 1 running');
    }
    // The timeline says so too: the open turn is running (not the red 'hanging' of a log at rest).
    const canvas = await new TimelinePanel(page).box();
    await page.mouse.move(canvas.x + canvas.width * 0.6, canvas.y + 26);
    const hover = page.getByTestId('timeline-hover');
    await expect(hover).toContainText('Turn 1');
    await expect(hover).toContainText('running (no end event yet');
    // Quiet for 20 s of the 30 s threshold (the default): still running.
    await expect(page.getByTestId('idle-threshold')).toHaveValue('30000');
    await page.clock.fastForward(20_000);
    await expect(writer).toContainText(/turn 1 running · last append 2\d s ago/);
    await expect(runEnding).toHaveAttribute('data-ending', 'running');
    // Quiet past it: hanging, in the live bar and the header's run ending.
    await page.clock.fastForward(12_000);
    await expect(writer).toContainText(/turn 1 may be hanging: nothing appended for (3\d|4\d) s/);
    await expect(runEnding).toHaveAttribute('data-ending', 'hanging');
    await expect(hover).toContainText('hanging (no end event)');
    // The reader's threshold decides: at 1 min the same quiet is running again.
    await page.getByTestId('idle-threshold').selectOption('60000');
    await expect(writer).toContainText('turn 1 running');
    await expect(runEnding).toHaveAttribute('data-ending', 'running');
  } finally {
    await server.close();
  }
});

test('the followed session’s row in the session list is running while the writer appends, hanging past the threshold', async ({
  page,
  viewer,
}) => {
  await page.clock.install();
  // A folder holding the session as it stood at its first turn (no turn/end yet), listed beside
  // the followed log: the scan reads it as hanging, the row of the session being followed must not.
  const folder = mkdtempSync(join(tmpdir(), 'dsh-replay-live-list-'));
  const sessionDirectory = join(
    folder,
    '--home-dev-projects-cancel--',
    '591f99e1-1a0c-4731-b40a-564d3d43051d',
  );
  mkdirSync(sessionDirectory, { recursive: true });
  writeFileSync(join(sessionDirectory, 'session.jsonl'), upTo(8));
  const server = await startGrowingLogServer(upTo(8));
  try {
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    const list = await viewer.openFolder(folder);
    const answers = list
      .locator('[data-session-id="591f99e1-1a0c-4731-b40a-564d3d43051d"]')
      .getByTestId('session-answers');
    server.append(between(8, 10));
    await expect(page.getByTestId('live-count')).toHaveText('9 events');
    await expect(answers).toHaveAttribute('data-run', 'running');
    await expect(answers).toContainText('run running');
    await expect(page.getByTestId('run-ending')).toHaveAttribute('data-ending', 'running');
    // Quiet past the 30 s threshold: the row and the header say hanging together.
    await page.clock.fastForward(32_000);
    await expect(page.getByTestId('live-writer')).toContainText('may be hanging');
    await expect(answers).toHaveAttribute('data-run', 'hanging');
    await expect(page.getByTestId('run-ending')).toHaveAttribute('data-ending', 'hanging');
  } finally {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('while following, the verdict and format badges show what was read so far, and a refusal that arrives shows', async ({
  page,
  viewer,
}) => {
  // max-tokens: a v0 subagent child whose seq 4 (line 6) is a version-2 subagent/descriptor, which
  // current dsh refuses to migrate (format-verdicts.spec.ts). Its first 5 lines (seqs 0–3) migrate.
  const log = linesOf('fixtures/max-tokens.jsonl');
  const server = await startGrowingLogServer(log.upTo(5));
  try {
    await viewer.goto(`/?src=${encodeURIComponent(server.url)}&follow=1`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('live-count')).toHaveText('4 events');
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'ok');
    await expect(verdict).toHaveAttribute('data-provisional', 'true');
    await expect(verdict).toContainText('so far');
    await expect(viewer.formatBadge).toHaveAttribute('data-generation', '0');
    await expect(viewer.formatBadge).toHaveAttribute('data-current-status', 'migrates');
    await expect(viewer.formatBadge).toHaveAttribute('data-provisional', 'true');
    await expect(viewer.formatBadge).toContainText('so far');

    // The refusal arrives with seq 4: the badge says so while the log is still being followed.
    server.append(log.between(5, 8));
    await expect(page.getByTestId('live-count')).toHaveText('7 events');
    await expect(viewer.formatBadge).toHaveAttribute('data-current-status', 'refuses', { timeout: 10_000 });
    await expect(viewer.formatBadge).toHaveAttribute('data-provisional', 'true');
    await viewer.openFormatPanel();
    await expect(viewer.formatRefusal('descriptor-version')).toContainText('has descriptor version 2');
    await viewer.press('Escape');

    // It goes on updating: the rest of the log arrives and the badges stay, for all of it.
    server.append(log.between(8, 31));
    await expect(page.getByTestId('live-count')).toHaveText(`${log.lineEnds.length - 1} events`);
    await expect(verdict).toHaveAttribute('data-provisional', 'true');
    await expect(viewer.formatBadge).toHaveAttribute('data-current-status', 'refuses');
  } finally {
    await server.close();
  }
});
