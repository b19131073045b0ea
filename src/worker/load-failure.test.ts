// Tests of how a load's end without a log becomes a LoadFailure: refused files and thrown errors.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogDecoder, decodeLog } from '../log/index.ts';
import { LoadError, classifyLoadError, detectRefusal } from './load-failure.ts';

const fixture = (path: string) => new Uint8Array(readFileSync(resolve('fixtures', path)));
const POSITION = { name: 'big.jsonl.zstd', bytesRead: 3 * 1024 * 1024, totalBytes: 5 * 1024 ** 3 };

describe('detectRefusal', () => {
  it('lets a session log through, finished or not', () => {
    const log = decodeLog(fixture('tool-error.jsonl'));
    expect(detectRefusal(log, false)).toBeNull();
    expect(detectRefusal(log, true)).toBeNull();
  });

  it('refuses a file that is not a log, and says what to open instead', () => {
    const refusal = detectRefusal(decodeLog(fixture('adversarial/png-renamed.jsonl')), false);
    expect(refusal?.kind).toBe('not-a-log');
    expect(refusal?.message).toMatch(/Open a dsh session log/);
  });

  it('refuses a zip export and says to unzip it', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(60).fill(0)]);
    expect(detectRefusal(decodeLog(zip), false)).toMatchObject({
      kind: 'zip',
      message: expect.stringMatching(/Unzip the export/) as unknown,
    });
  });

  it('calls an empty file empty only once the load is finished', () => {
    const decoder = createLogDecoder();
    expect(detectRefusal(decoder.log, false)).toBeNull();
    expect(detectRefusal(decoder.finish(), true)).toEqual({
      kind: 'empty',
      message: 'The file is empty (0 bytes). A dsh log starts with a header line.',
    });
  });

  it('calls a header that never ends empty, with the decoder’s message', () => {
    const log = decodeLog(fixture('adversarial/one-byte.jsonl'));
    const emptyProblem = log.problems.find((problem) => problem.kind === 'empty');
    expect(emptyProblem).toBeDefined();
    expect(detectRefusal(log, true)).toEqual({ kind: 'empty', message: emptyProblem?.message });
  });

  it('refuses a log past the text bound only when no event was read', () => {
    const nothingRead = decodeLog(fixture('tool-error.jsonl'), { maxTextBytes: 10 });
    expect(detectRefusal(nothingRead, false)?.kind).toBe('too-large');
    const someRead = decodeLog(fixture('tool-error.jsonl.zstd'), { maxTextBytes: 20_000 });
    expect(someRead.store.eventCount).toBeGreaterThan(0);
    expect(someRead.problems.map((problem) => problem.kind)).toContain('too-large');
    expect(detectRefusal(someRead, true)).toBeNull();
  });
});

describe('classifyLoadError', () => {
  it('passes an expected failure through as it is', () => {
    const failure = { kind: 'read-error', message: 'The server answered 404.' } as const;
    expect(classifyLoadError(new LoadError(failure), POSITION)).toBe(failure);
  });

  it('reports running out of memory as too large, with how far the load got and what to do', () => {
    for (const error of [new RangeError('Array buffer allocation failed'), new Error('Out of memory')]) {
      const failure = classifyLoadError(error, POSITION);
      expect(failure.kind).toBe('too-large');
      expect(failure.message).toContain('This file is 5.00 GiB');
      expect(failure.message).toContain('after 3.0 MiB');
      expect(failure.message).toContain(`(${error.name}: ${error.message})`);
      expect(failure.message).toContain('npx dsh-replay inspect FILE');
    }
  });

  it('uses the bytes read as the size when the size is unknown', () => {
    const failure = classifyLoadError(new RangeError('x'), { ...POSITION, bytesRead: 900, totalBytes: null });
    expect(failure.message).toContain('This file is 900 bytes');
  });

  it('reports a file the browser can no longer read as a read error naming it', () => {
    const failure = classifyLoadError(new DOMException('gone', 'NotReadableError'), POSITION);
    expect(failure).toEqual({
      kind: 'read-error',
      message:
        'The browser could not read big.jsonl.zstd (gone). The file may have changed or moved; open it again.',
    });
  });

  it('reports anything else as an internal error to report', () => {
    expect(classifyLoadError(new TypeError('x is undefined'), POSITION)).toEqual({
      kind: 'internal',
      message:
        "Loading stopped on an internal error: TypeError: x is undefined. Please report it with the file's header line.",
    });
    expect(classifyLoadError('thrown string', POSITION).message).toContain('internal error: thrown string.');
  });
});
