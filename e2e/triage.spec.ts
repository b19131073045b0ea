// Triage panel against the built app: a crashed log shows the right call and classification,
// clicking a finding moves the one cursor (every pane follows), Copy puts the bug report on the clipboard.
import { expect, test } from './support/fixtures.ts';
import { fileURLToPath } from 'node:url';
import { triageFindingSeqs } from './support/cli.ts';
import { TriagePanel } from './support/triage-panel.ts';
import type { ViewerPage } from './support/viewer-page.ts';

/** Prefix of the corpus tool-outcome-unknown log cut after its tool/call: a raw crash (FORMAT.md §7.6). */
const CRASHED_LOG = fileURLToPath(
  new URL('../fixtures/triage/crashed-tool-outcome-unknown.jsonl', import.meta.url),
);
const CALL_ID = 'unknown-outcome-call';
const REQUEST_SEQ = 3;
const CALL_SEQ = 4;

/** Opens the log through the viewer page object and waits on its load signal (STYLE.md §14). */
async function openLog(viewer: ViewerPage, path: string): Promise<ViewerPage> {
  await viewer.dropLogReady(path);
  return viewer;
}

/** A torn zstd log whose triage has findings after seq 0 and no problem tied to a seq. */
const TORN_LOG = fileURLToPath(new URL('../fixtures/torn-frame.jsonl.zstd', import.meta.url));

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('n and N step through the triage findings the CLI lists, in seq order, wrapping around', async ({
  page,
  viewer,
}) => {
  const findings = triageFindingSeqs(TORN_LOG);
  expect(findings.length).toBeGreaterThanOrEqual(2);
  expect(findings[0]).toBeGreaterThan(0);
  await openLog(viewer, TORN_LOG);
  // The findings reach the keys after the load: the Triage tab's dot says they are there.
  await expect(page.getByRole('tab', { name: /triage/i }).getByLabel('has findings')).toBeVisible();
  await viewer.press('Home');
  await viewer.waitForModelViewAt(0);
  for (const seq of findings) {
    await viewer.press('n');
    await expect(viewer.slider).toHaveValue(String(seq));
    await expect(viewer.eventRow(seq)).toHaveAttribute('aria-current', 'true');
  }
  await viewer.press('n');
  await expect(viewer.slider).toHaveValue(String(findings[0]));
  await viewer.press('Shift+N');
  await expect(viewer.slider).toHaveValue(String(findings.at(-1)));
});

test('a crashed log shows its last call as TOOL_OUTCOME_UNKNOWN with the retry advice', async ({
  page,
  viewer,
}) => {
  await openLog(viewer, CRASHED_LOG);
  const triage = new TriagePanel(page);
  await triage.open();
  await expect(triage.lastCall).toHaveAttribute('data-call-id', CALL_ID);
  await expect(triage.lastCall).toHaveAttribute('data-classification', 'TOOL_OUTCOME_UNKNOWN');
  await expect(triage.classification).toHaveText('TOOL_OUTCOME_UNKNOWN');
  await expect(triage.lastCall).toContainText('write_remote');
  await expect(triage.retryAdvice).toContainText('read-only or idempotent');
});

test('clicking a finding moves the cursor, and the events, scrubber and model view follow', async ({
  page,
  viewer,
}) => {
  await openLog(viewer, CRASHED_LOG);
  const triage = new TriagePanel(page);
  await triage.open();

  await triage.seqLinkInLastCall(REQUEST_SEQ).click();
  expect(await viewer.cursorSeq()).toBe(REQUEST_SEQ);
  await expect(page.getByTestId('cursor-position')).toContainText(`seq ${REQUEST_SEQ}`);
  await expect(viewer.eventRow(REQUEST_SEQ)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('event-detail')).toHaveAttribute('data-seq', String(REQUEST_SEQ));

  await page.getByTestId('triage-last-call-link').click();
  await expect(viewer.slider).toHaveValue(String(CALL_SEQ));
  await expect(viewer.eventRow(CALL_SEQ)).toHaveAttribute('aria-current', 'true');

  await triage.seqLinkInLastCall(REQUEST_SEQ).click();
  await page.getByRole('tab', { name: /model view/i }).click();
  await viewer.waitForModelViewAt(REQUEST_SEQ);
});

test('Copy puts the bug report with callId, tool name and header version on the clipboard', async ({
  page,
  viewer,
}) => {
  await openLog(viewer, CRASHED_LOG);
  const triage = new TriagePanel(page);
  await triage.open();
  await triage.copyButton.click();
  await expect(triage.copyButton).toHaveText('Copied');
  const clipboard = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(clipboard).toBe(await triage.bugReport.textContent());
  expect(clipboard).toMatch(new RegExp(`callId:\\s+"${CALL_ID}"`));
  expect(clipboard).toMatch(/tool name:\s+"write_remote"/);
  expect(clipboard).toMatch(/header version:\s+0/);
});

test('next / prev step through the findings from the cursor and wrap around', async ({ page, viewer }) => {
  await openLog(viewer, CRASHED_LOG);
  // Scrub while the model view is shown (scrubTo waits for it), then switch to triage.
  await viewer.scrubTo(2);
  const triage = new TriagePanel(page);
  await triage.open();
  const bar = page.getByTestId('triage-findings-bar');
  // Findings of the crashed log: the hanging turn at seq 0 and the unfinished call at its tool/call.
  await expect(bar).toHaveAttribute('data-finding-count', '2');
  await bar.getByRole('button', { name: /next/ }).click();
  await expect(viewer.slider).toHaveValue(String(CALL_SEQ));
  await bar.getByRole('button', { name: /next/ }).click();
  await expect(viewer.slider).toHaveValue('0');
  await bar.getByRole('button', { name: /prev/ }).click();
  await expect(viewer.slider).toHaveValue(String(CALL_SEQ));
});
