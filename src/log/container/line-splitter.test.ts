// Line splitting across pushed pieces (FORMAT.md §1.5): only LF ends a line; spanning lines are copied once.

import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.ts';

function split(pieces: string[]): { lines: string[]; rest: string | null; segments: number } {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const segments: Uint8Array[] = [];
  const lines: string[] = [];
  const splitter = new LineSplitter(
    (bytes) => segments.push(bytes) - 1,
    (bytes, segment, start, end) => {
      expect(segments[segment]).toBe(bytes);
      lines.push(decoder.decode(bytes.subarray(start, end)));
    },
  );
  for (const piece of pieces) splitter.push(encoder.encode(piece));
  const rest = splitter.takeUnfinishedLine();
  return { lines, rest: rest ? decoder.decode(rest.bytes) : null, segments: segments.length };
}

describe('LineSplitter', () => {
  it('splits on LF only, keeping CR and empty lines', () => {
    expect(split(['a\r\n\nb\n'])).toEqual({ lines: ['a\r', '', 'b'], rest: null, segments: 1 });
  });

  it('joins a line that spans several pieces and returns the unfinished last line', () => {
    expect(split(['ab', 'c', 'd\nef', '\ng', 'h'])).toEqual({
      lines: ['abcd', 'ef'],
      rest: 'gh',
      segments: 3,
    });
  });

  it('adds no segment for a piece that only continues a line', () => {
    expect(split(['x', 'y', 'z']).segments).toBe(1);
  });

  it('in counting mode counts lines (at any byte alignment) and carries the unfinished one', () => {
    const seen: string[] = [];
    const counted: [number, number][] = [];
    const splitter = new LineSplitter(
      () => 0,
      (bytes, _segment, start, end) => {
        seen.push(new TextDecoder().decode(bytes.subarray(start, end)));
        if (seen.length === 2) splitter.startCounting();
      },
      (lines, bytes) => counted.push([lines, bytes]),
    );
    // Every byte value around 0x0A, so a word-at-a-time count cannot confuse its neighbours with LF.
    const noise = Array.from({ length: 257 }, (_, i) => (i % 7 === 0 ? 0x0a : (i * 11) & 0xff));
    const body = Uint8Array.from([...new TextEncoder().encode('a\nb\nc'), ...noise, 0x78]);
    const backing = new Uint8Array(body.length + 3);
    backing.set(body, 3);
    splitter.push(backing.subarray(3));
    const expectedLines = noise.filter((byte) => byte === 0x0a).length;
    const lastFeed = body.lastIndexOf(0x0a);
    expect(seen).toEqual(['a', 'b']);
    expect(counted).toEqual([[expectedLines, lastFeed + 1 - 4]]);
    expect(splitter.pendingBytes).toBe(body.length - lastFeed - 1);
  });
});
