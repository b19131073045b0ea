// The viewer end to end in real Chromium against the built app: demo, drop, scrub, permalinks, errors.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { executedToolCalls, projectMessageCount } from './support/cli.ts';

const PACKED_ZSTD = resolve('fixtures/packed-chunks.jsonl.zstd');
const PNG_RENAMED = resolve('fixtures/adversarial/png-renamed.jsonl');
const DEMO = resolve('public/demo/demo-session.jsonl.zstd');

test('?demo=1 lands on the demo log with the three panes and the Seq slider', async ({ page, viewer }) => {
  await viewer.openDemo();
  await expect(viewer.timeline).toBeVisible();
  await expect(viewer.events).toBeVisible();
  await expect(viewer.modelView).toBeVisible();
  const last = Number(await viewer.slider.getAttribute('max'));
  expect(await viewer.cursorSeq()).toBe(last);
  await viewer.waitForModelViewAt(last);
  expect(await viewer.modelMessageCount()).toBe(projectMessageCount(DEMO, last));
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'ok');
});

test('the timeline draws the tool executions the CLI reports and explains one on hover', async ({
  page,
  viewer,
}) => {
  await viewer.openDemo();
  const calls = executedToolCalls(DEMO);
  expect(calls.length).toBeGreaterThan(0);
  await expect(viewer.timeline).toHaveAttribute('data-tool-spans', String(calls.length));

  // Hover the middle of the first call's span on the tool lane (y 73–81 px, sequence axis, 8 px padding).
  const first = calls[0];
  if (!first) throw new Error('no tool call');
  const eventCount = Number(await viewer.slider.getAttribute('max')) + 1;
  const canvas = page.getByTestId('timeline-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('timeline canvas not laid out');
  const end = first.resultSeq ?? first.callSeq;
  const middleSeq = (first.callSeq + end + 1) / 2;
  await canvas.hover({ position: { x: 8 + (middleSeq / eventCount) * (box.width - 16), y: 77 } });
  await expect(viewer.timeline).toContainText(`Tool ${first.name} · ${first.status}`);
});

test('a dropped zstd log is scrubbed with keys and the slider, and the model view matches the CLI', async ({
  page,
  viewer,
}) => {
  await viewer.goto('/');
  await viewer.waitForLoadState('idle');
  await viewer.dropLog(PACKED_ZSTD);
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('file-name')).toHaveText('packed-chunks.jsonl.zstd');
  // The worker decoded the frames with the WebAssembly zstd (the fast path), not the fzstd fallback.
  await expect(page.getByTestId('header-card')).toContainText('decoded by zstd-wasm');

  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
  for (let press = 0; press < 3; press++) await viewer.press('ArrowRight');
  await viewer.waitForModelViewAt(3);
  await expect(viewer.eventRow(3)).toHaveAttribute('aria-current', 'true');

  // Shift+→ lands on a step start, PageDown on a turn start or the end: both move forward.
  await viewer.press('Shift+ArrowRight');
  const stepSeq = await viewer.cursorSeq();
  expect(stepSeq).toBeGreaterThan(3);
  await viewer.waitForModelViewAt(stepSeq);
  expect(await viewer.modelMessageCount()).toBe(projectMessageCount(PACKED_ZSTD, stepSeq));

  const max = Number(await viewer.slider.getAttribute('max'));
  const middle = Math.floor(max * 0.6);
  await viewer.scrubTo(middle);
  expect(await viewer.modelMessageCount()).toBe(projectMessageCount(PACKED_ZSTD, middle));

  await viewer.press('End');
  await viewer.waitForModelViewAt(max);
  expect(await viewer.modelMessageCount()).toBe(projectMessageCount(PACKED_ZSTD, max));
});

test('reloading a permalink reopens the stored log at the same seq', async ({ page, viewer }) => {
  await viewer.openLog(PACKED_ZSTD);
  await viewer.scrubTo(40);
  await expect(page).toHaveURL(/#seq=40&session=/);
  // Only a permalink made (or followed) keeps the log in the browser (README, Privacy).
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: /Link copied|Copy failed/ })).toBeVisible();
  await page.reload();
  await viewer.waitForLoadState('ready');
  expect(await viewer.cursorSeq()).toBe(40);
  await viewer.waitForModelViewAt(40);
  await expect(page.getByTestId('file-name')).toHaveText('packed-chunks.jsonl.zstd');
});

test('a seq past the end of the log clamps to the last event with a notice', async ({ page, viewer }) => {
  await viewer.gotoReady('/?demo=1#seq=999999');
  const max = Number(await viewer.slider.getAttribute('max'));
  expect(await viewer.cursorSeq()).toBe(max);
  await expect(page.getByTestId('notice')).toContainText('past the last event');
});

test('a link to a session that is not stored asks for that file by id', async ({ page, viewer }) => {
  await viewer.goto('/#seq=3&session=0000-not-stored');
  await expect(page.getByTestId('missing-session')).toContainText('0000-not-stored');
  await viewer.waitForLoadState('idle');
});

test('a file that is not a log shows why, and the next file still opens', async ({ viewer }) => {
  await viewer.goto('/');
  await viewer.dropLog(PNG_RENAMED);
  await viewer.waitForLoadState('error');
  await expect(viewer.loadError()).toContainText('not a dsh session log');
  await viewer.dropLog(PACKED_ZSTD);
  await viewer.waitForLoadState('ready');
  await expect(viewer.loadError()).toHaveCount(0);
});

test('the ? key lists the shortcuts and Esc closes the list', async ({ page, viewer }) => {
  await viewer.openDemo();
  await viewer.press('Shift+Slash');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await viewer.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
});

test('Cancel stops a load in progress and the next file still opens', async ({ page, viewer }) => {
  // A ?src= stream whose server never answers: the load stays in progress until cancelled.
  await page.route(
    (url) => url.pathname === '/stalled-log.jsonl',
    () => undefined,
  );
  await viewer.goto('/?src=/stalled-log.jsonl');
  await viewer.waitForLoadState('loading');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await viewer.waitForLoadState('idle');
  await expect(page.getByTestId('notice')).toContainText('cancelled');
  await page.getByRole('button', { name: 'Open the demo' }).click();
  await viewer.waitForLoadState('ready');
});
