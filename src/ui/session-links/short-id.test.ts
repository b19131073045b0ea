// Session ids are untrusted text (issue 27): a U+202E inside one flipped its row, the session bar,
// search results and link chips, which all label ids with shortId. It goes through the one cleaner.
import { describe, expect, it } from 'vitest';
import { shortId } from './session-ids.ts';

describe('shortId', () => {
  it('makes a bidi override and invisible characters in an id visible', () => {
    const shown = shortId('ab\u202Ecd\u200Befgh');
    expect(shown).not.toMatch(/[\u202E\u200B]/);
    expect(shown).toContain('ab');
  });

  it('keeps plain ids as their first 8 characters after session-', () => {
    expect(shortId('session-0123456789')).toBe('01234567');
  });
});
