// hashBytes: equal bytes hash alike wherever they sit; a changed byte, high bit or not, changes it.

import { describe, expect, it } from 'vitest';
import { hashBytes } from './hash-bytes.ts';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('hashBytes', () => {
  it('depends on the range only, not on where it sits', () => {
    const line = encode('{"seq":4,"data":{"text":"héllo wörld"}}');
    const padded = new Uint8Array(line.length + 7);
    padded.set(line, 3);
    expect(hashBytes(padded, 3, 3 + line.length)).toBe(hashBytes(line, 0, line.length));
  });

  it('changes with any one byte, length or pair of high bits', () => {
    const base = encode('{"type":"text","text":"abcdefgh"}');
    const seen = new Set([hashBytes(base, 0, base.length), hashBytes(base, 0, base.length - 1)]);
    for (let at = 0; at < base.length; at++)
      for (const bit of [0x01, 0x80]) {
        const changed = base.slice();
        changed[at] = (changed[at] as number) ^ bit;
        seen.add(hashBytes(changed, 0, changed.length));
        // The top bit of two words at once: it cancels in a plain multiply chain.
        const twice = changed.slice();
        const other = (at + 4) % base.length;
        twice[other] = (twice[other] as number) ^ 0x80;
        seen.add(hashBytes(twice, 0, twice.length));
      }
    expect(seen.size).toBe(2 + base.length * 4);
  });
});
