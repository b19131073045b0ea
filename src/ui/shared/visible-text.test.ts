// Tests that untrusted text is shown inert and readable (issue 5, hostile content).
import { describe, expect, it } from 'vitest';
import {
  previewText,
  revealInvisibleCharacters,
  sanitizeLinkUrl,
  segmentVisibleText,
  splitTextIntoChunks,
} from './visible-text.ts';

describe('splitTextIntoChunks', () => {
  it('cuts long text into pieces that join back to it, after a line feed where one is near', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n');
    const chunks = splitTextIntoChunks(text, 1000);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.length).toBeLessThanOrEqual(1000);
    }
  });
  it('never splits a surrogate pair, a CR LF or an escape sequence when there is no line feed', () => {
    const unit = 'ab🎉\r\u001b[31mxyz';
    const text = unit.repeat(500);
    for (const size of [7, 13, 64, 101]) {
      const chunks = splitTextIntoChunks(text, size);
      expect(chunks.join('')).toBe(text);
      const marks = chunks.flatMap((chunk) => segmentVisibleText(chunk).filter((s) => s.kind !== 'text'));
      expect(marks.map((mark) => mark.text)).toEqual(
        segmentVisibleText(text)
          .filter((s) => s.kind !== 'text')
          .map((mark) => mark.text),
      );
    }
  });
  it('returns short text as one piece', () => {
    expect(splitTextIntoChunks('short', 100)).toEqual(['short']);
    expect(splitTextIntoChunks('', 100)).toEqual(['']);
  });
});

describe('segmentVisibleText', () => {
  it('makes a right-to-left override visible instead of applying it', () => {
    expect(segmentVisibleText('abc\u202Egpj.exe')).toEqual([
      { kind: 'text', text: 'abc' },
      { kind: 'mark', text: '⟨U+202E⟩', title: 'right-to-left override' },
      { kind: 'text', text: 'gpj.exe' },
    ]);
  });
  it('shows terminal colour codes as text rather than applying them', () => {
    const segments = segmentVisibleText('\u001b[31mred\u001b[0m');
    expect(segments.map((segment) => segment.kind)).toEqual(['escape', 'text', 'escape']);
    expect(segments[0]!.text).toBe('ESC[31m');
  });
  it('keeps tabs, newlines and CRLF line breaks as they are', () => {
    expect(segmentVisibleText('a\tb\r\nc\n')).toEqual([{ kind: 'text', text: 'a\tb\r\nc\n' }]);
  });
  it('marks a lone carriage return, NUL, zero-width space and a lone surrogate', () => {
    const labels = segmentVisibleText('a\rb\u0000\u200B\uD800x')
      .filter((segment) => segment.kind === 'mark')
      .map((segment) => segment.text);
    expect(labels).toEqual(['⟨CR⟩', '⟨U+0000⟩', '⟨U+200B⟩', '⟨U+D800⟩']);
  });
  it('keeps a valid surrogate pair (emoji) as text', () => {
    expect(segmentVisibleText('ok 😀')).toEqual([{ kind: 'text', text: 'ok 😀' }]);
  });
  it('marks tag characters that can hide text', () => {
    expect(revealInvisibleCharacters('a\u{E0041}')).toBe('a⟨U+E0041⟩');
  });
});

describe('previewText', () => {
  it('cuts long text and counts what was left out', () => {
    expect(previewText('x'.repeat(30), 10)).toEqual({ text: 'x'.repeat(10), hiddenChars: 20 });
  });
  it('does not split a surrogate pair at the cut', () => {
    expect(previewText('ab😀cd', 3)).toEqual({ text: 'ab', hiddenChars: 4 });
  });
});

describe('sanitizeLinkUrl', () => {
  it('allows http and https only', () => {
    expect(sanitizeLinkUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(sanitizeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(sanitizeLinkUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(sanitizeLinkUrl('data:text/html,<script>')).toBeNull();
    expect(sanitizeLinkUrl('/relative')).toBeNull();
  });
});
