// A 53-bit hash of a byte range, exact in a double: the fingerprint of a stored line, taken while the
// decoder has the line's bytes at hand, so a later reader can tell two lines apart (or alike) without
// decompressing or parsing them again. It reads four bytes per step (two lanes, each a multiply and
// an xorshift: a bijection of the lane for a given word, so one differing word always changes both),
// about four times the speed of a byte-wise cyrb53: it runs over every message line of a decode.

/** The hash of `bytes[start, end)`; never NaN (NaN marks "no fingerprint" in the store's column). */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h1 = 0xdeadbeef ^ (end - start);
  let h2 = 0x41c6ce57;
  let index = start;
  for (; index + 4 <= end; index += 4) {
    const word =
      (bytes[index] as number) |
      ((bytes[index + 1] as number) << 8) |
      ((bytes[index + 2] as number) << 16) |
      ((bytes[index + 3] as number) << 24);
    h1 = Math.imul(h1 ^ word, 2654435761);
    h1 ^= h1 >>> 15;
    h2 = Math.imul(h2 ^ word, 1597334677);
    h2 ^= h2 >>> 13;
  }
  for (; index < end; index++) {
    const byte = bytes[index] as number;
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
