// The text an export starts from (log-text.ts): a zstd log's complete frames joined, through the
// injected fast path where a frame declares its size, through fzstd otherwise; a torn tail left out.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decompress } from 'fzstd';
import type { FastDecompress } from '../container/zstd-decode.ts';
import { readLogText } from './log-text.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../fixtures/${name}`, import.meta.url))));

describe('readLogText', () => {
  const plain = fixture('tool-error.jsonl');
  const zstd = fixture('tool-error.jsonl.zstd');

  it('gives a plain log as it is and a zstd log its text, with or without a fast path', () => {
    expect(readLogText(plain)).toBe(plain);
    expect(readLogText(zstd)).toEqual(plain);
    const calls: number[] = [];
    const fast: FastDecompress = (frame, contentSize) => {
      calls.push(contentSize);
      return decompress(frame);
    };
    expect(readLogText(zstd, fast)).toEqual(plain);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('falls back to fzstd for a frame the fast path fails on, with the same text', () => {
    const failing: FastDecompress = () => {
      throw new Error('broken module');
    };
    expect(readLogText(zstd, failing)).toEqual(plain);
  });

  it('leaves a torn last frame out', () => {
    const torn = zstd.subarray(0, zstd.length - 3);
    const text = new TextDecoder().decode(readLogText(torn));
    expect(plain.length).toBeGreaterThan(text.length);
    expect(new TextDecoder().decode(plain).startsWith(text)).toBe(true);
  });
});
