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
    const decoder = createLogDecoder();
    decoder.push(fixture('tool-error.jsonl').subarray(0, 100));
    expect(detectRefusal(decoder.log)).toBeNull();
    expect(detectRefusal(decodeLog(fixture('tool-error.jsonl')))).toBeNull();
  });

  it('refuses a file that is not a log, and says what to open instead', () => {
    const refusal = detectRefusal(decodeLog(fixture('adversarial/png-renamed.jsonl')));
    expect(refusal?.kind).toBe('not-a-log');
    expect(refusal?.message).toMatch(/Open a dsh session log/);
  });

  it('refuses a zip export and says to unzip it', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(60).fill(0)]);
    expect(detectRefusal(decodeLog(zip))).toMatchObject({
      kind: 'zip',
      message: expect.stringMatching(/Unzip the export/) as unknown,
    });
  });

  it('opens an empty file as a log whose verdict is corrupt (CLI.md "Sniffing"), not as a failure', () => {
    const decoder = createLogDecoder();
    expect(detectRefusal(decoder.log)).toBeNull();
    const log = decoder.finish();
    expect(detectRefusal(log)).toBeNull();
    expect(log.verdict.status).toBe('corrupt');
    expect(log.problems.map((problem) => problem.kind)).toEqual(['empty']);
  });

  it('opens a header that never ends the same way, with the decoder’s problem as the verdict', () => {
    const log = decodeLog(fixture('adversarial/one-byte.jsonl'));
    const emptyProblem = log.problems.find((problem) => problem.kind === 'empty');
    expect(detectRefusal(log)).toBeNull();
    expect(log.verdict).toMatchObject({ status: 'corrupt', reason: emptyProblem?.message });
  });

  it('shows what was read before a viewer limit, even when that is no event at all', () => {
    const nothingRead = decodeLog(fixture('tool-error.jsonl'), { maxTextBytes: 10 });
    expect(nothingRead.verdict.viewerLimit).toMatch(/nothing before it was read/);
    expect(detectRefusal(nothingRead)).toBeNull();
    const headerOnly = decodeLog(fixture('tool-error.jsonl'), { maxTextBytes: 400 });
    expect(headerOnly.header).not.toBeNull();
    expect(headerOnly.store.eventCount).toBe(0);
    expect(headerOnly.verdict.viewerLimit).toMatch(/only the header was read/);
    expect(detectRefusal(headerOnly)).toBeNull();
    const someRead = decodeLog(fixture('tool-error.jsonl.zstd'), { maxTextBytes: 20_000 });
    expect(someRead.store.eventCount).toBeGreaterThan(0);
    expect(someRead.verdict.viewerLimit).toMatch(
      new RegExp(`the ${someRead.store.eventCount} events before it`),
    );
    expect(detectRefusal(someRead)).toBeNull();
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
