// The installed app opens log files the OS hands it (issue 24, Chromium's File Handling API): the
// manifest's file_handlers name .jsonl and .jsonl.zstd (offline.spec.ts checks them), and the browser
// gives the page each launch's handles through window.launchQueue. Chromium has that queue only in
// an installed app, which a test cannot install; so the spec stands in for the OS: an init script
// gives the page a queue with the same interface (setConsumer), and the test hands the consumer a launch with
// real FileSystemFileHandles of the origin's private file system, as the browser would.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { inspectEventCount } from './support/cli.ts';
import { expect, test } from './support/fixtures.ts';
import { clearOpfs, writeOpfsFile } from './support/live-files.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const MULTI_GEN = join(FIXTURES, 'generations', 'multi-gen', '1f64649f-af94-4c75-a0ea-40658dc71600');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // Chromium defines window.launchQueue in every page (an accessor, so assigning does nothing),
    // but fills it only in an installed app: the stand-in replaces it.
    const scope = window as unknown as Record<string, unknown>;
    Object.defineProperty(window, 'launchQueue', {
      configurable: true,
      value: {
        setConsumer(consumer: unknown) {
          scope.__launchConsumer = consumer;
        },
      },
    });
  });
});

/** Launches the app with the OPFS entries at `names` (a name ending in "/" is a folder). */
async function launchWith(page: Page, names: string[]): Promise<void> {
  await page.evaluate(async (entries) => {
    const root = await navigator.storage.getDirectory();
    const files = await Promise.all(
      entries.map((name) =>
        name.endsWith('/')
          ? root.getDirectoryHandle(name.slice(0, -1), { create: true })
          : root.getFileHandle(name),
      ),
    );
    const consumer = (window as unknown as { __launchConsumer?: (params: { files: unknown[] }) => void })
      .__launchConsumer;
    if (consumer === undefined) throw new Error('the app set no launch consumer');
    consumer({ files });
  }, names);
}

test('a log the OS opens with the installed app is read, and followed as it grows', async ({
  page,
  viewer,
}) => {
  await viewer.goto('/');
  await clearOpfs(page);
  const lines = readFileSync(join(FIXTURES, 'tool-error.jsonl'), 'utf8').split('\n').filter(Boolean);
  const encode = (part: string[]) => new TextEncoder().encode(part.map((line) => `${line}\n`).join(''));
  const head = encode(lines.slice(0, 4));
  const headFile = join(mkdtempSync(join(tmpdir(), 'dsh-launch-')), 'head.jsonl');
  writeFileSync(headFile, head);
  await writeOpfsFile(page, 'tool-error.jsonl', head, null);
  await launchWith(page, ['tool-error.jsonl', 'a-folder/']);
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('live-count')).toHaveText(`${inspectEventCount(headFile)} events`);
  // A handle, not a snapshot: what the writer appends shows.
  await writeOpfsFile(page, 'tool-error.jsonl', encode(lines.slice(4)), head.length);
  const all = inspectEventCount(join(FIXTURES, 'tool-error.jsonl'));
  await expect(page.getByTestId('live-count')).toHaveText(`${all.toLocaleString('en-US')} events`);
});

test('several files of one launch (a session’s generations) open together, as files dropped at once', async ({
  page,
  viewer,
}) => {
  await viewer.goto('/');
  await clearOpfs(page);
  const names = ['session.jsonl.zstd', 'session.v3.jsonl.zstd', 'session.v4.jsonl.zstd'];
  for (const name of names) await writeOpfsFile(page, name, readFileSync(join(MULTI_GEN, name)), null);
  await launchWith(page, names);
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('opened-files')).toContainText('3');
  await expect(viewer.formatBadge).toContainText('v4');
});
