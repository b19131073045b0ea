// The zstd magic is defined once: as the bytes on disk and as the u32 the frame scan compares.

import { describe, expect, it } from 'vitest';
import { ZSTD_MAGIC, ZSTD_MAGIC_BYTES, scanZstdFrame } from './zstd-frames.ts';

describe('ZSTD_MAGIC', () => {
  it('is 28 B5 2F FD on disk and 0xFD2FB528 read little-endian (RFC 8878 §3.1.1)', () => {
    expect(ZSTD_MAGIC_BYTES).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    expect(ZSTD_MAGIC).toBe(0xfd2fb528);
  });

  it('is what a frame scan accepts: the magic alone is a torn frame, one byte off is fatal', () => {
    expect(scanZstdFrame(Uint8Array.from(ZSTD_MAGIC_BYTES), 0).kind).toBe('torn');
    expect(scanZstdFrame(Uint8Array.from([0x29, 0xb5, 0x2f, 0xfd, 0]), 0).kind).toBe('fatal');
  });
});
