// Bad input, a clear message, nothing lost: an empty file, a header before a 4 GiB bomb, a deep
// value. The zstd bomb of blank lines, measured for long tasks, is read-limits-bomb.spec.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';

test('an empty file opens with the verdict CLI.md defines (corrupt), not as "Could not open"', async ({
  page,
  viewer,
}) => {
  await viewer.openLog(resolve('fixtures/adversarial/empty.jsonl'));
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'corrupt');
  await expect(viewer.loadError()).toHaveCount(0);
  await page.getByTestId('problem-count').click();
  await expect(page.getByRole('dialog', { name: 'Problems' })).toContainText('empty or header-less');
});

/** One zstd frame of a single raw block: declared size, no checksum (a valid frame dsh could read). */
function rawFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(9 + 3);
  header.set([0x28, 0xb5, 0x2f, 0xfd, 0xa0]);
  header.writeUInt32LE(payload.length, 5);
  header.writeUIntLE((payload.length << 3) | 1, 9, 3);
  return Buffer.concat([header, payload]);
}

/** A frame without a declared size whose RLE blocks expand to `expandedBytes` of "a": one endless line. */
function rleBombFrame(expandedBytes: number): Buffer {
  const blockBytes = 128 * 1024;
  const blocks = Math.ceil(expandedBytes / blockBytes);
  const frame = Buffer.alloc(6 + blocks * 4);
  frame.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, (17 - 10) << 3]);
  for (let i = 0; i < blocks; i++) {
    frame.writeUIntLE((blockBytes << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0), 6 + i * 4, 3);
    frame[6 + i * 4 + 3] = 0x61;
  }
  return frame;
}

test('a header followed by a 4 GiB bomb shows the header, "too large for this viewer", and says no events were read', async ({
  page,
  viewer,
}) => {
  await viewer.goto('/');
  const header = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').split('\n')[0] ?? '';
  await viewer.fileInput.setInputFiles({
    name: 'header-then-bomb.jsonl.zstd',
    mimeType: 'application/octet-stream',
    buffer: Buffer.concat([rawFrame(`${header}\n`), rleBombFrame(4 * 1024 ** 3)]),
  });
  await viewer.waitForLoadState('ready', 20_000);
  await expect(page.getByTestId('header-card')).toBeVisible();
  await expect(page.getByTestId('verdict')).not.toHaveAttribute('data-verdict', 'corrupt');
  await expect(page.getByTestId('viewer-limit')).toContainText('too large for this viewer');
  await page.getByTestId('problem-count').click();
  const problems = page.getByRole('dialog', { name: 'Problems' });
  await expect(problems).toContainText('only the header was read before it (no events)');
  await expect(problems).not.toContainText('events before it are shown');
});

test('a 100,000-deep value in one content block: the model view works at every later seq, the detail shows the event', async ({
  page,
  viewer,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await viewer.goto('/');
  const header = readFileSync(resolve('fixtures/tool-error.jsonl'), 'utf8').split('\n')[0] ?? '';
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const message = (seq: number, text: string, extra: string) =>
    `{"type":"user/message","seq":${seq},"time":${1_783_352_100_000 + seq},"surfaceOp":"append","data":{"id":"u${seq}","role":"user","source":{"kind":"user"},"content":[{"type":"text","text":"${text}"${extra}}]}}`;
  const lines = [
    header,
    message(0, 'deep one', `,"extra":${deep}`),
    message(1, 'after it', ''),
    message(2, 'and later', ''),
  ];
  await viewer.fileInput.setInputFiles({
    name: 'deep-block.jsonl',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await viewer.waitForLoadState('ready');
  for (const seq of [2, 1, 0]) {
    await viewer.scrubTo(seq);
    await expect(viewer.modelView).toContainText('deep one');
  }
  await viewer.scrubTo(2);
  await expect(viewer.modelView).toContainText('and later');
  await expect(viewer.modelView).not.toContainText('Maximum call stack');
  await viewer.scrubTo(0);
  await expect(viewer.detail.getByLabel('Event JSON')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
