// The events search finds what a person sees (issue 12, "Search"): text with quotes as the model view
// shows it, which the file stores JSON-escaped, and the words of a row's summary.
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { ViewerPage } from './support/viewer-page.ts';

test('a quoted phrase as shown on screen is found, and so is a row summary', async ({ page }) => {
  const viewer = new ViewerPage(page);
  await viewer.goto('/');
  await viewer.openFile(resolve('fixtures/tool-error.jsonl'));
  await viewer.waitForLoadState('ready');
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
