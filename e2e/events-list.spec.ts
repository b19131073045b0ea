// The events list end to end: rows are virtualized in blocks, the end of the list is reachable by
// scrolling, the cursor row is highlighted and kept in view, and search moves to matching events.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';

test('scrolling the events list to the bottom shows the last seq, and End highlights it', async ({
  page,
  viewer,
}) => {
  await viewer.openDemo();
  const last = Number(await viewer.slider.getAttribute('max'));
  // More rows than the blocks (BLOCK_ROWS = 16, no overscan) rendered at the top of the list.
  expect(last).toBeGreaterThan(128);

  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
  await expect(viewer.eventRow(0)).toHaveAttribute('aria-current', 'true');
  await expect(viewer.eventRow(0)).toBeInViewport();
  // Only the blocks near the viewport are in the DOM, not one row per event.
  expect(await viewer.events.locator('[role="row"][data-seq]').count()).toBeLessThan(last + 1);

  const list = page.getByTestId('events-scroll');
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(viewer.eventRow(last)).toBeInViewport();

  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(viewer.eventRow(0)).toBeInViewport();
  await viewer.press('End');
  await viewer.waitForModelViewAt(last);
  await expect(viewer.eventRow(last)).toHaveAttribute('aria-current', 'true');
  await expect(viewer.eventRow(last)).toBeInViewport();
});

test('search finds the next and previous event containing the text, and says when nothing matches', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(resolve('fixtures/packed-chunks.jsonl.zstd'));
  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
  const search = page.getByRole('searchbox', { name: 'Search events' });
  const detail = page.getByTestId('event-detail');

  await search.fill('DISABLED by policy');
  await search.press('Enter');
  // The detail follows the cursor: it shows seq 0 until the search hit lands.
  await expect(detail).not.toHaveAttribute('data-seq', '0');
  const first = Number(await detail.getAttribute('data-seq'));
  expect(first).toBeGreaterThan(0);
  await expect(detail).toContainText('disabled by policy');
  await expect(viewer.slider).toHaveValue(String(first));

  await search.press('Enter');
  await expect(detail).not.toHaveAttribute('data-seq', String(first));
  const second = Number(await detail.getAttribute('data-seq'));
  // (A packed chunk member may be the match: its text sits in a collapsed part of the JSON tree.)
  expect(second).toBeGreaterThan(first);
  // Shift+Enter: the nearest match before the cursor (first, or one between the two).
  await search.press('Shift+Enter');
  await expect(detail).not.toHaveAttribute('data-seq', String(second));
  const back = Number(await detail.getAttribute('data-seq'));
  expect(back).toBeGreaterThanOrEqual(first);
  expect(back).toBeLessThan(second);

  await search.fill('no event says this');
  await search.press('Enter');
  await expect(page.getByText('no match')).toBeVisible();
});
