// The events search finds what a person sees (issue 12, "Search"): text with quotes as the model view
// shows it, which the file stores JSON-escaped, and the words of a row's summary.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import type { ViewerPage } from './support/viewer-page.ts';

test('a quoted phrase as shown on screen is found, and so is a row summary', async ({ page, viewer }) => {
  await viewer.openLog(resolve('fixtures/tool-error.jsonl'));
  await viewer.press('Home');
  await viewer.expectCursorAt(0);
  const search = page.getByRole('searchbox', { name: 'Search events' });
  // The tool call's arguments, as the model view shows them; the file has {\"command\": \"echo HELLO\"…}.
  await search.fill('"command": "echo HELLO"');
  await search.press('Enter');
  await expect(viewer.slider).not.toHaveValue('0');
  const found = await viewer.cursorSeq();
  await expect(viewer.eventRow(found)).toContainText(/assistant|tool/);
  await expect(page.getByText('no match')).toHaveCount(0);

  await search.fill('turn 1 ended: completed');
  await search.press('Enter');
  await expect(viewer.eventRow(123)).toHaveAttribute('aria-current', 'true');
});

// Issue 14: search wraps and counts; a callId lands on the tool/call; matches are highlighted.
const PACKED = resolve('fixtures/packed-chunks.jsonl.zstd');
/** packed-chunks: the hook that denied the call, the call's result, and the final answer say it. */
const DENIED_SEQS = [60, 61, 121];
const CALL_ID = 'call_00_JliP571Bh0QQ8QExbSPk0080';
const CALL_SEQ = 58;
const RESULT_SEQ = 61;

async function openPacked(viewer: ViewerPage) {
  await viewer.openLog(PACKED);
  return viewer.page.getByRole('searchbox', { name: 'Search events' });
}

test('search counts the matches, steps from the cursor and wraps at either end with a notice', async ({
  page,
  viewer,
}) => {
  const search = await openPacked(viewer);
  const count = page.getByTestId('search-count');
  const note = page.getByTestId('search-note');
  await viewer.press('End');
  await viewer.expectCursorAt(123);

  await search.fill('DISABLED by policy');
  await search.press('Enter');
  // From the end, the term occurs only earlier: the search comes round to the first match.
  await viewer.expectCursorAt(DENIED_SEQS[0]!);
  await expect(count).toHaveText('1 of 3');
  await expect(note).toHaveText('wrapped to the first match');

  await search.press('Enter');
  await viewer.expectCursorAt(DENIED_SEQS[1]!);
  await expect(count).toHaveText('2 of 3');
  await expect(note).toHaveText('');
  await search.press('Enter');
  await viewer.expectCursorAt(DENIED_SEQS[2]!);
  await expect(count).toHaveText('3 of 3');

  await search.press('Shift+Enter');
  await viewer.expectCursorAt(DENIED_SEQS[1]!);
  await search.press('Shift+Enter');
  await viewer.expectCursorAt(DENIED_SEQS[0]!);
  await search.press('Shift+Enter');
  await viewer.expectCursorAt(DENIED_SEQS[2]!);
  await expect(count).toHaveText('3 of 3');
  await expect(note).toHaveText('wrapped to the last match');

  // Off a match the count says how many there are.
  await search.blur();
  await viewer.press('Home');
  await expect(count).toHaveText('3 matches');

  await search.fill('no event says this');
  await search.press('Enter');
  await expect(note).toHaveText('no match');
  await expect(count).toHaveCount(0);
});

test('a callId search lands on the tool/call, then on the result that echoes it, never on its deltas', async ({
  page,
  viewer,
}) => {
  const search = await openPacked(viewer);
  await viewer.press('Home');
  await viewer.expectCursorAt(0);
  await search.fill(CALL_ID);
  await search.press('Enter');
  await viewer.expectCursorAt(CALL_SEQ);
  await expect(viewer.eventRow(CALL_SEQ)).toContainText('tool/call');
  await expect(page.getByTestId('search-count')).toHaveText('1 of 2');
  await search.press('Enter');
  await viewer.expectCursorAt(RESULT_SEQ);
  await expect(viewer.eventRow(RESULT_SEQ)).toContainText('tool/result');
});

test('the match is highlighted in the event rows, the event detail and the model view', async ({
  page,
  viewer,
}) => {
  const search = await openPacked(viewer);
  await viewer.press('Home');
  await viewer.expectCursorAt(0);
  // The call id shows in the call's row, in its detail (data.callId) and on the model view's call card.
  await search.fill(CALL_ID.toUpperCase());
  await search.press('Enter');
  await viewer.expectCursorAt(CALL_SEQ);
  await viewer.waitForModelViewAt(CALL_SEQ);

  const highlighted = () =>
    page.evaluate(() => {
      // The registry is maplike; the DOM typings of this config do not declare get/size.
      const registry = CSS.highlights as unknown as Map<string, Set<AbstractRange>>;
      const all = [...(registry.get('search-match') ?? []), ...(registry.get('search-current') ?? [])];
      const inside = (testId: string) => {
        const scope = document.querySelector(`[data-testid="${testId}"]`);
        return all.filter((range) => scope?.contains(range.startContainer)).length;
      };
      return {
        rows: inside('events-scroll'),
        detail: inside('event-detail'),
        model: inside('model-view-scroll'),
        current: registry.get('search-current')?.size ?? 0,
        texts: [...new Set(all.map((range) => (range instanceof Range ? range.toString() : '')))],
      };
    });
  await expect
    .poll(async () => {
      const { rows, detail, model, current } = await highlighted();
      return rows > 0 && detail > 0 && model > 0 && current > 0;
    })
    .toBe(true);
  // Every highlight covers the text, as shown (the search ignored case).
  expect((await highlighted()).texts).toEqual([CALL_ID]);
  await page.screenshot({ path: test.info().outputPath('search-highlight.png') });

  // Clearing the box clears the highlights.
  await search.fill('');
  await expect
    .poll(() => page.evaluate(() => (CSS.highlights as unknown as Map<string, unknown>).size))
    .toBe(0);
});
