import { describe, expect, it } from 'vitest';
import { formatCountOf } from './count-noun.ts';

describe('formatCountOf', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(formatCountOf(1, 'value')).toBe('1 value');
    expect(formatCountOf(0, 'value')).toBe('0 values');
    expect(formatCountOf(12_345, 'problem')).toBe('12,345 problems');
    expect(formatCountOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(formatCountOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
