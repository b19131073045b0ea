// The Node loader of the fast zstd path: it picks Node's zlib zstd where the running Node has it,
// else starts @bokuweb/zstd-wasm, once, and its decompressor reads real logs.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../log/index.ts';
import { loadFastZstd, loadNativeZstd, NATIVE_ZSTD_MIN_FRAME_BYTES, splitBySize } from './fast-zstd.ts';

import { CORPUS_DIR } from '../log/testing/corpus-dir.ts';

/** Node ≥ 22.15 / 23.8 has zstd in zlib; Node 20 (this project's floor) does not. */
const nodeHasZstd =
  typeof (zlib as unknown as { zstdDecompressSync?: unknown }).zstdDecompressSync === 'function';
/** The library that decodes a fixture's small frames in this process (zlib only when told to). */
const expectedLibrary = nodeHasZstd && process.env.DSH_REPLAY_ZSTD === 'native' ? 'node-zlib' : 'zstd-wasm';

describe('loadFastZstd', () => {
  it(`loads the fast path once (small frames: ${expectedLibrary} on Node ${process.version}) and hands out the same function`, async () => {
    const first = await loadFastZstd();
    expect(first?.library?.(4096)).toBe(expectedLibrary);
    expect(first?.library?.(NATIVE_ZSTD_MIN_FRAME_BYTES)).toBe(nodeHasZstd ? 'node-zlib' : expectedLibrary);
    expect(await loadFastZstd()).toBe(first);
  });

  it('sends frames from NATIVE_ZSTD_MIN_FRAME_BYTES to zlib and smaller ones to wasm, and either alone when only one loaded', () => {
    const calls: string[] = [];
    const fake = (library: 'node-zlib' | 'zstd-wasm') =>
      Object.assign(
        (_frame: Uint8Array, contentSize: number) => {
          calls.push(`${library}:${contentSize}`);
          return new Uint8Array(contentSize);
        },
        { library: () => library },
      );
    const native = fake('node-zlib');
    const wasm = fake('zstd-wasm');
    const split = splitBySize(native, wasm);
    split?.(new Uint8Array(0), NATIVE_ZSTD_MIN_FRAME_BYTES - 1);
    split?.(new Uint8Array(0), NATIVE_ZSTD_MIN_FRAME_BYTES);
    expect(calls).toEqual([
      `zstd-wasm:${NATIVE_ZSTD_MIN_FRAME_BYTES - 1}`,
      `node-zlib:${NATIVE_ZSTD_MIN_FRAME_BYTES}`,
    ]);
    expect(split?.library?.(NATIVE_ZSTD_MIN_FRAME_BYTES - 1)).toBe('zstd-wasm');
    expect(split?.library?.(NATIVE_ZSTD_MIN_FRAME_BYTES)).toBe('node-zlib');
    expect(splitBySize(native, null)).toBe(native);
    expect(splitBySize(null, wasm)).toBe(wasm);
    expect(splitBySize(null, null)).toBeNull();
  });

  it.skipIf(nodeHasZstd)(`finds no native zstd on a Node without it (Node 20 only)`, () => {
    expect(loadNativeZstd()).toBeNull();
  });

  it.skipIf(!nodeHasZstd)(
    `Node's zlib zstd decodes every frame of a fixture as fzstd does (Node ≥ 22.15 only)`,
    () => {
      const fastDecompress = loadNativeZstd();
      expect(fastDecompress?.library?.(1)).toBe('node-zlib');
      const fixture = fileURLToPath(new URL('../../fixtures/tool-error.jsonl.zstd', import.meta.url));
      const bytes = new Uint8Array(readFileSync(fixture));
      const native = decodeLog(bytes, { fastDecompress: fastDecompress ?? undefined });
      const wasmless = decodeLog(bytes);
      expect(native.file.decompressor).toBe('node-zlib');
      expect(wasmless.file.decompressor).toBe('fzstd');
      expect(native.store.eventCount).toBe(wasmless.store.eventCount);
      for (let index = 0; index < native.store.eventCount; index++)
        expect(native.store.readStoredEvent(index)).toEqual(wasmless.store.readStoredEvent(index));
    },
  );

  it.skipIf(!nodeHasZstd)(
    `Node's zlib zstd refuses to inflate past the declared size (Node ≥ 22.15 only)`,
    () => {
      const fastDecompress = loadNativeZstd();
      const text = Buffer.from('x'.repeat(1000));
      const compressed = (
        zlib as unknown as { zstdCompressSync: (input: Uint8Array) => Uint8Array }
      ).zstdCompressSync(text);
      expect(fastDecompress?.(compressed, 1000)).toEqual(new Uint8Array(text));
      expect(() => fastDecompress?.(compressed, 999)).toThrow();
    },
  );

  it.skipIf(!nodeHasZstd)(
    'a log of small frames and one large frame is decoded by both libraries, says so, and reads as its plain twin (Node ≥ 22.15 only)',
    async () => {
      const compress = (zlib as unknown as { zstdCompressSync: (input: Uint8Array) => Uint8Array })
        .zstdCompressSync;
      const fixture = fileURLToPath(new URL('../../fixtures/tool-error.jsonl', import.meta.url));
      const longText = 'output line '.repeat(Math.ceil(NATIVE_ZSTD_MIN_FRAME_BYTES / 12) + 1);
      const plain = readFileSync(fixture, 'utf8').replace(
        'Error: bash is disabled by policy in this session',
        longText,
      );
      const lines = plain.split('\n').filter((line) => line.length > 0);
      // One frame per line, as dsh writes one per flush: the tool result's line is the large one.
      const frames = lines.map((line) => compress(Buffer.from(`${line}\n`)));
      expect(frames.some((_, index) => (lines[index]?.length ?? 0) >= NATIVE_ZSTD_MIN_FRAME_BYTES)).toBe(
        true,
      );
      const zstd = decodeLog(new Uint8Array(Buffer.concat(frames)), {
        fastDecompress: (await loadFastZstd()) ?? undefined,
      });
      const twin = decodeLog(new Uint8Array(Buffer.from(plain)));
      expect(zstd.file.decompressor).toBe(
        expectedLibrary === 'node-zlib' ? 'node-zlib' : 'node-zlib+zstd-wasm',
      );
      expect(zstd.store.eventCount).toBe(twin.store.eventCount);
      for (let index = 0; index < twin.store.eventCount; index++)
        expect(zstd.store.readStoredEvent(index)).toEqual(twin.store.readStoredEvent(index));
    },
  );

  it('decodes a fixture through the fast path, with the same events as its plain twin', async () => {
    const fastDecompress = await loadFastZstd();
    const fixture = fileURLToPath(new URL('../../fixtures/tool-error.jsonl', import.meta.url));
    const zstd = decodeLog(new Uint8Array(readFileSync(`${fixture}.zstd`)), { fastDecompress });
    const plain = decodeLog(new Uint8Array(readFileSync(fixture)));
    expect(zstd.file.decompressor).toBe(expectedLibrary);
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
      expect(zstd.file.decompressor).toBe(expectedLibrary);
      expect(zstd.store.eventCount).toBe(plain.store.eventCount);
      expect(zstd.store.readStoredEvent(zstd.store.eventCount - 1)).toEqual(
        plain.store.readStoredEvent(plain.store.eventCount - 1),
      );
    },
  );
});
