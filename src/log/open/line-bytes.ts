// What the line scan tells from a line's bytes before (or instead of) parsing it: whether its JSON
// is `null` (FORMAT.md §1.5, §10.13) and whether an ignored line could be a turn/end. Byte loops
// over [start, end) of a buffer, no allocation, no decoding; they never throw.

const BACKSLASH = 0x5c;
/** "turn/end" in ASCII: a line that holds neither it nor a backslash cannot be a turn/end record. */
const TURN_END_BYTES = [0x74, 0x75, 0x72, 0x6e, 0x2f, 0x65, 0x6e, 0x64];
const NULL_BYTES = [0x6e, 0x75, 0x6c, 0x6c];

/** JSON whitespace (RFC 8259 §2): space, tab, LF, CR. */
function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * Whether `JSON.parse` of the line could give an object whose type is "turn/end": its value, or
 * the key, would have to be written with a backslash escape if the plain bytes are not there.
 * One pass over the bytes, no allocation: what an ignored line costs unless it may matter.
 */
export function mayHoldTurnEnd(bytes: Uint8Array, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const byte = bytes[at];
    if (byte === BACKSLASH) return true;
    if (byte === 0x74 && end - at >= TURN_END_BYTES.length) {
      let k = 1;
      while (k < TURN_END_BYTES.length && bytes[at + k] === TURN_END_BYTES[k]) k++;
      if (k === TURN_END_BYTES.length) return true;
    }
  }
  return false;
}

/** Whether the line's JSON is `null` (whitespace around it, and a leading BOM the text decoder strips). */
export function isNullLine(bytes: Uint8Array, start: number, end: number): boolean {
  let at = start;
  if (bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf) at += 3;
  while (at < end && isJsonWhitespace(bytes[at] as number)) at++;
  let last = end;
  while (last > at && isJsonWhitespace(bytes[last - 1] as number)) last--;
  if (last - at !== NULL_BYTES.length) return false;
  return NULL_BYTES.every((byte, k) => bytes[at + k] === byte);
}
