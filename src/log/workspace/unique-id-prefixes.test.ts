import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uniqueIdPrefixes } from './unique-id-prefixes.ts';

describe('uniqueIdPrefixes', () => {
  it('keeps ids that differ early at the minimum length', () => {
    const prefixes = uniqueIdPrefixes(['e671f875-8b29', '8dadf627-21ad', '14dda109-5728']);
    expect([...prefixes.values()]).toEqual(['14dda109', '8dadf627', 'e671f875']);
  });

  it('lengthens ids that share a stem until each is told apart ("preview-…" three times)', () => {
    const prefixes = uniqueIdPrefixes(['preview-a1b2c3', 'preview-a1x9', 'preview-q7']);
    expect(prefixes.get('preview-a1b2c3')).toBe('preview-a1b');
    expect(prefixes.get('preview-a1x9')).toBe('preview-a1x');
    expect(prefixes.get('preview-q7')).toBe('preview-q');
  });

  it('gives the whole id when another id starts with all of it, and never cuts a code point', () => {
    const prefixes = uniqueIdPrefixes(['abc', 'abcdefghij', '😀😀😀😀😀😀😀😀😀x', '😀😀😀😀😀😀😀😀😀y'], 2);
    expect(prefixes.get('abc')).toBe('abc');
    expect(prefixes.get('abcdefghij')).toBe('abcd');
    expect(prefixes.get('😀😀😀😀😀😀😀😀😀x')).toBe('😀😀😀😀😀😀😀😀😀x');
  });

  it('tells every pair of distinct ids apart, unless one is a prefix of the other', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '-'), maxLength: 12 }), { maxLength: 30 }),
        (ids) => {
          const prefixes = uniqueIdPrefixes(ids, 3);
          for (const id of ids) {
            const prefix = prefixes.get(id)!;
            expect(id.startsWith(prefix)).toBe(true);
            for (const other of ids)
              if (other !== id && !id.startsWith(other) && !other.startsWith(id))
                expect(other.startsWith(prefix)).toBe(false);
          }
        },
      ),
    );
  });
});
