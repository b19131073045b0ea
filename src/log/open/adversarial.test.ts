// Adversarial inputs (fixtures/adversarial/, scripts/make-fixtures.ts) read through decodeLog: the
// reader never throws, names a specific problem, reaches upstream's verdict, accounts for every
// line, and never lets log content touch Object.prototype.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERSARIAL_DIR,
  BLANK_BOMB_LINES,
  BOMB_EXPANDED_BYTES,
  HUGE_LINE_BYTES,
  buildAdversarialFixtures,
  buildBigAdversarialFixtures,
  type AdversarialFixture,
} from '../../../scripts/make-fixtures.ts';
import { deriveStreamingState } from '../projections/block-assembler.ts';
import { readEventDetail } from '../projections/event-rows.ts';
import { summarizeEvent } from '../projections/event-summary.ts';
import { decodeLog } from './log-decoder.ts';
import { deriveModelView, readModelMessage } from '../projections/model-view.ts';
import type { OpenedLog } from './opened-log.ts';
import { findNextMatch } from '../testing/search-steps.ts';
import { eventLine, headerLine, jsonlText, textRowLine, utf8 } from '../testing/log-builder.ts';
import { findUnaccountedLines, problemKinds } from '../testing/decoder-checks.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';
import { readDeepValueText } from '../base/deep-values.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(ROOT, ADVERSARIAL_DIR, name)));
}

/** Decodes and checks the invariants every adversarial input must keep. */
function decodeSafely(bytes: Uint8Array, options: Parameters<typeof decodeLog>[1] = {}): OpenedLog {
  const log = decodeLog(bytes, options);
  expect(log.isComplete).toBe(true);
  expect(findUnaccountedLines(log)).toEqual([]);
  return log;
}

function firstProblem(log: OpenedLog, kind: string) {
  const problem = log.problems.find((candidate) => candidate.kind === kind);
  expect(
    problem,
    `expected a "${kind}" problem, got ${problemKinds(log).join(', ') || 'none'}`,
  ).toBeDefined();
  return problem;
}

/** Reads every event and every model-view message, the way the viewer does while scrubbing. */
function readEverything(log: OpenedLog): void {
  for (let seq = 0; seq < log.store.eventCount; seq += 1) log.store.readEvent(seq);
  if (log.store.eventCount === 0) return;
  const view = deriveModelView(log, log.store.eventCount - 1);
  for (const message of view.messages) readModelMessage(log, message.seq);
}

describe('committed adversarial fixtures', () => {
  it('are exactly what scripts/make-fixtures.ts generates (npm run fixtures is deterministic)', async () => {
    const fixtures = await buildAdversarialFixtures();
    expect(fixtures.length).toBeGreaterThanOrEqual(13);
    for (const fixture of fixtures) expect(readFixture(fixture.name), fixture.name).toEqual(fixture.bytes);
  });

  it('reports an empty file as empty or header-less (FORMAT.md §10.1)', () => {
    const log = decodeSafely(readFixture('empty.jsonl'));
    firstProblem(log, 'empty');
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(0);
  });

  it('reports a single "{" without a line feed as a header that never ends', () => {
    const log = decodeSafely(readFixture('one-byte.jsonl'));
    expect(firstProblem(log, 'empty')?.message).toMatch(/no line feed/);
    expect(log.verdict.status).toBe('corrupt');
    expect(log.file.tornTail).toBe(true);
  });

  it('refuses random binary as not a log without reading lines (§1.2)', () => {
    const log = decodeSafely(readFixture('random-binary.jsonl'));
    expect(problemKinds(log)).toEqual(['not-a-log']);
    expect(log.verdict.status).toBe('corrupt');
    expect(log.lineCount).toBe(0);
  });

  it('refuses a PNG renamed to .jsonl as not a log (§1.2)', () => {
    const log = decodeSafely(readFixture('png-renamed.jsonl'));
    expect(problemKinds(log)).toEqual(['not-a-log']);
    expect(log.verdict.reason).toMatch(/not a dsh session log/);
  });

  it("strips a UTF-8 BOM with a problem, reads every event, and keeps upstream's refusal (§10.8)", () => {
    const log = decodeSafely(readFixture('bom.jsonl'));
    expect(log.file.hadBom).toBe(true);
    firstProblem(log, 'bom');
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(8);
    expect(log.header?.id).toMatch(/^adversarial-/);
  });

  it('reads CRLF line endings as upstream does: every event, verdict ok (§10.9)', () => {
    const log = decodeSafely(readFixture('crlf.jsonl'));
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.store.eventCount).toBe(8);
    expect(log.store.readEvent(7).type).toBe('turn/end');
  });

  it('treats a blank line before a turn/end as committed damage: unparsable line, log refused (§3.4, §10.12)', () => {
    const log = decodeSafely(readFixture('blank-lines.jsonl'));
    const problem = firstProblem(log, 'unparsable-line');
    expect(problem?.line).toBe(5);
    expect(problem?.effect).toBe('corrupt');
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(3);
    firstProblem(log, 'ignored-tail');
  });

  it('decodes data nested 100,000 levels deep without throwing, and derives the model view over it', () => {
    const log = decodeSafely(readFixture('deep-nesting.jsonl'));
    expect(log.lineCount).toBe(1);
    // JSON.parse accepts the depth, so the line is an event (or, if the reader bounds depth, an unparsable line).
    expect(
      log.store.eventCount + log.problems.filter((problem) => problem.kind === 'unparsable-line').length,
    ).toBe(1);
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(() => deriveModelView(log, 0)).not.toThrow();
  });

  // Was a known bug: the store copied cached values with a recursive clone that overflowed the
  // stack here. It now re-parses the line on every read (JSON.parse has no depth limit).
  it('reads an event nested 100,000 levels deep back without throwing', () => {
    const log = decodeLog(readFixture('deep-nesting.jsonl'));
    expect(() => readEverything(log)).not.toThrow();
  });

  it('reads __proto__ and constructor keys as own data without polluting Object.prototype', () => {
    const log = decodeSafely(readFixture('proto-keys.jsonl'));
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.store.eventCount).toBe(9);
    readEverything(log);
    const feedback = log.store.readEvent(8).data as Record<string, unknown>;
    expect(Object.getPrototypeOf(feedback)).toBe(Object.prototype);
    expect(Object.hasOwn(feedback, '__proto__')).toBe(true);
    expect(Object.hasOwn(feedback, 'constructor')).toBe(true);
    expect(Object.keys(feedback)).toEqual(['text', '__proto__', 'constructor', 'hasOwnProperty', 'toString']);
    const message = log.store.readEvent(2).data as {
      source: Record<string, unknown>;
      content: Record<string, unknown>[];
    };
    expect(Object.hasOwn(message.source, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(message.source)).toBe(Object.prototype);
    expect(Object.hasOwn(message.content[0] ?? {}, '__proto__')).toBe(true);
    const detail = readModelMessage(log, 2);
    expect(detail?.message.source.kind).toBe('user');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('turns invalid UTF-8 into U+FFFD and keeps escaped lone surrogates (§1.5, §10.10)', () => {
    const log = decodeSafely(readFixture('invalid-utf8.jsonl'));
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.store.eventCount).toBe(8);
    const message = log.store.readEvent(2).data as { content: { text: string }[] };
    const text = message.content[0]?.text ?? '';
    expect(text).toContain('\uFFFD');
    expect(text).toContain('\ud800');
    expect(text).toContain('\udc00');
  });

  it('reports seq written as a string as a seq discontinuity that a later turn/end makes fatal (§3.3)', () => {
    const log = decodeSafely(readFixture('seq-string.jsonl'));
    const problem = firstProblem(log, 'seq-gap');
    expect(problem?.line).toBe(3);
    expect(problem?.message).toContain('"1"');
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(1);
  });

  it('rejects a time beyond 2^53 as an envelope error and keeps 1e400 / huge integers as numbers (§3.5.6)', () => {
    const log = decodeSafely(readFixture('big-numbers.jsonl'));
    const problem = firstProblem(log, 'envelope');
    expect(problem?.seq).toBe(3);
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(8);
    const usage = (log.store.readEvent(4).data as { chunk: { usage: { outputTokens: number } } }).chunk.usage;
    expect(usage.outputTokens).toBe(Number.POSITIVE_INFINITY);
    expect(() => readEverything(log)).not.toThrow();
  });

  it('reads a 4 KiB frame of 128 Mi blank lines in seconds with bounded lines kept, the turn before it intact', async () => {
    const startedAt = performance.now();
    const log = decodeSafely(readFixture('blank-lines-bomb.jsonl.zstd'), {
      checksum: await loadChecksumVerifier(),
    });
    const elapsedMs = performance.now() - startedAt;
    expect(log.verdict.status).toBe('corrupt');
    expect(log.verdict.reason).toMatch(/Line 10 is not valid JSON \(or is blank\)/);
    expect(log.store.eventCount).toBe(8);
    expect(firstProblem(log, 'ignored-tail')).toMatchObject({ line: 11, lineEnd: 9 + BLANK_BOMB_LINES });
    expect(log.store.lineCount).toBeLessThanOrEqual(8 + 1 + 100_000);
    expect(log.file.checksumsVerified).toBe(3);
    expect(elapsedMs).toBeLessThan(10_000);
  });

  it('refuses a zstd frame claiming a 2 TiB window before allocating it, keeping the header', async () => {
    const log = decodeSafely(readFixture('huge-window.jsonl.zstd'), {
      checksum: await loadChecksumVerifier(),
    });
    // Past the largest window any zstd decoder accepts (2 GiB): damage dsh refuses too, not a limit of ours.
    expect(firstProblem(log, 'zstd-decode')?.message).toMatch(/window, more than any zstd decoder accepts/);
    expect(log.verdict.status).toBe('corrupt');
    expect(log.verdict.viewerLimit).toBeUndefined();
    expect(log.file.frames).toBe(1);
    expect(log.file.checksumsVerified).toBe(1);
    expect(log.header?.id).toMatch(/^adversarial-/);
  });
});

describe('big adversarial inputs (built in memory, never committed)', () => {
  let big: Map<string, AdversarialFixture>;
  beforeAll(async () => {
    big = new Map((await buildBigAdversarialFixtures()).map((fixture) => [fixture.name, fixture]));
  });

  function bigFixture(name: string): Uint8Array {
    const fixture = big.get(name);
    if (fixture === undefined) throw new Error(`missing big fixture ${name}`);
    return fixture.bytes;
  }

  it('reads a valid log whose user/message is one 50 MB line, text intact', () => {
    const bytes = bigFixture('huge-line.jsonl');
    expect(bytes.byteLength).toBeGreaterThan(HUGE_LINE_BYTES);
    const log = decodeSafely(bytes);
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.store.eventCount).toBe(8);
    const message = log.store.readEvent(2).data as { content: { text: string }[] };
    expect(message.content[0]?.text.length).toBeGreaterThan(HUGE_LINE_BYTES - 1000);
  });

  it('reports 50 MB without any line feed as a header that never ends', () => {
    const log = decodeSafely(bigFixture('huge-line-no-lf.jsonl'));
    firstProblem(log, 'empty');
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(0);
  });

  it('stops a zstd bomb (4 GiB of one line) at maxTextBytes instead of exhausting memory', () => {
    const bytes = bigFixture('zstd-bomb.jsonl.zstd');
    expect(bytes.byteLength).toBeLessThan(BOMB_EXPANDED_BYTES / 1000);
    const maxTextBytes = 64 * 1024 * 1024;
    const log = decodeSafely(bytes, { maxTextBytes });
    const problem = log.problems.find(
      (candidate) => candidate.kind === 'zstd-limit' || candidate.kind === 'too-large',
    );
    expect(problem, problemKinds(log).join(', ')).toBeDefined();
    // Stopping at our own bound is not a verdict on the file: the message says the verdict covers only what was read.
    expect(problem?.effect).toBe('none');
    expect(problem?.message).toMatch(/verdict covers only/);
    expect(log.file.textBytes).toBeLessThanOrEqual(maxTextBytes);
    expect(log.header?.id).toMatch(/^adversarial-/);
  });
});

/** JSON text of arrays nested `depth` levels (built as text: JSON.stringify could not write it). */
function deepArrayText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** `line` with the string value "DEEP" replaced by `deep` (raw JSON text). */
function withDeep(line: string, deep: string): string {
  return line.replace('"DEEP"', deep);
}

describe('event data nested 100,000 levels deep', () => {
  const DEPTH = 100_000;
  const deep = deepArrayText(DEPTH);
  /**
   * One streaming attempt: request/context whose provider is deep (shown by the summary), a text
   * block streamed as a packed row and ended by a block-end whose block carries a deep field, then
   * an unknown event that is all depth. The log ends inside the attempt (a crash tail).
   */
  function deepLog(): OpenedLog {
    const lines = [
      headerLine(),
      eventLine('turn/start', 0, { turn: 1 }),
      eventLine('step/start', 1, { turn: 1, step: 1 }),
      withDeep(eventLine('request/context', 2, { provider: 'DEEP', model: 'm', contextWindow: 1 }), deep),
      eventLine('assistant/chunk', 3, {
        turn: 1,
        step: 1,
        chunk: { type: 'block-start', index: 0, blockType: 'text' },
      }),
      textRowLine(4, ['He', 'llo'], { turn: 1, step: 1, index: 0 }),
      withDeep(
        eventLine('assistant/chunk', 6, {
          turn: 1,
          step: 1,
          chunk: { type: 'block-end', index: 0, block: { type: 'text', text: 'Hello', extra: 'DEEP' } },
        }),
        deep,
      ),
      withDeep(eventLine('x-plugin/deep', 7, 'DEEP'), deep),
    ];
    const log = decodeLog(utf8(jsonlText(lines)));
    expect(log.store.eventCount).toBe(8);
    return log;
  }

  it('summarizes every event without throwing, naming the deep value instead of serializing it', () => {
    const log = deepLog();
    for (let seq = 0; seq < log.store.eventCount; seq++) expect(() => summarizeEvent(log, seq)).not.toThrow();
    expect(summarizeEvent(log, 2)).toMatch(/\/m\b/);
    expect(summarizeEvent(log, 2).length).toBeLessThan(300);
  });

  it('reads the detail of every event without throwing', () => {
    const log = deepLog();
    for (let seq = 0; seq < log.store.eventCount; seq++) {
      const detail = readEventDetail(log, seq);
      expect(detail.seq).toBe(seq);
    }
    expect((readEventDetail(log, 7).stored as { type: string }).type).toBe('x-plugin/deep');
  });

  it('searches across the deep lines in both directions without throwing', () => {
    const log = deepLog();
    expect(findNextMatch(log, '[[[[', -1, 1)).toBe(2);
    expect(findNextMatch(log, '[[[[', log.store.eventCount, -1)).toBe(7);
    // The deltas of the unanswered attempt are found on its last chunk, the block-end at seq 6.
    expect(findNextMatch(log, 'llo', -1, 1)).toBe(6);
    expect(findNextMatch(log, 'not in this log', -1, 1)).toBeNull();
  });

  it('derives the streaming state after a block-end whose block nests deeply, keeping the block whole', () => {
    const log = deepLog();
    const before = deriveStreamingState(log, 5);
    expect(before?.blocks).toEqual([{ type: 'text', text: 'Hello' }]);
    const state = deriveStreamingState(log, 6);
    expect(state?.blocks).toHaveLength(1);
    const block = state?.blocks[0] as { type: string; text: string; extra: unknown };
    expect(block.text).toBe('Hello');
    let depth = 0;
    let value: unknown = block.extra;
    while (Array.isArray(value)) {
      depth++;
      value = (value as unknown[])[0];
    }
    // The nesting past the bound is kept as its raw JSON text (deep-values.test.ts), so the whole
    // value is there: the arrays walked plus the ones the marker's text holds.
    const rest = readDeepValueText(value) ?? '';
    expect(depth + rest.length / 2).toBe(DEPTH);
    expect(() => structuredClone(state)).not.toThrow();
    expect(() => deriveModelView(log, 7)).not.toThrow();
  });

  it('keeps a "__proto__" key of a frozen block as own data when the streaming state copies it', () => {
    const lines = [
      headerLine(),
      eventLine('turn/start', 0, { turn: 1 }),
      eventLine('step/start', 1, { turn: 1, step: 1 }),
      eventLine('assistant/chunk', 2, {
        turn: 1,
        step: 1,
        chunk: { type: 'block-start', index: 0, blockType: 'text' },
      }),
      eventLine('assistant/chunk', 3, {
        turn: 1,
        step: 1,
        chunk: { type: 'block-end', index: 0, block: { type: 'text', text: 'x', extra: 'PROTO' } },
      }).replace('"PROTO"', '{"__proto__":{"polluted":true},"list":[1,{"a":[2]}]}'),
    ];
    const log = decodeLog(utf8(jsonlText(lines)));
    const block = deriveStreamingState(log, 3)?.blocks[0] as unknown as { extra: Record<string, unknown> };
    expect(Object.hasOwn(block.extra, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(block.extra)).toBe(Object.prototype);
    expect(block.extra['list']).toEqual([1, { a: [2] }]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
