// "Show all" on megabytes of untrusted text (a tool result) renders it in pieces: no long task.
// Playwright's trace snapshots the DOM at every step; 5 MB of it would make those snapshots the
// page's long tasks, so this file runs untraced.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { clearLongTasks, longTasks, waitForAttributeInPage, watchLongTasks } from './support/long-tasks.ts';

test.use({ trace: 'off' });

/** Main-thread tasks above this (ms) count as freezing the page on this shared 2-core machine. */
const LONG_TASK_LIMIT_MS = 200;

test('"show all" on a 5 MB tool result renders the whole text without a long task', async ({
  page,
  viewer,
}) => {
  await watchLongTasks(page);
  await viewer.goto('/');
  const lines = Array.from({ length: 120_000 }, (_, i) => `output line ${i} ${'·'.repeat(24)}`);
  const longText = lines.join('\n');
  expect(longText.length).toBeGreaterThan(4_500_000);
  const log = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').replace(
    'Error: bash is disabled by policy in this session',
    JSON.stringify(longText).slice(1, -1),
  );
  await viewer.fileInput.setInputFiles({
    name: 'long-tool-result.jsonl',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(log),
  });
  await viewer.waitForLoadState('ready');
  const showAll = viewer.modelView.getByRole('button', { name: /show all/ }).first();
  await expect(showAll).toBeVisible();
  await clearLongTasks(page);
  await showAll.click();
  // Checked in the page with a plain CSS selector: an expect poll would snapshot the growing text.
  const selector = '[data-testid="progressive-text"]';
  await waitForAttributeInPage(page, selector, 'data-pending-chars', '0', 30_000);
  const tasks = await longTasks(page);
  const text = page.locator(selector);
  // textContent, not innerText: reading the text must not lay out what the page itself never needed to.
  const shown = await text.evaluate((element) => element.textContent ?? '');
  expect(shown.length).toBeGreaterThanOrEqual(longText.length);
  expect(shown).toContain(`output line ${lines.length - 1} `);
  test
    .info()
    .annotations.push({ type: 'longest task after show all', description: `${Math.max(0, ...tasks)} ms` });
  expect(tasks.filter((duration) => duration > LONG_TASK_LIMIT_MS)).toEqual([]);
});
