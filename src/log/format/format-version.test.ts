// The format version gate: which versions are read, and that each refusal says what the user can do.

import { describe, expect, it } from 'vitest';
import { describeUnsupportedVersion, isSupportedFormatVersion } from './format-version.ts';

describe('the format version gate', () => {
  it('reads generations 0 to 4 and nothing else', () => {
    for (const version of [0, 1, 2, 3, 4]) expect(isSupportedFormatVersion(version)).toBe(true);
    for (const version of [-1, 0.5, 5, 7, Number.NaN]) expect(isSupportedFormatVersion(version)).toBe(false);
  });

  it.each([
    [5, /newer dsh than this viewer knows.*upgrade this viewer/],
    [-1, /no dsh release writes.*open it with the tool that wrote it/],
  ])('names the direction of version %i and what to do about it', (version, message) => {
    expect(describeUnsupportedVersion(version)).toMatch(message);
  });
});
