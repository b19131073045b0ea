// Never lose your place (issue 11), in real Chromium against the built app: every jump is a browser
// history entry that Back and Forward walk, Back from the log's first place asks instead of leaving,
// and the event detail follows the cursor unless it is pinned.
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures.ts';
import { TriagePanel } from './support/triage-panel.ts';
import type { ViewerPage } from './support/viewer-page.ts';

/** The demo's first turn/start: its detail links to the turn's end (seq 41). */
const TURN_START_SEQ = 1;
const TURN_END_SEQ = 41;

/** The crashed triage log of triage.spec.ts: its last-call card links seq 3 (request) and 4 (call). */
const CRASHED_LOG = fileURLToPath(
  new URL('../fixtures/triage/crashed-tool-outcome-unknown.jsonl', import.meta.url),
);
const REQUEST_SEQ = 3;
const CALL_SEQ = 4;

/** Opens the demo at `seq` through a permalink, the way a shared link opens it. */
async function openDemoAt(viewer: ViewerPage, seq: number): Promise<ViewerPage> {
  await viewer.gotoReady(`/?demo=1#seq=${seq}`);
  await viewer.expectCursorAt(seq);
  return viewer;
}

/** Clicks the timeline at `fraction` of its width and returns the seq the cursor went to. */
async function clickTimeline(viewer: ViewerPage, fraction: number, notSeq: number): Promise<number> {
  const canvas = viewer.page.getByTestId('timeline-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('timeline canvas not laid out');
  await canvas.click({ position: { x: box.width * fraction, y: 20 } });
  await expect(viewer.slider).not.toHaveValue(String(notSeq));
  return viewer.cursorSeq();
}

test('Back walks three jumps back to the first seq, Forward redoes them, Alt+← is left to the browser', async ({
  page,
  viewer,
}) => {
  await openDemoAt(viewer, TURN_START_SEQ);
  const visited = [TURN_START_SEQ];

  // 1: a link of the event detail (which follows the cursor).
  await expect(viewer.detail).toHaveAttribute('data-seq', String(TURN_START_SEQ));
  await viewer.detailLink(TURN_END_SEQ).click();
  await viewer.expectCursorAt(TURN_END_SEQ);
  visited.push(TURN_END_SEQ);
  // Steps between jumps are no entries of their own: the place moves with them.
  await viewer.press('ArrowRight');
  await viewer.expectCursorAt(TURN_END_SEQ + 1);
  visited[visited.length - 1] = TURN_END_SEQ + 1;

  // 2: a timeline click.
  visited.push(await clickTimeline(viewer, 0.75, TURN_END_SEQ + 1));

  // 3: a search hit.
  const search = page.getByRole('searchbox', { name: 'Search events' });
  await search.fill('MARMALADE');
  await search.press('Enter');
  await expect(viewer.slider).not.toHaveValue(String(visited.at(-1)));
  visited.push(await viewer.cursorSeq());
  await search.blur();
  expect(new Set(visited).size).toBe(4);

  for (const seq of visited.slice(0, -1).reverse()) {
    await page.goBack();
    await viewer.expectCursorAt(seq);
  }
  await expect(viewer.detail).toHaveAttribute('data-seq', String(TURN_START_SEQ));
  await page.goForward();
  await viewer.expectCursorAt(visited[1]!);
  await page.goForward();
  await viewer.expectCursorAt(visited[2]!);

  // Alt+← reaches the browser untouched (its Back): the app's ←/→ keys do not take it. (Headless
  // Chromium runs no browser shortcuts for injected keys, so the browser's own Back is goBack here.)
  // A listener added after the app's key handler (both on window) sees whether it cancelled the key.
  type KeyWatch = {
    altKeyPrevented?: boolean;
    addEventListener(
      type: 'keydown',
      listener: (event: { altKey: boolean; defaultPrevented: boolean }) => void,
    ): void;
  };
  await page.evaluate(() => {
    const watch = globalThis as unknown as KeyWatch;
    watch.addEventListener('keydown', (event) => {
      if (event.altKey) watch.altKeyPrevented = event.defaultPrevented;
    });
  });
  await viewer.press('Alt+ArrowLeft');
  expect(await page.evaluate(() => (globalThis as unknown as KeyWatch).altKeyPrevented)).toBe(false);
  await viewer.expectCursorAt(visited[2]!);
  await page.goBack();
  await viewer.expectCursorAt(visited[1]!);
});

test('Back from the first place asks instead of leaving, and the log stays loaded', async ({
  page,
  viewer,
}) => {
  await openDemoAt(viewer, TURN_START_SEQ);
  await viewer.detailLink(TURN_END_SEQ).click();
  await viewer.expectCursorAt(TURN_END_SEQ);
  await page.goBack();
  await viewer.expectCursorAt(TURN_START_SEQ);
  await expect(viewer.leaveAsk).toHaveCount(0);

  await page.goBack();
  await expect(viewer.leaveAsk).toBeVisible();
  await expect(viewer.leaveAsk).toContainText('demo-session');
  await expect(viewer.root).toHaveAttribute('data-load-state', 'ready');
  await viewer.expectCursorAt(TURN_START_SEQ);
  expect(new URL(page.url()).hash).toContain(`seq=${TURN_START_SEQ}`);
  // Asking again does not leave either.
  await page.goBack();
  await expect(viewer.leaveAsk).toBeVisible();
  await expect(viewer.root).toHaveAttribute('data-load-state', 'ready');
  // Forward still redoes the jump; staying dismisses the ask.
  await page.goForward();
  await viewer.expectCursorAt(TURN_END_SEQ);
  await expect(viewer.leaveAsk).toHaveCount(0);
  await page.goBack();
  await page.goBack();
  await expect(viewer.leaveAsk).toBeVisible();
  await viewer.leaveAsk.getByRole('button', { name: 'Stay here' }).click();
  await expect(viewer.leaveAsk).toHaveCount(0);
  await expect(viewer.root).toHaveAttribute('data-load-state', 'ready');

  // Leaving is the reader's choice: it goes back past the log (here to the blank page before it).
  await page.goBack();
  await viewer.leaveAsk.getByRole('button', { name: 'Leave this log' }).click();
  await expect(page).toHaveURL('about:blank');
});

test('triage findings and a pasted permalink are entries too', async ({ page, viewer }) => {
  await viewer.dropLogReady(CRASHED_LOG);
  const last = await viewer.cursorSeq();
  const triage = new TriagePanel(page);
  await triage.open();
  await triage.seqLinkInLastCall(REQUEST_SEQ).click();
  await viewer.expectCursorAt(REQUEST_SEQ);
  await page.getByTestId('triage-last-call-link').click();
  await viewer.expectCursorAt(CALL_SEQ);

  // A permalink pasted into the address bar: same document, new entry.
  await expect(page).toHaveURL(/#seq=4&session=/);
  await page.goto(page.url().replace(/seq=\d+/, 'seq=1'));
  await viewer.expectCursorAt(1);

  await page.goBack();
  await viewer.expectCursorAt(CALL_SEQ);
  await page.goBack();
  await viewer.expectCursorAt(REQUEST_SEQ);
  await page.goBack();
  await viewer.expectCursorAt(last);
  await page.goBack();
  await expect(viewer.leaveAsk).toBeVisible();
  await viewer.expectCursorAt(last);
});

test('a pinned detail keeps its event while ←/→ move the cursor; one click unpins it', async ({ viewer }) => {
  await openDemoAt(viewer, 10);
  await expect(viewer.detail).toHaveAttribute('data-seq', '10');
  await expect(viewer.detail).toHaveAttribute('data-pinned', 'false');
  await expect(viewer.pinButton).toHaveAttribute('aria-pressed', 'false');
  await expect(viewer.pinnedLabel).toHaveCount(0);

  await viewer.pinButton.click();
  await expect(viewer.pinButton).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer.pinnedLabel).toHaveText('pinned: seq 10');
  await expect(viewer.detail).toHaveAttribute('data-pinned', 'true');
  for (let press = 0; press < 3; press++) await viewer.press('ArrowRight');
  await viewer.expectCursorAt(13);
  await viewer.waitForModelViewAt(13);
  // The detail knows where the cursor rests (an unpinned one would show it now) and keeps seq 10.
  await expect(viewer.pinnedCursorHint).toHaveText('cursor at seq 13');
  await expect(viewer.detail).toHaveAttribute('data-seq', '10');

  await viewer.pinButton.click();
  await expect(viewer.pinButton).toHaveAttribute('aria-pressed', 'false');
  await expect(viewer.pinnedLabel).toHaveCount(0);
  await expect(viewer.detail).toHaveAttribute('data-seq', '13');
  await viewer.press('ArrowLeft');
  await expect(viewer.detail).toHaveAttribute('data-seq', '12');

  // `p` pins the cursor's event, and unpins.
  await viewer.press('p');
  await expect(viewer.pinnedLabel).toHaveText('pinned: seq 12');
  await viewer.press('ArrowLeft');
  await viewer.expectCursorAt(11);
  await expect(viewer.pinnedCursorHint).toHaveText('cursor at seq 11');
  await expect(viewer.detail).toHaveAttribute('data-seq', '12');
  await viewer.press('p');
  await expect(viewer.detail).toHaveAttribute('data-seq', '11');
});

test('the ask never pushes the cursor’s row out of the events list', async ({ page, viewer }) => {
  await openDemoAt(viewer, 0);
  const cursorRow = viewer.events.locator('[aria-current="true"][data-seq]');
  /** How far the cursor's row sticks out below its scroll element (px; ≤ 0 is whole in view). */
  const overflowBelow = () =>
    cursorRow.evaluate((row) => {
      let scroller = row.parentElement;
      while (scroller !== null && getComputedStyle(scroller).overflowY !== 'auto')
        scroller = scroller.parentElement;
      if (scroller === null) throw new Error('the row has no scroll element');
      return row.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    });
  // Steps (not jumps) to the bottom edge of the list: the list scrolls just enough to show the row.
  for (let step = 0; step < 60; step++) await viewer.press('ArrowRight');
  await viewer.expectCursorAt(60);
  expect(await overflowBelow()).toBeGreaterThan(-30);
  expect(await overflowBelow()).toBeLessThanOrEqual(0.5);
  await page.goBack();
  await expect(viewer.leaveAsk).toBeVisible();
  await viewer.expectCursorAt(60);
  await expect.poll(overflowBelow).toBeLessThanOrEqual(0.5);
});
