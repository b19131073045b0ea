// Tests of the work that follows a load: the verdicts come to onVerdicts once (after triage), a
// cancel stops it before, and a log not read to its end gets none.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogDecoder, decodeLog, deriveFormatVerdicts, type FormatVerdicts } from '../log/index.ts';
import { runPostLoadWork } from './post-load-work.ts';

const bytes = new Uint8Array(readFileSync(resolve('fixtures/max-tokens.jsonl')));

describe('runPostLoadWork', () => {
  it('hands the verdicts over once, as the core derives them', async () => {
    const log = decodeLog(bytes);
    const heard: FormatVerdicts[] = [];
    await runPostLoadWork(
      log,
      () => Promise.resolve(),
      () => false,
      (verdicts) => heard.push(verdicts),
    );
    expect(heard).toEqual([deriveFormatVerdicts(decodeLog(bytes))]);
  });

  it('hands nothing over when cancelled, or for a log still being read', async () => {
    const heard: FormatVerdicts[] = [];
    await runPostLoadWork(
      decodeLog(bytes),
      () => Promise.resolve(),
      () => true,
      (verdicts) => heard.push(verdicts),
    );
    const decoder = createLogDecoder({ checksum: null });
    decoder.push(bytes.subarray(0, bytes.length >> 1));
    await runPostLoadWork(
      decoder.log,
      () => Promise.resolve(),
      () => false,
      (verdicts) => heard.push(verdicts),
    );
    expect(heard).toEqual([]);
  });
});
