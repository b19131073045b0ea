// The layout a person can adjust (issue 14): resizable panes, remembered across reloads, collapsible,
// and a narrow window (1024×700) that still shows a readable event summary.
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const LOG = resolve('fixtures/approval-approved.jsonl.zstd');

test('dragging the separator resizes the panes, and a reload keeps the sizes', async ({ page, viewer }) => {
  await viewer.openLog(LOG);
  const separator = page.getByRole('separator', { name: 'Resize the events list and the right pane' });
  const before = (await viewer.events.boundingBox())!.width;
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const after = (await viewer.events.boundingBox())!.width;
  expect(after).toBeGreaterThan(before + 150);
  await page.reload();
  await viewer.openLog(LOG);
  await expect
    .poll(async () => Math.round((await viewer.events.boundingBox())!.width))
    .toBeGreaterThan(before + 150);
});

test('the event detail can be collapsed from the keyboard and comes back', async ({ page, viewer }) => {
  await viewer.openLog(LOG);
  const detail = page.getByTestId('event-detail');
  await expect(detail).toBeVisible();
  const separator = page.getByRole('separator', { name: 'Resize the events list and the event detail' });
  await separator.focus();
  await page.keyboard.press('End');
  await expect.poll(async () => (await detail.boundingBox())?.height ?? 0).toBeLessThan(2);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await detail.boundingBox())?.height ?? 0).toBeGreaterThan(100);
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });
  test('event summaries show at least 30 characters', async ({ viewer }) => {
    await viewer.openLog(LOG);
    await viewer.scrubTo(134);
    const row = viewer.eventRow(134);
    await expect(row).toHaveAttribute('data-state', 'loaded');
    const summary = row.getByRole('gridcell').last();
    const width = (await summary.boundingBox())!.width;
    const charWidth = await summary.evaluate((element) => {
      const probe = element.ownerDocument.createElement('span');
      probe.textContent = '0'.repeat(10);
      element.appendChild(probe);
      const measured = probe.getBoundingClientRect().width / 10;
      probe.remove();
      return measured;
    });
    expect(width / charWidth).toBeGreaterThanOrEqual(30);
  });
});

test('beside the session list of a workspace, the panes and the timeline controls stay on the page', async ({
  page,
  viewer,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await viewer.goto();
  const list = await viewer.openFolder(resolve('fixtures/sessions/root'));
  await viewer.openSession(list.locator('[data-session-id]').first());
  const pageWidth = 1440;
  for (const control of [
    page.getByRole('button', { name: 'Zoom in the timeline' }),
    page.getByRole('radiogroup', { name: 'Timeline axis' }),
    viewer.modelView,
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(pageWidth);
  }
});

/**
 * The words of every badge-like element (rounded, short text) on the page that are broken across
 * lines: each word's characters are measured as one Range, whose client rects must sit on one line.
 * A string run in the page (the e2e config has no DOM types).
 */
const BROKEN_BADGE_WORDS = `(() => {
  const broken = [];
  for (const element of document.querySelectorAll('[class*="rounded"]')) {
    const text = element.textContent ?? '';
    if (text.trim() === '' || text.length > 60 || element.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      for (const match of (node.nodeValue ?? '').matchAll(/\\S{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
})()`;

async function brokenBadgeWords(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(BROKEN_BADGE_WORDS);
}

for (const [width, height] of [
  [1024, 700],
  [1440, 900],
] as const)
  test(`at ${width}×${height} beside the session list: every header control on the page, ? reachable, no badge broken inside a word`, async ({
    page,
    viewer,
  }) => {
    await page.setViewportSize({ width, height });
    await viewer.goto();
    const list = await viewer.openFolder(resolve('fixtures/sessions/root'));
    await viewer.openSession(
      list.locator('[data-session-id="session-8dadf627-21ad-496e-a24a-41dc20e79a49"]'),
    );
    const header = page.getByRole('banner');
    const controls = header.getByRole('button');
    expect(await controls.count()).toBeGreaterThan(6);
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await control.innerText()).toBeLessThanOrEqual(width);
    }
    // The model view's controls too: none cut off at the pane's edge.
    const pane = (await viewer.modelView.boundingBox())!;
    for (const control of await viewer.modelView.getByRole('radio').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, await control.innerText()).toBeLessThanOrEqual(pane.x + pane.width + 1);
    }
    expect(await brokenBadgeWords(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Triage' }).click();
    await expect(page.getByTestId('triage-pane')).toBeVisible();
    expect(await brokenBadgeWords(page)).toEqual([]);
    await header.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
