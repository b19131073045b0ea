// Node loader of the fast zstd path, injected into the core as DecoderOptions.fastDecompress (the
// core falls back to fzstd without it): @bokuweb/zstd-wasm's one-shot decompressor, and Node's own
// libzstd (zlib.zstdDecompressSync, Node ≥ 22.15 and 23.8) for the frames where it is faster.

import * as zlib from 'node:zlib';
import { decompress, init } from '@bokuweb/zstd-wasm';
import { decompressesProbeFrame, type FastDecompress } from '../log/index.ts';

/** How long the WebAssembly module may take to start before we give up on it (ms). */
const INIT_TIMEOUT_MS = 10_000;

/**
 * Declared frame sizes from which Node's zlib decodes a frame and the wasm module below it (bytes).
 * Measured on Node 22.23 (scripts/bench-zstd.ts): each zlib call sets up a new decompression
 * context, ~150 µs, so a dsh flush of a few KiB takes 3× as long as in the wasm module (214 against
 * 70 µs at 4 KiB, 1.1 against 0.8 ms at 128 KiB); zlib's faster inner loop wins from about 2 MiB
 * (11.7 against 12.9 ms) and by 2× on one 20 MB frame.
 */
export const NATIVE_ZSTD_MIN_FRAME_BYTES = 2 * 1024 * 1024;

/** Node's zlib zstd one-shot call, typed here: the project's Node typings (20) do not declare it. */
type NodeZstdDecompressSync = (input: Uint8Array, options: { maxOutputLength: number }) => Uint8Array;

type OneShot = (frame: Uint8Array, contentSize: number) => Uint8Array;
type FastZstdLibrary = ReturnType<NonNullable<FastDecompress['library']>>;

let loading: Promise<FastDecompress | null> | null = null;

/**
 * Node's libzstd as a one-shot decompressor, or null when the running Node has no zstd in zlib
 * (Node 20) or it fails the probe frame. `maxOutputLength` is the frame's declared size: a frame that
 * would inflate past it throws (libzstd itself stops a bomb), and the core then asks fzstd.
 */
export function loadNativeZstd(): FastDecompress | null {
  const native = (zlib as unknown as { zstdDecompressSync?: NodeZstdDecompressSync }).zstdDecompressSync;
  if (typeof native !== 'function') return null;
  const oneShot: OneShot = (frame, contentSize) => {
    const text = native(frame, { maxOutputLength: contentSize });
    // A plain view of the Buffer's bytes (no copy): the core's other paths hand out Uint8Arrays.
    return new Uint8Array(text.buffer, text.byteOffset, text.byteLength);
  };
  try {
    if (!decompressesProbeFrame((frame) => oneShot(frame, 1))) return null;
  } catch {
    return null;
  }
  return Object.assign(oneShot, { library: () => 'node-zlib' as const });
}

/** True when the wasm module is initialized and decompresses a known frame correctly. */
function isWasmWorking(): boolean {
  return decompressesProbeFrame(decompress);
}

async function loadWasmZstd(): Promise<FastDecompress | null> {
  // The package keeps one module per process and breaks when init() runs twice (a compressor in
  // the same process, e.g. the bench's log generator, may have initialized it already).
  if (!isWasmWorking()) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, INIT_TIMEOUT_MS);
    });
    try {
      // init() never settles when instantiation fails, hence the race.
      await Promise.race([init(), timeout]);
    } finally {
      clearTimeout(timer);
    }
    if (!isWasmWorking()) return null;
  }
  const oneShot: OneShot = (frame, contentSize) => decompress(frame, { defaultHeapSize: contentSize });
  return Object.assign(oneShot, { library: () => 'zstd-wasm' as const });
}

/**
 * Frames of at least NATIVE_ZSTD_MIN_FRAME_BYTES to Node's zlib, the others to the wasm module;
 * either alone when only one loaded.
 */
export function splitBySize(
  native: FastDecompress | null,
  wasm: FastDecompress | null,
): FastDecompress | null {
  if (native === null || wasm === null) return native ?? wasm;
  const pick = (contentSize: number) => (contentSize >= NATIVE_ZSTD_MIN_FRAME_BYTES ? native : wasm);
  return Object.assign((frame: Uint8Array, contentSize: number) => pick(contentSize)(frame, contentSize), {
    library: (contentSize: number): FastZstdLibrary =>
      contentSize >= NATIVE_ZSTD_MIN_FRAME_BYTES ? 'node-zlib' : 'zstd-wasm',
  });
}

/**
 * The fast path for this process, loaded once: the wasm module, with Node's zlib zstd for large
 * frames where the running Node has it; null when neither starts (the decoder then uses fzstd for
 * every frame). `DSH_REPLAY_ZSTD=wasm` or `=native` keeps one (the zstd benchmark compares them).
 * Never rejects.
 */
export function loadFastZstd(): Promise<FastDecompress | null> {
  loading ??= (async () => {
    const choice = process.env.DSH_REPLAY_ZSTD;
    const native = choice === 'wasm' ? null : loadNativeZstd();
    const wasm = choice === 'native' && native !== null ? null : await loadWasmZstd();
    return splitBySize(native, wasm);
  })().catch(() => null);
  return loading;
}
