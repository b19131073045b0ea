// The timeline end to end in real Chromium: zoom (wheel, pinch, keys) and pan (drag, overview) change
// its visible window, a double-click fits a turn, the time axis labels its edges with times, the
// cursor stays in view, and turns and steps are reachable by keyboard with a spoken label.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { inspectTurns } from './support/cli.ts';
import { TimelinePanel, type VisibleWindow } from './support/timeline-panel.ts';
import type { ViewerPage } from './support/viewer-page.ts';

const DEMO = resolve('public/demo/demo-session.jsonl.zstd');
/** The canvas's padding on each side (draw-timeline.ts PADDING_PX): seq s of n starts at 8 + s/n × (width − 16). */
const PADDING_PX = 8;

const spanOf = (window: VisibleWindow) => window.end - window.start;

async function openDemo(viewer: ViewerPage) {
  await viewer.openDemo();
  const timeline = new TimelinePanel(viewer.page);
  const eventCount = Number(await viewer.slider.getAttribute('max')) + 1;
  await expect(timeline.root).toHaveAttribute('data-window-end', String(eventCount - 1));
  return { viewer, timeline, eventCount, turns: inspectTurns(DEMO) };
}

test('the wheel zooms about the pointer, a pinch zooms, a drag pans, and Fit shows the whole log again', async ({
  page,
  viewer,
}) => {
  const { timeline, eventCount } = await openDemo(viewer);
  const whole = await timeline.window();
  expect(whole).toEqual({ start: 0, end: eventCount - 1 });

  await timeline.wheel(0.5, -3);
  const zoomed = await timeline.windowChangedFrom(whole);
  expect(spanOf(zoomed)).toBeLessThan(spanOf(whole) * 0.7);
  // The seq under the pointer (the middle) stays inside, near the middle.
  const middle = eventCount / 2;
  expect(zoomed.start).toBeLessThan(middle);
  expect(zoomed.end).toBeGreaterThan(middle);

  // A trackpad pinch arrives as a wheel event with ctrlKey.
  await page.keyboard.down('Control');
  await timeline.wheel(0.5, -1);
  await page.keyboard.up('Control');
  const pinched = await timeline.windowChangedFrom(zoomed);
  expect(spanOf(pinched)).toBeLessThan(spanOf(zoomed));

  // Dragging to the left brings later seqs in, keeping the width.
  await timeline.drag(0.7, 0.3);
  const panned = await timeline.windowChangedFrom(pinched);
  expect(panned.start).toBeGreaterThan(pinched.start);
  expect(Math.abs(spanOf(panned) - spanOf(pinched))).toBeLessThanOrEqual(2);

  await timeline.root.getByRole('button', { name: 'Fit', exact: true }).click();
  await expect.poll(() => timeline.window()).toEqual(whole);
});

test('after a wheel pan the hover text names what is under the pointer now, not what was there', async ({
  page,
  viewer,
}) => {
  const { timeline } = await openDemo(viewer);
  const whole = await timeline.window();
  // Zoom in about the left quarter, then hold the pointer still over the turn lane.
  await timeline.wheel(0.25, -6);
  const zoomed = await timeline.windowChangedFrom(whole);
  const hover = page.getByTestId('timeline-hover');
  await expect(hover).toBeVisible();
  const before = Number(await hover.getAttribute('data-seq'));
  expect(before).toBeGreaterThanOrEqual(zoomed.start);
  expect(before).toBeLessThanOrEqual(zoomed.end);
  // Shift+wheel pans to later seqs with the pointer held still: the seq under it moves with them.
  await page.keyboard.down('Shift');
  for (let notch = 0; notch < 8; notch++) await page.mouse.wheel(0, 100);
  await page.keyboard.up('Shift');
  const panned = await timeline.windowChangedFrom(zoomed);
  const shift = panned.start - zoomed.start;
  expect(shift).toBeGreaterThan(0);
  await expect
    .poll(async () => Number(await hover.getAttribute('data-seq')))
    .toBeGreaterThan(before + shift / 2);
  const after = Number(await hover.getAttribute('data-seq'));
  expect(after).toBeGreaterThanOrEqual(panned.start);
  expect(after).toBeLessThanOrEqual(panned.end);
});

test('the overview frames the visible window, and dragging the frame pans it', async ({ page, viewer }) => {
  const { timeline, eventCount } = await openDemo(viewer);
  const overviewBox = await timeline.overview.boundingBox();
  if (!overviewBox) throw new Error('no overview');
  const usable = overviewBox.width - 2 * PADDING_PX;
  const frame = async () => ({
    left: Number(await timeline.overviewWindow.getAttribute('data-left-px')),
    width: Number(await timeline.overviewWindow.getAttribute('data-width-px')),
  });
  await expect.poll(async () => Math.abs((await frame()).width - usable)).toBeLessThanOrEqual(1);

  await timeline.wheel(0.25, -6);
  const zoomed = await timeline.windowChangedFrom({ start: 0, end: eventCount - 1 });
  // The window's edges are whole seqs: the frame matches them within a seq's width.
  const seqPx = usable / eventCount;
  const expectedLeft = PADDING_PX + (zoomed.start / eventCount) * usable;
  const expectedWidth = (spanOf(zoomed) / eventCount) * usable;
  const shown = await frame();
  expect(Math.abs(shown.left - expectedLeft)).toBeLessThanOrEqual(seqPx + 1);
  expect(Math.abs(shown.width - expectedWidth)).toBeLessThanOrEqual(2 * seqPx + 1);
  expect(shown.width).toBeLessThan(usable / 2);

  // Drag the frame by its middle towards the end.
  const { left, width } = shown;
  const y = overviewBox.y + overviewBox.height / 2;
  await page.mouse.move(overviewBox.x + left + width / 2, y);
  await page.mouse.down();
  await page.mouse.move(overviewBox.x + left + width / 2 + usable * 0.4, y, { steps: 6 });
  await page.mouse.up();
  const dragged = await timeline.windowChangedFrom(zoomed);
  expect(dragged.start - zoomed.start).toBeGreaterThan(eventCount * 0.3);
  expect(Math.abs(spanOf(dragged) - spanOf(zoomed))).toBeLessThanOrEqual(2);
});

test('a double-click fits the turn under the pointer', async ({ viewer }) => {
  const { timeline, eventCount, turns } = await openDemo(viewer);
  const first = turns[0];
  if (!first || first.endSeq === null) throw new Error('the demo has no finished first turn');
  const box = await timeline.box();
  const middleSeq = (first.startSeq + first.endSeq) / 2;
  // The turn lane is y 16–36 of the canvas.
  await timeline.canvas.dblclick({
    position: { x: PADDING_PX + (middleSeq / eventCount) * (box.width - 2 * PADDING_PX), y: 26 },
  });
  const fitted = await timeline.windowChangedFrom({ start: 0, end: eventCount - 1 });
  expect(fitted.start).toBeLessThanOrEqual(first.startSeq);
  expect(fitted.end).toBeGreaterThanOrEqual(first.endSeq);
  expect(spanOf(fitted)).toBeLessThan((first.endSeq - first.startSeq) * 1.25);
});

test('on the time axis the edges are labelled with times, not seqs', async ({ viewer }) => {
  const { timeline } = await openDemo(viewer);
  await expect(timeline.endLabel).toHaveText(/^seq /);
  await timeline.root.getByRole('radio', { name: 'Time', exact: true }).click();
  await expect(timeline.root).toHaveAttribute('data-axis', 'time');
  const time = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
  await expect(timeline.endLabel).toHaveText(time);
  await expect(timeline.startLabel).toHaveText(time);
  // The label says the time the window ends at.
  const endMs = Number(await timeline.root.getAttribute('data-window-end-ms'));
  const shown = Date.parse(((await timeline.endLabel.textContent()) ?? '').replace(' ', 'T'));
  expect(Math.abs(shown - endMs)).toBeLessThan(1000);

  await timeline.wheel(0.5, -4);
  await expect(timeline.endLabel).toHaveText(time);
  expect(Number(await timeline.root.getAttribute('data-window-end-ms'))).toBeLessThan(endMs);
});

test('a cursor move that leaves the window pans it, and a cursor out of view can be shown', async ({
  viewer,
}) => {
  const { timeline, eventCount } = await openDemo(viewer);
  // Zoom in near the start: the cursor (on the last seq) is out of view.
  await timeline.wheel(0.02, -8);
  const zoomed = await timeline.windowChangedFrom({ start: 0, end: eventCount - 1 });
  expect(zoomed.end).toBeLessThan(eventCount - 1);
  const show = timeline.root.getByRole('button', { name: /Show the cursor/ });
  await expect(show).toBeVisible();
  await show.click();
  const shown = await timeline.windowChangedFrom(zoomed);
  expect(shown.end).toBeGreaterThanOrEqual(eventCount - 1);

  // Home (the app's key) jumps to seq 0, outside the window: the window follows.
  await viewer.press('Home');
  await viewer.expectCursorAt(0);
  const followed = await timeline.windowChangedFrom(shown);
  expect(followed.start).toBe(0);
  expect(Math.abs(spanOf(followed) - spanOf(shown))).toBeLessThanOrEqual(2);
});

test('turns and steps are reachable by keyboard and say what they are; the app keeps its arrows elsewhere', async ({
  page,
  viewer,
}) => {
  const { timeline, eventCount, turns } = await openDemo(viewer);
  const [first, second] = turns;
  const firstStep = first?.steps[0];
  const secondTurnStep = second?.steps[0];
  if (!first || !second || !firstStep || !secondTurnStep)
    throw new Error('the demo has two turns with steps');
  await expect(page.getByRole('img', { name: /^Timeline of 2 turns/ })).toBeVisible();

  await timeline.keyboard.focus();
  await expect(page.getByRole('listbox', { name: 'Timeline turns' })).toBeFocused();
  // The cursor is on the last seq, in turn 2; its duration comes with the times.
  await expect
    .poll(() => timeline.activeOption())
    .toMatch(
      new RegExp(`^turn 2, completed, 2 steps, [\\d.]+ (ms|s), seq ${second.startSeq} to ${second.endSeq}$`),
    );

  await page.keyboard.press('ArrowLeft');
  await viewer.expectCursorAt(first.startSeq);
  await expect.poll(() => timeline.activeOption()).toMatch(/^turn 1, completed, 1 step, /);

  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Timeline steps' })).toBeFocused();
  await viewer.expectCursorAt(firstStep.startSeq);
  await expect.poll(() => timeline.activeOption()).toMatch(/^turn 1, step 1, completed, /);

  await page.keyboard.press('ArrowRight');
  await viewer.expectCursorAt(secondTurnStep.startSeq);
  await expect.poll(() => timeline.activeOption()).toMatch(/^turn 2, step 1, completed, /);

  // + and − zoom the focused timeline; 0 shows the whole log.
  await page.keyboard.press('+');
  const zoomed = await timeline.windowChangedFrom({ start: 0, end: eventCount - 1 });
  expect(spanOf(zoomed)).toBeLessThan(eventCount - 1);
  await page.keyboard.press('-');
  await timeline.windowChangedFrom(zoomed);
  await page.keyboard.press('+');
  await page.keyboard.press('0');
  await expect.poll(() => timeline.window()).toEqual({ start: 0, end: eventCount - 1 });

  // Away from the timeline, ← is the app's again: one event back.
  await page.getByRole('heading', { name: 'Events' }).click();
  await expect(timeline.keyboard).not.toBeFocused();
  await viewer.press('ArrowLeft');
  await viewer.expectCursorAt(secondTurnStep.startSeq - 1);
});
