// Seeded fuzzing of the decoder: mutated fixture logs (byte flips, truncations incl. inside zstd
// frames, spliced/duplicated lines, random JSON in envelope fields) must never throw and must account for every line.
// Runs 1,000 inputs by default and the full 10,000 when CI is set (CI=1 npx vitest run … locally).
// Reproduce a failure with DECODER_FUZZ_SEED=<printed seed> npx vitest run src/log/open/decoder-fuzz.test.ts

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogDecoder, decodeLog } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';
import { findUnaccountedLines } from '../testing/decoder-checks.ts';
import { initLogBuilder, jsonlText, utf8, zstdLogFile } from '../testing/log-builder.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';
import { createRandom } from '../testing/random.ts';

/** Inputs per run: the full set on CI, a tenth of it for a quick local `npm test`. */
const INPUTS_PER_RUN = process.env['CI'] ? 10_000 : 1_000;
const BASE_SEED = Number(process.env['DECODER_FUZZ_SEED'] ?? 20_260_821);
/** Lines kept from a fixture to build one input: small inputs keep the run well under a minute. */
const MAX_LINES_PER_INPUT = 16;

const FIXTURE_NAMES = [
  'packed-chunks',
  'compaction-replace',
  'cancel',
  'legacy-web',
  'max-tokens',
  'tool-error',
];
const ENVELOPE_FIELDS = [
  'type',
  'seq',
  'time',
  'data',
  'surfaceOp',
  'sourceEventSeqs',
  'ignorable',
  'seq0',
  'time0',
  'extra',
];

let checksum: ChecksumVerifier | null = null;
let fixtureLines: string[][] = [];
let fixtureZstd: Uint8Array[] = [];
beforeAll(async () => {
  await initLogBuilder();
  checksum = await loadChecksumVerifier();
  fixtureLines = FIXTURE_NAMES.map((name) =>
    readFileSync(join(FIXTURES_DIR, `${name}.jsonl`), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  fixtureZstd = [
    ...FIXTURE_NAMES.map((name) => readFileSync(join(FIXTURES_DIR, `${name}.jsonl.zstd`))),
    readFileSync(join(FIXTURES_DIR, 'torn-frame.jsonl.zstd')),
  ];
});

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function randomJson(random: () => number, depth = 0): unknown {
  const roll = random();
  if (roll < 0.1) return null;
  if (roll < 0.2) return random() < 0.5;
  if (roll < 0.35) return pick(random, [0, -1, 1.5, -0, 2 ** 53, 1e308, 7, Number.MAX_SAFE_INTEGER]);
  if (roll < 0.5)
    return pick(random, ['', 'x', 'turn/end', 'text-chunks', 'append', 'assistant/chunk', '\u2028']);
  if (roll < 0.7 && depth < 3)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
  if (depth < 3) {
    const value: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 4); i > 0; i--)
      value[pick(random, ['op', 'start', 'end', 'turn', 'kind', 'texts', 'dt'])] = randomJson(
        random,
        depth + 1,
      );
    return value;
  }
  return 'deep';
}

/** Mutates a list of lines in one of the line-level ways; returns a label for the failure report. */
function mutateLines(random: () => number, lines: string[]): string {
  const kind = Math.floor(random() * 5);
  const at = 1 + Math.floor(random() * Math.max(1, lines.length - 1));
  switch (kind) {
    case 0: {
      lines.splice(at, 0, lines[at] ?? '');
      return `duplicate line ${at + 1}`;
    }
    case 1: {
      lines.splice(at, 1);
      return `delete line ${at + 1}`;
    }
    case 2: {
      const other = 1 + Math.floor(random() * Math.max(1, lines.length - 1));
      const swap = lines[at] ?? '';
      lines[at] = lines[other] ?? '';
      lines[other] = swap;
      return `swap lines ${at + 1} and ${other + 1}`;
    }
    case 3: {
      const field = pick(random, ENVELOPE_FIELDS);
      const index = random() < 0.15 ? 0 : at;
      try {
        const value = JSON.parse(lines[index] ?? '{}') as Record<string, unknown>;
        const replacement = randomJson(random);
        if (random() < 0.2) delete value[field];
        else value[field] = replacement;
        lines[index] = JSON.stringify(value);
      } catch {
        // The line is already not JSON: keep it.
      }
      return `set ${field} of line ${index + 1}`;
    }
    default: {
      const line = lines[at] ?? '';
      const cut = Math.floor(random() * (line.length + 1));
      lines[at] = random() < 0.5 ? line.slice(0, cut) : `${line.slice(0, cut)}\n${line.slice(cut)}`;
      return `cut line ${at + 1} at ${cut}`;
    }
  }
}

function mutateBytes(random: () => number, source: Uint8Array): { bytes: Uint8Array; label: string } {
  const bytes = source.slice();
  const kind = Math.floor(random() * 3);
  if (kind === 0) {
    const flips = 1 + Math.floor(random() * 4);
    for (let i = 0; i < flips; i++) {
      const at = Math.floor(random() * bytes.length);
      bytes[at] = (bytes[at] as number) ^ (1 << Math.floor(random() * 8));
    }
    return { bytes, label: `${flips} bit flips` };
  }
  if (kind === 1) {
    const cut = Math.floor(random() * bytes.length);
    return { bytes: bytes.subarray(0, cut), label: `truncate at ${cut}` };
  }
  const at = Math.floor(random() * bytes.length);
  const noise = Uint8Array.from({ length: 1 + Math.floor(random() * 8) }, () => Math.floor(random() * 256));
  const out = new Uint8Array(bytes.length + noise.length);
  out.set(bytes.subarray(0, at));
  out.set(noise, at);
  out.set(bytes.subarray(at), at + noise.length);
  return { bytes: out, label: `insert ${noise.length} bytes at ${at}` };
}

/** Builds one input from `seed`: mutated lines as JSONL or zstd, or mutated bytes of a fixture zstd file. */
function buildInput(seed: number): { bytes: Uint8Array; label: string } {
  const random = createRandom(seed);
  if (random() < 0.3) {
    const mutated = mutateBytes(random, pick(random, fixtureZstd));
    return { bytes: mutated.bytes, label: `zstd fixture, ${mutated.label}` };
  }
  const source = pick(random, fixtureLines);
  const lines = source.slice(0, 1 + Math.floor(random() * MAX_LINES_PER_INPUT));
  const labels: string[] = [];
  for (let i = Math.floor(random() * 3); i >= 0; i--) labels.push(mutateLines(random, lines));
  if (random() < 0.35) {
    const batches: string[][] = [];
    for (let at = 1; at < lines.length;) {
      const size = 1 + Math.floor(random() * 6);
      batches.push(lines.slice(at, at + size));
      at += size;
    }
    let bytes = zstdLogFile(lines[0] ?? '', batches, 1);
    if (random() < 0.5) {
      const mutated = mutateBytes(random, bytes);
      bytes = mutated.bytes;
      labels.push(mutated.label);
    }
    return { bytes, label: `zstd of lines: ${labels.join(', ')}` };
  }
  let bytes = utf8(jsonlText(lines));
  if (random() < 0.3) {
    const mutated = mutateBytes(random, bytes);
    bytes = mutated.bytes;
    labels.push(mutated.label);
  }
  return { bytes, label: `jsonl: ${labels.join(', ')}` };
}

function checkInvariants(log: OpenedLog): void {
  expect(['ok', 'corrupt', 'unsupported']).toContain(log.verdict.status);
  expect(log.isComplete).toBe(true);
  expect(findUnaccountedLines(log)).toEqual([]);
  expect(log.store.eventCount).toBe(log.store.eventTime.length);
  for (let i = 0; i < log.store.lineCount; i++) {
    const first = log.store.lineFirstSeq.get(i);
    const count = log.store.lineEventCount.get(i);
    if (first >= 0) expect(first + count).toBeLessThanOrEqual(log.store.eventCount);
  }
}

describe('decoder fuzz', () => {
  it(`survives ${INPUTS_PER_RUN} mutated logs (base seed ${BASE_SEED})`, () => {
    for (let i = 0; i < INPUTS_PER_RUN; i++) {
      const seed = BASE_SEED + i;
      const input = buildInput(seed);
      try {
        const options = i % 2 === 0 ? { checksum } : {};
        const log = decodeLog(input.bytes, options);
        checkInvariants(log);
        if (i % 10 === 0) {
          // The same bytes pushed in random chunk sizes give the same log.
          const random = createRandom(seed ^ 0x9e3779b9);
          const decoder = createLogDecoder(options);
          for (let at = 0; at < input.bytes.length;) {
            const size = 1 + Math.floor(random() * 512);
            decoder.push(input.bytes.subarray(at, at + size));
            at += size;
          }
          const chunked = decoder.finish();
          expect(chunked.store.eventCount).toBe(log.store.eventCount);
          expect(chunked.problems).toEqual(log.problems);
        }
      } catch (error) {
        throw new Error(
          `decoder fuzz failed for seed ${seed} (${input.label}); rerun with DECODER_FUZZ_SEED=${seed}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    }
  });
});
