// Generation detection (docs/format-generations.md "Detecting the generation"; GENERATIONS.md §2, §3.5).
import { describe, expect, it } from 'vitest';
import { generationOfVersion, parseLogFileName, pickCurrentGeneration } from './generation.ts';

describe('generationOfVersion', () => {
  it.each([0, 1, 2, 3, 4])('knows version %i', (version) => {
    expect(generationOfVersion(version)).toEqual({ kind: 'known', generation: version });
  });

  it('calls a version above 4 newer, whatever its size', () => {
    expect(generationOfVersion(5)).toEqual({ kind: 'newer', version: 5 });
    expect(generationOfVersion(2 ** 40)).toEqual({ kind: 'newer', version: 2 ** 40 });
  });

  it.each([[-1], [-0], [1.5], ['4'], [null], [undefined], [Number.MAX_SAFE_INTEGER + 1], [NaN]])(
    'calls %p malformed',
    (version) => {
      expect(generationOfVersion(version)).toEqual({ kind: 'malformed' });
    },
  );
});

describe('parseLogFileName', () => {
  it.each([
    ['session.jsonl', 0, false],
    ['session.jsonl.zstd', 0, true],
    ['session.v2.jsonl', 2, false],
    ['session.v3.jsonl.zstd', 3, true],
    ['session.v4.jsonl.zstd', 4, true],
    ['session.v12.jsonl', 12, false],
  ])('reads %s as generation %i', (name, generation, isCompressed) => {
    expect(parseLogFileName(name)).toEqual({ generation, isCompressed });
  });

  it.each([
    'session.v0.jsonl',
    'session.v03.jsonl',
    'Session.jsonl',
    'session.V4.jsonl',
    'session.v4.jsonl.tmp',
    '.session.v4.jsonl.zstd.tmp-1234',
    'session.1.v4.jsonl',
    'session.jsonl.gz',
    'session.v.jsonl',
  ])('refuses the non-canonical name %s', (name) => {
    expect(parseLogFileName(name)).toBeNull();
  });
});

describe('pickCurrentGeneration', () => {
  it('takes the highest generation as current and lists the others newest first', () => {
    expect(
      pickCurrentGeneration([
        'session.jsonl.zstd',
        'session.lock',
        'session.v4.jsonl.zstd',
        'session.v3.jsonl.zstd',
        'session.v4.jsonl.zstd.tmp',
      ]),
    ).toEqual({
      current: 'session.v4.jsonl.zstd',
      predecessors: ['session.v3.jsonl.zstd', 'session.jsonl.zstd'],
      mixedEncodings: false,
    });
  });

  it('compares generations as numbers, not as text', () => {
    expect(pickCurrentGeneration(['session.v10.jsonl', 'session.v9.jsonl']).current).toBe(
      'session.v10.jsonl',
    );
  });

  it('flags a directory that mixes plain and compressed logs', () => {
    const picked = pickCurrentGeneration(['session.v3.jsonl', 'session.v3.jsonl.zstd']);
    expect(picked.mixedEncodings).toBe(true);
    expect(picked.current).toBe('session.v3.jsonl.zstd');
  });

  it('has no current log when no name is canonical', () => {
    expect(pickCurrentGeneration(['notes.txt', 'session.lock'])).toEqual({
      current: null,
      predecessors: [],
      mixedEncodings: false,
    });
  });
});
