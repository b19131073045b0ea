// The format generation and the two verdicts in the header and in triage, against the built app:
// what the release that wrote a v0 log does, and what current dsh (0.2.x) does, as the CLI says.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { inspectFormatVerdicts } from './support/cli.ts';
import { TriagePanel } from './support/triage-panel.ts';

/** A v0 subagent child with a version-2 descriptor at seq 4: dsh 0.1.1 loads it, current dsh refuses to migrate it. */
const REFUSED_V0 = resolve('fixtures/max-tokens.jsonl');
/** A v0 log current dsh migrates. */
const MIGRATED_V0 = resolve('fixtures/cancel.jsonl.zstd');

test('a v0 log current dsh refuses shows its generation, both verdicts and a link to the refusal', async ({
  page,
  viewer,
}) => {
  const expected = inspectFormatVerdicts(REFUSED_V0);
  expect(expected).toMatchObject({ generation: 0, writer: { status: 'ok' }, current: { status: 'refuses' } });
  const refusal = expected.current.refusals[0];
  expect(refusal).toMatchObject({ rule: 'descriptor-version', seq: 4 });

  await viewer.dropLogReady(REFUSED_V0);
  await expect(viewer.formatBadge).toHaveAttribute('data-generation', '0');
  await expect(viewer.formatBadge).toHaveAttribute('data-writer-status', 'ok');
  await expect(viewer.formatBadge).toHaveAttribute('data-current-status', 'refuses');
  await expect(viewer.formatBadge).toContainText('v0');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'ok');

  await viewer.openFormatPanel();
  await expect(viewer.formatPanel).toContainText(`generation 0, written by ${expected.writer.release}`);
  await expect(viewer.formatPanel.getByTestId('format-writer')).toHaveAttribute('data-status', 'ok');
  await expect(viewer.formatPanel.getByTestId('format-current')).toHaveAttribute('data-status', 'refuses');
  await expect(viewer.formatPanel).toContainText(expected.current.release);
  const row = viewer.formatRefusal('descriptor-version');
  await expect(row).toContainText('has descriptor version 2');
  await row.locator('button[data-seq="4"]').click();
  await expect(viewer.formatPanel).toBeHidden();
  await expect(viewer.slider).toHaveValue('4');
  await expect(viewer.eventRow(4)).toHaveAttribute('aria-current', 'true');

  const triage = new TriagePanel(page);
  await triage.open();
  await expect(page.getByTestId('triage-current-verdict')).toHaveAttribute('data-status', 'refuses');
  await expect(triage.bugReport).toContainText('format:          generation 0');
  await expect(triage.bugReport).toContainText('current dsh:     "refuses to migrate it');
});

test('a v0 log current dsh migrates says so in the badge and its panel', async ({ viewer }) => {
  expect(inspectFormatVerdicts(MIGRATED_V0).current.status).toBe('migrates');
  await viewer.dropLogReady(MIGRATED_V0);
  await expect(viewer.formatBadge).toHaveAttribute('data-generation', '0');
  await expect(viewer.formatBadge).toHaveAttribute('data-current-status', 'migrates');
  await viewer.openFormatPanel();
  await expect(viewer.formatPanel.getByTestId('format-current')).toHaveAttribute('data-status', 'migrates');
  await viewer.press('Escape');
  await expect(viewer.formatPanel).toBeHidden();
});

test('a generation-4 log shows v4, and current dsh reads it natively', async ({ viewer }) => {
  const path = resolve('fixtures/generations/stored/v4/sdk/bash-tool/session.v4.jsonl.zstd');
  expect(inspectFormatVerdicts(path)).toMatchObject({ generation: 4, current: { status: 'ok' } });
  await viewer.openLog(path);
  await expect(viewer.formatBadge).toHaveAttribute('data-generation', '4');
  await expect(viewer.formatBadge).toHaveAttribute('data-current-status', 'ok');
  await expect(viewer.formatBadge).toContainText('v4');
});
