// Accessibility in real Chromium (issue 14): axe-core finds no serious or critical violation on the
// empty page, a loaded log (with the facet bar open and the events list narrowed), the triage tab
// and the help dialog, a forked child of a workspace (its parent link, inherited rows and timeline
// band), the search across a workspace's sessions, and an image and a placeholder from media/, in the
// light and the dark theme.
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const LOG = resolve('fixtures/approval-approved.jsonl.zstd');
const SESSIONS_ROOT = resolve('fixtures/sessions/root');
const MEDIA_ZIP = resolve('fixtures/media/dsh-session-8f3f5710-d0de-497d-ab9a-0387099836fb.zip');
const FORGED_MEDIA = resolve('fixtures/media/forged');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    );
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('the empty page', async ({ page, viewer }) => {
      await viewer.goto();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a loaded log, its triage tab and the help dialog', async ({ page, viewer }) => {
      await viewer.openLog(LOG);
      await viewer.scrubTo(134);
      expect(await seriousViolations(page)).toEqual([]);
      // The facet bar with a facet's values open and the list narrowed by one of them.
      await page.getByTestId('facet-bar').getByRole('button', { name: /^Type/ }).click();
      await page
        .getByTestId('facet-panel')
        .locator('label[data-value="tool/call"]')
        .getByRole('checkbox')
        .check();
      await expect(page.getByTestId('facet-shown-count')).toContainText('showing 1 of');
      await expect(viewer.events.locator('[role="row"][data-state="loaded"]')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('facet-bar').getByRole('button', { name: 'Clear', exact: true }).click();
      await page.getByRole('tab', { name: 'Triage' }).click();
      await expect(page.getByRole('tab', { name: 'Triage' })).toHaveAttribute('aria-selected', 'true');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a forked child: its parent link, inherited rows and timeline band; an image and a placeholder', async ({
      page,
      viewer,
    }) => {
      // Four page states, each a full axe scan (1-10 s apiece on a loaded 2-core machine: 68 s in one CI run).
      test.slow();
      await viewer.goto();
      const list = await viewer.openFolder(SESSIONS_ROOT);
      // The search across the sessions: its results in the list's place, the matches marked.
      const searchAll = page.getByRole('searchbox', { name: 'Search all sessions' });
      await searchAll.fill('codeword');
      await searchAll.press('Enter');
      await expect(page.getByTestId('workspace-search-hit').first()).toBeVisible();
      await expect(page.getByTestId('workspace-search-results').getByRole('status')).not.toContainText(
        'searching',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await searchAll.press('Escape');
      await viewer.openSession(list.locator('[data-session-id="ada8966c-9fa3-441b-8721-37ff1e795e6a"]'));
      await viewer.slider.fill('40');
      await expect(viewer.eventRow(41)).toHaveAttribute('data-inherited-last', 'true');
      await expect(page.getByTestId('timeline-inherited-band')).toBeVisible();
      await expect(page.getByTestId('header-parent')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const media = [
        { open: () => viewer.openFile(MEDIA_ZIP), shown: 'attachment-image' },
        {
          open: () => page.getByTestId('folder-input').setInputFiles(FORGED_MEDIA),
          shown: 'attachment-placeholder',
        },
      ];
      for (const { open, shown: testId } of media) {
        await viewer.goto();
        await open();
        await expect(list).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
        await viewer.openSession(list.locator('[data-session-id]').first());
        await expect(viewer.modelView.getByTestId(testId)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  });
}
