// The injected fast zstd path (DecoderOptions.fastDecompress): which frames take it, that every
// failure falls back to fzstd with fzstd's problem, and that it reads the same logs as fzstd alone.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decompress as zstdWasmDecompress } from '@bokuweb/zstd-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import {
  completedTurnLines,
  headerLine,
  initLogBuilder,
  jsonlText,
  joinBytes,
  rawZstdFrame,
  utf8,
  zstdFrame,
  zstdLogFile,
} from '../testing/log-builder.ts';
import type { ChecksumVerifier } from './zstd-checksum.ts';
import { loadChecksumVerifier } from './zstd-checksum.ts';
import { listCompleteZstdFrames } from './zstd-frames.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import type { FastDecompress } from './zstd-decode.ts';
import { FrameDecompressor } from './zstd-decode.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';

let checksum: ChecksumVerifier | null = null;

beforeAll(async () => {
  // initLogBuilder initializes @bokuweb/zstd-wasm once for this file (a second init breaks it).
  await initLogBuilder();
  checksum = await loadChecksumVerifier();
});

/** The real WebAssembly decompressor, as the loaders inject it. */
const wasm: FastDecompress = (frame, contentSize) =>
  zstdWasmDecompress(frame, { defaultHeapSize: contentSize });

/** A fast path that records what it was offered and delegates to `inner`. */
function recording(inner: FastDecompress): {
  fast: FastDecompress;
  calls: { bytes: number; contentSize: number }[];
} {
  const calls: { bytes: number; contentSize: number }[] = [];
  return {
    calls,
    fast: (frame, contentSize) => {
      calls.push({ bytes: frame.length, contentSize });
      return inner(frame, contentSize);
    },
  };
}

/** Everything a reader shows that must not depend on the decompressor. */
function readerFacts(log: OpenedLog): unknown {
  const events: unknown[] = [];
  for (let seq = 0; seq < log.store.eventCount; seq++) events.push(log.store.readStoredEvent(seq));
  const { decompressor: _decompressor, ...file } = log.file;
  return { file, header: log.header, verdict: log.verdict, problems: log.problems, events };
}

/** A three-frame log (header, two turns) as upstream writes it. */
function threeFrameLog(): Uint8Array {
  const first = completedTurnLines(0, 1);
  const second = completedTurnLines(first.nextSeq, 2);
  return zstdLogFile(headerLine(), [first.lines, second.lines]);
}

describe('the fast zstd path', () => {
  it('decodes every complete frame that declares its size, offered with that size', () => {
    const bytes = threeFrameLog();
    const { fast, calls } = recording(wasm);
    const log = decodeLog(bytes, { checksum, fastDecompress: fast });
    expect(log.file.frames).toBe(3);
    expect(calls).toHaveLength(3);
    expect(calls.reduce((sum, call) => sum + call.contentSize, 0)).toBe(log.file.textBytes);
    expect(log.file.decompressor).toBe('zstd-wasm');
    expect(log.file.checksumsVerified).toBe(3);
    expect(readerFacts(log)).toEqual(readerFacts(decodeLog(bytes, { checksum })));
  });

  it('says fzstd decoded the frames when no fast path is given, and names no decompressor for plain jsonl', () => {
    const bytes = threeFrameLog();
    expect(decodeLog(bytes, { checksum }).file.decompressor).toBe('fzstd');
    const plain = utf8(jsonlText([headerLine(), ...completedTurnLines(0).lines]));
    const log = decodeLog(plain, { checksum, fastDecompress: wasm });
    expect(log.file.container).toBe('jsonl');
    expect(log.file.decompressor).toBeUndefined();
  });

  it('falls back to fzstd when the fast path throws, and does not use it again for that log', () => {
    const bytes = threeFrameLog();
    const { fast, calls } = recording(() => {
      throw new Error('out of memory');
    });
    const log = decodeLog(bytes, { checksum, fastDecompress: fast });
    expect(calls).toHaveLength(1);
    expect(log.file.decompressor).toBe('fzstd');
    expect(log.store.eventCount).toBeGreaterThan(0);
    expect(readerFacts(log)).toEqual(readerFacts(decodeLog(bytes, { checksum })));
  });

  it('ignores fast-path text of the wrong length and decodes the frame with fzstd', () => {
    const bytes = threeFrameLog();
    const log = decodeLog(bytes, {
      checksum,
      fastDecompress: (frame, contentSize) => wasm(frame, contentSize).subarray(1),
    });
    expect(log.file.decompressor).toBe('fzstd');
    expect(readerFacts(log)).toEqual(readerFacts(decodeLog(bytes, { checksum })));
  });

  it('never sees a frame that does not declare its content size (it is streamed through fzstd)', () => {
    const text = utf8(`${headerLine()}\n`);
    // Descriptor 0x00: no content size, no checksum, one window byte (1 KiB), then one raw block.
    const blockHeader = (text.length << 3) | 1;
    const unsized = joinBytes(
      new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x00]),
      new Uint8Array([blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff]),
      text,
    );
    const { fast, calls } = recording(wasm);
    const log = decodeLog(unsized, { checksum, fastDecompress: fast });
    expect(log.file.frames).toBe(1);
    expect(log.header).not.toBeNull();
    expect(calls).toHaveLength(0);
    expect(log.file.decompressor).toBe('fzstd');
  });

  it('leaves a torn final frame to fzstd and recovers the same lines as without it', () => {
    const turn = completedTurnLines(0, 1);
    const complete = zstdLogFile(headerLine(), [turn.lines]);
    const last = rawZstdFrame(utf8(jsonlText(completedTurnLines(turn.nextSeq, 2).lines)), {
      blockBytes: 256,
    });
    const bytes = joinBytes(complete, last.subarray(0, last.length - 100));
    const { fast, calls } = recording(wasm);
    const log = decodeLog(bytes, { checksum, fastDecompress: fast });
    expect(log.file.tornTail).toBe(true);
    expect(calls).toHaveLength(log.file.frames ?? -1);
    expect(readerFacts(log)).toEqual(readerFacts(decodeLog(bytes, { checksum })));
  });

  it('reports a damaged frame with the same problem as fzstd alone', () => {
    const bytes = threeFrameLog();
    // Damage the compressed payload of the last frame (its checksum then fails or the data is invalid).
    const damaged = bytes.slice();
    for (let at = damaged.length - 40; at < damaged.length - 8; at++) damaged[at] = 0xff;
    const { fast, calls } = recording(wasm);
    const withFast = decodeLog(damaged, { checksum, fastDecompress: fast });
    const withFzstd = decodeLog(damaged, { checksum });
    expect(calls.length).toBeGreaterThan(0);
    expect(withFast.verdict.status).toBe('corrupt');
    expect(withFast.problems).toEqual(withFzstd.problems);
  });

  it('still reports a checksum mismatch as zstd-checksum (the WebAssembly build verifies it too and throws)', () => {
    const turn = completedTurnLines(0, 1);
    const header = zstdFrame(utf8(`${headerLine()}\n`));
    const body = zstdFrame(utf8(jsonlText(turn.lines)));
    body[body.length - 1] = (body[body.length - 1] as number) ^ 0xff;
    const bytes = joinBytes(header, body);
    expect(() => wasm(body, utf8(jsonlText(turn.lines)).length)).toThrow();
    const log = decodeLog(bytes, { checksum, fastDecompress: wasm });
    expect(log.problems.map((problem) => problem.kind)).toContain('zstd-checksum');
    expect(log.problems).toEqual(decodeLog(bytes, { checksum }).problems);
  });

  it("serves the LogStore's on-demand frame reads through the fast path", () => {
    const bytes = threeFrameLog();
    const { fast, calls } = recording(wasm);
    const log = decodeLog(bytes, { checksum, fastDecompress: fast });
    const afterDecode = calls.length;
    const last = log.store.eventCount - 1;
    expect(log.store.readEvent(last)).toEqual(decodeLog(bytes, { checksum }).store.readEvent(last));
    expect(calls.length).toBe(afterDecode + 1);
  });

  it('re-reads a retained frame with fzstd once the fast path has failed', () => {
    const frame = zstdFrame(utf8('{"a":1}\n'));
    let attempts = 0;
    const frames = new FrameDecompressor(() => {
      attempts++;
      throw new Error('broken module');
    });
    expect(new TextDecoder().decode(frames.decompressRetained(frame))).toBe('{"a":1}\n');
    expect(frames.hasFastPath).toBe(false);
    frames.decompressRetained(frame);
    expect(attempts).toBe(1);
  });

  it('reads every zstd log of the corpus exactly as fzstd does', () => {
    let names: string[] = [];
    try {
      names = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.jsonl.zstd'));
    } catch {
      // No corpus on this machine: the synthetic cases above still run.
    }
    for (const name of names) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, name)));
      const log = decodeLog(bytes, { checksum, fastDecompress: wasm });
      expect(log.file.decompressor, name).toBe('zstd-wasm');
      expect(readerFacts(log), name).toEqual(readerFacts(decodeLog(bytes, { checksum })));
    }
  });
});

describe('listCompleteZstdFrames', () => {
  it('lists the frames of a multi-frame log and stops where a torn frame begins', () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'torn-frame.jsonl.zstd')));
    const { frames, end } = listCompleteZstdFrames(bytes);
    expect(frames.length).toBeGreaterThan(1);
    expect(frames[0]?.[0]).toBe(0);
    frames.slice(1).forEach(([start], index) => expect(start).toBe(frames[index]?.[1]));
    expect(end).toBe(frames.at(-1)?.[1]);
    expect(end).toBeLessThan(bytes.length);
    const whole = bytes.subarray(0, end);
    expect(listCompleteZstdFrames(whole)).toEqual({ frames, end: whole.length });
  });
});
