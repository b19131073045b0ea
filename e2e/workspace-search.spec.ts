// Search across every session of a workspace (issue 13): results grouped by session, counted per
// session, and a result that opens its session at the matching event.
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'sessions', 'root');
/** The fork parent and its forked child (fixtures/sessions/README.md): both hold the codeword. */
const FORK_PARENT = '96cf59c9-b347-48b9-b234-a5200913ad05';
const FORK_CHILD = 'ada8966c-9fa3-441b-8721-37ff1e795e6a';

test('a search across the sessions groups its hits by session, and a hit opens its session there', async ({
  page,
  viewer,
}) => {
  await viewer.goto();
  const list = await viewer.openFolder(ROOT);

  const box = page.getByRole('searchbox', { name: 'Search all sessions' });
  await box.fill('MARMALADE');
  await box.press('Enter');
  const results = page.getByTestId('workspace-search-results');
  await expect(results.getByRole('status')).toContainText('in 2 sessions', { timeout: 30_000 });
  await expect(results.getByRole('status')).not.toContainText('searching');
  const groups = results.getByTestId('workspace-search-session');
  await expect(groups).toHaveCount(2);
  expect(
    (await groups.evaluateAll((all) => all.map((group) => group.getAttribute('data-result-session')))).sort(),
  ).toEqual([FORK_CHILD, FORK_PARENT].sort());
  // The parent comes first: results follow the list's tree order.
  await expect(groups.first()).toHaveAttribute('data-result-session', FORK_PARENT);

  // Every hit's snippet marks the text, whatever its case in the log.
  const hits = results.getByTestId('workspace-search-hit');
  expect(await hits.count()).toBeGreaterThan(1);
  for (const mark of await hits.locator('mark').allTextContents())
    expect(mark.toLowerCase()).toBe('marmalade');

  // A hit of the child opens the child at that seq.
  const childHit = results
    .locator(`[data-testid="workspace-search-hit"][data-result-session="${FORK_CHILD}"]`)
    .last();
  const seq = Number(await childHit.getAttribute('data-seq'));
  await childHit.click();
  await viewer.waitForLoadState('ready');
  await viewer.expectCursorAt(seq);
  // The opened session's search bar takes the text up: its count, and the text highlighted there.
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('MARMALADE');
  await expect(page.getByTestId('search-count')).toContainText(/ of \d+$/);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const registry = CSS.highlights as unknown as Map<string, Set<AbstractRange>>;
        return [...(registry.get('search-match') ?? []), ...(registry.get('search-current') ?? [])].map(
          (range) => (range instanceof Range ? range.toString().toLowerCase() : ''),
        );
      }),
    )
    .toContain('marmalade');
  await viewer.expectCursorAt(seq);
  // Escape in the box clears the results; the list is back.
  await box.press('Escape');
  await expect(results).toHaveCount(0);
  await expect(list.getByRole('listbox')).toBeVisible();
  // The session the hit opened is the open one in the list (the list stays hidden behind results).
  await expect(list.locator(`[data-session-id="${FORK_CHILD}"]`)).toHaveAttribute('data-open', 'true');
});
