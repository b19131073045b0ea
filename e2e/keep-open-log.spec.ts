// Nothing lost: a file that is not a log leaves the open log open (its failure beside it), Cancel
// keeps what was read as a marked partial view, and a pasted permalink for a session this browser
// does not hold says so instead of doing nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';

test('dropping a file that is not a log over an open log keeps the log and shows the failure beside it', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(resolve('fixtures/packed-chunks.jsonl.zstd'));
  await viewer.scrubTo(40);
  await viewer.dropLog(resolve('fixtures/adversarial/png-renamed.jsonl'));
  const failure = viewer.loadError();
  await expect(failure).toHaveAttribute('data-failure-kind', 'not-a-log');
  await expect(failure).toContainText('png-renamed.jsonl');
  await expect(failure).toContainText('packed-chunks.jsonl.zstd stays open');
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('file-name')).toHaveText('packed-chunks.jsonl.zstd');
  // The kept log still answers: its events, its model view, the cursor where it was.
  await viewer.expectCursorAt(40);
  await viewer.waitForModelViewAt(40);
  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
  await expect(viewer.eventRow(0)).toBeVisible();
});

test('Cancel keeps the part read as a partial view that says so', async ({ page, viewer }) => {
  await viewer.goto('/');
  const header = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').split('\n')[0] ?? '';
  const title = 'x'.repeat(300);
  const events = Array.from(
    { length: 300_000 },
    (_, seq) =>
      `{"type":"session/title","seq":${seq},"time":${1_783_352_100_000 + seq},"data":{"title":"${title}"}}`,
  );
  // About 100 MB: long enough to read that Cancel comes in the middle of it.
  const path = test.info().outputPath('long.jsonl');
  writeFileSync(path, `${header}\n${events.join('\n')}\n`);
  await viewer.openFile(path);
  // The first rows show while the rest is read: then cancel.
  await expect(viewer.eventRow(0)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('partial-view')).toBeVisible();
  await expect(page.getByTestId('notice')).toContainText(
    'Loading was cancelled: this is a partial view of the first',
  );
  const lastSeq = Number(await viewer.slider.getAttribute('max'));
  expect(lastSeq).toBeGreaterThan(0);
  expect(lastSeq).toBeLessThan(events.length - 1);
  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
  await expect(viewer.eventRow(0)).toBeVisible();
});

test('a pasted permalink for a session that is not stored says so, and the open log stays', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(resolve('fixtures/packed-chunks.jsonl.zstd'));
  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash =
      '#seq=3&session=not-stored-here';
  });
  await expect(page.getByTestId('notice')).toContainText(
    'The link names session not-stored-here, which is not stored in this browser',
  );
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('file-name')).toHaveText('packed-chunks.jsonl.zstd');
});
