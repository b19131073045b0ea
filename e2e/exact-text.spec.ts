// Issue 20: what the model was sent, exactly. Text shows as stored by default (compared with the
// stored string, byte for byte); the markdown toggle renders it without dropping a character; a
// max-tokens cut shows its finish reason and the call it dropped.
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const EXACT = 'fixtures/exact/exact-text.v4.jsonl';
const CUT = 'fixtures/generations/stored/v4/sdk/max-tokens-continue/session.v4.jsonl';

/** The stored text of the first text block of the event at `seq` (system/message or tool/result). */
function storedText(file: string, seq: number): string {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const event = JSON.parse(line) as {
      seq?: number;
      data?: { message?: { content?: { text?: string }[] } };
    };
    if (event.seq === seq) return event.data?.message?.content?.[0]?.text ?? '';
  }
  throw new Error(`no event at seq ${seq}`);
}

const withoutSpace = (text: string) => text.replace(/\s+/g, '');

async function exactTextOf(scope: Locator): Promise<string> {
  return scope
    .locator('[data-exact-text]')
    .first()
    .evaluate((element) => element.textContent ?? '');
}

test.describe('exact text (issue 20)', () => {
  test('a system prompt and a tool result show byte for byte, and the markdown toggle renders them', async ({
    page,
    viewer,
  }) => {
    await viewer.goto();
    await viewer.openFile(EXACT);
    await viewer.waitForLoadState('ready');

    const result = viewer.modelView.locator('[data-testid="model-message"][data-seq="15"]');
    const resultText = storedText(EXACT, 15);
    expect(resultText).toContain('window.__DSH_BOOT__');
    expect(resultText).toContain('\tone tab');
    await expect(result).toHaveAttribute('data-text-mode', 'exact');
    expect(await exactTextOf(result)).toBe(resultText);

    await viewer.modelView.getByTestId('request-system-prompt').getByRole('button').first().click();
    const system = viewer.modelView.getByTestId('request-system-text');
    expect(await exactTextOf(system)).toBe(storedText(EXACT, 7));
    await page.screenshot({ path: 'test-results/exact-text-default.png' });

    // The global toggle: every card renders markdown, and no character is lost.
    await viewer.modelView.getByRole('radio', { name: 'Markdown' }).click();
    const rendered = result.locator('[data-markdown="rendered"]');
    await expect(rendered).toBeVisible();
    await expect(rendered.locator('strong').filter({ hasText: 'x' }).first()).toBeVisible();
    await expect(rendered.locator('em').filter({ hasText: 'y' })).toBeVisible();
    await expect(rendered.locator('b')).toHaveCount(0);
    await expect(rendered).toContainText('<b>bold</b>');
    expect(withoutSpace((await rendered.textContent()) ?? '')).toBe(withoutSpace(resultText));
    const systemRendered = system.locator('[data-markdown="rendered"]');
    await expect(systemRendered).toBeVisible();
    expect(withoutSpace((await systemRendered.textContent()) ?? '')).toBe(withoutSpace(storedText(EXACT, 7)));
    await page.screenshot({ path: 'test-results/exact-text-markdown.png' });

    // The card's own toggle wins over the view's: back to the exact text for this one card.
    await result.getByTestId('text-mode-toggle').click();
    await expect(result).toHaveAttribute('data-text-mode', 'exact');
    expect(await exactTextOf(result)).toBe(resultText);
  });

  test('Copy text copies the exact stored text', async ({ page, context, viewer }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await viewer.goto();
    await viewer.openFile(EXACT);
    await viewer.waitForLoadState('ready');
    const result = viewer.modelView.locator('[data-testid="model-message"][data-seq="15"]');
    await result.getByTestId('copy-text').click();
    await expect(result.getByTestId('copy-text')).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(storedText(EXACT, 15));
  });

  test('a max-tokens cut shows the finish reason, the partial text and the dropped call', async ({
    page,
    viewer,
  }) => {
    await viewer.goto();
    await viewer.openFile(CUT);
    await viewer.waitForLoadState('ready');
    const card = viewer.modelView.locator('[data-testid="model-message"][data-seq="13"]');
    await expect(card).toContainText('Starting the write now.');
    await expect(card.getByTestId('finish-reason')).toHaveAttribute('data-finish', 'max-tokens');
    await expect(card.getByTestId('finish-reason')).toContainText('finish: max tokens');
    await expect(card.getByTestId('partial-note')).toContainText('The text is partial');
    const dropped = card.getByTestId('dropped-call-card');
    await expect(dropped).toHaveAttribute('data-call-id', 'call-cut');
    await expect(dropped).toContainText('never reached the tool');
    await expect(dropped).toContainText('{"command":"echo demo > ');
    await expect(dropped.getByTestId('dropped-call-advice')).toContainText('raise the output limit');
    await card.screenshot({ path: 'test-results/max-tokens-card.png' });

    // Triage says the same: no "every call is ok", no "no tool calls".
    await page.getByRole('tab', { name: /triage/i }).click();
    const triage = page.getByTestId('triage-failed-call');
    await expect(triage).toContainText('No tool call ran: 1 tool call was dropped at a max-tokens cut');
    await expect(page.getByText('Every tool call has an ok result')).toHaveCount(0);
    await expect(page.getByText('No tool calls in this log')).toHaveCount(0);
  });
});

test('a message source kind of 0.2.1 is named on its card: an answer to a question, a working-directory notice', async ({
  viewer,
}) => {
  const file = 'fixtures/exact/message-sources.v4.jsonl';
  await viewer.goto();
  await viewer.openFile(file);
  await viewer.waitForLoadState('ready');
  await viewer.scrubTo(25);
  await viewer.waitForModelViewAt(25);
  const card = (seq: number) => viewer.modelView.locator(`[data-testid="model-message"][data-seq="${seq}"]`);
  // The stored source objects name the kinds; the chip says them in words, with the call id.
  const stored = readFileSync(file, 'utf8');
  expect(stored).toContain(
    '"source":{"kind":"user-question-reply","callId":"call_00_Ry17evSfTr0uJnHhg3X93070"',
  );
  expect(stored).toContain('"source":{"kind":"working-directory"}');
  await expect(card(23).getByTestId('message-source')).toHaveText(
    'answer to question call_00_Ry17evSfTr0uJnHhg3X93070',
  );
  await expect(card(24).getByTestId('message-source')).toHaveText('working-directory notice');
  // A plain user message (source kind user) has no chip; the texts are as stored.
  await expect(card(8).getByTestId('message-source')).toHaveCount(0);
  expect(await exactTextOf(card(23))).toBe('Yes: deploy it to staging.');
  await card(24).screenshot({ path: 'test-results/message-source-chip.png' });
});
