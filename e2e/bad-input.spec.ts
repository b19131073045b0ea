// Every adversarial fixture ends in a specific message or an opened log, and the app keeps working.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';

const ADVERSARIAL_DIR = resolve('fixtures/adversarial');
const ADVERSARIAL_FILES = readdirSync(ADVERSARIAL_DIR).filter(
  (name) => name !== 'README.md' && !name.startsWith('.'),
);

test('each adversarial file opens or fails with a specific message, and the next file still opens', async ({
  page,
  viewer,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await viewer.goto('/');
  expect(ADVERSARIAL_FILES.length).toBeGreaterThan(5);
  for (const name of ADVERSARIAL_FILES) {
    await viewer.openFile(join(ADVERSARIAL_DIR, name));
    await expect(viewer.root, name).toHaveAttribute('data-load-state', /^(ready|error)$/, {
      timeout: 30_000,
    });
    if ((await viewer.root.getAttribute('data-load-state')) === 'error') {
      const message = (await viewer.loadError().innerText()).trim();
      expect(message.length, name).toBeGreaterThan(30);
      expect(message, name).toContain(name);
    } else {
      await expect(page.getByTestId('header-card'), name).toBeVisible();
      await expect(page.getByTestId('verdict'), name).toHaveAttribute(
        'data-verdict',
        /^(ok|corrupt|unsupported)$/,
      );
    }
  }
  await viewer.openLog(resolve('fixtures/packed-chunks.jsonl.zstd'));
  expect(pageErrors).toEqual([]);
});

test('a worker crash after a load says the log is gone, and the next file opens in a new worker', async ({
  page,
  viewer,
}) => {
  await viewer.goto('/');
  const file = resolve('fixtures/packed-chunks.jsonl.zstd');
  await viewer.openLog(file);
  const [worker] = page.workers();
  expect(worker).toBeDefined();
  // An uncaught error in the worker: what the browser reports when it dies (out of memory, a bug).
  await worker!.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated crash');
    }, 0);
  });
  await viewer.waitForLoadState('error');
  await expect(viewer.loadError()).toHaveAttribute('data-failure-kind', 'internal');
  await expect(viewer.loadError()).toContainText('The log worker stopped');

  await viewer.openLog(file);
  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
});
