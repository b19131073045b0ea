// Makes untrusted text readable and inert: bidi overrides, zero-width and control characters become
// visible marks, terminal escape codes become plain text, and long text is cut to a preview.

/** One piece of displayed text. `mark` is an invisible character shown as ⟨U+XXXX⟩; `escape` an ANSI sequence. */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mark'; text: string; title: string }
  | { kind: 'escape'; text: string; title: string };

/**
 * Characters of text shown before the "show all" expander: about 25 lines of a tool result. Every
 * cursor move lays out the text of the model view's newest cards, and long tool outputs made the
 * frame after a jump spend 30–40 ms in layout (6,000 characters each before).
 */
export const TEXT_PREVIEW_CHARS = 2_000;

const CHARACTER_NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
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

// ANSI CSI / OSC sequences, then single invisible or control characters (tab and newline stay), tag
// characters (U+E0000–E007F, used to smuggle hidden text) and lone surrogates.
const SPECIAL_PATTERN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function describeSpecial(match: string): TextSegment {
  if (match.startsWith('\u001b')) {
    return {
      kind: 'escape',
      text: `ESC${match.slice(1)}`,
      title: 'terminal escape sequence (shown, not applied)',
    };
  }
  const codePoint = match.codePointAt(0) ?? 0;
  if (codePoint === 0x0d) return { kind: 'mark', text: '⟨CR⟩', title: 'carriage return' };
  const label = codePointLabel(codePoint);
  let name = CHARACTER_NAMES[codePoint];
  if (name === undefined) {
    if (codePoint >= 0xe0000 && codePoint <= 0xe007f) name = 'tag character (hidden text)';
    else if (codePoint >= 0xd800 && codePoint <= 0xdfff) name = 'lone surrogate (invalid UTF-16)';
    else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) name = 'control character';
    else name = 'invisible formatting character';
  }
  return { kind: 'mark', text: `⟨${label}⟩`, title: name };
}

/** Splits text into plain runs and visible marks. CRLF keeps its line break; a lone CR is marked. */
export function segmentVisibleText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  SPECIAL_PATTERN.lastIndex = 0;
  for (let match = SPECIAL_PATTERN.exec(text); match !== null; match = SPECIAL_PATTERN.exec(text)) {
    const found = match[0];
    if (found === '\r' && text[match.index + 1] === '\n') continue;
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

/** The same text as one string with every special character replaced by its visible mark (for markdown). */
export function revealInvisibleCharacters(text: string): string {
  return segmentVisibleText(text)
    .map((segment) => segment.text)
    .join('');
}

/** Text cut to `maxChars` (without splitting a surrogate pair), and how many characters were left out. */
export function previewText(
  text: string,
  maxChars: number = TEXT_PREVIEW_CHARS,
): { text: string; hiddenChars: number } {
  if (text.length <= maxChars) return { text, hiddenChars: 0 };
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), hiddenChars: text.length - end };
}

/** Keeps only http(s) URLs for links; everything else (javascript:, data:, relative paths) is refused. */
export function sanitizeLinkUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    // Relative or malformed URL: not a link we render.
    return null;
  }
}
