// The Node loader of the fast zstd path: it starts @bokuweb/zstd-wasm once and its decompressor reads real logs.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../log/index.ts';
import { loadFastZstd } from './fast-zstd.ts';

import { CORPUS_DIR } from '../log/testing/corpus-dir.ts';

describe('loadFastZstd', () => {
  it('loads the WebAssembly decompressor once and hands out the same function', async () => {
    const first = await loadFastZstd();
    expect(first).not.toBeNull();
    expect(await loadFastZstd()).toBe(first);
  });

  it('decodes a fixture through the fast path, with the same events as its plain twin', async () => {
    const fastDecompress = await loadFastZstd();
    const fixture = fileURLToPath(new URL('../../fixtures/tool-error.jsonl', import.meta.url));
    const zstd = decodeLog(new Uint8Array(readFileSync(`${fixture}.zstd`)), { fastDecompress });
    const plain = decodeLog(new Uint8Array(readFileSync(fixture)));
    expect(zstd.file.decompressor).toBe('zstd-wasm');
    expect(zstd.store.eventCount).toBe(plain.store.eventCount);
    expect(zstd.store.readStoredEvent(zstd.store.eventCount - 1)).toEqual(
      plain.store.readStoredEvent(plain.store.eventCount - 1),
    );
  });

  const name = existsSync(CORPUS_DIR)
    ? readdirSync(CORPUS_DIR).find((candidate) => candidate.endsWith('.jsonl.zstd'))
    : undefined;

  it.skipIf(name === undefined)(
    'decodes a real zstd log of the corpus through the fast path, with the same events as its plain twin (skipped without ../shared/corpus)',
    async () => {
      if (name === undefined) throw new Error('unreachable: skipped without a corpus log');
      const fastDecompress = await loadFastZstd();
      const zstd = decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, name))), { fastDecompress });
      const plain = decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, name.replace(/\.zstd$/, '')))));
      expect(zstd.file.decompressor).toBe('zstd-wasm');
      expect(zstd.store.eventCount).toBe(plain.store.eventCount);
      expect(zstd.store.readStoredEvent(zstd.store.eventCount - 1)).toEqual(
        plain.store.readStoredEvent(plain.store.eventCount - 1),
      );
    },
  );
});
