// Logs of every format generation open, scrub and show the model view (issue 15). The files are the
// stored-form fixtures of fixtures/generations/stored (rebuilt from upstream snapshots, README there).
import { expect, test } from './support/fixtures.ts';

const STORED = 'fixtures/generations/stored';

test.describe('format generations', () => {
  test('a generation-4 log opens with its system prompt, a tool-role result and developer tool changes', async ({
    page,
    viewer,
  }) => {
    await viewer.openLog(`${STORED}/v4/sdk/dynamic-tool-updates/session.v4.jsonl.zstd`);
    await expect(page.getByText('dsh would load it')).toBeVisible();
    await expect(viewer.modelView.getByText(/^developer$/i).first()).toBeVisible();
    await expect(viewer.modelView.getByText('+ tool snapshot_ping')).toBeVisible();
    await expect(viewer.modelView.getByText(/tool result · snapshot_ping/i)).toBeVisible();
  });

  test('a failed embedded attempt streams at its seq', async ({ viewer }) => {
    await viewer.openLog(`${STORED}/v4/session/compaction-recovery/session.v4.jsonl.zstd`);
    await viewer.scrubTo(18);
    await expect(viewer.modelView.getByText(/finished \(error\)/i)).toBeVisible();
  });

  for (const [generation, path] of [
    [2, 'v2/acp/cancel/session.v2.jsonl.zstd'],
    [3, 'v3/sdk/text-turn/session.v3.jsonl.zstd'],
  ] as const) {
    test(`a generation-${generation} log opens as dsh would load it`, async ({ page, viewer }) => {
      await viewer.openLog(`${STORED}/${path}`);
      await expect(page.getByText('dsh would load it')).toBeVisible();
      await expect(viewer.modelView.getByText(/^user$/i).first()).toBeVisible();
    });
  }
});

test.describe('a session directory with several generations', () => {
  const DIRECTORY = 'fixtures/generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600';

  test('opens its current file and lists the older generations, which open on request', async ({
    page,
    viewer,
  }) => {
    await viewer.goto();
    await viewer.fileInput.setInputFiles([
      `${DIRECTORY}/session.jsonl.zstd`,
      `${DIRECTORY}/session.v4.jsonl.zstd`,
      `${DIRECTORY}/session.v3.jsonl.zstd`,
    ]);
    await viewer.waitForLoadState('ready');
    await expect(page.getByText('session.v4.jsonl.zstd', { exact: true })).toBeVisible();
    const bar = page.getByTestId('opened-files');
    await expect(bar).toContainText('3 generations of one session');
    await viewer.openSession(bar.getByRole('button', { name: /session\.jsonl\.zstd \(generation 0\)/ }));
    await expect(page.getByText('session.jsonl.zstd', { exact: true })).toBeVisible();
    await expect(
      bar.getByRole('button', { name: /session\.v4\.jsonl\.zstd \(generation 4\)/ }),
    ).toBeVisible();
  });
});
