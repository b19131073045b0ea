// Where one member of an event line's `data` object lies, found by a structural scan of the line's
// UTF-8 bytes (no parse): a reader that needs only the rest of the event can cut it out before
// JSON.parse. A generation-4 assistant message carries its stream in `data.stream` (about 80 % of
// the line, thousands of small objects): parsing it costs ten times the message it streams, and a
// comparison of content never reads it (issue 23, the cross-generation compare).
//
// Every structural character of JSON is ASCII, and no byte of a multi-byte UTF-8 sequence is, so
// scanning bytes is scanning characters. A line that is not the expected shape gives null: the
// caller parses it whole, as before.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function skipSpace(bytes: Uint8Array, index: number): number {
  let at = index;
  while (isSpace(bytes[at])) at++;
  return at;
}

/** The index after the string whose opening quote is at `index`, or -1 when it does not end. */
function skipString(bytes: Uint8Array, index: number): number {
  for (let at = index + 1; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === BACKSLASH) at++;
    else if (byte === QUOTE) return at + 1;
  }
  return -1;
}

/** The index after the value starting at `index` (no validation beyond nesting), or -1. */
function skipValue(bytes: Uint8Array, index: number): number {
  const first = bytes[index];
  if (first === QUOTE) return skipString(bytes, index);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null: up to the next delimiter.
    let at = index;
    while (at < bytes.length) {
      const byte = bytes[at];
      if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
      at++;
    }
    return at === index ? -1 : at;
  }
  let depth = 0;
  for (let at = index; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      at = skipString(bytes, at) - 1;
      if (at < 0) return -1;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

/** Whether the key string spanning [start, end) (quotes included) is exactly `name` (ASCII, no escapes). */
function isKey(bytes: Uint8Array, start: number, end: number, name: string): boolean {
  if (end - start !== name.length + 2) return false;
  for (let index = 0; index < name.length; index++)
    if (bytes[start + 1 + index] !== name.charCodeAt(index)) return false;
  return true;
}

/**
 * The members of the object starting at `index` (an `{`): calls `visit(keyStart, keyEnd,
 * valueStart)` for each; a visit returns true to stop there, false to go on past the value, or
 * the value's end when it skipped the value itself.
 * Returns whether a visit stopped; null when the bytes are not an object of members.
 */
function forEachMember(
  bytes: Uint8Array,
  index: number,
  visit: (keyStart: number, keyEnd: number, valueStart: number) => boolean | number,
): boolean | null {
  if (bytes[index] !== OPEN_BRACE) return null;
  let at = skipSpace(bytes, index + 1);
  if (bytes[at] === CLOSE_BRACE) return false;
  for (;;) {
    if (bytes[at] !== QUOTE) return null;
    const keyEnd = skipString(bytes, at);
    if (keyEnd < 0) return null;
    const colon = skipSpace(bytes, keyEnd);
    if (bytes[colon] !== COLON) return null;
    const valueStart = skipSpace(bytes, colon + 1);
    const visited = visit(at, keyEnd, valueStart);
    if (visited === true) return true;
    const valueEnd = visited === false ? skipValue(bytes, valueStart) : visited;
    if (valueEnd < 0) return null;
    const next = skipSpace(bytes, valueEnd);
    if (bytes[next] === CLOSE_BRACE) return false;
    if (bytes[next] !== COMMA) return null;
    at = skipSpace(bytes, next + 1);
  }
}

/**
 * The bytes to cut to drop member `name` of the line's top-level `data` object: [start, end), its
 * key, value and one comma beside it, so what is left is the same JSON without it. Null when the line
 * has no such member or is not an object whose `data` is one (then nothing is cut).
 */
export function dataMemberCut(bytes: Uint8Array, name: string): [number, number] | null {
  let cut: [number, number] | null = null;
  forEachMember(bytes, skipSpace(bytes, 0), (keyStart, keyEnd, valueStart) => {
    if (!isKey(bytes, keyStart, keyEnd, 'data')) return false;
    let previousEnd = -1;
    forEachMember(bytes, valueStart, (start, end, memberValueStart) => {
      const memberValueEnd = skipValue(bytes, memberValueStart);
      if (memberValueEnd < 0) return true;
      if (isKey(bytes, start, end, name)) {
        const after = skipSpace(bytes, memberValueEnd);
        // With the comma after it, or (the last member) the comma before it.
        cut =
          bytes[after] === COMMA
            ? [start, skipSpace(bytes, after + 1)]
            : previousEnd >= 0
              ? [previousEnd, memberValueEnd]
              : [start, memberValueEnd];
        return true;
      }
      previousEnd = memberValueEnd;
      return memberValueEnd;
    });
    return true;
  });
  return cut;
}
