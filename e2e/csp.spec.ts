// A log cannot make the page or its worker contact another origin (issue 12, "CSP hardening"), in
// real Chromium against the built app and vite preview: the page's policy allows its own origin
// only, the worker reads only from the page's origin and its one `?src=` origin, and the policies
// (frame-ancestors included) are sent as headers and shipped in `_headers`.
import { expect, test } from './support/fixtures.ts';
import { answerText, startLoopbackServer, toolErrorLogWithBait } from './support/loopback.ts';

/** tool-error.jsonl with every text block pointing at `target` in every way markdown and HTML can. */
function logPointingAt(target: string): string {
  const bait = [
    `![tracker](${target}/markdown-image.png)`,
    `[a link](${target}/markdown-link)`,
    `<img src="${target}/html-image.png"> <iframe src="${target}/frame"></iframe>`,
    `<link rel="prefetch" href="${target}/prefetch"> ?src=${target}/log.jsonl`,
    '',
  ].join('\n\n');
  return toolErrorLogWithBait(bait);
}

/**
 * Two loopback origins: a recorder that answers anything (and must hear nothing), and the `?src=`
 * origin serving a log whose every text points at the recorder.
 */
async function serveBaitedLog() {
  const recorder = await startLoopbackServer((_request, response) => answerText(response, 'recorded'));
  const logServer = await startLoopbackServer((_request, response) =>
    answerText(response, logPointingAt(recorder.origin)),
  );
  return { recorder, logServer };
}

test('a log served from its ?src= origin makes neither the page nor the worker contact another origin', async ({
  page,
  viewer,
}) => {
  const { recorder, logServer } = await serveBaitedLog();
  try {
    await viewer.gotoReady(`/?src=${encodeURIComponent(`${logServer.origin}/session.jsonl`)}`);
    // Text is exact by default (issue 20); render markdown, where links and images could hide.
    await viewer.modelView.getByRole('radio', { name: 'Markdown' }).click();
    // Every message rendered, markdown included, and the event detail's JSON tree opened.
    const max = Number(await viewer.slider.getAttribute('max'));
    for (const seq of [Math.floor(max / 2), max]) await viewer.scrubTo(seq);
    await expect(viewer.modelView.locator('[data-markdown="pending"]')).toHaveCount(0);
    await expect(viewer.modelView).toContainText('a link');
    await viewer.eventRow(max).click();
    await expect(viewer.detail).toBeVisible();

    // Code that asked anyway would be refused: the page by its policy, the worker by its own fetch.
    const pageFetch = await page.evaluate(
      (url) =>
        fetch(url).then(
          () => 'sent',
          (error: unknown) => `refused: ${String(error)}`,
        ),
      `${recorder.origin}/from-page`,
    );
    expect(pageFetch).toMatch(/^refused/);
    const [worker] = page.workers();
    if (!worker) throw new Error('the log worker is not running');
    const workerFetch = await worker.evaluate(
      (url) =>
        fetch(url).then(
          () => 'sent',
          (error: unknown) => `refused: ${String(error)}`,
        ),
      `${recorder.origin}/from-worker`,
    );
    expect(workerFetch).toMatch(/^refused/);
    // The worker still reads its own origin and the page's ?src= origin.
    expect(
      await worker.evaluate((url) => fetch(url).then((response) => response.status), `${logServer.origin}/x`),
    ).toBe(200);

    expect(recorder.requests).toEqual([]);
    expect(logServer.requests).toContain('/session.jsonl');
  } finally {
    await recorder.close();
    await logServer.close();
  }
});

test('the worker’s policy names only its own and the ?src= origin: requests that skip its fetch guard are refused too', async ({
  page,
  viewer,
}) => {
  const { recorder, logServer } = await serveBaitedLog();
  try {
    await viewer.gotoReady(`/?src=${encodeURIComponent(`${logServer.origin}/session.jsonl`)}`);
    const [worker] = page.workers();
    if (!worker) throw new Error('the log worker is not running');
    // XMLHttpRequest and EventSource do not go through the worker's fetch: only its policy stops them.
    const send = (kind: 'xhr' | 'event-source', url: string) =>
      worker.evaluate(
        ([how, target]) =>
          new Promise<string>((resolve) => {
            if (how === 'xhr') {
              const request = new XMLHttpRequest();
              request.onload = () => resolve(`sent ${request.status}`);
              request.onerror = () => resolve('refused');
              try {
                request.open('GET', target);
                request.send();
              } catch (error) {
                resolve(`refused: ${String(error)}`);
              }
              return;
            }
            try {
              const source = new EventSource(target);
              source.onerror = () => {
                source.close();
                resolve(source.readyState === EventSource.CLOSED ? 'refused' : 'sent');
              };
              source.onopen = () => resolve('sent');
            } catch (error) {
              resolve(`refused: ${String(error)}`);
            }
          }),
        [kind, url] as const,
      );
    expect(await send('xhr', `${recorder.origin}/xhr-from-worker`)).toMatch(/^refused/);
    expect(await send('event-source', `${recorder.origin}/events-from-worker`)).toMatch(/^refused/);
    // Its own origin and the ?src= origin stay open to it.
    expect(await send('xhr', `${logServer.origin}/x`)).toBe('sent 200');
    const ownOrigin = await page.evaluate(() => location.origin);
    expect(await send('xhr', `${ownOrigin}/index.html`)).toBe('sent 200');
    expect(recorder.requests).toEqual([]);
  } finally {
    await recorder.close();
    await logServer.close();
  }
});

test('the page and the worker are served with their own policies, and _headers ships the same', async ({
  page,
  request,
  viewer,
}) => {
  const workerScripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/worker/'))
      workerScripts.push(response.headers()['content-security-policy'] ?? '');
  });
  const document = await page.goto('/?demo=1');
  const pagePolicy = (await document?.allHeaders())?.['content-security-policy'] ?? '';
  expect(pagePolicy).toContain("frame-ancestors 'none'");
  // The static policy cannot name a ?src= origin; the page narrows it at start (connect-policy.ts).
  expect(pagePolicy).toContain("connect-src 'self' https: http:;");
  await viewer.waitForLoadState('ready');
  const policies = page.locator('head meta[http-equiv="Content-Security-Policy"]');
  await expect(policies.last()).toHaveAttribute('content', "connect-src 'self'");
  expect(workerScripts).toHaveLength(1);
  expect(workerScripts[0]).toContain("default-src 'none'");

  const headersFile = await (await request.get('/_headers')).text();
  expect(headersFile).toContain(`Content-Security-Policy: ${pagePolicy}`);
  expect(headersFile).toContain(`Content-Security-Policy: ${workerScripts[0]}`);
});
