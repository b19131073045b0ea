// The cleaner of untrusted text is fed every class of dangerous character (the README's "Using the
// viewer", FORMAT.md §1.5 and §10 cases 8–10): none survives raw in what the UI or the CLI shows.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLAIN_LINE_MAX_CHARS,
  escapeJsonForTerminal,
  revealInvisibleCharacters,
  segmentVisibleText,
  toPlainLine,
} from './visible-text.ts';

/** Each class with samples of it; every sample must come out visible (a mark or an escape). */
const DANGEROUS_CLASSES: [className: string, samples: string[]][] = [
  ['bidi overrides and embeddings', ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E']],
  ['bidi isolates', ['\u2066', '\u2067', '\u2068', '\u2069']],
  ['directional marks', ['\u200E', '\u200F', '\u061C']],
  ['zero-width characters', ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']],
  [
    'invisible operators and deprecated format characters',
    ['\u2061', '\u2064', '\u2065', '\u206A', '\u206F'],
  ],
  ['soft hyphen', ['\u00AD']],
  ['line and paragraph separators', ['\u2028', '\u2029']],
  ['C0 controls', ['\u0000', '\u0007', '\u0008', '\u000B', '\u000C', '\u001F', '\r']],
  ['DEL and C1 controls', ['\u007F', '\u0085', '\u009B', '\u009F']],
  ['interlinear annotation marks', ['\uFFF9', '\uFFFA', '\uFFFB']],
  ['tag characters', ['\u{E0001}', '\u{E0041}', '\u{E007F}']],
  ['lone surrogates', ['\uD800', '\uDBFF', '\uDC00', '\uDFFF']],
  ['Hangul fillers', ['\u115F', '\u1160', '\u3164', '\uFFA0']],
  ['Mongolian vowel separator and free variation selectors', ['\u180E', '\u180B', '\u180F']],
  ['combining grapheme joiner', ['\u034F']],
  ['Braille pattern blank', ['\u2800']],
  ['Khmer inherent vowels', ['\u17B4', '\u17B5']],
  ['variation selectors', ['\uFE00', '\uFE0F', '\u{E0100}', '\u{E01EF}']],
  ['shorthand format controls and musical formatting', ['\u{1BCA0}', '\u{1BCA3}', '\u{1D173}', '\u{1D17A}']],
  [
    'terminal escape sequences',
    ['\u001b[31m', '\u001b[2J', '\u001b]0;title\u0007', '\u001b]8;;http://x\u001b\\', '\u001bc', '\u001b'],
  ],
];

/**
 * What must never reach the screen raw, written independently of the module's pattern: controls
 * except tab and LF (CR only before LF), the invisible and bidi characters above, tag characters
 * and lone surrogates.
 */
function findRawDangerous(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      const codePoint = text.codePointAt(i) ?? 0;
      if (/\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(codePoint)))
        return `U+${codePoint.toString(16)}`;
      i++;
      continue;
    }
    const isKeptBreak = code === 0x09 || code === 0x0a || (code === 0x0d && next === 0x0a);
    if (
      (code < 0x20 && !isKeptBreak) ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0xad ||
      code === 0x61c ||
      (code >= 0x200b && code <= 0x200f) ||
      (code >= 0x2028 && code <= 0x202e) ||
      (code >= 0x2060 && code <= 0x206f) ||
      /\p{Default_Ignorable_Code_Point}/u.test(text[i] ?? '') ||
      code === 0x2800 ||
      (code >= 0xfff9 && code <= 0xfffb) ||
      (code >= 0xd800 && code <= 0xdfff)
    )
      return `U+${code.toString(16)} at ${i}`;
  }
  return null;
}

describe('the untrusted-text cleaner', () => {
  describe.each(DANGEROUS_CLASSES)('%s', (_className, samples) => {
    it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
      'shows %s in the UI as a mark or an escape, never raw',
      (_name, sample) => {
        const segments = segmentVisibleText(`a${sample}b`);
        expect(segments.some((segment) => segment.kind !== 'text')).toBe(true);
        expect(findRawDangerous(revealInvisibleCharacters(`a${sample}b`))).toBeNull();
      },
    );
    it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
      'writes %s on a plain line as printable ASCII',
      (_name, sample) => {
        expect(toPlainLine(`a${sample}b`)).toMatch(/^a[\x20-\x7e]+b$/);
      },
    );
  });

  it('marks every default-ignorable code point of the engine\u2019s Unicode data, and the Braille blank', () => {
    const unmarked: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (!/\p{Default_Ignorable_Code_Point}/u.test(character) && codePoint !== 0x2800) continue;
      if (!segmentVisibleText(`a${character}b`).some((segment) => segment.kind === 'mark'))
        unmarked.push(`U+${codePoint.toString(16).toUpperCase()}`);
    }
    expect(unmarked).toEqual([]);
  });

  it('names the new classes of invisible characters', () => {
    expect(segmentVisibleText('\u3164')[0]).toMatchObject({ title: 'Hangul filler (invisible)' });
    expect(segmentVisibleText('\uFE0F')[0]).toMatchObject({ title: 'variation selector' });
    expect(segmentVisibleText('\u{E0100}')[0]).toMatchObject({
      text: '⟨U+E0100⟩',
      title: 'variation selector',
    });
    expect(segmentVisibleText('\u2800')[0]).toMatchObject({
      title: 'Braille pattern blank (looks like a space)',
    });
  });

  it('keeps tabs, line feeds and CRLF on several lines, and turns them into escapes on one line', () => {
    expect(revealInvisibleCharacters('a\tb\r\nc\n')).toBe('a\tb\r\nc\n');
    expect(toPlainLine('a\tb\r\nc\n')).toBe('a b\\r\\nc\\n');
  });

  it('leaves visible text alone: letters of any script, accents, emoji, U+FFFD', () => {
    const text = 'héllo שלום 日本 e\u0301 😀 \uFFFD';
    expect(segmentVisibleText(text)).toEqual([{ kind: 'text', text }]);
    expect(toPlainLine(text)).toBe(text);
  });

  it('marks a zero width joiner even inside an emoji sequence (it can join hidden text too)', () => {
    expect(revealInvisibleCharacters('👩\u200D💻')).toBe('👩⟨U+200D⟩💻');
    expect(toPlainLine('👩\u200D💻')).toBe('👩\\u{200D}💻');
  });

  it('names the character a mark stands for', () => {
    expect(segmentVisibleText('\u202E')).toEqual([
      { kind: 'mark', text: '⟨U+202E⟩', title: 'right-to-left override' },
    ]);
    expect(segmentVisibleText('\u{E0041}')[0]).toMatchObject({ title: 'tag character (hidden text)' });
    expect(segmentVisibleText('\u0085')[0]).toMatchObject({ title: 'control character' });
  });

  it('shows the printable part of an OSC sequence as text and its terminator as a mark', () => {
    expect(segmentVisibleText('\u001b]0;evil\u0007ok').map((segment) => segment.text)).toEqual([
      'ESC]0;evil',
      '⟨U+0007⟩',
      'ok',
    ]);
    // A bidi override inside the sequence is not hidden in the escape segment.
    expect(revealInvisibleCharacters('\u001b]0;\u202Ex\u0007')).toBe('ESC]0;⟨U+202E⟩x⟨U+0007⟩');
  });

  it('cuts a plain line to PLAIN_LINE_MAX_CHARS with an ellipsis', () => {
    expect(toPlainLine('x'.repeat(1000))).toHaveLength(PLAIN_LINE_MAX_CHARS);
    expect(toPlainLine('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  /** Strings mixing every sample above with arbitrary UTF-16 code units and code points. */
  const hostileText = fc
    .array(
      fc.oneof(
        fc.constantFrom(...DANGEROUS_CLASSES.flatMap(([, samples]) => samples)),
        fc.string({ unit: 'binary', maxLength: 4 }),
        fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(''));

  it('leaves nothing dangerous raw in any text, on one line or several', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(findRawDangerous(revealInvisibleCharacters(text))).toBeNull();
        const line = toPlainLine(text, 10_000);
        expect(findRawDangerous(line)).toBeNull();
        expect(line).not.toMatch(/[\n\r\t]/);
      }),
    );
  });

  it('escapes JSON for a terminal without changing its value', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const json = JSON.stringify({ cwd: text, list: [text] }, null, 2);
        const safe = escapeJsonForTerminal(json);
        expect(JSON.parse(safe)).toEqual(JSON.parse(json));
        expect(findRawDangerous(safe)).toBeNull();
      }),
    );
  });
});
