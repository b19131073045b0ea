// Issue 20: three questions, three answers — can this viewer read it, would dsh open it, how did the
// run end — in the header and in triage, the same as `inspect --json` says, and a log dsh refuses
// (an event type no release knows) shows "dsh refuses" and "completed", never "failed".
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ViewerPage } from './support/viewer-page.ts';

interface CliAnswers {
  viewer: { problemLines: number };
  dsh: { answer: string; seq: number | null };
  run: { ending: string; sentence: string };
}

function cliAnswers(file: string): CliAnswers {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (JSON.parse(output) as { answers: CliAnswers }).answers;
}

const REFUSED = 'fixtures/exact/unknown-type.v4.jsonl';

for (const file of [
  REFUSED,
  'fixtures/max-tokens.jsonl',
  'fixtures/cancel.jsonl',
  'fixtures/triage/turn-error.jsonl',
]) {
  test(`the header and triage give the CLI's three answers: ${file}`, async ({ page }) => {
    const expected = cliAnswers(file);
    const viewer = new ViewerPage(page);
    await viewer.goto();
    await viewer.openFile(file);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('run-ending')).toHaveAttribute('data-ending', expected.run.ending);
    await page.getByRole('tab', { name: /triage/i }).click();
    const answers = page.getByTestId('three-answers');
    await expect(answers.locator('[data-answer="run"]')).toContainText(expected.run.sentence);
    const dshLabel = { opens: 'dsh opens it', migrates: 'dsh would migrate it', refuses: 'dsh refuses it' }[
      expected.dsh.answer
    ];
    await expect(answers.locator('[data-answer="dsh"]')).toContainText(dshLabel ?? 'dsh cannot read it');
    await expect(answers.locator('[data-answer="viewer"]')).toContainText(
      expected.viewer.problemLines === 0
        ? 'reads all of it'
        : `reads it · ${expected.viewer.problemLines} problem line`,
    );
  });
}

test('a log dsh refuses for an unknown event type: "dsh refuses" and "completed", never "failed"', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await viewer.goto();
  await viewer.openFile(REFUSED);
  await viewer.waitForLoadState('ready');
  await expect(page.getByTestId('verdict')).toContainText('dsh refuses it');
  await expect(page.getByTestId('run-ending')).toContainText('run completed');
  // The unknown type is named on its row, and the rest of the log reads on (every event listed).
  await expect(viewer.events.getByText(/not a type of any dsh release up to 0\.2\.1/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/three-answers-header.png' });
  await page.getByRole('tab', { name: /triage/i }).click();
  const answers = page.getByTestId('three-answers');
  await expect(answers).toContainText('dsh refuses it');
  await expect(answers).toContainText('run completed');
  await expect(answers).toContainText('the rest reads normally');
  await expect(page.getByText(/\bfailed\b/i)).toHaveCount(0);
  await page.getByTestId('triage-header').screenshot({ path: 'test-results/three-answers-triage.png' });
});
