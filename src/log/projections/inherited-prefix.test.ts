// A forked child's inherited prefix, by generation (FORMAT.md §8.1; docs/format-generations.md §3).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { completedTurnLines, headerLine, jsonlText, utf8 } from '../testing/log-builder.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { inheritedPrefixLength } from './inherited-prefix.ts';

function v0Log(header: Record<string, unknown>, turns: number) {
  const lines = [headerLine(header)];
  let seq = 0;
  for (let turn = 1; turn <= turns; turn++) {
    const built = completedTurnLines(seq, turn);
    lines.push(...built.lines);
    seq = built.nextSeq;
  }
  return decodeLog(utf8(jsonlText(lines)));
}

describe('inheritedPrefixLength', () => {
  it('is the header seedLength in generation 0, clamped to the events the log holds', () => {
    const log = v0Log({ parentSession: 'p-1', seedLength: 3 }, 2);
    expect(inheritedPrefixLength(log)).toBe(3);
    const short = v0Log({ parentSession: 'p-1', seedLength: 10_000 }, 1);
    expect(inheritedPrefixLength(short)).toBe(short.store.eventCount);
  });

  it('is null for a log that inherited nothing', () => {
    expect(inheritedPrefixLength(v0Log({}, 1))).toBeNull();
    expect(inheritedPrefixLength(v0Log({ seedLength: 0 }, 1))).toBeNull();
  });

  it('is the seq of the last inherited session/end-seed in a seeded generation-4 child (16 in the fork fixture)', () => {
    const dir = join(FIXTURES_DIR, 'generations/stored/v4/sdk/subagent-fork-in-process');
    const child = decodeLog(readFileSync(join(dir, 'session.1.v4.jsonl')));
    expect(inheritedPrefixLength(child)).toBe(16);
    const parent = decodeLog(readFileSync(join(dir, 'session.v4.jsonl')));
    expect(inheritedPrefixLength(parent)).toBeNull();
  });
});
