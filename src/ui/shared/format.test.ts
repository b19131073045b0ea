// Tests of display formatting.
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration, formatEpoch } from './format.ts';

describe('format', () => {
  it('picks a binary unit for sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GiB');
  });
  it('shows short durations in ms and long ones in minutes and hours', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(245_000)).toBe('4m 05s');
    expect(formatDuration(7_380_000)).toBe('2h 03m');
  });
  it('refuses epoch values that are not dates', () => {
    expect(formatEpoch(Number.NaN)).toBe('—');
    expect(formatEpoch(1e20)).toBe('—');
    expect(formatEpoch(0)).toBe('1970-01-01 00:00:00Z');
  });
});

describe('formatCount', () => {
  it('groups digits in threes like en-US toLocaleString, for signs, rounding and every length', () => {
    for (const value of [0, 7, 12, 999, 1000, 1234.6, -1000, -999999, 1_300_327, 123_456_789_012]) {
      expect(formatCount(value)).toBe(Math.round(value).toLocaleString('en-US'));
    }
  });
});
