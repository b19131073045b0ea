// Hostile links own nothing (issue 12), in real Chromium against the built app: a crafted `?src=`
// shows a notice instead of a blank page, a log with another's session id cannot take over that
// log's permalink, and nothing is stored in the browser unless the reader makes or follows a link.
// Issue 27: a `?src=` that redirects to another origin is refused with a message, and a link inside
// a log that opens this app with a log of another origin asks before it is followed.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { answerText, startLoopbackServer, toolErrorLogWithBait } from './support/loopback.ts';

test('a ?src= with a malformed percent escape shows a notice, not a blank page', async ({ page, viewer }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await viewer.goto('/?src=%E0%A4%A');
  await expect(page.getByTestId('notice')).toContainText('not valid percent-encoded UTF-8');
  await expect(page.getByRole('button', { name: 'Open…' })).toBeVisible();
  await viewer.waitForLoadState('error');
  await expect(viewer.loadError()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a ?src= that redirects to another origin is refused with a message, and its log is not shown', async ({
  page,
  viewer,
}) => {
  const log = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8');
  const third = await startLoopbackServer((_request, response) => answerText(response, log));
  const named = await startLoopbackServer((request, response) => {
    const path = request.url ?? '';
    const location = path === '/same.jsonl' ? '/log.jsonl' : `${third.origin}/log.jsonl`;
    if (path === '/log.jsonl') {
      answerText(response, log);
      return;
    }
    response.writeHead(302, { 'Access-Control-Allow-Origin': '*', Location: location });
    response.end();
  });
  try {
    await viewer.goto(`/?src=${encodeURIComponent(`${named.origin}/away.jsonl`)}`);
    await viewer.waitForLoadState('error');
    // The page's policy names only the ?src= origin: the redirect is refused before the third
    // origin is asked anything, so the message cannot name it.
    await expect(viewer.loadError()).toContainText(
      'redirected to another origin, which this page does not contact',
    );
    await expect(page.locator('[data-seq]')).toHaveCount(0);
    expect(third.requests).toEqual([]);
    // A redirect within the named origin is read as before.
    await viewer.gotoReady(`/?src=${encodeURIComponent(`${named.origin}/same.jsonl`)}`);
    expect(named.requests).toContain('/log.jsonl');
  } finally {
    await named.close();
    await third.close();
  }
});

test('a link in a log that opens this app with another origin’s log asks first, and No stays here', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const appOrigin = new URL(page.url()).origin;
  const foreign = 'http://127.0.0.1:9/attacker.jsonl';
  const href = `${appOrigin}/?src=${encodeURIComponent(foreign)}`;
  const own = `${appOrigin}/?src=${encodeURIComponent(`${appOrigin}/demo.jsonl`)}`;
  const bait = `[open the fixed run](${href}) and [open our copy](${own})\n\n`;
  const path = join(mkdtempSync(join(tmpdir(), 'dsh-replay-link-')), 'linked.jsonl');
  writeFileSync(path, toolErrorLogWithBait(bait));
  await viewer.openLog(path);
  await viewer.modelView.getByRole('radio', { name: 'Markdown' }).click();
  await viewer.scrubTo(Number(await viewer.slider.getAttribute('max')));
  const link = viewer.modelView.getByRole('link', { name: 'open the fixed run' }).first();
  await expect(link).toBeVisible();

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  const popups: string[] = [];
  page.context().on('page', (opened) => popups.push(opened.url()));
  const before = page.url();
  await link.click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('http://127.0.0.1:9');
  expect(asked[0]).toContain('Open it?');
  expect(popups).toEqual([]);
  expect(page.url()).toBe(before);

  // A link to this app with a log of the app's own origin is not asked about.
  const opened = page.context().waitForEvent('page');
  await viewer.modelView.getByRole('link', { name: 'open our copy' }).first().click();
  await (await opened).close();
  expect(asked).toHaveLength(1);
});

test.describe('stored logs', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  const VICTIM_ID = 'ff1c1e99-3bd4-4ef8-a954-80d607d628ba';

  /** tool-error.jsonl as the victim's own file. */
  function writeVictimLog(): string {
    const path = join(mkdtempSync(join(tmpdir(), 'dsh-replay-victim-')), 'victim.jsonl');
    copyFileSync(resolve('fixtures/tool-error.jsonl'), path);
    return path;
  }

  /** Another log (packed-chunks.jsonl) whose header claims the victim's session id. */
  const ATTACKER_LOG = readFileSync(resolve('fixtures/packed-chunks.jsonl'), 'utf8').replace(
    '"id":"3c4e4c75-3058-453d-aad3-27ff8a220321"',
    `"id":"${VICTIM_ID}"`,
  );

  test('a log that claims another’s session id cannot take over that log’s permalink', async ({
    page,
    viewer,
  }) => {
    const attackerRequests: string[] = [];
    await page.route(
      (url) => url.pathname === '/attacker/evil.jsonl',
      (route) => {
        attackerRequests.push(route.request().url());
        return route.fulfill({ status: 200, body: ATTACKER_LOG, contentType: 'text/plain' });
      },
    );
    await viewer.openLog(writeVictimLog());
    await viewer.scrubTo(10);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
    const victimLink = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(victimLink).toMatch(/#seq=10&session=ff1c1e99-[0-9a-f-]+&log=[0-9a-f]{64}$/);

    // The attacker's link: their log under the victim's session id, followed and linked again.
    await viewer.gotoReady(`/?src=/attacker/evil.jsonl#seq=3&session=${VICTIM_ID}`);
    await expect(page.getByTestId('file-name')).toHaveText('evil.jsonl');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
    const requestsBefore = attackerRequests.length;

    // The victim's permalink still opens the victim's own log, and asks nothing of the attacker.
    await viewer.gotoReady(victimLink);
    await expect(page.getByTestId('file-name')).toHaveText('victim.jsonl');
    await viewer.expectCursorAt(10);
    expect(attackerRequests.length).toBe(requestsBefore);
  });

  test('an opened log is not stored; a copied link stores it, the panel shows its size and deletes it', async ({
    page,
    viewer,
  }) => {
    await viewer.openLog(writeVictimLog());
    const panel = page.getByRole('dialog', { name: 'Stored logs' });
    await page.getByRole('button', { name: 'Stored logs' }).click();
    await expect(panel.getByTestId('stored-logs-empty')).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();

    // A reload without a link made asks for the file: nothing was kept.
    await page.reload();
    await expect(page.getByTestId('missing-session')).toBeVisible();
    await viewer.openLog(writeVictimLog());

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Stored logs' }).click();
    const row = panel.getByTestId('stored-log');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('stored-log-name')).toHaveText('victim.jsonl');
    await expect(row.getByTestId('stored-log-size')).toHaveText('33.7 KiB');
    await panel.getByRole('button', { name: 'Delete victim.jsonl' }).click();
    await expect(panel.getByTestId('stored-logs-empty')).toBeVisible();
  });
});

test('an earlier version’s copy is listed for deletion, and its old session link still opens it', async ({
  page,
  viewer,
}) => {
  await viewer.goto('/');
  // What versions before issue 12 left behind: every opened file, keyed by the session id it claims.
  const text = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8');
  await page.evaluate(async (content) => {
    const page = globalThis as unknown as {
      indexedDB: { open(name: string, version: number): Record<string, unknown> };
      Blob: new (parts: string[]) => unknown;
    };
    await new Promise<void>((done, fail) => {
      const request = page.indexedDB.open('dsh-replay', 1) as {
        result: {
          createObjectStore(name: string): void;
          transaction(
            store: string,
            mode: string,
          ): {
            objectStore(name: string): { put(value: unknown, key: string): void };
            oncomplete: () => void;
          };
        };
        onupgradeneeded: () => void;
        onsuccess: () => void;
        onerror: () => void;
      };
      request.onupgradeneeded = () => request.result.createObjectStore('logs');
      request.onerror = fail;
      request.onsuccess = () => {
        const transaction = request.result.transaction('logs', 'readwrite');
        transaction
          .objectStore('logs')
          .put(
            { kind: 'file', name: 'old-copy.jsonl', blob: new page.Blob([content]), savedAt: 1 },
            'ff1c1e99-3bd4-4ef8-a954-80d607d628ba',
          );
        transaction.oncomplete = () => done();
      };
    });
  }, text);

  await page.reload();
  const panel = page.getByRole('dialog', { name: 'Stored logs' });
  await page.getByRole('button', { name: 'Stored logs' }).click();
  await expect(panel.getByTestId('stored-log')).toContainText('copied at open by an earlier version');
  await panel.getByRole('button', { name: 'Close' }).click();

  await viewer.gotoReady('/#seq=5&session=ff1c1e99-3bd4-4ef8-a954-80d607d628ba');
  await expect(page.getByTestId('file-name')).toHaveText('old-copy.jsonl');
  await viewer.expectCursorAt(5);
  // Once read, the copy is kept under its content key, no longer under the id it claims.
  await page.getByRole('button', { name: 'Stored logs' }).click();
  await expect(panel.getByTestId('stored-log')).toHaveCount(1);
  await expect(panel.getByTestId('stored-log')).toContainText('a permalink was made or followed');
  await panel.getByRole('button', { name: 'Delete all' }).click();
  await expect(panel.getByTestId('stored-logs-empty')).toBeVisible();
});
