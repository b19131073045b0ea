// The one cleaner for untrusted text (log content, file names, URLs), used by the UI and the CLI
// alike: bidi controls, zero-width and other invisible characters, C0/C1 controls, terminal escape
// sequences, tag characters and lone surrogates are found by one pattern and shown, never applied.

/** One piece of displayed text. `mark` is an invisible character shown as ⟨U+XXXX⟩; `escape` a terminal escape sequence. */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mark'; text: string; title: string }
  | { kind: 'escape'; text: string; title: string };

/** Longest line `toPlainLine` returns unless told otherwise, in UTF-16 code units (an ellipsis marks the cut). */
export const PLAIN_LINE_MAX_CHARS = 200;

const CHARACTER_NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
  0x034f: 'combining grapheme joiner',
  0x17b4: 'Khmer inherent vowel (invisible)',
  0x17b5: 'Khmer inherent vowel (invisible)',
  0x180e: 'Mongolian vowel separator',
  0x2800: 'Braille pattern blank (looks like a space)',
  0x061c: 'Arabic letter mark',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space (BOM)',
};

/**
 * Everything the cleaner shows instead of passing through, in match order:
 * - terminal escape sequences: CSI (`ESC [ … final`), OSC (`ESC ]` and its printable text; its
 *   BEL or `ESC \` terminator is matched on its own), and any other ESC with the byte after it;
 * - C0 controls (tab, LF and the CR of CRLF are kept by `segmentVisibleText`), DEL and C1 controls;
 * - the soft hyphen, the Arabic letter mark, zero-width characters and directional marks
 *   (U+200B–200F), line and paragraph separators, bidi embeddings and overrides (U+202A–202E),
 *   the word joiner, invisible operators, bidi isolates and deprecated format characters
 *   (U+2060–206F), the BOM / zero-width no-break space, interlinear annotation marks (U+FFF9–FFFB);
 * - the other default-ignorable code points (Unicode's Default_Ignorable_Code_Point: drawn as
 *   nothing, so they can hide or split text): the combining grapheme joiner U+034F, Hangul fillers
 *   (U+115F, U+1160, U+3164, U+FFA0), Khmer inherent vowels (U+17B4–17B5), Mongolian free variation
 *   selectors and vowel separator (U+180B–180F), variation selectors (U+FE00–FE0F, U+E0100–E01EF),
 *   U+FFF0–FFF8, shorthand format controls (U+1BCA0–1BCA3), musical formatting (U+1D173–1D17A),
 *   tag characters (U+E0000–E007F) and the rest of U+E0000–E0FFF; and the Braille pattern blank
 *   U+2800, which is not ignorable but draws as a space in a name;
 * - lone surrogates (invalid UTF-16).
 * The pattern works on UTF-16 code units (no `u` flag) so that it can match lone surrogates:
 * astral ranges are written as surrogate pairs. visible-text.test.ts checks it against the
 * engine's own `\p{Default_Ignorable_Code_Point}`.
 */
const SPECIAL_PATTERN =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching controls and lone combining marks (U+034F …) is the point
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][ -~]*|\u001b[@-_]?|[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|[\udb40-\udb43][\udc00-\udfff]|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * One character class holding the first code unit of every SPECIAL_PATTERN match (surrogates stand
 * for the astral ranges): text it does not match has nothing to clean, which one class tells
 * faster than the pattern's alternation.
 */
const SPECIAL_FIRST_UNIT =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- as SPECIAL_PATTERN
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\ud800-\udfff]/;

/**
 * SPECIAL_FIRST_UNIT without the line feed: pretty-printed JSON has one per line, and a document
 * with no other match (most of them) is returned as it is without a callback per line.
 */
const JSON_SPECIAL_FIRST_UNIT =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- as SPECIAL_PATTERN
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\ud800-\udfff]/;

const ESCAPE = '\u001b';

function codePointLabel(codePoint: number): string {
  return codePoint.toString(16).toUpperCase().padStart(4, '0');
}

function describeSpecial(match: string): TextSegment {
  if (match.startsWith(ESCAPE)) {
    return {
      kind: 'escape',
      text: `ESC${match.slice(1)}`,
      title: 'terminal escape sequence (shown, not applied)',
    };
  }
  const codePoint = match.codePointAt(0) ?? 0;
  if (codePoint === 0x0d) return { kind: 'mark', text: '⟨CR⟩', title: 'carriage return' };
  let name = CHARACTER_NAMES[codePoint];
  if (name === undefined) {
    if (codePoint >= 0xe0000 && codePoint <= 0xe007f) name = 'tag character (hidden text)';
    else if (
      (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
      (codePoint >= 0xe0100 && codePoint <= 0xe01ef) ||
      (codePoint >= 0x180b && codePoint <= 0x180d) ||
      codePoint === 0x180f
    )
      name = 'variation selector';
    else if (codePoint === 0x115f || codePoint === 0x1160 || codePoint === 0x3164 || codePoint === 0xffa0)
      name = 'Hangul filler (invisible)';
    else if (codePoint >= 0xd800 && codePoint <= 0xdfff) name = 'lone surrogate (invalid UTF-16)';
    else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) name = 'control character';
    else name = 'invisible formatting character';
  }
  return { kind: 'mark', text: `⟨U+${codePointLabel(codePoint)}⟩`, title: name };
}

/**
 * Splits text into plain runs and visible marks, for text shown on several lines: tabs, line
 * feeds and CRLF stay as they are, a lone CR and every other special character becomes a mark,
 * an escape sequence an `escape` segment. Joining the segments' `text` gives inert text.
 */
export function segmentVisibleText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  SPECIAL_PATTERN.lastIndex = 0;
  for (let match = SPECIAL_PATTERN.exec(text); match !== null; match = SPECIAL_PATTERN.exec(text)) {
    const found = match[0];
    if (found === '\t' || found === '\n' || (found === '\r' && text[match.index + 1] === '\n')) continue;
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push(describeSpecial(found));
    last = match.index + found.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return mergeText(segments);
}

function mergeText(segments: TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const previous = merged.at(-1);
    if (segment.kind === 'text' && previous?.kind === 'text') previous.text += segment.text;
    else merged.push(segment);
  }
  return merged;
}

/** `segmentVisibleText` joined into one string: every special character replaced by its visible mark. */
export function revealInvisibleCharacters(text: string): string {
  return segmentVisibleText(text)
    .map((segment) => segment.text)
    .join('');
}

/**
 * `text` without any character the cleaner would mark or escape (invisible, bidi, control
 * characters, escape sequences): what remains is what a reader sees. For comparing names, not for
 * showing them (showing hides what was removed).
 */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(SPECIAL_PATTERN, '');
}

/**
 * Makes `text` safe to show on one line (an events-pane summary, a terminal line): a line feed
 * becomes `\n`, a CR `\r`, a tab a space, every other special character (an escape sequence's
 * ESC included) `\u{XXXX}`; the result is cut to `maxChars` UTF-16 code units with an ellipsis.
 */
export function toPlainLine(text: string, maxChars: number = PLAIN_LINE_MAX_CHARS): string {
  const cut = text.length > maxChars * 2 ? text.slice(0, maxChars * 2) : text;
  const safe = SPECIAL_FIRST_UNIT.test(cut) ? cut.replace(SPECIAL_PATTERN, escapeForLine) : cut;
  if (safe.length <= maxChars && cut.length === text.length) return safe;
  return `${safe.slice(0, Math.max(0, maxChars - 1))}…`;
}

function escapeForLine(match: string): string {
  if (match === '\n') return '\\n';
  if (match === '\t') return ' ';
  if (match === '\r') return '\\r';
  if (match.startsWith(ESCAPE)) return `\\u{001B}${match.slice(1)}`;
  return `\\u{${codePointLabel(match.codePointAt(0) ?? 0)}}`;
}

/**
 * JSON text (as `JSON.stringify` writes it) with every special character that JSON leaves raw
 * (DEL, C1 controls, bidi and invisible characters, tag characters) written as a `\uXXXX` escape:
 * the same JSON value, safe to print to a terminal. JSON already escapes C0 controls (ESC
 * included) and lone surrogates inside strings; the line feeds of pretty-printing stay.
 */
export function escapeJsonForTerminal(json: string): string {
  if (!JSON_SPECIAL_FIRST_UNIT.test(json)) return json;
  return json.replace(SPECIAL_PATTERN, (match) =>
    match === '\n'
      ? match
      : Array.from({ length: match.length }, (_, i) => `\\u${codePointLabel(match.charCodeAt(i))}`).join(''),
  );
}
