// The one assertNever / describeError of every layer: what each says of what it is handed.

import { describe, expect, it } from 'vitest';
import { assertNever, describeError } from './errors.ts';

describe('describeError', () => {
  it('gives an Error its message, its name on request and its code when asked for and present', () => {
    const error = Object.assign(new TypeError('no such file'), { code: 'ENOENT' });
    expect(describeError(error)).toBe('no such file');
    expect(describeError(error, { withName: true })).toBe('TypeError: no such file');
    expect(describeError(error, { preferCode: true })).toBe('ENOENT');
    expect(describeError(new Error('plain'), { preferCode: true })).toBe('plain');
  });

  it('turns anything else into a string', () => {
    expect(describeError('text')).toBe('text');
    expect(describeError(42)).toBe('42');
  });
});

describe('assertNever', () => {
  it('throws with what arrived, named', () => {
    expect(() => assertNever({ type: 'new' } as never, 'message')).toThrow('Unknown message: {"type":"new"}');
  });
});
