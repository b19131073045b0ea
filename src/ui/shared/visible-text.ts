// The UI side of showing untrusted text: previews of long text and the link-URL filter. Which
// characters are made visible, and how, is the core's one cleaner (src/log/base/visible-text.ts).

export { revealInvisibleCharacters, segmentVisibleText } from '../../log/index.ts';

/**
 * Characters of text shown before the "show all" expander: about 25 lines of a tool result. Every
 * cursor move lays out the text of the model view's newest cards, and long tool outputs made the
 * frame after a jump spend 30–40 ms in layout (6,000 characters each before).
 */
export const TEXT_PREVIEW_CHARS = 2_000;

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

/** How far back from a chunk's end a split looks for a line break (characters). */
const CHUNK_LINE_BREAK_WINDOW_CHARS = 4_096;
/** How far back from a split an escape sequence may start and is kept whole (characters). */
const ESCAPE_SEQUENCE_MAX_CHARS = 32;

/**
 * `text` cut into pieces of about `chunkChars` for rendering one by one; joined they are `text`.
 * A piece ends after a line feed when one is near its end; otherwise the cut never splits a
 * surrogate pair, a CR LF or a terminal escape sequence (each is shown as one mark or as a break).
 */
export function splitTextIntoChunks(text: string, chunkChars: number): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > chunkChars) {
    let end = start + chunkChars;
    const lineBreak = text.lastIndexOf('\n', end - 1);
    if (lineBreak >= end - CHUNK_LINE_BREAK_WINDOW_CHARS && lineBreak > start) end = lineBreak + 1;
    else {
      const escape = text.lastIndexOf('\u001b', end - 1);
      if (escape > start && escape >= end - ESCAPE_SEQUENCE_MAX_CHARS) end = escape;
      const before = text.charCodeAt(end - 1);
      const splitsPair =
        (before >= 0xd800 && before <= 0xdbff) || (before === 0x0d && text.charCodeAt(end) === 0x0a);
      if (splitsPair && end - 1 > start) end -= 1;
    }
    chunks.push(text.slice(start, end));
    start = end;
  }
  chunks.push(text.slice(start));
  return chunks;
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
