import { describe, expect, it } from 'vitest';
import { uniqueIdPrefixes } from './unique-id-prefixes.ts';

const SESSION = { minChars: 8, dropPrefix: 'session-' };

describe('uniqueIdPrefixes', () => {
  it('shows 8 characters when they are unique, and more where two ids share them', () => {
    const shown = uniqueIdPrefixes(
      ['session-0123456789abcdef', 'session-01234567ffff0000', 'session-fedcba9876543210'],
      SESSION,
    );
    expect(shown.get('session-0123456789abcdef')).toBe('012345678');
    expect(shown.get('session-01234567ffff0000')).toBe('01234567f');
    expect(shown.get('session-fedcba9876543210')).toBe('fedcba98');
    expect(new Set(shown.values()).size).toBe(3);
  });

  it('shows an id whole when another starts with it, and keeps the prefix when dropping it would make two ids one', () => {
    const shown = uniqueIdPrefixes(['abcdefghij', 'abcdefghijk', 'session-xyz', 'xyz'], SESSION);
    expect(shown.get('abcdefghij')).toBe('abcdefghij');
    expect(shown.get('abcdefghijk')).toBe('abcdefghijk');
    expect(shown.get('session-xyz')).toBe('session-xyz');
    expect(shown.get('xyz')).toBe('xyz');
  });

  it('counts code points and never splits a surrogate pair', () => {
    const a = '😀😀😀😀😀😀😀😀😀a';
    const b = '😀😀😀😀😀😀😀😀😀b';
    const shown = uniqueIdPrefixes([a, b, '😀x'], SESSION);
    expect(shown.get(a)).toBe(a);
    expect(shown.get(b)).toBe(b);
    expect(uniqueIdPrefixes(['😀😀😀😀😀😀😀😀😀😀'], SESSION).get('😀😀😀😀😀😀😀😀😀😀')).toBe(
      '😀'.repeat(8),
    );
    const cut = uniqueIdPrefixes(['a😀1', 'a😀2'], { minChars: 1 });
    expect(cut.get('a😀1')).toBe('a😀1');
  });

  it('tells apart every id of a large list whose ids share long starts', () => {
    const ids = Array.from({ length: 20_000 }, (_, index) => `session-aaaaaaaa${index.toString(36)}`);
    const shown = uniqueIdPrefixes(ids, SESSION);
    expect(new Set(shown.values()).size).toBe(ids.length);
    for (const id of ids) expect(id.slice('session-'.length).startsWith(shown.get(id) as string)).toBe(true);
  });
});
