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
