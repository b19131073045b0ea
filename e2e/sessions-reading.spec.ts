// Reading across sessions (issue 13): "parent" in a child's header card and on the timeline, a
// fork's inherited prefix marked in the events list and the timeline, images from media/ in the
// model view (shown from an export ZIP, a placeholder saying why otherwise), and a folder opened
// for real: a FileSystemDirectoryHandle of the Origin Private File System behind showDirectoryPicker,
// and a folder dropped through the DevTools protocol's drag events.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import type { ViewerPage } from './support/viewer-page.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const ROOT = join(FIXTURES, 'sessions', 'root');
const MEDIA = join(FIXTURES, 'media');
/** The forked child (seedLength 42, fixtures/sessions/README.md). */
const FORK = 'ada8966c-9fa3-441b-8721-37ff1e795e6a';
/** The image the read-image log references (fixtures/media/README.md). */
const IMAGE_ID = 'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640';

async function openRoot(viewer: ViewerPage, folder = ROOT) {
  return viewer.openFolder(folder);
}

test('a child\'s header card and timeline offer "parent", opening the parent at the spawning call', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await openRoot(viewer);
  await viewer.openSession(list.locator(`[data-session-id="${FORK}"]`));
  const headerParent = page.getByTestId('header-card').getByTestId('header-parent');
  const timelineParent = viewer.timeline.getByTestId('timeline-parent');
  await expect(headerParent).toBeVisible();
  await expect(timelineParent).toBeVisible();
  const parentId = await headerParent.getAttribute('data-parent-id');
  const parentSeq = Number(await headerParent.getAttribute('data-parent-seq'));
  expect(parentId).not.toBeNull();
  expect(await timelineParent.getAttribute('data-parent-seq')).toBe(String(parentSeq));
  // The id the header names is the one it opens.
  await expect(page.getByTestId('header-card')).toContainText(parentId ?? '');

  await headerParent.click();
  await expect(list.locator(`[data-session-id="${parentId}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(parentSeq);
  // A root session has no parent: neither offers one.
  await expect(page.getByTestId('header-card').getByTestId('header-parent')).toHaveCount(0);
  await expect(viewer.timeline.getByTestId('timeline-parent')).toHaveCount(0);

  // Back to the child, then through the timeline's button.
  await viewer.openSession(list.locator(`[data-session-id="${FORK}"]`));
  await viewer.timeline.getByTestId('timeline-parent').click();
  await expect(list.locator(`[data-session-id="${parentId}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.expectCursorAt(parentSeq);
});

test('a parent that cannot be opened is its id as text, saying why: not in the workspace, or no workspace', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await openRoot(viewer);
  await viewer.openSession(list.locator('[data-orphan]'));
  const card = page.getByTestId('header-card');
  await expect(card.getByTestId('header-parent-unavailable')).toHaveAttribute(
    'data-reason',
    'not-in-workspace',
  );
  await expect(card.getByTestId('header-parent-unavailable')).toContainText('not in this workspace');
  await expect(card.getByTestId('header-parent')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /parent/ })).toHaveCount(0);

  // The same child opened alone, in a fresh page: no workspace to follow it in.
  await viewer.goto();
  await viewer.openLog(join(FIXTURES, 'subagent-child.jsonl'));
  const alone = page.getByTestId('header-card').getByTestId('header-parent-unavailable');
  await expect(alone).toHaveAttribute('data-reason', 'no-workspace');
  await expect(alone).toContainText('open its folder or export ZIP');
  await expect(viewer.timeline.getByTestId('timeline-parent-unavailable')).toBeVisible();
});

test("a fork's inherited prefix is shaded in the events list, with a divider and a link to the parent, and banded on the timeline", async ({
  viewer,
}) => {
  await viewer.goto();
  const list = await openRoot(viewer);
  await viewer.openSession(list.locator(`[data-session-id="${FORK}"]`));
  const band = viewer.timeline.getByTestId('timeline-inherited-band');
  await expect(band).toHaveAttribute('data-inherited-events', '42');
  await expect(band).toContainText('inherited from parent');
  // The band covers the first 42 of the log's events on the sequence axis: its share of the canvas.
  const eventCount = Number(await viewer.slider.getAttribute('max')) + 1;
  const canvas = await viewer.timeline.getByTestId('timeline-canvas').boundingBox();
  const box = await band.boundingBox();
  expect(canvas && box).toBeTruthy();
  if (canvas && box) {
    const expected = ((canvas.width - 16) * 42) / eventCount;
    expect(Math.abs(box.width - expected)).toBeLessThan(3);
  }

  await viewer.slider.fill('0');
  await viewer.expectCursorAt(0);
  await expect(viewer.eventRow(0)).toHaveAttribute('data-inherited', 'true');
  await viewer.slider.fill('42');
  await viewer.expectCursorAt(42);
  await expect(viewer.eventRow(41)).toHaveAttribute('data-inherited-last', 'true');
  await expect(viewer.eventRow(42)).toHaveAttribute('data-state', 'loaded');
  await expect(viewer.eventRow(42)).not.toHaveAttribute('data-inherited');
  const note = viewer.events.getByTestId('events-inherited-note');
  await expect(note).toContainText('Seqs 0–41');
  const toParent = note.getByTestId('events-inherited-parent');
  // "At that point": the last inherited event, the same event in the parent's log.
  await expect(toParent).toHaveAttribute('data-parent-seq', '41');
  const parentId = await toParent.getAttribute('data-parent-id');
  await toParent.click();
  await expect(list.locator(`[data-session-id="${parentId}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(41);
  // The parent is no fork: nothing is marked.
  await expect(viewer.events.getByTestId('events-inherited-note')).toHaveCount(0);
  await expect(viewer.timeline.getByTestId('timeline-inherited-band')).toHaveCount(0);
});

/** CSP violations the page reports (an image URL the policy refuses would be one). */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      addEventListener(type: string, listener: (event: { violatedDirective: string }) => void): void;
      __cspViolations?: string[];
    };
    scope.__cspViolations = [];
    scope.addEventListener('securitypolicyviolation', (event) =>
      scope.__cspViolations?.push(event.violatedDirective),
    );
  });
  return () => page.evaluate(() => (globalThis as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('an image from the export ZIP shows in the model view through a blob: URL, revoked when its card goes', async ({
  page,
  viewer,
}) => {
  const violations = await recordCspViolations(page);
  await viewer.goto();
  await viewer.openFile(join(MEDIA, 'dsh-session-8f3f5710-d0de-497d-ab9a-0387099836fb.zip'));
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await viewer.openSession(list.locator('[data-session-id]').first());
  const figure = viewer.modelView.locator(
    `[data-testid="attachment-image"][data-attachment-id="${IMAGE_ID}"]`,
  );
  await expect(figure).toBeVisible();
  await expect(figure).toHaveAttribute('data-mime-type', 'image/png');
  const image = figure.locator('img');
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect(image).toHaveAttribute('alt', /red\.png/);
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1);
  // The hash matches: no warning.
  await expect(figure.getByTestId('attachment-hash-mismatch')).toHaveCount(0);
  const url = (await image.getAttribute('src')) ?? '';
  // Whether the URL still loads as an image (img-src allows blob:; connect-src, which fetch needs, does not).
  const loads = (blobUrl: string) =>
    page.evaluate(
      (target) =>
        new Promise<boolean>((resolve) => {
          const probe = new (
            globalThis as unknown as {
              Image: new () => { src: string; onload: () => void; onerror: () => void };
            }
          ).Image();
          probe.onload = () => resolve(true);
          probe.onerror = () => resolve(false);
          probe.src = target;
        }),
      blobUrl,
    );
  expect(await loads(url)).toBe(true);
  // Another log replaces the model view's cards: the URL is revoked.
  await viewer.openLog(join(FIXTURES, 'tool-error.jsonl'));
  await expect(viewer.modelView.getByTestId('attachment-image')).toHaveCount(0);
  await expect.poll(() => loads(url)).toBe(false);
  expect(await violations()).toEqual([]);
});

test('an image that cannot be shown is a placeholder with its id and why: no workspace, file missing, not an image', async ({
  viewer,
}) => {
  await viewer.goto();
  const logPath = join(
    MEDIA,
    'missing/--home-dev-projects-read-image--/8f3f5710-d0de-497d-ab9a-0387099836fb/session.jsonl',
  );
  const placeholder = viewer.modelView.getByTestId('attachment-placeholder');
  // Opened alone: the log holds only the reference.
  await viewer.openLog(logPath);
  await expect(placeholder).toHaveAttribute('data-reason', 'no-workspace');
  await expect(placeholder).toContainText(IMAGE_ID);
  await expect(placeholder).toContainText('not in this log');

  for (const [folder, reason, text] of [
    ['missing', 'missing', 'file missing'],
    ['forged', 'not-an-image', 'not a PNG, JPEG, GIF or WebP'],
  ] as const) {
    await viewer.goto();
    const list = await openRoot(viewer, join(MEDIA, folder));
    await viewer.openSession(list.locator('[data-session-id]').first());
    await expect(placeholder).toHaveAttribute('data-reason', reason);
    await expect(placeholder).toContainText(IMAGE_ID);
    await expect(placeholder).toContainText(text);
    await expect(viewer.modelView.locator('img')).toHaveCount(0);
  }
});

/** Every file under `dir`: its path relative to `dir` and its bytes as base64. */
function filesUnder(dir: string): { path: string; base64: string }[] {
  const out: { path: string; base64: string }[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ path: relative(dir, path), base64: readFileSync(path).toString('base64') });
    }
  };
  walk(dir);
  return out;
}

test('Open folder… with showDirectoryPicker lists a real directory handle (the Origin Private File System)', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const files = filesUnder(ROOT);
  // Write the sessions root into OPFS and make the picker answer with that real handle.
  await page.evaluate(async (parts) => {
    interface Dir {
      getDirectoryHandle(name: string, options: { create: boolean }): Promise<Dir>;
      getFileHandle(
        name: string,
        options: { create: boolean },
      ): Promise<{
        createWritable(): Promise<{ write(data: Uint8Array): Promise<void>; close(): Promise<void> }>;
      }>;
      removeEntry(name: string, options: { recursive: boolean }): Promise<void>;
    }
    const scope = globalThis as unknown as {
      atob(text: string): string;
      navigator: { storage: { getDirectory(): Promise<Dir> } };
      showDirectoryPicker: () => Promise<Dir>;
    };
    const opfs = await scope.navigator.storage.getDirectory();
    await opfs.removeEntry('sessions', { recursive: true }).catch(() => undefined);
    const root = await opfs.getDirectoryHandle('sessions', { create: true });
    for (const part of parts) {
      const segments = part.path.split('/');
      const name = segments.pop() as string;
      let dir = root;
      for (const segment of segments) dir = await dir.getDirectoryHandle(segment, { create: true });
      const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await writable.write(Uint8Array.from(scope.atob(part.base64), (char) => char.charCodeAt(0)));
      await writable.close();
    }
    scope.showDirectoryPicker = () => Promise.resolve(root);
  }, files);
  await page.getByTestId('open-folder').click();
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // The same listing as the folder input gives for the same files.
  const picked = await list
    .locator('[data-session-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session-id')));
  await viewer.goto();
  const input = await openRoot(viewer);
  const viaInput = await input
    .locator('[data-session-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session-id')));
  expect(picked.length).toBeGreaterThan(5);
  expect(picked).toEqual(viaInput);
  await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      navigator: {
        storage: {
          getDirectory(): Promise<{ removeEntry(n: string, o: { recursive: boolean }): Promise<void> }>;
        };
      };
    };
    await (await scope.navigator.storage.getDirectory()).removeEntry('sessions', { recursive: true });
  });
});

test('a folder dropped for real (DevTools drag events naming a directory) opens as a workspace', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const session = await page.context().newCDPSession(page);
  const data = { items: [], files: [ROOT], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
    await session.send('Input.dispatchDragEvent', { type, x: 400, y: 400, data });
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const ids = () =>
    page
      .getByTestId('session-list')
      .locator('[data-session-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session-id')));
  const dropped = await ids();
  await viewer.goto();
  await openRoot(viewer);
  expect(dropped.length).toBeGreaterThan(5);
  expect(dropped).toEqual(await ids());
});
