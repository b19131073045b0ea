// The follower's strong property (issue 22): a log read in appends — split at any frame or line
// boundary, each part in pieces of any size — shows after every append exactly what a whole-file
// decode of the bytes so far shows: the same events, problems, verdict and index (turns, steps,
// calls and their statuses, pairings, surface, provenance). dsh appends whole frames or whole lines
// (FORMAT.md §1.3, §1.4), so those boundaries are the states a follower sees on disk.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Column } from '../base/columns.ts';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { createRandom } from '../testing/random.ts';
import { appendBoundaries, realWriterLogs } from '../testing/append-boundaries.ts';
import { LogFollower } from './log-follower.ts';

let checksum: ChecksumVerifier | null = null;
beforeAll(async () => {
  checksum = await loadChecksumVerifier();
});

/** Everything a reader sees of a log, as plain data (columns as arrays, maps as entries). */
function facts(log: OpenedLog): unknown {
  const events: unknown[] = [];
  for (let seq = 0; seq < log.store.eventCount; seq++) events.push(log.store.readStoredEvent(seq));
  const index = JSON.parse(
    JSON.stringify(log.index, (_key, value: unknown) => {
      if (value instanceof Column) return Array.from(value.view() as ArrayLike<number>);
      if (value instanceof Map) return [...(value as Map<unknown, unknown>).entries()];
      if (value instanceof Set) return [...(value as Set<unknown>).values()];
      return value;
    }),
  ) as unknown;
  return {
    header: log.header,
    format: log.format,
    verdict: log.verdict,
    problems: log.problems,
    notes: log.notes,
    lineCount: log.lineCount,
    packedRows: log.packedRows,
    events,
    index,
  };
}

/** Feeds `bytes[from, to)` to the follower in random pieces. */
function appendInPieces(
  follower: LogFollower,
  bytes: Uint8Array,
  from: number,
  to: number,
  random: () => number,
) {
  for (let at = from; at < to;) {
    const size = Math.max(1, Math.floor(random() * 3000));
    const end = Math.min(to, at + size);
    follower.append(bytes.subarray(at, end));
    at = end;
  }
}

/** Checks the property at up to `maxChecks` boundaries (all when null) and at the end. */
function checkAppends(bytes: Uint8Array, seed: number, maxChecks: number | null): number {
  const boundaries = appendBoundaries(bytes);
  const random = createRandom(seed);
  const stride = maxChecks === null ? 1 : Math.max(1, Math.ceil(boundaries.length / maxChecks));
  const follower = new LogFollower({ checksum });
  let read = 0;
  let checks = 0;
  for (let i = 0; i < boundaries.length; i += stride) {
    const boundary = boundaries[i] as number;
    appendInPieces(follower, bytes, read, boundary, random);
    read = boundary;
    const whole = decodeLog(bytes.subarray(0, boundary), { checksum });
    expect(facts(follower.log), `after ${boundary} of ${bytes.length} bytes`).toEqual(facts(whole));
    expect(follower.offset).toBe(boundary);
    checks += 1;
  }
  return checks;
}

const fixtureLogs = [
  ...readdirSync(FIXTURES_DIR).filter((name) => /\.jsonl(\.zstd)?$/.test(name) && !name.startsWith('torn')),
  ...[
    'blank-lines.jsonl',
    'crlf.jsonl',
    'invalid-utf8.jsonl',
    'seq-string.jsonl',
    'proto-keys.jsonl',
    'big-numbers.jsonl',
  ].map((name) => `adversarial/${name}`),
];

describe('following a log in appends equals reading it whole', () => {
  it.each(fixtureLogs)('fixtures/%s, at every frame or line boundary', (name) => {
    const bytes = readFileSync(join(FIXTURES_DIR, name));
    expect(checkAppends(bytes, name.length, null)).toBeGreaterThan(2);
  });

  const realWriterDir = join(FIXTURES_DIR, 'real-writer');
  it.each(realWriterLogs())('fixtures/real-writer/%s (written by dsh 0.1.0-rc.8)', (name) => {
    const bytes = readFileSync(join(realWriterDir, name));
    checkAppends(bytes, 7, null);
  });

  const corpusLogs = existsSync(CORPUS_DIR)
    ? readdirSync(CORPUS_DIR).filter((name) => /\.jsonl(\.zstd)?$/.test(name))
    : [];
  it.skipIf(corpusLogs.length === 0)('every corpus log, at 12 boundaries each (skipped: no corpus)', () => {
    for (const name of corpusLogs) checkAppends(readFileSync(join(CORPUS_DIR, name)), 3, 12);
  });
});

describe('LogFollower', () => {
  it('holds a torn last line back until its line feed arrives (FORMAT.md §1.5)', () => {
    const text = readFileSync(join(FIXTURES_DIR, 'cancel.jsonl'));
    const boundaries = appendBoundaries(text);
    const cut = (boundaries[3] as number) + 10;
    const follower = new LogFollower({ checksum });
    const first = follower.append(text.subarray(0, cut));
    expect(first.toSeq).toBe(3);
    expect(first.log.problems).toEqual([]);
    const second = follower.append(text.subarray(cut, boundaries[4]));
    expect([second.fromSeq, second.toSeq]).toEqual([3, 4]);
    expect(second.log.problems).toEqual([]);
  });

  it('holds a torn last zstd frame back until it is complete (FORMAT.md §1.4)', () => {
    const bytes = readFileSync(join(FIXTURES_DIR, 'cancel.jsonl.zstd'));
    const boundaries = appendBoundaries(bytes);
    const follower = new LogFollower({ checksum });
    follower.append(bytes.subarray(0, boundaries[2]));
    const before = follower.log.store.eventCount;
    const torn = follower.append(bytes.subarray(boundaries[2], (boundaries[3] as number) - 5));
    expect(torn.toSeq).toBe(before);
    expect(torn.log.problems).toEqual([]);
    const done = follower.append(bytes.subarray((boundaries[3] as number) - 5, boundaries[3]));
    expect(done.toSeq).toBeGreaterThan(before);
  });

  it('says which events and problems each append added, and restarts empty', () => {
    const bytes = readFileSync(join(FIXTURES_DIR, 'tool-error.jsonl'));
    const boundaries = appendBoundaries(bytes);
    const follower = new LogFollower({ checksum });
    const a = follower.append(bytes.subarray(0, boundaries[5]));
    const b = follower.append(bytes.subarray(boundaries[5], boundaries[9]));
    expect([a.fromSeq, a.toSeq, b.fromSeq, b.toSeq]).toEqual([0, 5, 5, 9]);
    expect(follower.headBytes.length).toBe(Math.min(4096, boundaries[9] as number));
    follower.restart();
    expect([follower.offset, follower.restarts, follower.log.store.eventCount]).toEqual([0, 1, 0]);
  });

  it('lists a damaged append as a problem and keeps the events before it (FORMAT.md §3.4)', () => {
    const bytes = readFileSync(join(FIXTURES_DIR, 'cancel.jsonl'));
    const boundaries = appendBoundaries(bytes);
    const follower = new LogFollower({ checksum });
    follower.append(bytes.subarray(0, boundaries[4]));
    const damaged = follower.append(new TextEncoder().encode('{"type":"turn/st\n'));
    expect(damaged.toProblem).toBeGreaterThan(damaged.fromProblem);
    expect(damaged.log.problems[damaged.fromProblem]?.line).toBe(6);
    expect(damaged.toSeq).toBe(4);
  });
});
