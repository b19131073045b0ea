// The core as the benchmarks measure it: src/log's decoder and model view with the options the app
// injects (the checksum verifier and the @bokuweb/zstd-wasm fast path), or with fzstd alone.

import { readFileSync } from 'node:fs';
import { loadFastZstd } from '../../src/cli/fast-zstd.ts';
import {
  createLogDecoder,
  deriveModelView,
  loadChecksumVerifier,
  type ChecksumVerifier,
  type DecoderOptions,
  type FastDecompress,
  type OpenedLog,
} from '../../src/log/index.ts';
import { ensureLargeLog, type LargeLogFiles } from '../large-log/cache.ts';

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

/**
 * The benchmark log (generated once, cached in `outDir`) decoded as the app's worker decodes it:
 * the .zstd in 1 MiB chunks, with the app's decoder options.
 */
export async function openBenchLog(
  generation: 0 | 4,
  outDir: string,
): Promise<{ files: LargeLogFiles; log: OpenedLog }> {
  const files = await ensureLargeLog({ scale: 1, seed: 1, generation, outDir });
  const { core } = await loadCore();
  const decoder = core.createLogDecoder(decoderOptions(core));
  const bytes = new Uint8Array(readFileSync(files.zstdPath));
  for (let offset = 0; offset < bytes.length; offset += 1 << 20)
    decoder.push(bytes.subarray(offset, offset + (1 << 20)));
  return { files, log: decoder.finish() };
}
