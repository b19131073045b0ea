// Facets narrow the events list (issue 14): the counts shown are the log's (the CLI, an independent
// reader of the same file, says what they must be), a picked value narrows the list to the events
// that have it, facets combine, ↑/↓ walk the narrowed rows, and Clear gives the whole list back.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { executedToolCalls } from './support/cli.ts';

const LONG = resolve('fixtures/long-conversation.jsonl.zstd');
const TOOL_ERROR = resolve('fixtures/tool-error.jsonl.zstd');

/** `npm run cli -- inspect FILE --json`: the event count and the count of each stored type. */
function inspectEvents(file: string): { count: number; byType: Record<string, number> } {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (JSON.parse(output) as { events: { count: number; byType: Record<string, number> } }).events;
}

/** The facet bar's parts. */
function facetBar(page: Page) {
  const bar = page.getByTestId('facet-bar');
  return {
    bar,
    button: (label: string) =>
      bar
        .getByRole('group', { name: 'Narrow the events list' })
        .getByRole('button', { name: new RegExp(`^${label}`) }),
    panel: page.getByTestId('facet-panel'),
    value: (value: string) => page.getByTestId('facet-panel').locator(`label[data-value="${value}"]`),
    shown: page.getByTestId('facet-shown-count'),
    clear: bar.getByRole('button', { name: 'Clear', exact: true }),
  };
}

/** The rows the events list shows (loaded ones), as [seq, type] pairs. */
async function shownRows(events: Locator): Promise<[number, string][]> {
  const rows = events.locator('[role="row"][data-state="loaded"]');
  return rows.evaluateAll((elements) =>
    elements.map((element) => [
      Number(element.getAttribute('data-seq')),
      element.querySelectorAll('[role="gridcell"]')[2]?.getAttribute('title') ?? '',
    ]),
  );
}

test('a facet narrows the list to its events, with the log’s counts, and Clear restores it', async ({
  page,
  viewer,
}) => {
  const expected = inspectEvents(LONG);
  await viewer.openLog(LONG);
  const facets = facetBar(page);
  const grid = viewer.events.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', String(expected.count));

  // Every type's count is the log's.
  await facets.button('Type').click();
  await expect(facets.panel).toBeVisible();
  const typeLabels = facets.panel.locator('label[data-value]');
  await expect(typeLabels).toHaveCount(Object.keys(expected.byType).length);
  for (const [type, count] of Object.entries(expected.byType))
    await expect(facets.value(type)).toHaveAttribute('data-count', String(count));

  // Picking tool/call narrows the list to the tool/calls.
  await facets.value('tool/call').getByRole('checkbox').check();
  const callCount = expected.byType['tool/call'] as number;
  await expect(facets.shown).toHaveText(`showing ${callCount} of ${expected.count} events`);
  await expect(grid).toHaveAttribute('aria-rowcount', String(callCount));
  await expect(grid).toHaveAttribute('data-narrowed', 'true');
  const calls = executedToolCalls(LONG);
  await expect.poll(() => shownRows(viewer.events)).toEqual(calls.map((call) => [call.callSeq, 'tool/call']));

  // A second value of the same facet adds its events (by keyboard: Space ticks, and plays nothing).
  await facets.value('tool/result').getByRole('checkbox').focus();
  await page.keyboard.press(' ');
  await expect(facets.value('tool/result').getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const both = callCount + (expected.byType['tool/result'] as number);
  await expect(facets.shown).toHaveText(`showing ${both} of ${expected.count} events`);
  const rows = await shownRows(viewer.events);
  expect(rows).toHaveLength(both);
  expect(rows.every(([, type]) => type === 'tool/call' || type === 'tool/result')).toBe(true);
  // Drawn where it is, not clipped away: the sixth row (past what the first pick's list held) is hit at its centre.
  const sixth = viewer.eventRow(rows[5]?.[0] as number);
  await sixth.scrollIntoViewIfNeeded();
  expect(
    await sixth.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = element.ownerDocument.elementFromPoint(box.left + 8, box.top + box.height / 2);
      return hit?.closest('[role="row"]') === element;
    }),
  ).toBe(true);
  await page.screenshot({ path: test.info().outputPath('narrowed.png') });

  // Another facet counts under this selection: every shown event is a tool's, none the harness's.
  await page.keyboard.press('Escape');
  await expect(facets.panel).toBeHidden();
  await expect(facets.button('Type')).toBeFocused();
  await facets.button('Source').click();
  await expect(facets.value('tool')).toHaveAttribute('data-count', String(both));
  await expect(facets.value('harness')).toHaveAttribute('data-count', '0');
  // …and the Type facet's own counts ignore its own pick.
  await facets.button('Type').click();
  await expect(facets.value('turn/start')).toHaveAttribute(
    'data-count',
    String(expected.byType['turn/start']),
  );

  // ↓ in the narrowed list goes to its next row, not the next event.
  const first = rows[0]?.[0] as number;
  await viewer.eventRow(first).click();
  await viewer.expectCursorAt(first);
  await grid.press('ArrowDown');
  await viewer.expectCursorAt(rows[1]?.[0] as number);
  await grid.press('End');
  await viewer.expectCursorAt(rows.at(-1)?.[0] as number);

  // A cursor on an event the list leaves out: the nearest row is marked.
  await viewer.press('ArrowRight');
  await viewer.expectCursorAt((rows.at(-1)?.[0] as number) + 1);
  await expect(page.getByTestId('facet-cursor-note')).toBeVisible();
  await expect(viewer.events.locator('[data-cursor-near="true"]')).toHaveAttribute(
    'data-seq',
    String(rows.at(-1)?.[0]),
  );

  await facets.clear.click();
  await expect(facets.shown).toBeHidden();
  await expect(viewer.events.getByRole('grid')).toHaveAttribute('aria-rowcount', String(expected.count));
  await expect(viewer.events.getByRole('grid')).not.toHaveAttribute('data-narrowed', 'true');
  // The whole list is back, scrolled to the cursor.
  await expect(viewer.eventRow((rows.at(-1)?.[0] as number) + 1)).toBeVisible();
});

test('the status facet narrows to a failed call’s events, and facets combine', async ({ page, viewer }) => {
  const [failed] = executedToolCalls(TOOL_ERROR).filter((call) => call.status === 'error');
  expect(failed).toBeDefined();
  await viewer.openLog(TOOL_ERROR);
  const facets = facetBar(page);
  await facets.button('Status').click();
  await facets.value('error').getByRole('checkbox').check();
  await expect(facets.shown).toContainText('showing 2 of');
  await expect
    .poll(() => shownRows(viewer.events))
    .toEqual([
      [failed?.callSeq, 'tool/call'],
      [failed?.resultSeq, 'tool/result'],
    ]);
  await page.keyboard.press('Escape');
  await facets.button('Tool').click();
  await expect(facets.value(failed?.name ?? '')).toHaveAttribute('data-count', '2');
  await facets.button('Type').click();
  await facets.value('tool/result').getByRole('checkbox').check();
  await expect(facets.shown).toContainText('showing 1 of');
  await expect.poll(() => shownRows(viewer.events)).toEqual([[failed?.resultSeq, 'tool/result']]);
  await facets.value('turn/start').getByRole('checkbox').check();
  await facets.value('tool/result').getByRole('checkbox').uncheck();
  await expect(facets.shown).toContainText('showing 0 of');
  await expect(viewer.events.getByText('No event has every value picked.')).toBeVisible();
});

test('the facets narrow to the search’s matches, and count among them', async ({ page, viewer }) => {
  await viewer.openLog(TOOL_ERROR);
  const facets = facetBar(page);
  const search = page.getByRole('searchbox', { name: 'Search events' });
  await search.fill('bash');
  await search.press('Enter');
  const count = page.getByTestId('search-count');
  await expect(count).toHaveText(/ of \d+$/);
  const matches = Number((await count.textContent())!.split(' of ')[1]);
  expect(matches).toBeGreaterThan(2);

  const within = page.getByTestId('facet-within-matches');
  await within.check();
  await expect(facets.shown).toHaveAttribute('data-shown', String(matches));
  // The type counts are counts among the matches: they add up to them.
  await facets.button('Type').click();
  const labels = facets.panel.locator('label[data-count]');
  await expect(labels.first()).toBeVisible();
  const counts = await labels.evaluateAll((all) =>
    all.map((label) => Number(label.getAttribute('data-count'))),
  );
  expect(counts.reduce((sum, value) => sum + value, 0)).toBe(matches);
  await facets.value('tool/call').locator('input').check();
  await expect(facets.shown).toHaveAttribute(
    'data-shown',
    String(counts[await indexOfValue(labels, 'tool/call')]),
  );
  for (const [, type] of await shownRows(viewer.events)) expect(type).toBe('tool/call');

  // Unticked, the type alone narrows: every tool/call of the log, as the CLI counts them.
  await within.uncheck();
  const toolCalls = inspectEvents(TOOL_ERROR).byType['tool/call'];
  await expect(facets.shown).toHaveAttribute('data-shown', String(toolCalls));
  await facets.clear.click();
  await expect(facets.shown).toHaveCount(0);
  await expect(within).not.toBeChecked();
});

async function indexOfValue(labels: Locator, value: string): Promise<number> {
  const values = await labels.evaluateAll((all) => all.map((label) => label.getAttribute('data-value')));
  return values.indexOf(value);
}
