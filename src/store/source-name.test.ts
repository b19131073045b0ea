// Tests of the names shown for a streamed log: decoded where the URL allows, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameOfUrl } from './source-name.ts';

describe('nameOfUrl', () => {
  it('names a URL by its last path segment, decoded', () => {
    expect(nameOfUrl('http://x/logs/session%20one.jsonl?x=1#y')).toBe('session one.jsonl');
  });
  it('keeps a segment with a malformed percent escape as written instead of throwing', () => {
    expect(nameOfUrl('http://x/logs/a%E0%A4%A.jsonl')).toBe('a%E0%A4%A.jsonl');
  });
  it('falls back to the whole URL when the path names no file', () => {
    expect(nameOfUrl('http://x/')).toBe('http://x/');
  });
  it('never throws, whatever the URL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(typeof nameOfUrl(`http://x/${text}`)).toBe('string');
      }),
      { numRuns: 1_000 },
    );
  });
});
