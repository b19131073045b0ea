// Byte helpers: joining parts, and sizes as a person reads them.

import { describe, expect, it } from 'vitest';
import { concatBytes, formatBytes, formatMiB } from './bytes.ts';

describe('concatBytes', () => {
  it('joins parts in order and hands a single part back as it is', () => {
    const one = new Uint8Array([1, 2]);
    expect(concatBytes([one])).toBe(one);
    expect([...concatBytes([one, new Uint8Array([]), new Uint8Array([3])])]).toEqual([1, 2, 3]);
  });
});

describe('formatBytes / formatMiB', () => {
  it('picks the unit by size', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(3 * 1024 ** 2)).toBe('3.0 MiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.00 GiB');
    expect(formatBytes(Number.NaN)).toBe('?');
  });

  it('gives limits in MiB, one decimal below 10 MiB', () => {
    expect(formatMiB(1.5 * 1024 ** 2)).toBe('1.5 MiB');
    expect(formatMiB(64 * 1024 ** 2)).toBe('64 MiB');
  });
});
