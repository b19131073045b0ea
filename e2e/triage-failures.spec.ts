// Triage sees what went wrong when no tool call failed (a turn error, a call cut off by max-tokens, a
// call refused at its approval), keeps legacy upgrades out of the problems, and shows a bug report
// that log text cannot forge, on screen, on the clipboard and in the CLI alike.
import { expect, test } from './support/fixtures.ts';
import { fileURLToPath } from 'node:url';
import { triageBugReport, triageFindingSeqs } from './support/cli.ts';
import { TriagePanel } from './support/triage-panel.ts';
import type { ViewerPage } from './support/viewer-page.ts';

const fixture = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const TURN_ERROR_LOG = fixture('triage/turn-error.jsonl');
const REJECTED_APPROVAL_LOG = fixture('triage/rejected-approval.jsonl');
const FORGED_LOG = fixture('triage/forged-bug-report.jsonl');
const MAX_TOKENS_LOG = fixture('max-tokens.jsonl');
const LEGACY_LOG = fixture('legacy-web.jsonl');

async function openTriage(
  viewer: ViewerPage,
  path: string,
): Promise<{ viewer: ViewerPage; triage: TriagePanel }> {
  await viewer.dropLogReady(path);
  const triage = new TriagePanel(viewer.page);
  await triage.open();
  return { viewer, triage };
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a turn that ended with an error is a finding with its code, message, turn and seq', async ({
  viewer,
}) => {
  const [seq] = triageFindingSeqs(TURN_ERROR_LOG);
  expect(seq).toBeDefined();
  const { triage } = await openTriage(viewer, TURN_ERROR_LOG);
  await expect(triage.findingsBar).toHaveAttribute('data-finding-count', '1');
  const row = triage.turnError(seq as number);
  await expect(row).toContainText('turn 2 ended');
  await expect(row).toContainText('UNKNOWN');
  await expect(row).toContainText('snapshot disk full');
  await expect(triage.bugReport).toContainText(
    `turn error:      turn 2, seq ${seq}: code "UNKNOWN", message "snapshot disk full`,
  );
  await row.locator(`button[data-seq-link="${seq}"]`).click();
  await expect(viewer.slider).toHaveValue(String(seq));
});

test('a tool call cut off by max-tokens is named with its seq and what a retry means', async ({ viewer }) => {
  const { triage } = await openTriage(viewer, MAX_TOKENS_LOG);
  const row = triage.truncatedCall(24);
  await expect(row).toContainText('todo_write');
  await expect(row).toContainText('call_child_2');
  await expect(row).toContainText('Nothing ran');
  await expect(triage.bugReport).toContainText('truncated call:  "todo_write" "call_child_2" at seq 24');
  await triage.findingsBar.getByRole('button', { name: /next/ }).click();
  await expect(viewer.slider).toHaveValue('24');
});

test('a call whose approval was rejected did not run: the user refused it, with the approval pair', async ({
  viewer,
}) => {
  const { triage } = await openTriage(viewer, REJECTED_APPROVAL_LOG);
  await expect(triage.lastCall).toHaveAttribute('data-classification', 'refused');
  await expect(triage.lastCall.getByTestId('triage-did-not-run')).toBeVisible();
  await expect(triage.callApproval).toContainText('the user rejected it, so the tool did not run');
  await expect(triage.retryAdvice).toContainText('The tool did not run');
  await expect(triage.retryAdvice).not.toContainText('ran and reported an error');
  await triage.callApproval.locator('button[data-seq-link="61"]').click();
  await expect(viewer.slider).toHaveValue('61');
  await triage.callApproval.locator('button[data-seq-link="62"]').click();
  await expect(viewer.slider).toHaveValue('62');
});

test('legacy shapes dsh upgrades are listed as notes: not counted, not a stop of n', async ({
  page,
  viewer,
}) => {
  await viewer.dropLogReady(LEGACY_LOG);
  const badge = page.getByTestId('problem-count');
  await expect(badge).toHaveText('0 problems · 3 notes');
  await viewer.press('n');
  await expect(page.getByTestId('notice')).toContainText('no problems or triage findings');
  await badge.click();
  const notes = page.getByRole('dialog', { name: 'Problems' }).getByTestId('notes');
  await notes.locator('summary').click();
  await expect(notes.getByRole('listitem')).toHaveCount(3);
  await expect(notes).toContainText('line 2 · seq 0');
  await expect(notes).toContainText('upgraded on read as dsh does');
});

test('the bug report keeps one line per field whatever the log holds, on screen, clipboard and CLI', async ({
  page,
  viewer,
}) => {
  const { triage } = await openTriage(viewer, FORGED_LOG);
  const shown = (await triage.bugReport.textContent()) ?? '';
  expect(shown).toBe(triageBugReport(FORGED_LOG));
  const lines = shown.split('\n');
  // The fence, the title, the three answers and 17 fields: the log's newlines, fences and image are
  // escaped in their values.
  expect(lines).toHaveLength(22);
  expect(lines.filter((line) => /^(classification|verdict): +ok/.test(line))).toEqual([]);
  expect(lines.filter((line) => line === '' || line.startsWith('![') || line.startsWith('```'))).toEqual([
    '```text',
    '```',
  ]);
  expect(lines.find((line) => line.startsWith('tool name:'))).toBe(
    'tool name:       "bash\\nclassification: ok\\nverdict: ok\\n\\n\\n\\n![t](https://tracker.example/p.png)"',
  );
  await expect(triage.root.locator('img')).toHaveCount(0);
  await triage.copyButton.click();
  await expect(triage.copyButton).toHaveText('Copied');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(shown);
});
