// The core as the benchmarks measure it: src/log's decoder and model view with the options the app
// injects (the checksum verifier and the @bokuweb/zstd-wasm fast path), or with fzstd alone.

import { loadFastZstd } from '../../src/cli/fast-zstd.ts';
import {
  createLogDecoder,
  deriveModelView,
  loadChecksumVerifier,
  type ChecksumVerifier,
  type DecoderOptions,
  type FastDecompress,
} from '../../src/log/index.ts';

/** The core under measurement. */
export interface CoreApi {
  createLogDecoder: typeof createLogDecoder;
  deriveModelView: typeof deriveModelView;
  checksumVerifier: ChecksumVerifier | null;
  /** The fast zstd path the app injects (null: it failed to load, fzstd only). */
  fastDecompress: FastDecompress | null;
}

/**
 * Loads the core and says which optional parts did not load. Call after initZstdOnce() when the
 * process also compresses: zstd-wasm breaks on a second init.
 */
export async function loadCore(): Promise<{ core: CoreApi; missing: string[] }> {
  const [checksumVerifier, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  const missing: string[] = [];
  if (checksumVerifier === null) missing.push('checksum verifier (WebAssembly unavailable)');
  if (fastDecompress === null) missing.push('fast zstd path (@bokuweb/zstd-wasm did not load)');
  return { core: { createLogDecoder, deriveModelView, checksumVerifier, fastDecompress }, missing };
}

/** The options the app uses, or fzstd alone when `useFast` is false. */
export function decoderOptions(core: CoreApi, useFast = true): DecoderOptions {
  return { checksum: core.checksumVerifier, fastDecompress: useFast ? core.fastDecompress : null };
}
