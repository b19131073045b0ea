// The update of the offline app (issue 24): a newer build is offered, never forced. After one visit
// the service worker holds this build; when the server's sw.js changes (a new deploy) the new worker
// installs and waits, the page says so with "Reload", and only that click moves the page onto it.
import { startBuildServer } from './support/build-server.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test('a new build waits until the reader chooses Reload; the open log is not dropped before', async ({
  page,
  viewer,
}) => {
  const server = await startBuildServer();
  try {
    await viewer.gotoReady(`${server.origin}/?demo=1`);
    await expect(page.getByTestId('offline-ready').or(viewer.events)).toBeVisible();
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(firstWorker).toBe(`${server.origin}/sw.js`);
    // The next visit is the one the worker controls (the first is served by the network).
    await viewer.gotoReady(`${server.origin}/?demo=1`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    await expect(page.getByTestId('app-update')).toHaveCount(0);

    // A new deploy: the update check finds another sw.js, which installs and waits.
    server.swSuffix = '\n// deploy 2\n';
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const bar = page.getByTestId('app-update');
    await expect(bar).toBeVisible({ timeout: 30_000 });
    await expect(bar).toContainText('Reloading closes the open log');
    // Offered, not forced: the log stays open, the old worker still controls the page.
    await expect(viewer.root).toHaveAttribute('data-load-state', 'ready');
    const waiting = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
    expect(await waiting()).toBe(true);

    const reloaded = page.waitForEvent('load');
    await bar.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(viewer.root).toBeVisible();
    await expect(page.getByTestId('app-update')).toHaveCount(0);
    expect(await waiting()).toBe(false);
  } finally {
    await server.close();
  }
});
