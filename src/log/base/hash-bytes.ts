// A 53-bit hash of a byte range (cyrb53 over bytes, exact in a double): the fingerprint of a stored
// line, taken while the decoder has the line's bytes at hand, so a later reader can tell two lines
// apart (or alike) without decompressing or parsing them again.

/** The hash of `bytes[start, end)`; never NaN (NaN marks "no fingerprint" in the store's column). */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = start; index < end; index++) {
    const byte = bytes[index] as number;
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
