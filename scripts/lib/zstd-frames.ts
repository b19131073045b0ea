// Zstandard frames as the scripts write and read them: one compressor that writes upstream's
// frames (level 3, content checksum), block headers for hand-made frames, and a frame lister. The
// magic is the core's (src/log/container/zstd-frames.ts).

import { init as initZstd, compress as zstdCompress } from '@bokuweb/zstd-wasm';
import xxhash from 'xxhash-wasm';
import { ZSTD_MAGIC, listCompleteZstdFrames } from '../../src/log/index.ts';

/** Level used by upstream (default level, no dictionary). */
const ZSTD_LEVEL = 3;

/** Frame header descriptor bit: a 4-byte content checksum follows the last block. */
const CHECKSUM_FLAG = 0x04;

let zstdReady: Promise<void> | null = null;

/**
 * Initializes @bokuweb/zstd-wasm once per process: calling its `init()` a second time leaves
 * `compress` returning bytes that are not a zstd frame.
 */
export function initZstdOnce(): Promise<void> {
  zstdReady ??= initZstd();
  return zstdReady;
}

/**
 * Returns `frame` with the content-checksum flag set and the checksum appended (low 32 bits of
 * XXH64(plaintext, seed 0), little-endian), which is what upstream's one-shot compressor writes.
 * `@bokuweb/zstd-wasm` calls `ZSTD_compress`, whose frames carry no checksum, and does not export
 * `ZSTD_CCtx_setParameter`; the flag lives in the frame header descriptor and the checksum after
 * the last block, so adding them does not touch the compressed blocks.
 */
export function addContentChecksum(frame: Uint8Array, plaintextHash64: bigint): Uint8Array {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.getUint32(0, true) !== ZSTD_MAGIC) throw new Error('not a zstd frame');
  const descriptor = frame[4] ?? 0;
  if ((descriptor & CHECKSUM_FLAG) !== 0) return frame;
  const out = new Uint8Array(frame.byteLength + 4);
  out.set(frame);
  out[4] = descriptor | CHECKSUM_FLAG;
  new DataView(out.buffer).setUint32(frame.byteLength, Number(plaintextHash64 & 0xffffffffn), true);
  return out;
}

/** Compresses one plaintext into one frame as upstream writes it: level 3, content checksum set. */
export type FrameCompressor = (plaintext: Uint8Array) => Uint8Array;

/** Loads zstd-wasm (once per process) and xxhash, and returns the compressor. */
export async function loadFrameCompressor(): Promise<FrameCompressor> {
  await initZstdOnce();
  const hasher = await xxhash();
  return (plaintext) => addContentChecksum(zstdCompress(plaintext, ZSTD_LEVEL), hasher.h64Raw(plaintext, 0n));
}

/** A zstd block header (3 bytes, little-endian): last flag, block type, size (RFC 8878 §3.1.1.2). */
export function blockHeader(isLast: boolean, type: number, size: number): Uint8Array {
  const value = (size << 3) | (type << 1) | (isLast ? 1 : 0);
  return new Uint8Array([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff]);
}

/**
 * The complete frames of a well-formed .zstd file as [start, end) byte offsets (the core's scan);
 * throws when the file has bytes after them (a torn or invalid frame).
 */
export function listFrames(bytes: Uint8Array): [number, number][] {
  const { frames, end } = listCompleteZstdFrames(bytes);
  if (end !== bytes.length) throw new Error(`no complete zstd frame at byte ${end}`);
  return frames;
}
