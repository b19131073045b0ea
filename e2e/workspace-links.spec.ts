// Permalinks into a workspace and the kept logs (issue 13): Copy link in a session of an export ZIP
// keeps the ZIP and a reload of the link restores the workspace, the session and the seq; a
// dropped folder is not kept, so its link says which folder to open and opening it goes to the
// session; a folder the directory picker gave (a real handle, in the origin-private file system) is
// kept as its handle and reopened, asking permission with one click when the browser wants it;
// switching back to a visited session shows it at once (no loading, no progress).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const SESSIONS = join(import.meta.dirname, '..', 'fixtures', 'sessions');
const ROOT = join(SESSIONS, 'root');
const ZIP_NAME = 'dsh-session-9841fdb9-efa4-4650-9011-5b552fcd380c.zip';
const ZIP = join(SESSIONS, ZIP_NAME);
/** The real-writer pair (fixtures/sessions/README.md): a continuable child started by id. */
const PARENT = 'session-8dadf627-21ad-496e-a24a-41dc20e79a49';
const CHILD = 'e671f875-8b29-4737-bd0c-f1d894e2fc46';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Every file under `dir`, as paths relative to it and base64 bytes. */
function filesUnder(dir: string): { path: string; base64: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const absolute = join(entry.parentPath, entry.name);
      return { path: relative(dir, absolute), base64: readFileSync(absolute).toString('base64') };
    });
}

async function copyLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: /copied/i })).toBeVisible();
  return page.evaluate<string>('navigator.clipboard.readText()');
}

/** Records every value the page's data-load-state takes from now on (a MutationObserver in the page). */
async function recordLoadStates(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      document: { querySelector(selector: string): unknown };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: unknown): void };
      __loadStates: string[];
    };
    const root = scope.document.querySelector('[data-load-state]') as {
      getAttribute(name: string): string;
    };
    scope.__loadStates = [];
    new scope.MutationObserver(() => scope.__loadStates.push(root.getAttribute('data-load-state'))).observe(
      root,
      { attributes: true, attributeFilter: ['data-load-state'] },
    );
  });
  return () => page.evaluate<string[]>('globalThis.__loadStates');
}

test('Copy link in a session of an export ZIP keeps the ZIP; reloading the link restores the workspace at that seq', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  await viewer.openFile(ZIP);
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const child = list.locator('[data-session-id][data-depth="1"]');
  const childId = await child.getAttribute('data-session-id');
  await child.click();
  await viewer.waitForLoadState('ready');
  await viewer.scrubTo(3);
  const link = await copyLink(page);
  const hash = new URLSearchParams(new URL(link).hash.slice(1));
  expect(hash.get('session')).toBe(childId);
  expect(hash.get('seq')).toBe('3');
  expect(hash.get('ws')).toMatch(/^zip:[0-9a-f]{64}$/);
  expect(hash.get('wsname')).toBe(ZIP_NAME);
  expect(hash.get('log')).toMatch(/^[0-9a-f]{64}$/);

  // Listed and deletable as a stored ZIP.
  await page.getByRole('button', { name: 'Stored logs' }).click();
  const stored = page.getByTestId('stored-log');
  await expect(stored).toHaveCount(1);
  await expect(stored).toContainText('a copy of the export ZIP');
  await expect(stored).toHaveAttribute('data-key', hash.get('ws')!);
  await page.keyboard.press('Escape');

  // A fresh page (the same browser's storage) follows the link: the ZIP, the session, the seq.
  await page.goto('about:blank');
  await page.goto(link);
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(list.locator(`[data-session-id="${childId}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(3);
  await viewer.waitForModelViewAt(3);
  await expect(page.getByTestId('workspace-ask')).toHaveCount(0);

  // Deleted, the link asks for the ZIP by name instead.
  await page.getByRole('button', { name: 'Stored logs' }).click();
  await page.getByRole('button', { name: `Delete ${ZIP_NAME}` }).click();
  await expect(page.getByTestId('stored-logs-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByTestId('workspace-ask')).toContainText(
    `in the ZIP ${ZIP_NAME}, which is not stored in this browser`,
  );
});

test('a link into a dropped folder says which folder to open; opening it goes to the session and seq', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  await viewer.openSession(list.locator(`[data-session-id="${PARENT}"]`));
  await viewer.scrubTo(5);
  const link = await copyLink(page);
  expect(new URL(link).hash).toContain('wsname=root');
  expect(new URL(link).hash).not.toContain('ws=');
  // Nothing was stored: a folder input gives no handle the browser could open again.
  await page.getByRole('button', { name: 'Stored logs' }).click();
  await expect(page.getByTestId('stored-logs-empty')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('about:blank');
  await page.goto(link);
  const ask = page.getByTestId('workspace-ask');
  await expect(ask).toHaveAttribute('data-ask', 'ask-to-open');
  await expect(ask).toContainText(`session ${PARENT} at seq 5 in the folder root`);
  await page.getByTestId('folder-input').setInputFiles(ROOT);
  await expect(list.locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute('data-open', 'true', {
    timeout: 30_000,
  });
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(5);
  await expect(ask).toHaveCount(0);
});

test('switching back to a visited session shows it at once, where it was left, with no loading or progress', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  await viewer.openSession(list.locator(`[data-session-id="${PARENT}"]`));
  const toChild = viewer.modelView.locator(`[data-testid="session-link"][data-to-session="${CHILD}"]`);
  await expect(toChild.first()).toBeVisible();
  // The parent's text index is built before the reader leaves it.
  const searchBar = page.locator('[data-index-state]');
  await expect(searchBar).toHaveAttribute('data-index-state', 'ready');
  const leftAt = await viewer.cursorSeq();
  // Parent → child through the spawning call: a first visit loads.
  await viewer.modelView.locator(`[data-testid="session-link"][data-to-session="${CHILD}"]`).first().click();
  await expect(list.locator(`[data-session-id="${CHILD}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');

  // Back to the parent from the list: kept in the worker, so no load state, no progress bar.
  const loadStates = await recordLoadStates(page);
  await list.locator(`[data-session-id="${PARENT}"]`).click();
  await expect(list.locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute('data-open', 'true');
  await expect(page.getByTestId('file-name')).toHaveText('session.jsonl.zstd');
  await viewer.expectCursorAt(leftAt);
  await viewer.waitForModelViewAt(leftAt);
  await expect(
    viewer.modelView.locator(`[data-testid="session-link"][data-to-session="${CHILD}"]`).first(),
  ).toBeVisible();
  expect(await loadStates()).not.toContain('loading');
  // Its text index came back with it: ready, built in no time.
  await expect(searchBar).toHaveAttribute('data-index-state', 'ready');
  await expect(searchBar).toHaveAttribute('data-index-build-ms', '0');

  // And to the child at its parent link's seq: the same, the cursor where the link says.
  const toParent = page.getByTestId('open-parent');
  await list.locator(`[data-session-id="${CHILD}"]`).click();
  await expect(toParent).toBeVisible();
  const parentSeq = Number(await toParent.getAttribute('data-parent-seq'));
  await toParent.click();
  await viewer.expectCursorAt(parentSeq);
  expect(await loadStates()).not.toContain('loading');
});

test('a folder picked with the directory picker is kept as its handle; its link asks permission again with one click', async ({
  page,
  viewer,
}) => {
  // A real FileSystemDirectoryHandle without a picker dialog: the page's origin-private file system
  // holds the parent and child, and showDirectoryPicker answers with that folder. The permission
  // calls are the browser's own but for what the test says they answer (OPFS is always granted).
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      navigator: {
        storage: { getDirectory(): Promise<{ getDirectoryHandle(name: string): Promise<unknown> }> };
      };
      sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
      showDirectoryPicker: () => Promise<unknown>;
      FileSystemHandle: { prototype: Record<string, unknown> };
    };
    scope.showDirectoryPicker = async () =>
      (await scope.navigator.storage.getDirectory()).getDirectoryHandle('sessions');
    scope.FileSystemHandle.prototype.queryPermission = () =>
      Promise.resolve(scope.sessionStorage.getItem('permission') ?? 'granted');
    scope.FileSystemHandle.prototype.requestPermission = () => {
      scope.sessionStorage.setItem(
        'requested',
        String(Number(scope.sessionStorage.getItem('requested') ?? 0) + 1),
      );
      return Promise.resolve('granted');
    };
  });
  await viewer.goto();
  const pair = join(ROOT, '--tmp-dsh-real-writer-runs-subagent-background-workspace--');
  await page.evaluate(async (files) => {
    type Dir = {
      getDirectoryHandle(name: string, options: { create: boolean }): Promise<Dir>;
      getFileHandle(
        name: string,
        options: { create: boolean },
      ): Promise<{
        createWritable(): Promise<{ write(data: unknown): Promise<void>; close(): Promise<void> }>;
      }>;
    };
    const scope = globalThis as unknown as {
      navigator: { storage: { getDirectory(): Promise<Dir> } };
      atob(text: string): string;
    };
    let root = await (
      await scope.navigator.storage.getDirectory()
    ).getDirectoryHandle('sessions', { create: true });
    const base = root;
    for (const file of files) {
      const parts = file.path.split('/');
      root = base;
      for (const part of parts.slice(0, -1)) root = await root.getDirectoryHandle(part, { create: true });
      const writable = await (await root.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(Uint8Array.from(scope.atob(file.base64), (char) => char.charCodeAt(0)));
      await writable.close();
    }
  }, filesUnder(pair));

  await page.getByTestId('open-folder').click();
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(list.locator('[data-session-id]')).toHaveCount(2);
  await viewer.openSession(list.locator(`[data-session-id="${PARENT}"]`));
  await viewer.scrubTo(5);
  const link = await copyLink(page);
  const hash = new URLSearchParams(new URL(link).hash.slice(1));
  expect(hash.get('ws')).toMatch(/^dir:[0-9a-f]{32}$/);
  expect(hash.get('wsname')).toBe('sessions');
  await page.getByRole('button', { name: 'Stored logs' }).click();
  await expect(page.getByTestId('stored-log')).toContainText('a handle to the folder');
  await page.keyboard.press('Escape');

  // Still granted (a reload in the same visit): the folder is walked again at once.
  await page.goto('about:blank');
  await page.goto(link);
  await expect(list.locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute('data-open', 'true', {
    timeout: 30_000,
  });
  await viewer.expectCursorAt(5);

  // The browser wants a click first: the button asks, then the folder opens at the link.
  await page.evaluate(() =>
    (
      globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } }
    ).sessionStorage.setItem('permission', 'prompt'),
  );
  await page.goto('about:blank');
  await page.goto(link);
  const ask = page.getByTestId('workspace-ask');
  await expect(ask).toHaveAttribute('data-ask', 'ask-folder-permission');
  await expect(list).toHaveCount(0);
  await ask.getByRole('button', { name: 'Reopen folder sessions' }).click();
  await expect(list.locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute('data-open', 'true', {
    timeout: 30_000,
  });
  await viewer.expectCursorAt(5);
  expect(
    await page.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
      ).sessionStorage.getItem('requested'),
    ),
  ).toBe('1');
});
