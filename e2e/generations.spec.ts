// Logs of every format generation open, scrub and show the model view (issue 15). The files are the
// stored-form fixtures of fixtures/generations/stored (rebuilt from upstream snapshots, README there).
import { expect, test } from '@playwright/test';
import { ViewerPage } from './support/viewer-page.ts';

const STORED = 'fixtures/generations/stored';

test.describe('format generations', () => {
  test('a generation-4 log opens with its system prompt, a tool-role result and developer tool changes', async ({
    page,
  }) => {
    const viewer = new ViewerPage(page);
    await viewer.goto();
    await viewer.openFile(`${STORED}/v4/sdk/dynamic-tool-updates/session.v4.jsonl.zstd`);
    await viewer.waitForLoadState('ready');
    await expect(page.getByText('dsh would load it')).toBeVisible();
    await expect(viewer.modelView.getByText(/^developer$/i).first()).toBeVisible();
    await expect(viewer.modelView.getByText('+ tool snapshot_ping')).toBeVisible();
    await expect(viewer.modelView.getByText(/tool result · snapshot_ping/i)).toBeVisible();
  });

  test('a failed embedded attempt streams at its seq', async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.goto();
    await viewer.openFile(`${STORED}/v4/session/compaction-recovery/session.v4.jsonl.zstd`);
    await viewer.waitForLoadState('ready');
    await viewer.scrubTo(18);
    await expect(viewer.modelView.getByText(/finished \(error\)/i)).toBeVisible();
  });

  for (const [generation, path] of [
    [2, 'v2/acp/cancel/session.v2.jsonl.zstd'],
    [3, 'v3/sdk/text-turn/session.v3.jsonl.zstd'],
  ] as const) {
    test(`a generation-${generation} log opens as dsh would load it`, async ({ page }) => {
      const viewer = new ViewerPage(page);
      await viewer.goto();
      await viewer.openFile(`${STORED}/${path}`);
      await viewer.waitForLoadState('ready');
      await expect(page.getByText('dsh would load it')).toBeVisible();
      await expect(viewer.modelView.getByText(/^user$/i).first()).toBeVisible();
    });
  }
});
