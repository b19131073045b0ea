// Issue 20: three questions, three answers — can this viewer read it, would dsh open it, how did the
// run end — in the header and in triage, the same as `inspect --json` says, and a log dsh refuses
// (an event type no release knows) shows "dsh refuses" and "completed", never "failed".
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';

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
  test(`the header and triage give the CLI's three answers: ${file}`, async ({ page, viewer }) => {
    const expected = cliAnswers(file);
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
  viewer,
}) => {
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

interface ListedSession {
  id: string;
  parentSession: string | null;
  answers: { viewer: { problemLines: number }; dsh: { answer: string }; run: { ending: string } } | null;
}

/** `ls --json` of the CLI over the same folder: each session's three answers. */
function listedAnswers(dir: string): ListedSession[] {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'ls', dir, '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(output) as { sessions: ListedSession[] }).sessions;
}

/** What a row says, as text: "<problem lines> <dsh answer> <run ending>", or "unread" without answers. */
const asWords = (answers: ListedSession['answers']): string =>
  answers === null ? 'unread' : `${answers.viewer.problemLines} ${answers.dsh.answer} ${answers.run.ending}`;

test('every session row of fixtures/ says the three answers `ls --json` gives', async ({ page, viewer }) => {
  test.setTimeout(180_000);
  const dir = join(import.meta.dirname, '..', 'fixtures');
  const expected = new Map(listedAnswers(dir).map((session) => [session.id, asWords(session.answers)]));
  expect(expected.size).toBeGreaterThan(40);
  // Every kind of answer is among them, so the comparison covers each badge.
  expect(new Set([...expected.values()].map((words) => words.split(' ')[1]))).toEqual(
    new Set(['opens', 'migrates', 'refuses', 'cannot-read']),
  );
  await viewer.goto();
  const list = await viewer.openFolder(dir);
  await expect(list.getByTestId('session-count')).toContainText(`${expected.size} sessions`);
  // The list is virtualized: read the rows shown, scroll a screen down, until every row was seen.
  const scroller = list.getByRole('listbox', { name: 'Sessions of the workspace' });
  const shown = new Map<string, string>();
  for (let pass = 0; pass < 200 && shown.size < expected.size; pass++) {
    const rows = await list.locator('[data-session-id]').evaluateAll((all) =>
      all.map((row) => {
        const chips = row.querySelector('[data-testid="session-answers"]');
        const words =
          chips?.getAttribute('data-dsh') == null
            ? 'unread'
            : `${chips.getAttribute('data-viewer')} ${chips.getAttribute('data-dsh')} ${chips.getAttribute('data-run')}`;
        return [row.getAttribute('data-session-id') ?? '', words, row.textContent ?? ''] as const;
      }),
    );
    for (const [id, words, text] of rows) {
      shown.set(id, words);
      // A refusal is its own answer: no row says "failed" unless the run failed.
      if (!words.endsWith(' failed')) expect(text, id).not.toMatch(/\bfailed\b/);
    }
    await scroller.evaluate((element) => element.scrollBy(0, element.clientHeight));
  }
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
  await page.setViewportSize({ width: 1024, height: 768 });
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/three-answers-session-list.png' });
});

/** The max-tokens child's parent (its header's parentSession), absent from fixtures/: the test writes one. */
const CUT_PARENT = '4b56e461-5c95-4186-8d90-6d2b7289f22b';

test('a parent row counts the runs not ok below it: a cut or hanging child counts, a refused child that completed does not', async ({
  viewer,
}) => {
  test.setTimeout(120_000);
  const fixtures = join(import.meta.dirname, '..', 'fixtures');
  const folder = mkdtempSync(join(tmpdir(), 'dsh-replay-not-ok-below-'));
  try {
    // Three families: a child cut at max tokens (fixtures/max-tokens.jsonl) under a parent that
    // completed (a completed log given that parent's id); a background child still without its
    // turn/end when dsh exited; a background child dsh refuses whose run completed.
    const completed = readFileSync(join(fixtures, 'triage', 'rejected-approval.jsonl'), 'utf8');
    const header = JSON.parse(completed.slice(0, completed.indexOf('\n'))) as { id: string };
    mkdirSync(join(folder, 'cut', CUT_PARENT), { recursive: true });
    writeFileSync(join(folder, 'cut', CUT_PARENT, 'session.jsonl'), completed.replace(header.id, CUT_PARENT));
    mkdirSync(join(folder, 'cut', 'child'));
    cpSync(join(fixtures, 'max-tokens.jsonl'), join(folder, 'cut', 'child', 'session.jsonl'));
    cpSync(join(fixtures, 'real-writer', 'subagent-background-at-exit'), join(folder, 'hanging'), {
      recursive: true,
    });
    cpSync(join(fixtures, 'real-writer', 'subagent-background'), join(folder, 'refused'), {
      recursive: true,
    });

    // The premises, from the CLI: each child's answers and its parent's own ending.
    const listed = new Map(listedAnswers(folder).map((session) => [session.id, session]));
    const families = [
      { parent: CUT_PARENT, run: 'failed', dsh: 'refuses', notOkBelow: 1 },
      {
        parent: 'session-68699f5c-a974-4b63-aee0-0e2b297321c3',
        run: 'hanging',
        dsh: 'refuses',
        notOkBelow: 1,
      },
      {
        parent: 'session-8dadf627-21ad-496e-a24a-41dc20e79a49',
        run: 'completed',
        dsh: 'refuses',
        notOkBelow: 0,
      },
    ];
    for (const family of families) {
      expect(listed.get(family.parent)?.answers?.run.ending, family.parent).toBe('completed');
      const children = [...listed.values()].filter((session) => session.parentSession === family.parent);
      expect(children.map((child) => [child.answers?.dsh.answer, child.answers?.run.ending])).toEqual([
        [family.dsh, family.run],
      ]);
    }

    await viewer.goto();
    const list = await viewer.openFolder(folder);
    await expect(list.locator('[data-session-id]')).toHaveCount(listed.size);
    for (const family of families) {
      const row = list.locator(`[data-session-id="${family.parent}"]`);
      await expect(row.getByTestId('session-answers')).toHaveAttribute('data-run', 'completed');
      const count = row.getByTestId('subtree-not-ok');
      if (family.notOkBelow === 0) await expect(count).toHaveCount(0);
      else {
        await expect(count).toHaveAttribute('data-count', String(family.notOkBelow));
        await expect(count).toHaveText(' · 1 run not ok below');
      }
    }
    // The two counted children are what "not ok only" keeps (with nothing else of these families).
    await expect(list.getByTestId('session-count')).toContainText(`${listed.size} sessions, 2 not ok`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
