// Hostile log content renders inert in real Chromium: no dialog, no script, no request off the origin.
import { resolve } from 'node:path';
import { type Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { HUGE_LINE_CHARS, writeHostileLog } from './support/hostile-log.ts';

test('a hostile log opens, renders as text, runs nothing and sends nothing anywhere', async ({
  page,
  baseURL,
  viewer,
}) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:4173').origin;
  const requests: Request[] = [];
  const dialogs: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await viewer.openLog(writeHostileLog(resolve('fixtures/tool-error.jsonl')));
  // Text is exact by default (issue 20); render markdown, where links and images could hide.
  await viewer.modelView.getByRole('radio', { name: 'Markdown' }).click();

  // Walk the model view through the whole log so every message is rendered at least once.
  const max = Number(await viewer.slider.getAttribute('max'));
  for (const seq of [Math.floor(max / 3), Math.floor((2 * max) / 3), max]) await viewer.scrubTo(seq);
  // Markdown is parsed once the cursor has settled (until then it shows as plain text).
  await expect(viewer.modelView.locator('[data-markdown="pending"]')).toHaveCount(0);

  const modelText = await viewer.modelView.innerText();
  expect(modelText).toContain('⟨U+202E⟩');
  expect(modelText).toContain('⟨U+200B⟩');
  expect(modelText).toContain('ESC[31m');
  // Raw HTML stays literal text.
  expect(modelText).toContain('<script>');
  // Only the https link is a link; javascript: and data: are not clickable.
  const hrefs = await viewer.modelView
    .locator('a')
    .evaluateAll((anchors) =>
      anchors.map((anchor) =>
        (anchor as unknown as { getAttribute(name: string): string | null }).getAttribute('href'),
      ),
    );
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
  await expect(viewer.modelView.locator('img, svg[onload], iframe, script, style, link')).toHaveCount(0);
  // The megabyte line is cut to a preview with an expander.
  await expect(viewer.modelView.getByRole('button', { name: /show all/ }).first()).toBeVisible();
  const renderedChars = await viewer.modelView.evaluate((element) => element.textContent?.length ?? 0);
  expect(renderedChars).toBeLessThan(HUGE_LINE_CHARS);

  // Select events and open the JSON tree too.
  await viewer.eventRow(max).click();
  await expect(page.getByTestId('event-detail')).toBeVisible();

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
  const offOrigin = requests
    .map((request) => request.url())
    .filter((url) => !url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:'));
  expect(offOrigin).toEqual([]);
});
