// The specs' test object: Playwright's, plus a `viewer` page object for the test's page (the
// page-object fixture pattern of tldraw's e2e/fixtures/fixtures.ts). Specs take `{ viewer }` instead
// of constructing a ViewerPage, and open logs through its openLog / gotoReady, which wait for the
// root's data-load-state="ready" so no spec writes that wait by hand. ViewerPage stays exported and
// constructible for a second page or context of one test.
import { test as base } from '@playwright/test';
import { ViewerPage } from './viewer-page.ts';

export const test = base.extend<{ viewer: ViewerPage }>({
  viewer: async ({ page }, use) => {
    await use(new ViewerPage(page));
  },
});

export { expect } from '@playwright/test';
