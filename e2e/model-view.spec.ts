// The model view as a reader uses it (issue 11): one scrollable conversation from the first message to
// the newest at any seq, anchored to what the reader is reading while the cursor moves, with a way
// back to the newest message.
import { resolve } from 'node:path';
import { type Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { projectMessageSeqs } from './support/cli.ts';

const LONG = resolve('fixtures/long-conversation.jsonl.zstd');
/** A mid-session seq with 11 messages, more than the pane shows at 1440×900. */
const MID_SEQ = 60;

/** The card's top edge minus the scroller's top edge (px). */
async function offsetInScroller(card: Locator, scroller: Locator): Promise<number> {
  const [cardBox, scrollerBox] = await Promise.all([card.boundingBox(), scroller.boundingBox()]);
  if (!cardBox || !scrollerBox) throw new Error('not laid out');
  return cardBox.y - scrollerBox.y;
}

async function isInViewport(card: Locator, scroller: Locator): Promise<boolean> {
  // A card outside the conversation window is not rendered (boundingBox would wait for it).
  if ((await card.count()) === 0) return false;
  const [cardBox, scrollerBox] = await Promise.all([card.boundingBox(), scroller.boundingBox()]);
  if (!cardBox || !scrollerBox) return false;
  return cardBox.y < scrollerBox.y + scrollerBox.height && cardBox.y + cardBox.height > scrollerBox.y;
}

test('at a mid-session seq the reader scrolls up to the first user message, with no click', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(LONG);
  await viewer.scrubTo(MID_SEQ);
  const seqs = projectMessageSeqs(LONG, MID_SEQ);
  expect(seqs.length).toBeGreaterThan(8);
  const scroller = viewer.modelView.getByTestId('model-view-scroll');
  const card = (seq: number) => viewer.modelView.locator(`[data-testid="model-message"][data-seq="${seq}"]`);
  // It opens at the newest message, and the first one is above the viewport.
  await expect(card(seqs.at(-1)!)).toBeVisible();
  expect(await isInViewport(card(seqs.at(-1)!), scroller)).toBe(true);
  expect(await isInViewport(card(seqs[0]!), scroller)).toBe(false);
  await expect(viewer.modelView.getByTestId('jump-to-newest')).toHaveCount(0);

  // Scroll with the wheel, as a reader does, until the top.
  await scroller.hover();
  for (let step = 0; step < 30 && !(await isInViewport(card(seqs[0]!), scroller)); step += 1) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(30);
  }
  const first = card(seqs[0]!);
  await expect(first).toHaveAttribute('data-loaded', 'true');
  expect(await isInViewport(first, scroller)).toBe(true);
  await expect(first).toContainText('user');
  await expect(first).toContainText("Write the todo list 'watch the kettle boil'");
  // Every message is there between the first and the newest: the cards rendered are consecutive.
  const rendered = await viewer.modelView
    .getByTestId('model-message')
    .evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-seq'))));
  expect(rendered).toEqual(seqs.slice(0, rendered.length));
  // The next key press does not throw the reader back to the bottom.
  await viewer.press('ArrowRight');
  await viewer.waitForModelViewAt(MID_SEQ + 1);
  expect(await isInViewport(first, scroller)).toBe(true);
});

test('scrolled up, cursor moves keep the message being read in place; "Jump to newest" goes back', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(LONG);
  await viewer.scrubTo(MID_SEQ);
  const scroller = viewer.modelView.getByTestId('model-view-scroll');
  const seqs = projectMessageSeqs(LONG, MID_SEQ);
  const reading = viewer.modelView.locator(`[data-testid="model-message"][data-seq="${seqs[3]}"]`);
  await scroller.hover();
  for (let step = 0; step < 30 && !(await isInViewport(reading, scroller)); step += 1) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(30);
  }
  await reading.scrollIntoViewIfNeeded();
  await expect(viewer.modelView.getByTestId('jump-to-newest')).toBeVisible();
  const before = await offsetInScroller(reading, scroller);
  // Forward past several new messages (they appear below), then back past some of them.
  const later = projectMessageSeqs(LONG, 77).length;
  expect(later).toBeGreaterThan(seqs.length);
  await viewer.press('End');
  await viewer.waitForModelViewAt(77);
  expect(Math.abs((await offsetInScroller(reading, scroller)) - before)).toBeLessThanOrEqual(1);
  await viewer.scrubTo(MID_SEQ + 5);
  expect(Math.abs((await offsetInScroller(reading, scroller)) - before)).toBeLessThanOrEqual(1);

  await viewer.modelView.getByTestId('jump-to-newest').click();
  await expect(viewer.modelView.getByTestId('jump-to-newest')).toHaveCount(0);
  const newest = projectMessageSeqs(LONG, MID_SEQ + 5).at(-1)!;
  const newestCard = viewer.modelView.locator(`[data-testid="model-message"][data-seq="${newest}"]`);
  expect(await isInViewport(newestCard, scroller)).toBe(true);
  // At the bottom it follows the cursor again: the next newest message is in view after a move.
  await viewer.press('End');
  await viewer.waitForModelViewAt(77);
  const last = projectMessageSeqs(LONG, 77).at(-1)!;
  expect(
    await isInViewport(
      viewer.modelView.locator(`[data-testid="model-message"][data-seq="${last}"]`),
      scroller,
    ),
  ).toBe(true);
});

test('a short conversation reads from the top of the pane', async ({ viewer }) => {
  await viewer.openLog(LONG);
  const seqs = projectMessageSeqs(LONG, 5);
  expect(seqs.length).toBe(2);
  await viewer.scrubTo(5);
  const scroller = viewer.modelView.getByTestId('model-view-scroll');
  const first = viewer.modelView.locator(`[data-testid="model-message"][data-seq="${seqs[0]}"]`);
  await expect(first).toBeVisible();
  // The request card, then the first message, from the top down.
  const card = viewer.modelView.getByTestId('request-card');
  expect(await offsetInScroller(card, scroller)).toBeLessThan(16);
  const cardBox = await card.boundingBox();
  expect(await offsetInScroller(first, scroller)).toBeLessThan((cardBox?.height ?? 0) + 32);
});

test('the request card heads the conversation: route, system prompt, tools, composition', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(LONG);
  await viewer.scrubTo(MID_SEQ);
  const card = viewer.modelView.getByTestId('request-card');
  const scroller = viewer.modelView.getByTestId('model-view-scroll');
  await scroller.hover();
  for (let step = 0; step < 30 && !(await card.isVisible()); step += 1) await page.mouse.wheel(0, -600);
  await expect(card).toContainText('deepseek-v4-flash');
  await expect(card).toContainText('You are an AI agent powered by DeepSeek Harness');
  await expect(card).toContainText('19 tools');
  // The header link moves the cursor to the request/header event.
  await card.getByRole('button', { name: /header at seq 7/ }).click();
  await viewer.waitForModelViewAt(7);
});

test("a forked child's inherited prefix is marked as inherited from the parent", async ({ viewer }) => {
  await viewer.openLog(
    resolve('fixtures/generations/stored/v4/sdk/subagent-fork-in-process/session.1.v4.jsonl'),
  );
  await viewer.press('End');
  await expect(viewer.modelView).toContainText('seqs 0–15 inherited from the parent');
  const cards = viewer.modelView.getByTestId('model-message');
  await expect(cards.first()).toBeVisible();
  const marks = await cards.evaluateAll((elements) =>
    elements.map((element) => [
      Number(element.getAttribute('data-seq')),
      element.getAttribute('data-inherited'),
    ]),
  );
  expect(marks.length).toBeGreaterThan(0);
  for (const [seq, inherited] of marks) expect(inherited).toBe(Number(seq) < 16 ? 'true' : null);
  expect(marks.some(([seq]) => Number(seq) < 16)).toBe(true);
  expect(marks.some(([seq]) => Number(seq) >= 16)).toBe(true);
});
