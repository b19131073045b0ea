// The format version gate: which versions are read, and that each refusal says what the user can do.

import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_FORMAT_VERSION,
  describeUnsupportedVersion,
  isSupportedFormatVersion,
} from './format-version.ts';

describe('the format version gate', () => {
  it('reads only the supported version', () => {
    expect(isSupportedFormatVersion(SUPPORTED_FORMAT_VERSION)).toBe(true);
    for (const version of [-1, 1, 0.5, 7, Number.NaN]) expect(isSupportedFormatVersion(version)).toBe(false);
  });

  it.each([
    [1, /newer dsh.*upgrade dsh/],
    [-1, /older.*no upgrade path.*open it with the dsh release that wrote it/],
  ])('names the direction of version %i and what to do about it', (version, message) => {
    expect(describeUnsupportedVersion(version)).toMatch(message);
  });
});
