// The decoder's own limits (work per line, per frame, per file) on hostile input: a decompression
// bomb of blank lines, a frame or a line larger than the viewer holds. Limits are injected small so
// each case runs in well under a second; what must hold is the bound, the verdict dsh would reach,
// and that what was read before stays readable.

import { beforeAll, describe, expect, it } from 'vitest';
import { loadChecksumVerifier, type ChecksumVerifier } from '../container/zstd-checksum.ts';
import { ZSTD_MAGIC_BYTES } from '../container/zstd-frames.ts';
import { findUnaccountedLines } from '../testing/decoder-checks.ts';
import {
  completedTurnLines,
  headerLine,
  initLogBuilder,
  joinBytes,
  jsonlText,
  rawZstdFrame,
  utf8,
  validLogLines,
  zstdFrame,
} from '../testing/log-builder.ts';
import { decodeLog, type DecoderOptions } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';

let checksum: ChecksumVerifier | null = null;
beforeAll(async () => {
  await initLogBuilder();
  checksum = await loadChecksumVerifier();
});

const MEBIBYTE_BYTES = 1024 * 1024;

function decode(bytes: Uint8Array, options: DecoderOptions = {}): { log: OpenedLog; elapsedMs: number } {
  const startedAt = performance.now();
  const log = decodeLog(bytes, { checksum, ...options });
  const elapsedMs = performance.now() - startedAt;
  expect(findUnaccountedLines(log)).toEqual([]);
  return { log, elapsedMs };
}

function problemOf(log: OpenedLog, kind: string) {
  return log.problems.find((candidate) => candidate.kind === kind);
}

/** `bytes` LFs: the plaintext of a frame made of blank lines only. */
function blankLines(bytes: number): Uint8Array {
  return new Uint8Array(bytes).fill(0x0a);
}

/** A frame without a declared size whose RLE blocks expand to `expandedBytes` of "a" (one endless line). */
function rleBombFrame(expandedBytes: number): Uint8Array {
  const blockBytes = 128 * 1024;
  const blocks = Math.ceil(expandedBytes / blockBytes);
  const out = new Uint8Array(6 + blocks * 4);
  out.set([...ZSTD_MAGIC_BYTES, 0x00, (17 - 10) << 3]);
  for (let i = 0; i < blocks; i += 1) {
    const value = (blockBytes << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
    out.set([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, 0x61], 6 + i * 4);
  }
  return out;
}

describe('a zstd frame of blank lines (a decompression bomb inside a valid log)', () => {
  const turn = completedTurnLines(0);
  const bomb = (blankBytes: number) =>
    joinBytes(
      zstdFrame(utf8(`${headerLine()}\n`)),
      zstdFrame(utf8(jsonlText(turn.lines))),
      zstdFrame(blankLines(blankBytes)),
    );

  it('bounds the lines it keeps and the work per line, refuses the log as dsh does, keeps the events before', () => {
    const blankBytes = 8 * MEBIBYTE_BYTES;
    const { log, elapsedMs } = decode(bomb(blankBytes), { maxIgnoredLinesKept: 1000 });
    // FORMAT.md §1.4, §10.12: a blank line inside a complete frame is an unparsable committed line.
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(turn.nextSeq);
    const damageLine = turn.lines.length + 2;
    expect(problemOf(log, 'unparsable-line')).toMatchObject({ line: damageLine });
    // Every line is accounted for: one range from the line after the damage to the last line.
    expect(problemOf(log, 'ignored-tail')).toMatchObject({
      line: damageLine + 1,
      lineEnd: 1 + turn.lines.length + blankBytes,
    });
    expect(log.lineCount).toBe(turn.lines.length + blankBytes);
    // What is kept per line is bounded (not one storage line per blank line) …
    expect(log.store.lineCount).toBeLessThanOrEqual(turn.lines.length + 1 + 1000);
    // … and so is the work: 8 Mi lines in well under the minutes one JSON.parse per line took.
    expect(elapsedMs).toBeLessThan(3000);
  });

  it('still reads a later frame for its container checks after the damage', () => {
    const bytes = joinBytes(bomb(64 * 1024), Uint8Array.from([...ZSTD_MAGIC_BYTES, 0x18]));
    const { log } = decode(bytes, { maxIgnoredLinesKept: 10 });
    // The reserved-bits frame after the bomb is what dsh reports first (container before scan).
    expect(log.verdict.reason).toMatch(/reserved frame-header bits/);
  });
});

describe('blank lines in a plain log (the ignored tail of a crash)', () => {
  const lines = validLogLines(1);
  const blanks = 200_000;
  const tail = '\n'.repeat(blanks);

  it('keeps a bounded number of ignored lines and still finds a later turn/end, null or nothing', () => {
    const cut = jsonlText(lines.slice(0, 4));
    const crashTail = decode(utf8(`${cut}${tail}`), { maxIgnoredLinesKept: 100 }).log;
    expect(crashTail.verdict.status).toBe('ok');
    expect(crashTail.store.lineCount).toBeLessThanOrEqual(3 + 1 + 100);
    expect(problemOf(crashTail, 'ignored-tail')).toMatchObject({ lineEnd: 4 + blanks });

    // A turn/end far past the kept lines still makes it committed damage (FORMAT.md §3.3).
    const turnEnd = lines.at(-1) as string;
    const committed = decode(utf8(`${cut}${tail}${turnEnd}\n`), { maxIgnoredLinesKept: 100 }).log;
    expect(committed.verdict.status).toBe('corrupt');
    expect(committed.verdict.reason).toMatch(new RegExp(`Line ${4 + blanks + 1} holds a turn/end`));

    // So does a `null` line (§10.13), and an escaped "turn\/end" that only JSON.parse sees.
    const nullLine = decode(utf8(`${cut}${tail} null \n`), { maxIgnoredLinesKept: 100 }).log;
    expect(nullLine.verdict.status).toBe('corrupt');
    const escaped = turnEnd.replace('turn/end', 'turn\\/end');
    const escapedEnd = decode(utf8(`${cut}${tail}${escaped}\n`), { maxIgnoredLinesKept: 100 }).log;
    expect(escapedEnd.verdict.status).toBe('corrupt');
  });
});

describe('limits of this viewer are not verdicts', () => {
  it('stops a frame without a declared size at the frame bound: a viewer limit, header and events kept', () => {
    const turn = completedTurnLines(0);
    const bytes = joinBytes(
      zstdFrame(utf8(`${headerLine()}\n`)),
      zstdFrame(utf8(jsonlText(turn.lines))),
      rleBombFrame(64 * MEBIBYTE_BYTES),
    );
    const { log } = decode(bytes, { maxFrameBytes: 2 * MEBIBYTE_BYTES });
    const limit = problemOf(log, 'zstd-limit');
    expect(limit).toMatchObject({ effect: 'none' });
    expect(log.verdict.status).toBe('ok');
    expect(log.verdict.viewerLimit).toMatch(/too large for this viewer/);
    expect(log.store.eventCount).toBe(turn.nextSeq);
    expect(log.file.textBytes).toBeLessThan(3 * MEBIBYTE_BYTES);
  });

  it('calls a frame that declares more text than the viewer decodes too large, not corrupt', () => {
    const header = zstdFrame(utf8(`${headerLine()}\n`));
    // A single-segment frame declaring 300 MiB: valid zstd (its window is its size), beyond our bound.
    const big = rawZstdFrame(utf8('{}\n'), { hasChecksum: false });
    new DataView(big.buffer).setUint32(5, 300 * MEBIBYTE_BYTES, true);
    const { log } = decode(joinBytes(header, big));
    expect(problemOf(log, 'zstd-limit')).toMatchObject({ effect: 'none' });
    expect(log.verdict.status).toBe('ok');
    expect(log.verdict.viewerLimit).toMatch(/too large for this viewer/);
  });

  it('stops at a line longer than the viewer parses, as a viewer limit', () => {
    const text = `${headerLine()}\n{"type":"session/title","pad":"${'x'.repeat(4096)}"}\n`;
    const { log } = decode(utf8(text), { maxLineBytes: 1024 });
    expect(problemOf(log, 'line-too-long')).toMatchObject({ effect: 'none', line: 2 });
    expect(log.verdict.status).toBe('ok');
    expect(log.verdict.viewerLimit).toMatch(/too large for this viewer/);
    expect(log.header).not.toBeNull();
  });

  it('reports a stop at the text bound with what was actually read (a header and no events)', () => {
    const bytes = joinBytes(zstdFrame(utf8(`${headerLine()}\n`)), rleBombFrame(4 * MEBIBYTE_BYTES));
    const { log } = decode(bytes, { maxTextBytes: MEBIBYTE_BYTES });
    const limit = log.problems.find((problem) => problem.effect === 'none' && /viewer/.test(problem.message));
    expect(limit?.message).not.toMatch(/events before it are shown/);
    expect(limit?.message).toMatch(/no events/);
    expect(log.verdict.viewerLimit).toBeTruthy();
    expect(log.header).not.toBeNull();
  });

  it('reads the lines of a plain chunk that fit the text bound instead of none of them', () => {
    const text = jsonlText(validLogLines(3));
    // One push of the whole file, as the CLI did with readFile: 0 events and "ok" before.
    const { log } = decode(utf8(text), { maxTextBytes: Math.floor(text.length / 2) });
    expect(log.store.eventCount).toBeGreaterThan(5);
    expect(log.verdict.viewerLimit).toMatch(/events before it are shown/);
  });

  it('keeps a frame window beyond what any zstd decoder accepts as corrupt (not our limit)', () => {
    const header = zstdFrame(utf8(`${headerLine()}\n`));
    // Window exponent 31: 2 TiB, past zstd's largest window (windowLog 31 = 2 GiB).
    const frame = Uint8Array.from([...ZSTD_MAGIC_BYTES, 0x00, 0xf8, 0x11, 0x00, 0x00, 0x78, 0x0a]);
    const { log } = decode(joinBytes(header, frame));
    expect(log.verdict.status).toBe('corrupt');
    expect(log.verdict.viewerLimit).toBeUndefined();
  });
});

describe('a frame that declares more content than its blocks hold (FORMAT.md §1.4)', () => {
  const frameOf = (text: string, declared: number): Uint8Array => {
    const frame = rawZstdFrame(utf8(text), { hasChecksum: false });
    new DataView(frame.buffer).setUint32(5, declared, true);
    return frame;
  };

  it('fails as a decompression failure, not a frame padded with zero bytes (fzstd only)', () => {
    const events = jsonlText(completedTurnLines(0).lines);
    const bytes = joinBytes(zstdFrame(utf8(`${headerLine()}\n`)), frameOf(events, events.length + 100));
    const { log } = decode(bytes, { fastDecompress: null });
    expect(problemOf(log, 'zstd-decode')).toMatchObject({ effect: 'corrupt' });
    expect(log.verdict.status).toBe('corrupt');
  });

  it('fails the same when the fast path refuses it and fzstd is the fallback', () => {
    const events = jsonlText(completedTurnLines(0).lines);
    const bytes = joinBytes(zstdFrame(utf8(`${headerLine()}\n`)), frameOf(events, events.length + 100));
    const { log } = decode(bytes, {
      fastDecompress: () => {
        throw new Error('Src size is incorrect');
      },
    });
    expect(problemOf(log, 'zstd-decode')).toMatchObject({ effect: 'corrupt' });
  });
});
