// The offline, installable app (issue 24): after one visit the service worker holds the build, so
// with the network gone the viewer reloads, opens the demo and a local log, and the single-file
// viewer an HTML export needs is there too. The manifest makes it installable and names the log
// files the installed app opens. Against the built app (`vite preview`), in Chromium.
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

// The config blocks service workers for every other spec.
test.use({ serviceWorkers: 'allow' });

test('after one visit the viewer reloads and opens logs with the network gone, asking nothing of any origin', async ({
  page,
  context,
  viewer,
  baseURL,
}) => {
  await viewer.goto();
  // The build is cached once the service worker is active and says so on the start page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  const origin = new URL(baseURL ?? '').origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:') foreign.push(url.href);
  });
  await viewer.gotoReady('/?demo=1');
  await expect(viewer.events.locator('[role="row"][data-seq]').first()).toBeVisible();
  // A page controlled by the worker, served from its cache: the network is really gone.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // navigator.onLine is not the test: Chromium 150 (Debian's) keeps it true under Playwright's
  // offline emulation. A request the worker has no copy of must fail instead.
  const uncached = await page.evaluate(() =>
    fetch(`/not-in-the-build-${Date.now()}.txt`).then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    ),
  );
  expect(uncached).toBe('failed');

  await viewer.openLog(join(FIXTURES, 'tool-error.jsonl.zstd'));
  await expect(viewer.events.locator('[role="row"][data-seq]').first()).toBeVisible();

  // What an HTML export embeds the log into is cached too.
  const template = await page.evaluate(async () => {
    const response = await fetch('/export/viewer.html');
    return { ok: response.ok, size: (await response.text()).length };
  });
  expect(template.ok).toBe(true);
  expect(template.size).toBeGreaterThan(100_000);
  expect(foreign).toEqual([]);
});

test('the manifest makes the app installable and names the log files it opens', async ({ page, viewer }) => {
  await viewer.goto();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).not.toBeNull();
  const manifest = (await (await page.request.get(href ?? '')).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string }[];
    file_handlers: { action: string; accept: Record<string, string[]> }[];
  };
  expect(manifest.name).toBe('dsh-replay');
  expect(manifest.display).toBe('standalone');
  // Chromium installs an app with raster icons of 192 and 512 px.
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size);
    expect(icon?.type, size).toBe('image/png');
    const response = await page.request.get(new URL(icon?.src ?? '', page.url()).href);
    expect(response.headers()['content-type']).toContain('image/png');
  }
  const extensions = manifest.file_handlers.flatMap((handler) => Object.values(handler.accept).flat());
  expect(extensions).toEqual(expect.arrayContaining(['.jsonl', '.zstd']));
  // No update bar on a first visit: an update is offered only when a newer build waits.
  await expect(page.getByTestId('app-update')).toHaveCount(0);
});
