// Comparing two runs (issue 23) from each entry point: the generations bar, "Compare with parent" on a
// fork, the session list's "Compare with…", and two logs dropped together. Each checks what the
// compare view says against the CLI's `diff --json` (the same core, run as an independent process).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ViewerPage } from './support/viewer-page.ts';

const MULTI_GEN = 'fixtures/generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600';
const ROOT = 'fixtures/sessions/root';
const FORK_DIR = `${ROOT}/--home-dev-projects-subagent-fork-in-process--`;
const PARENT_ID = '96cf59c9-b347-48b9-b234-a5200913ad05';
const CHILD_ID = 'ada8966c-9fa3-441b-8721-37ff1e795e6a';

interface CliDivergence {
  aSeq: number | null;
  bSeq: number | null;
  kind: string;
  summary: string;
}

function cliDiff(a: string, b: string): { relation: string; firstDivergence: CliDivergence | null } {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'diff', a, b, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(output) as { relation: string; firstDivergence: CliDivergence | null };
}

/** The compare view agrees with the CLI on the relation and the first divergence. */
async function expectAgreesWithCli(page: Page, a: string, b: string): Promise<void> {
  const view = page.getByTestId('compare-view');
  await expect(view).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const cli = cliDiff(a, b);
  await expect(view).toHaveAttribute('data-relation', cli.relation);
  const first = page.getByTestId('first-divergence');
  await expect(first).toHaveAttribute('data-kind', cli.firstDivergence?.kind ?? 'none');
  if (cli.firstDivergence !== null) {
    await expect(first).toHaveAttribute('data-a-seq', String(cli.firstDivergence.aSeq ?? ''));
    await expect(first).toHaveAttribute('data-b-seq', String(cli.firstDivergence.bSeq ?? ''));
    await expect(page.getByTestId('first-divergence-summary')).toHaveText(cli.firstDivergence.summary);
  }
}

/** Opens the sessions root, the fork in it, and "Compare with parent". */
async function compareForkWithParent(viewer: ViewerPage): Promise<void> {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  await list.locator(`[data-session-id="${CHILD_ID}"]`).click();
  await viewer.waitForLoadState('ready');
  await viewer.page.getByTestId('compare-with-parent').click();
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

test.describe('compare two runs', () => {
  test('from the generations bar: v4 against v0 of one session is the same throughout', async ({
    page,
    viewer,
  }) => {
    await viewer.goto();
    await viewer.fileInput.setInputFiles([
      `${MULTI_GEN}/session.jsonl.zstd`,
      `${MULTI_GEN}/session.v4.jsonl.zstd`,
      `${MULTI_GEN}/session.v3.jsonl.zstd`,
    ]);
    await viewer.waitForLoadState('ready');
    await page.getByRole('button', { name: 'compare with session.jsonl.zstd' }).click();
    await expectAgreesWithCli(page, `${MULTI_GEN}/session.v4.jsonl.zstd`, `${MULTI_GEN}/session.jsonl.zstd`);
    await expect(page.getByTestId('first-divergence')).toContainText('Same throughout');
    await expect(page.getByTestId('compare-model-views')).toContainText('the same messages');
    await expect(page.getByTestId('request-diff')).toHaveAttribute('data-same', 'true');
    await screenshot(page, 'compare-generations');
    await page.getByTestId('compare-close').click();
    await expect(page.getByTestId('compare-view')).toHaveCount(0);
    await expect(viewer.modelView).toBeVisible();
  });

  test('"Compare with parent" on a fork: shared up to its seed, then the first divergence', async ({
    page,
    viewer,
  }) => {
    await compareForkWithParent(viewer);
    await expectAgreesWithCli(page, `${FORK_DIR}/${CHILD_ID}`, `${FORK_DIR}/${PARENT_ID}`);
    await expect(page.getByTestId('compare-relation')).toContainText('a fork and its parent');
    await expect(page.getByTestId('compare-view')).toContainText('shared through seq 41 (A) / 41 (B)');
    // The first aligned turn is the inherited one: shared, the same on both lanes.
    await expect(page.getByTestId('compare-turn-a').first()).toHaveAttribute('data-status', 'same');
    await expect(page.getByTestId('compare-turn-a').nth(1)).toHaveAttribute('data-status', 'changed');
    // The position opens at the first divergence: its step differs and its messages are marked.
    await expect(page.locator('[data-testid="compare-step"][aria-current="step"]')).toHaveAttribute(
      'data-status',
      'changed',
    );
    await expect(
      page.locator('[data-testid="compare-message-row"][data-status="same"]').first(),
    ).toBeVisible();
    await expect(
      page.locator('[data-testid="compare-message-row"]:not([data-status="same"])').first(),
    ).toBeVisible();
    await screenshot(page, 'compare-fork');
  });

  test('"Compare with…" in the session list: pick the other session', async ({ page, viewer }) => {
    await viewer.goto();
    const list = await viewer.openFolder(ROOT);
    await list.locator(`[data-session-id="${PARENT_ID}"]`).click();
    await viewer.waitForLoadState('ready');
    await page.getByTestId('compare-with').click();
    await expect(page.getByTestId('compare-pick')).toBeVisible();
    await list.locator(`[data-session-id="${CHILD_ID}"]`).click();
    await expectAgreesWithCli(page, `${FORK_DIR}/${PARENT_ID}`, `${FORK_DIR}/${CHILD_ID}`);
    // Unlocked, a click on one lane moves that side only.
    await page.getByTestId('compare-lock').uncheck();
    await page.getByTestId('compare-turn-b').first().click();
    await expect(page.getByTestId('compare-model-views')).toContainText('(A)');
  });

  test('two logs given together compare by themselves: a rerun with one changed tool argument diverges exactly there', async ({
    page,
    viewer,
  }) => {
    const directory = mkdtempSync(join(tmpdir(), 'dsh-compare-'));
    const original = join(directory, 'tool-error.jsonl');
    const changed = join(directory, 'tool-error-changed.jsonl');
    const text = readFileSync('fixtures/tool-error.jsonl', 'utf8');
    writeFileSync(original, text);
    // Another run of the task is another session: its own id (two files with one id list as one session).
    const id = /"id":"([^"]+)"/.exec(text)?.[1] ?? '';
    writeFileSync(
      changed,
      text
        .replace(`"id":"${id}"`, `"id":"${id.slice(0, -4)}beef"`)
        .split(String.raw`\"Run echo HELLO\"`)
        .join(String.raw`\"Run echo HELLO once\"`),
    );
    await viewer.goto();
    await viewer.fileInput.setInputFiles([original, changed]);
    const list = page.getByTestId('session-list');
    await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    // Two logs given together compare by themselves, the first given (A) open beside the compare.
    await expect(page.getByTestId('compare-view')).toHaveAttribute('data-status', 'ready', {
      timeout: 30_000,
    });
    await viewer.waitForLoadState('ready');
    const openPath = (await list.locator('[data-open]').getAttribute('title'))?.split('\n')[0] ?? '';
    expect(openPath).toMatch(/tool-error\.jsonl$/);
    await expectAgreesWithCli(page, original, changed);
    await expect(page.getByTestId('first-divergence-summary')).toHaveText('tool bash: arguments differ');
    const call = page.getByTestId('tool-call-diff').first();
    await expect(call).toHaveAttribute('data-status', 'changed');
    await expect(
      page.locator('[data-testid="text-diff"] ins, [data-testid="text-diff"] del').first(),
    ).toBeVisible();
    await screenshot(page, 'compare-dropped');
  });
});

test.describe('a permalink to a compare position', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Copy link names both sessions and the aligned step; the link in a new page, with the folder opened, restarts the compare there', async ({
    page,
    context,
    viewer,
  }) => {
    await compareForkWithParent(viewer);
    const view = page.getByTestId('compare-view');
    await expect(view).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    // Away from where a compare opens (the first divergence: the diverging turn's first step).
    const opensAt = await view.getAttribute('data-position');
    const steps = page.getByTestId('compare-step');
    await steps.last().click();
    await expect(steps.last()).toHaveAttribute('aria-current', 'step');
    const position = await view.getAttribute('data-position');
    expect(position).toMatch(/^\d+\.\d+$/);
    expect(position).not.toBe(opensAt);
    const stepText = await steps.last().textContent();
    const turnText = await page.getByTestId('compare-turn-deltas').textContent();

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: /copied/i })).toBeVisible();
    const link = await page.evaluate<string>('navigator.clipboard.readText()');
    const hash = new URLSearchParams(new URL(link).hash.slice(1));
    expect(hash.get('session')).toBe(CHILD_ID);
    expect(hash.get('cmp')).toBe(PARENT_ID);
    expect(hash.get('cmpat')).toBe(position);
    expect(hash.get('wsname')).toBe('root');

    // A new page of the same browser: the dropped folder was not kept, so the link asks for it.
    const again = await context.newPage();
    const reopened = new ViewerPage(again);
    await again.goto(link);
    const ask = again.getByTestId('workspace-ask');
    await expect(ask).toHaveAttribute('data-ask', 'ask-to-open');
    await again.getByTestId('folder-input').setInputFiles(ROOT);
    const restored = again.getByTestId('compare-view');
    await expect(restored).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(restored).toHaveAttribute('data-position', position!);
    await expect(restored).toHaveAttribute('data-relation', 'fork');
    const current = again.locator('[data-testid="compare-step"][aria-current="step"]');
    await expect(current).toHaveText(stepText!);
    await expect(again.getByTestId('compare-turn-deltas')).toHaveText(turnText!);
    await expect(
      again.getByTestId('session-list').locator(`[data-session-id="${CHILD_ID}"]`),
    ).toHaveAttribute('data-open', 'true');
    await expect(again.getByTestId('notice')).toHaveCount(0);
    await reopened.waitForLoadState('ready');
    await screenshot(again, 'compare-permalink-restored');
  });

  test('the address bar names the compare: a reload restores it at the same aligned step and seqs, Back closes it, Forward reopens it', async ({
    page,
    viewer,
  }) => {
    await compareForkWithParent(viewer);
    const view = page.getByTestId('compare-view');
    await expect(view).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    const steps = page.getByTestId('compare-step');
    await steps.last().click();
    await expect(steps.last()).toHaveAttribute('aria-current', 'step');
    const position = (await view.getAttribute('data-position'))!;
    const seqs = (await view.getAttribute('data-seqs'))!;
    const hashOf = () => new URLSearchParams(new URL(page.url()).hash.slice(1));
    // The hash follows the position once the cursor rests (history-sync.ts), with no Copy link.
    await expect.poll(() => hashOf().get('cmpat'), { timeout: 5_000 }).toBe(position);
    expect(hashOf().get('cmp')).toBe(PARENT_ID);
    expect(hashOf().get('session')).toBe(CHILD_ID);

    // Back: the entry before the compare; Forward: the compare again, where it was left.
    await page.goBack();
    await expect(view).toHaveCount(0);
    await expect(viewer.modelView).toBeVisible();
    expect(hashOf().get('cmp')).toBeNull();
    await page.goForward();
    await expect(view).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(view).toHaveAttribute('data-position', position);
    await expect(view).toHaveAttribute('data-seqs', seqs);

    // Unlocked at a seq of B's own: the hash says so too.
    await page.getByTestId('compare-lock').uncheck();
    await page.getByTestId('compare-turn-b').first().click();
    const freeSeqs = (await view.getAttribute('data-seqs'))!;
    expect(freeSeqs).not.toBe(seqs);
    await expect.poll(() => hashOf().get('cmpfree'), { timeout: 5_000 }).toBe(freeSeqs);

    // A reload: the dropped folder was not kept, so it is asked for; then the same compare, unlocked.
    await page.reload();
    await expect(page.getByTestId('workspace-ask')).toHaveAttribute('data-ask', 'ask-to-open');
    await page.getByTestId('folder-input').setInputFiles(ROOT);
    await expect(view).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(view).toHaveAttribute('data-relation', 'fork');
    await expect(view).toHaveAttribute('data-position', position);
    await expect(view).toHaveAttribute('data-seqs', freeSeqs);
    await expect(view).toHaveAttribute('data-locked', 'false');
    await expect(page.getByTestId('notice')).toHaveCount(0);
    // Locked again, it goes back to the aligned step's seqs.
    await page.getByTestId('compare-lock').check();
    await expect(view).toHaveAttribute('data-seqs', seqs);
    await expect.poll(() => hashOf().get('cmpfree'), { timeout: 5_000 }).toBeNull();
    await screenshot(page, 'compare-reloaded');
  });

  test('a link whose position or other session the folder does not have says so: the first divergence, or no compare', async ({
    page,
    viewer,
  }) => {
    await viewer.goto(`/#session=${CHILD_ID}&wsname=root&cmp=${PARENT_ID}&cmpat=99.0`);
    await page.getByTestId('folder-input').setInputFiles(ROOT);
    const view = page.getByTestId('compare-view');
    await expect(view).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(page.getByTestId('notice')).toContainText(
      'compare position (aligned turn 99, step 0) is not in this alignment; showing the first divergence',
    );
    await expect(page.locator('[data-testid="compare-step"][aria-current="step"]')).toHaveAttribute(
      'data-status',
      'changed',
    );

    await page.goto('about:blank');
    await viewer.goto(`/#session=${CHILD_ID}&wsname=root&cmp=not-in-root`);
    await page.getByTestId('folder-input').setInputFiles(ROOT);
    await viewer.waitForLoadState('ready');
    await expect(page.getByTestId('notice')).toContainText(
      'root does not hold session not-in-root, which the link compares with; no compare was opened.',
    );
    await expect(view).toHaveCount(0);
    await expect(viewer.modelView).toBeVisible();
  });
});
