// Tests of the content key: a hash of a log's bytes that does not depend on how they were read.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT_KEY_BLOCK_BYTES, createContentHasher } from './content-key.ts';

/** The key as content-key.ts defines it, computed independently with Node's crypto. */
function referenceKey(bytes: Uint8Array): string {
  const outer = createHash('sha256');
  for (let offset = 0; offset < bytes.length || offset === 0; offset += CONTENT_KEY_BLOCK_BYTES) {
    outer.update(
      createHash('sha256')
        .update(bytes.subarray(offset, offset + CONTENT_KEY_BLOCK_BYTES))
        .digest(),
    );
    if (bytes.length === 0) break;
  }
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(bytes.length));
  return outer.update(length).digest('hex');
}

function bytesOf(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 9)) & 0xff;
  return bytes;
}

async function keyOf(bytes: Uint8Array, sliceBytes: number): Promise<string> {
  const hasher = createContentHasher();
  for (let offset = 0; offset < bytes.length; offset += sliceBytes)
    hasher.push(bytes.subarray(offset, offset + sliceBytes));
  return hasher.finish();
}

describe('createContentHasher', () => {
  it('gives the same key however the bytes are sliced', async () => {
    const bytes = bytesOf(2 * CONTENT_KEY_BLOCK_BYTES + 12_345, 1);
    const keys = await Promise.all(
      [1_000, 8_192, 65_536, CONTENT_KEY_BLOCK_BYTES, 3 * CONTENT_KEY_BLOCK_BYTES].map((size) =>
        keyOf(bytes, size),
      ),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(referenceKey(bytes));
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
  });
  it('tells apart contents that differ in one byte, in length, or in a block boundary', async () => {
    const bytes = bytesOf(CONTENT_KEY_BLOCK_BYTES + 10, 2);
    const changed = bytes.slice();
    changed[CONTENT_KEY_BLOCK_BYTES + 3]! ^= 1;
    const keys = await Promise.all(
      [bytes, changed, bytes.subarray(0, bytes.length - 1), new Uint8Array(0)].map((b) => keyOf(b, 4_096)),
    );
    expect(new Set(keys).size).toBe(4);
    expect(keys[3]).toBe(referenceKey(new Uint8Array(0)));
  });
});
