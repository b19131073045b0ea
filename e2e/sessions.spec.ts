// Many sessions (issue 13): a sessions root opened through the folder input (Playwright sets a
// directory on <input webkitdirectory>, as a browser's folder picker does), the session list and
// lineage tree, walking parent → child → parent through the spawning call, the export ZIP, and a
// forked child's inherited prefix.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';

const SESSIONS = join(import.meta.dirname, '..', 'fixtures', 'sessions');
const ROOT = join(SESSIONS, 'root');
const ZIP = join(SESSIONS, 'dsh-session-9841fdb9-efa4-4650-9011-5b552fcd380c.zip');
/** The real-writer pair (fixtures/sessions/README.md): a continuable child started by id. */
const PARENT = 'session-8dadf627-21ad-496e-a24a-41dc20e79a49';
const CHILD = 'e671f875-8b29-4737-bd0c-f1d894e2fc46';
/** The child's first user/message: the task its parent gave it (seqs 0–7 leave the model view empty). */
const CHILD_START_SEQ = 8;
/** The forked child (seedLength 42 in its header, README) and its parent. */
const FORK = 'ada8966c-9fa3-441b-8721-37ff1e795e6a';

/** `ls --json` of the CLI, an independent reader of the same folder: the session ids it lists. */
function listedIds(target: string): string[] {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'ls', target, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (JSON.parse(output) as { sessions: { id: string }[] }).sessions.map((session) => session.id);
}

test('a dropped sessions root lists every session; parent → child → parent through the spawning call', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  const ids = listedIds(ROOT);
  expect(ids.length).toBeGreaterThan(5);
  const rows = list.locator('[data-session-id]');
  await expect(rows).toHaveCount(ids.length);
  expect(
    (await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-session-id')))).sort(),
  ).toEqual([...ids].sort());
  // The tree: the child sits under its parent, one deeper; the orphan is marked; the broken file is a problem.
  await expect(list.locator(`[data-session-id="${CHILD}"]`)).toHaveAttribute('data-depth', '1');
  await expect(list.locator('[data-orphan]')).toHaveCount(1);
  await expect(page.getByTestId('workspace-problems')).toContainText('1 file not listed');

  // Open the parent from the list (keyboard: focus the list, move to it, Enter would do the same).
  await viewer.openSession(list.locator(`[data-session-id="${PARENT}"]`));
  const toChild = viewer.modelView.locator(`[data-testid="session-link"][data-to-session="${CHILD}"]`);
  await expect(toChild).toHaveAttribute('data-confidence', 'exact');
  await toChild.first().click();
  await expect(list.locator(`[data-session-id="${CHILD}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  // At the task the parent gave it (its first user/message, seq 8), with the model view filled.
  await viewer.expectCursorAt(CHILD_START_SEQ);
  await viewer.waitForModelViewAt(CHILD_START_SEQ);
  expect(await viewer.modelMessageCount()).toBeGreaterThan(0);
  // A step in the child before leaving it: Back returns here, not to where it opened.
  await viewer.press('ArrowRight');
  await viewer.expectCursorAt(CHILD_START_SEQ + 1);

  // Back to the parent, at the spawning call: the event there links to the child.
  const toParent = page.getByTestId('open-parent');
  const parentSeq = Number(await toParent.getAttribute('data-parent-seq'));
  await toParent.click();
  await expect(list.locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(parentSeq);
  await expect(
    viewer.detail.locator(`[data-testid="session-link"][data-to-session="${CHILD}"]`),
  ).toBeVisible();

  // Back returns to the child at the seq it was left at: one history across the workspace's
  // sessions, no "this is where you started" between them. Forward goes to the parent again.
  await page.goBack();
  await expect(list.locator(`[data-session-id="${CHILD}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(CHILD_START_SEQ + 1);
  await expect(page.getByTestId('leave-ask')).toHaveCount(0);
  // Forward: the parent again, at the spawning call. (Its entry names the parent from the moment it
  // is pushed, so a Back that beats the debounced hash write still has it: history-sync.test.ts.)
  await page.goForward();
  await expect(list.locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute('data-open', 'true');
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(parentSeq);
});

test('a parent of two foreground one-shot children links each call to its child, saying how sure', async ({
  viewer,
}) => {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  await viewer.openSession(list.locator('[data-session-id="14dda109-5728-45ba-a002-7db9543fe50e"]'));
  const links = viewer.modelView.getByTestId('session-link');
  await expect(links).toHaveCount(2);
  // No id in the log: matched by §8.2's heuristic, never shown as exact.
  for (const confidence of await links.evaluateAll((all) =>
    all.map((link) => link.getAttribute('data-confidence')),
  ))
    expect(['high', 'medium', 'low']).toContain(confidence);
  expect(
    new Set(await links.evaluateAll((all) => all.map((link) => link.getAttribute('data-to-session')))),
  ).toHaveProperty('size', 2);
});

test('a forked child marks its inherited prefix', async ({ page, viewer }) => {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);
  await viewer.openSession(list.locator(`[data-session-id="${FORK}"]`));
  await expect(page.getByTestId('inherited-note')).toContainText('seqs 0–41 inherited');
  await expect(viewer.modelView.locator('[data-inherited="true"]').first()).toBeVisible();
  await expect(page.getByTestId('open-parent')).toBeVisible();
});

test('an export ZIP opens as its session tree', async ({ page, viewer }) => {
  await viewer.goto();
  await viewer.openFile(ZIP);
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const ids = listedIds(ZIP);
  await expect(list.locator('[data-session-id]')).toHaveCount(ids.length);
  expect(
    await list
      .locator('[data-session-id]')
      .evaluateAll((all) => all.map((row) => row.getAttribute('data-depth'))),
  ).toEqual(['0', '1', '2']);
  // Keyboard: the list takes ↓ and Enter.
  await list.getByRole('listbox').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await viewer.waitForLoadState('ready');
  await expect(list.locator('[data-open]')).toHaveAttribute('data-depth', '1');
});

test('several logs dropped together (a parent and its children, all named session.jsonl.zstd) open as a workspace', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const dir = join(ROOT, '--home-dev-projects-subagent-multi--');
  const files = readdirSync(dir).map((id) => ({
    name: 'session.jsonl.zstd',
    base64: readFileSync(join(dir, id, 'session.jsonl.zstd')).toString('base64'),
  }));
  // A synthetic drop: items without file-system entries, as the page's drop handler also accepts.
  const dataTransfer = await page.evaluateHandle((parts) => {
    const scope = globalThis as unknown as {
      atob(text: string): string;
      DataTransfer: new () => { items: { add(file: unknown): void } };
      File: new (parts: unknown[], name: string) => unknown;
    };
    const transfer = new scope.DataTransfer();
    for (const part of parts) {
      const binary = scope.atob(part.base64);
      const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      transfer.items.add(new scope.File([bytes], part.name));
    }
    return transfer;
  }, files);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer });
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  const list = page.getByTestId('session-list');
  await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(list.locator('[data-session-id]')).toHaveCount(files.length);
  await expect(list.locator('[data-depth="1"]')).toHaveCount(files.length - 1);
});

test('a folder opened over an unrelated log says the log is not part of the workspace, until a session is picked', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(
    join(import.meta.dirname, '..', 'fixtures', 'triage', 'crashed-tool-outcome-unknown.jsonl'),
  );
  const list = await viewer.openFolder(ROOT);
  const notice = page.getByTestId('outside-workspace');
  await expect(notice).toContainText('Not part of this workspace');
  await expect(notice).toContainText('crashed-tool-outcome-unknown.jsonl');
  await expect(notice).not.toHaveAttribute('data-in-list');
  await viewer.openSession(list.locator(`[data-session-id="${PARENT}"]`));
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('workspace-session-bar')).toBeVisible();
});

test('the same session opened alone before its folder is offered in the workspace', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(
    join(ROOT, '--tmp-dsh-real-writer-runs-subagent-background-workspace--', PARENT, 'session.jsonl.zstd'),
  );
  await viewer.openFolder(ROOT);
  const notice = page.getByTestId('outside-workspace');
  await expect(notice).toHaveAttribute('data-in-list', 'true');
  await page.getByTestId('open-in-workspace').click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('session-list').locator(`[data-session-id="${PARENT}"]`)).toHaveAttribute(
    'data-open',
    'true',
  );
});
