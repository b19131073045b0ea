// Test helpers for the decoder: header/event/packed-row lines, whole logs, real multi-frame zstd
// files (@bokuweb/zstd-wasm) and hand-made frames with RAW blocks for exact torn-tail tests.

import { compress as zstdCompress, init as initZstdWasm } from '@bokuweb/zstd-wasm';
import xxhash from 'xxhash-wasm';
import { ZSTD_MAGIC } from '../container/zstd-frames.ts';

/** Base of the synthetic `time` values (epoch ms). */
const TEST_TIME_MS = 1_783_352_100_000;
export const TEST_SESSION_ID = '5138ed0d-0000-4000-8000-000000000001';

const encoder = new TextEncoder();

/** UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** A valid header line (FORMAT.md §2.1) with `overrides` applied; a key set to undefined is removed. */
export function headerLine(overrides: Record<string, unknown> = {}): string {
  const header: Record<string, unknown> = {
    type: 'session',
    version: 0,
    id: TEST_SESSION_ID,
    createdAt: TEST_TIME_MS,
    cwd: '/home/dev/project',
    delegationDepth: 0,
    ...overrides,
  };
  for (const key of Object.keys(header)) if (header[key] === undefined) delete header[key];
  return JSON.stringify(header);
}

/** One stored event line; `extra` adds or overrides envelope keys (undefined removes one). */
export function eventLine(
  type: string,
  seq: number,
  data: unknown,
  extra: Record<string, unknown> = {},
): string {
  const event: Record<string, unknown> = { type, seq, time: TEST_TIME_MS + seq, data, ...extra };
  for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
  return JSON.stringify(event);
}

/** A packed text/reasoning row (FORMAT.md §4.1) with `texts.length` members, 1 ms apart unless `dt` is given. */
export function textRowLine(
  seq0: number,
  texts: string[],
  options: {
    rowType?: 'text-chunks' | 'reasoning-chunks';
    turn?: number;
    step?: number;
    index?: number;
    dt?: number[];
  } = {},
): string {
  return JSON.stringify({
    type: options.rowType ?? 'text-chunks',
    seq0,
    time0: TEST_TIME_MS + seq0,
    data: {
      turn: options.turn ?? 1,
      step: options.step ?? 1,
      index: options.index ?? 0,
      dt: options.dt ?? texts.slice(1).map(() => 1),
      texts,
    },
  });
}

/** A packed tool-call row (FORMAT.md §4.1); `name` is included only when given. */
export function toolCallRowLine(
  seq0: number,
  args: string[],
  options: { id?: string; name?: string; turn?: number; step?: number; index?: number } = {},
): string {
  const data: Record<string, unknown> = {
    turn: options.turn ?? 1,
    step: options.step ?? 1,
    index: options.index ?? 1,
    id: options.id ?? 'call_1',
  };
  if (options.name !== undefined) data['name'] = options.name;
  data['dt'] = args.slice(1).map(() => 0);
  data['args'] = args;
  return JSON.stringify({ type: 'tool-call-chunks', seq0, time0: TEST_TIME_MS + seq0, data });
}

/**
 * The event lines of one small, valid, completed turn starting at `seq0` (turn `turn`): turn/start,
 * step/start, user/message, a packed text row of 3 deltas, assistant/message citing them,
 * step/end, turn/end. Returns the lines and the next free seq.
 */
export function completedTurnLines(seq0: number, turn = 1): { lines: string[]; nextSeq: number } {
  let seq = seq0;
  const lines = [
    eventLine('turn/start', seq++, { turn }),
    eventLine('step/start', seq++, { turn, step: 1 }),
    eventLine(
      'user/message',
      seq++,
      { id: `user-${turn}`, role: 'user', content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' } },
      { surfaceOp: 'append' },
    ),
  ];
  const firstChunk = seq;
  lines.push(textRowLine(seq, ['Hel', 'lo', '!'], { turn }));
  seq += 3;
  lines.push(
    eventLine(
      'assistant/message',
      seq++,
      {
        turn,
        step: 1,
        message: {
          id: `assistant-${turn}`,
          role: 'assistant',
          content: [{ type: 'text', text: 'Hello!' }],
          source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' },
        },
      },
      { surfaceOp: 'append', sourceEventSeqs: [firstChunk, firstChunk + 1, firstChunk + 2] },
    ),
  );
  lines.push(eventLine('step/end', seq++, { turn, step: 1 }));
  lines.push(eventLine('turn/end', seq++, { turn, reason: { kind: 'completed' } }));
  return { lines, nextSeq: seq };
}

/** Joins lines into JSONL text: every line LF-terminated. */
export function jsonlText(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** A header plus `turns` completed turns, as lines. */
export function validLogLines(turns = 1): string[] {
  const lines = [headerLine()];
  let seq = 0;
  for (let turn = 1; turn <= turns; turn++) {
    const built = completedTurnLines(seq, turn);
    lines.push(...built.lines);
    seq = built.nextSeq;
  }
  return lines;
}

let zstdReady: Promise<void> | null = null;
let xxhashApi: Awaited<ReturnType<typeof xxhash>> | null = null;

/** Loads the zstd compressor and XXH64 (once); call before the synchronous zstd helpers. */
export async function initLogBuilder(): Promise<void> {
  zstdReady ??= initZstdWasm();
  await zstdReady;
  xxhashApi ??= await xxhash();
}

function checksumOf(plaintext: Uint8Array): number {
  if (!xxhashApi) throw new Error('call initLogBuilder() first');
  return Number(xxhashApi.h64Raw(plaintext, 0n) & 0xffffffffn);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * One real zstd frame (ZSTD_compress at `level`) with the content checksum added, as upstream
 * writes it (the compressor does not set the flag; it lives in the header descriptor and after the last block).
 */
export function zstdFrame(plaintext: Uint8Array, level = 3): Uint8Array {
  const frame = zstdCompress(plaintext, level);
  const out = new Uint8Array(frame.length + 4);
  out.set(frame);
  out[4] = (out[4] as number) | 0x04;
  new DataView(out.buffer).setUint32(frame.length, checksumOf(plaintext), true);
  return out;
}

/**
 * A `.jsonl.zstd` file as upstream writes it: frame 1 = the header line, then one frame per batch
 * of lines (each batch LF-terminated).
 */
export function zstdLogFile(header: string, batches: readonly (readonly string[])[], level = 3): Uint8Array {
  const frames = [zstdFrame(utf8(`${header}\n`), level)];
  for (const batch of batches) frames.push(zstdFrame(utf8(jsonlText(batch)), level));
  return concat(frames);
}

/**
 * A hand-made frame of RAW blocks (no compression): single segment, 4-byte content size, blocks of
 * at most `blockBytes`, and the content checksum unless `hasChecksum` is false. Byte layout:
 * 4 magic + 1 descriptor + 4 size = 9 header bytes, then per block 3 header bytes + payload.
 */
export function rawZstdFrame(
  plaintext: Uint8Array,
  options: { blockBytes?: number; hasChecksum?: boolean } = {},
): Uint8Array {
  const blockBytes = options.blockBytes ?? 128 * 1024;
  const hasChecksum = options.hasChecksum ?? true;
  const parts: Uint8Array[] = [];
  const header = new Uint8Array(9);
  const view = new DataView(header.buffer);
  view.setUint32(0, ZSTD_MAGIC, true);
  header[4] = (2 << 6) | 0x20 | (hasChecksum ? 0x04 : 0);
  view.setUint32(5, plaintext.length, true);
  parts.push(header);
  let at = 0;
  do {
    const size = Math.min(blockBytes, plaintext.length - at);
    const isLast = at + size >= plaintext.length;
    const blockHeader = (size << 3) | (0 << 1) | (isLast ? 1 : 0);
    parts.push(new Uint8Array([blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff]));
    parts.push(plaintext.subarray(at, at + size));
    at += size;
  } while (at < plaintext.length);
  if (hasChecksum) {
    const checksum = new Uint8Array(4);
    new DataView(checksum.buffer).setUint32(0, checksumOf(plaintext), true);
    parts.push(checksum);
  }
  return concat(parts);
}

/** Concatenates byte arrays (frames, or a file and appended bytes). */
export function joinBytes(...parts: Uint8Array[]): Uint8Array {
  return concat(parts);
}
