// Node loader of the fast zstd path: @bokuweb/zstd-wasm's one-shot decompressor, injected into the
// core as DecoderOptions.fastDecompress (the core falls back to fzstd without it).

import { decompress, init } from '@bokuweb/zstd-wasm';
import { decompressesProbeFrame, type FastDecompress } from '../log/index.ts';

/** How long the WebAssembly module may take to start before we give up on it (ms). */
const INIT_TIMEOUT_MS = 10_000;

let loading: Promise<FastDecompress | null> | null = null;

/** True when the module is initialized and decompresses a known frame correctly. */
function isWorking(): boolean {
  return decompressesProbeFrame(decompress);
}

async function load(): Promise<FastDecompress | null> {
  // The package keeps one module per process and breaks when init() runs twice (a compressor in
  // the same process, e.g. the bench's log generator, may have initialized it already).
  if (!isWorking()) {
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
    if (!isWorking()) return null;
  }
  return (frame, contentSize) => decompress(frame, { defaultHeapSize: contentSize });
}

/**
 * Loads @bokuweb/zstd-wasm once per process and returns its decompressor for
 * DecoderOptions.fastDecompress, or null when WebAssembly is unavailable or the module fails to
 * start (the decoder then uses fzstd for every frame). Never rejects.
 */
export function loadFastZstd(): Promise<FastDecompress | null> {
  loading ??= load().catch(() => null);
  return loading;
}
