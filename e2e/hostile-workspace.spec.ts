// Hostile workspaces in the browser (issue 27): session ids are untrusted text. A U+202E inside an
// id must not flip its row or the session bar, and two ids that share their first 8 characters
// must not look like one session (the list shows as much of each as tells it apart).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';

const FIRST = 'session-ab\u202Ecdefgh-1';
const SECOND = 'session-ab\u202Ecdefgh-2';
const CHILD = 'chi\u202Eld';
const ORPHAN = 'orphan-session';

function header(id: string, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ version: 0, id, createdAt: 1_700_000_000_000, cwd: '/w', ...extra })}\n`;
}

/** A sessions root of four one-line logs: two ids alike, a child of the second, an orphan. */
function writeRoot(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'dsh-hostile-ws-')), 'root');
  const logs: [string, string][] = [
    ['a', header(FIRST)],
    ['b', header(SECOND)],
    ['c', header(CHILD, { parentSession: SECOND, delegationDepth: 1 })],
    ['d', header(ORPHAN, { parentSession: 'gone\u202Exx', delegationDepth: 1 })],
  ];
  for (const [directory, text] of logs) {
    mkdirSync(join(root, directory), { recursive: true });
    writeFileSync(join(root, directory, 'session.jsonl'), text);
  }
  return root;
}

test('ids with a U+202E are shown escaped and ids alike in 8 characters are told apart', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await viewer.openFolder(writeRoot());
  const rows = list.locator('[data-session-id]');
  await expect(rows).toHaveCount(4);
  expect(await list.textContent()).not.toContain('\u202E');
  const first = list.locator(`[data-session-id="${FIRST}"]`);
  const second = list.locator(`[data-session-id="${SECOND}"]`);
  await expect(first.getByTestId('session-id')).toHaveText('ab⟨U+202E⟩cdefgh-1');
  await expect(second.getByTestId('session-id')).toHaveText('ab⟨U+202E⟩cdefgh-2');

  // The session bar of the child names itself and its parent escaped, as the list does.
  await viewer.openSession(list.locator(`[data-session-id="${CHILD}"]`));
  const bar = page.getByTestId('workspace-session-bar');
  await expect(bar).toContainText('chi⟨U+202E⟩ld');
  await expect(page.getByTestId('open-parent')).toContainText('ab⟨U+202E⟩cdefgh-2');
  expect(await bar.textContent()).not.toContain('\u202E');

  // An orphan's missing parent, named only by its header, is escaped too.
  await viewer.openSession(list.locator(`[data-session-id="${ORPHAN}"]`));
  await expect(page.getByTestId('parent-missing')).toContainText('gone⟨U+202E⟩xx');
  expect(await page.getByTestId('workspace-session-bar').textContent()).not.toContain('\u202E');
  await page.screenshot({ path: 'test-results/hostile-workspace-ids.png' });
});
