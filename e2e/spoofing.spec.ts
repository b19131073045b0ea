// Spoofed names own nothing (issue 12, "Spoofing"), in real Chromium against the built app: a bidi
// override or an invisible character in a file name shows as a mark wherever the name is shown, and
// a called tool that only looks like a declared one is flagged in the triage tab.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { TriagePanel } from './support/triage-panel.ts';

/** `…\u202Elmth.jsonl` shows as `…lnosj.html` when the override is applied. */
const SPOOFED_NAME = 'invoice\u202Elmth.jsonl';

/** tool-error.jsonl (its request/header declares `bash`) calling `bаsh` with a Cyrillic а instead. */
function writeLookalikeToolLog(directory: string): string {
  const text = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8')
    .split('\n')
    // Every line of the call (its chunks, the assistant message, tool/call) but not the header's tools.
    .map((line) =>
      line.includes('"request/header"') ? line : line.replaceAll('"name":"bash"', '"name":"b\u0430sh"'),
    )
    .join('\n');
  const path = join(directory, SPOOFED_NAME);
  writeFileSync(path, text);
  return path;
}

test('a bidi override in a file name is shown as a mark, and a lookalike tool is flagged', async ({
  page,
  viewer,
}) => {
  const directory = mkdtempSync(join(tmpdir(), 'dsh-replay-spoof-'));
  await viewer.openLog(writeLookalikeToolLog(directory));
  const fileName = page.getByTestId('file-name');
  await expect(fileName).toHaveText('invoice⟨U+202E⟩lmth.jsonl');
  expect(await fileName.getAttribute('title')).toBe('invoice⟨U+202E⟩lmth.jsonl');

  const triage = new TriagePanel(page);
  await triage.open();
  const section = page.getByTestId('triage-unexpected-tools');
  await expect(section).toContainText('b\u0430sh');
  await expect(section.getByTestId('lookalike-tool')).toHaveText('looks like bash (homoglyph)');

  // The call's card in the model view carries the same flag.
  await page.getByRole('tab', { name: 'Model view' }).click();
  const card = page.getByTestId('tool-call-card').first();
  await expect(card.getByTestId('lookalike-tool')).toHaveText('looks like bash (homoglyph)');
});

test('a file that fails to open is named with its invisible characters marked', async ({ page, viewer }) => {
  const directory = mkdtempSync(join(tmpdir(), 'dsh-replay-spoof-'));
  const path = join(directory, 'notes\u200B\u202Egnp.jsonl');
  copyFileSync(resolve('public/favicon.svg'), path);
  await viewer.goto('/');
  await viewer.openFile(path);
  await viewer.waitForLoadState('error');
  await expect(page.getByTestId('failed-name')).toHaveText('notes⟨U+200B⟩⟨U+202E⟩gnp.jsonl');
});

test('an error code from the log is shown with its invisible characters marked in triage', async ({
  page,
  viewer,
}) => {
  const directory = mkdtempSync(join(tmpdir(), 'dsh-spoof-code-'));
  const path = join(directory, 'tool-error-code.jsonl');
  const text = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').replace(
    '"tool/result","seq":61,"time":1783352166633,"data":{"turn":1,"step":1,',
    '"tool/result","seq":61,"time":1783352166633,"data":{"turn":1,"step":1,"error":{"code":"DENIED\\u202Ekcatta","message":"m"},',
  );
  expect(text).toContain('DENIED');
  writeFileSync(path, text);
  await viewer.openLog(path);
  const triage = new TriagePanel(page);
  await triage.open();
  await expect(triage.lastCall).toContainText('DENIED⟨U+202E⟩kcatta');
});
