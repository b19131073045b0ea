// The committed fixtures in fixtures/ (see fixtures/README.md) decode as documented, in both containers; always runs.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLog } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';
import { findUnaccountedLines } from '../testing/decoder-checks.ts';
import { initLogBuilder } from '../testing/log-builder.ts';
import { CORPUS_FIXTURES, FIXTURES_DIR, buildTornFrameFixture } from '../testing/make-decoder-fixtures.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';

let checksum: ChecksumVerifier | null = null;
beforeAll(async () => {
  await initLogBuilder();
  checksum = await loadChecksumVerifier();
});

function read(name: string): Uint8Array {
  return readFileSync(join(FIXTURES_DIR, name));
}

function decodePair(name: string): { plain: OpenedLog; zstd: OpenedLog } {
  const plain = decodeLog(read(`${name}.jsonl`), { checksum });
  const zstd = decodeLog(read(`${name}.jsonl.zstd`), { checksum });
  for (const log of [plain, zstd]) {
    expect(findUnaccountedLines(log)).toEqual([]);
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
  }
  expect(zstd.store.eventCount).toBe(plain.store.eventCount);
  expect(zstd.problems).toEqual(plain.problems);
  expect(zstd.file.frames).toBeGreaterThan(2);
  expect(zstd.file.checksumsVerified).toBe(zstd.file.frames);
  return { plain, zstd };
}

function storedEvents(log: OpenedLog, count = log.store.eventCount): unknown[] {
  const events: unknown[] = [];
  for (let seq = 0; seq < count; seq++) events.push(log.store.readStoredEvent(seq));
  return events;
}

describe('fixtures', () => {
  it.each(Object.keys(CORPUS_FIXTURES))(
    '%s reads the same from .jsonl and the multi-frame .jsonl.zstd',
    (name) => {
      const { plain, zstd } = decodePair(name);
      expect(storedEvents(zstd)).toEqual(storedEvents(plain));
    },
  );

  it('packed-chunks expands its packed rows into assistant/chunk events', () => {
    const { plain } = decodePair('packed-chunks');
    expect(plain.packedRows).toBe(7);
    expect(plain.store.eventCount).toBe(124);
    expect(plain.lineCount).toBeLessThan(plain.store.eventCount);
  });

  it('compaction-replace holds a surface replace', () => {
    const { plain } = decodePair('compaction-replace');
    expect(plain.index.surfaceOps.some((op) => op.op === 'replace')).toBe(true);
  });

  it('subagent-child has a delegated header with a parent', () => {
    const { plain } = decodePair('subagent-child');
    expect(plain.header?.delegationDepth).toBe(1);
    expect(typeof plain.header?.parentSession).toBe('string');
  });

  it('tool-error has a tool call whose result is an error', () => {
    const { plain } = decodePair('tool-error');
    expect(plain.index.toolCalls.some((call) => call.status === 'error')).toBe(true);
  });

  it('cancel ends a turn as aborted', () => {
    const { plain } = decodePair('cancel');
    expect(plain.index.turns.some((turn) => turn.reason === 'aborted')).toBe(true);
  });

  it('max-tokens ends a turn with max-tokens', () => {
    const { plain } = decodePair('max-tokens');
    expect(plain.index.turns.some((turn) => turn.reason === 'max-tokens')).toBe(true);
  });

  it('legacy-web uses legacy v0 shapes that are upgraded on read without changing the verdict', () => {
    const { plain } = decodePair('legacy-web');
    expect(plain.problems).toEqual([]);
    expect(plain.notes.length).toBeGreaterThan(0);
    expect(plain.notes.every((note) => note.kind === 'legacy' && note.line !== null)).toBe(true);
    expect(plain.store.typeNames).toContain('turn/start');
  });

  it('torn-frame recovers exactly what plain JSONL cut at the same text offset keeps', () => {
    const torn = read('torn-frame.jsonl.zstd');
    const rebuilt = buildTornFrameFixture(read('packed-chunks.jsonl.zstd'));
    expect(Buffer.from(torn).equals(Buffer.from(rebuilt.bytes))).toBe(true);
    const log = decodeLog(torn, { checksum });
    expect(findUnaccountedLines(log)).toEqual([]);
    expect(log.file.tornTail).toBe(true);
    expect(log.verdict.status).toBe('ok');
    expect(log.problems.find((problem) => problem.kind === 'torn-tail')?.effect).toBe('none');
    const text = read('packed-chunks.jsonl');
    const cutText = text.subarray(0, rebuilt.completeTextBytes + rebuilt.recoveredTextBytes);
    const plainCut = decodeLog(cutText);
    expect(plainCut.file.tornTail).toBe(true);
    expect(log.store.eventCount).toBe(plainCut.store.eventCount);
    expect(log.store.eventCount).toBeGreaterThan(0);
    expect(log.store.eventCount).toBeLessThan(124);
    expect(storedEvents(log)).toEqual(storedEvents(plainCut));
  });
});
