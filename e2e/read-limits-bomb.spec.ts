// Bad input, a clear message, nothing lost: a decompression bomb keeps the page responsive and shows
// its problem within seconds with the turn before it readable; the lines dsh ignores open as raw text.
// Untraced, in a file of its own: the trace's DOM snapshot at every step is a main-thread task of its
// own, which this test would count as the page's.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { clearLongTasks, longTasks, watchLongTasks } from './support/long-tasks.ts';

test.use({ trace: 'off' });

/** Main-thread tasks above this (ms) count as freezing the page on this shared 2-core machine. */
const LONG_TASK_LIMIT_MS = 200;

test('a zstd bomb of 128 Mi blank lines: responsive page, the problem within seconds, the turn and the ignored lines readable', async ({
  page,
  viewer,
}) => {
  await watchLongTasks(page);
  await viewer.goto('/');
  await clearLongTasks(page);
  const startedAt = Date.now();
  await viewer.openFile(resolve('fixtures/adversarial/blank-lines-bomb.jsonl.zstd'));
  await viewer.waitForLoadState('ready', 15_000);
  const elapsedMs = Date.now() - startedAt;
  test.info().annotations.push({ type: 'bomb → problem shown', description: `${elapsedMs} ms` });
  expect(elapsedMs).toBeLessThan(10_000);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'corrupt');
  await expect(page.getByTestId('header-card')).toBeVisible();
  // The completed turn before the bomb is there: 8 events, the last one selectable.
  await expect(viewer.slider).toHaveAttribute('max', '7');
  await expect(viewer.eventRow(7)).toBeVisible();
  const tasks = await longTasks(page);
  test
    .info()
    .annotations.push({ type: 'longest main-thread task', description: `${Math.max(0, ...tasks)} ms` });
  expect(tasks.filter((duration) => duration > LONG_TASK_LIMIT_MS)).toEqual([]);

  await page.getByTestId('problem-count').click();
  const problems = page.getByRole('dialog', { name: 'Problems' });
  await expect(problems).toContainText('Line 10 is not valid JSON (or is blank)');
  await problems.getByTestId('show-ignored-lines').click();
  const ignored = problems.getByTestId('ignored-lines');
  await expect(ignored).toContainText('ignored by dsh');
  await expect(ignored).toContainText('after the damaged line 10');
  await expect(ignored.getByTestId('ignored-line-place').first()).toHaveText(/^L11 @\d+$/);
  await expect(ignored.getByText('(blank line)').first()).toBeVisible();
  // 128 Mi lines, of which the viewer keeps the first 100,000 (the rest are counted).
  await expect(ignored.getByTestId('ignored-lines-cut')).toContainText('the first 100,000');
});
