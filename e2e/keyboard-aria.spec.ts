// Keyboard and screen-reader contracts (issue 14): tabs with a tabpanel, the events grid and its
// arrow keys, the slider's spoken value, polite cursor announcements, and a dialog that takes and
// returns the focus.
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';

const LOG = resolve('fixtures/approval-approved.jsonl.zstd');

test('the right pane is a tab list with a tabpanel labelled by the selected tab', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(LOG);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveAccessibleName('Model view');
  await page.getByRole('tab', { name: 'Triage' }).click();
  await expect(panel).toHaveAccessibleName('Triage');
});

test('↑/↓ inside the events grid move the selected row; the slider and a status say where the cursor is', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(LOG);
  await viewer.scrubTo(134);
  const grid = page.getByRole('grid', { name: 'Event rows' });
  await grid.focus();
  await page.keyboard.press('ArrowDown');
  await viewer.waitForModelViewAt(135);
  await expect(viewer.eventRow(135)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await viewer.waitForModelViewAt(133);
  await expect(viewer.slider).toHaveAttribute('aria-valuetext', 'seq 133 of 188, turn 1, step 1, tool/call');
  await expect(page.getByTestId('cursor-announcement')).toHaveText(
    'Cursor at seq 133 of 188, turn 1, step 1, tool/call',
  );
});

test('the keys dialog takes the focus and gives it back', async ({ page, viewer }) => {
  await viewer.openLog(LOG);
  const openButton = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await openButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(openButton).toBeFocused();
});
