// The events list end to end: rows are virtualized in blocks, the end of the list is reachable by
// scrolling, and the cursor row is highlighted and kept in view.
import { expect, test } from '@playwright/test';
import { ViewerPage } from './support/viewer-page.ts';

test('scrolling the events list to the bottom shows the last seq, and End highlights it', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
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
