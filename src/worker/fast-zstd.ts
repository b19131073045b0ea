// Browser loader of the fast zstd path: @bokuweb/zstd-wasm's web build, started in the worker from
// the .wasm Vite emits as an asset, injected into the core as DecoderOptions.fastDecompress.
// The worker tsconfig has no vite/client types, so the `?url` module type comes from wasm-url.d.ts:
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient declaration cannot be imported
/// <reference path="./wasm-url.d.ts" />

import { decompress, init } from '@bokuweb/zstd-wasm';
// By path: the package's exports map does not export its .wasm (a missing file fails the build).
import zstdWasmUrl from '../../node_modules/@bokuweb/zstd-wasm/dist/web/zstd.wasm?url';
import { decompressesProbeFrame, type FastDecompress } from '../log/index.ts';

/** How long downloading and starting the module may take before the worker gives up on it (ms). */
const INIT_TIMEOUT_MS = 5_000;

/** The smallest valid WebAssembly module: compiling it tells whether this context may compile at all. */
const EMPTY_WASM_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * The web build's init takes the .wasm URL or its bytes. TypeScript resolves the package's Node
 * typings (`init()` without arguments: its exports map has no `types` condition), while Vite
 * resolves the `browser` condition for the worker.
 */
const initWebBuild = init as unknown as (wasm: ArrayBuffer) => Promise<void>;

/** True when the module is initialized and decompresses a known frame correctly. */
function isWorking(): boolean {
  return decompressesProbeFrame(decompress);
}

async function start(): Promise<void> {
  // Fails fast where compiling is refused (CSP without 'wasm-unsafe-eval', no WebAssembly).
  await WebAssembly.compile(EMPTY_WASM_MODULE);
  // The bytes are fetched here, not by init(): its own fetch failing leaves init() pending forever.
  // Against this module's URL: the worker starts from a blob: script (worker/client.ts), a base
  // that resolves no path.
  const response = await fetch(new URL(zstdWasmUrl, import.meta.url), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${zstdWasmUrl}: HTTP ${response.status}`);
  await initWebBuild(await response.arrayBuffer());
}

/**
 * Loads @bokuweb/zstd-wasm (call once per worker) and returns its decompressor, or null when the
 * context refuses WebAssembly (a CSP without 'wasm-unsafe-eval', an old browser), the .wasm does
 * not download, or it does not start within INIT_TIMEOUT_MS. Never rejects: the decoder then uses fzstd.
 */
export async function loadFastZstd(): Promise<FastDecompress | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, INIT_TIMEOUT_MS);
  });
  try {
    await Promise.race([start(), timeout]);
    if (!isWorking()) return null;
    return (frame, contentSize) => decompress(frame, { defaultHeapSize: contentSize });
  } catch {
    // Refused, not downloaded or failed to start: fzstd decodes every frame.
    return null;
  } finally {
    clearTimeout(timer);
  }
}
