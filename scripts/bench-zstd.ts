// `npm run bench:zstd [-- --out .bench] [--runs 3]`: which one-shot zstd decompressor the CLI should
// use for which frames (src/cli/fast-zstd.ts, issue 26 "native zstd where it exists").
//   - per declared frame size (4 KiB … 2 MiB of the benchmark log's text, one frame each): the best
//     of `runs` per-call times of Node's zlib (when the running Node has zstd in zlib), the
//     @bokuweb/zstd-wasm module and fzstd;
//   - the benchmark log's own frames (one per flush, as dsh writes): all of them through wasm alone,
//     through the CLI's size split, and through zlib alone.
// Node 20 has no zstd in zlib: its columns say so, and the split is the wasm module alone.

import { readFileSync } from 'node:fs';
import { decompress as wasmDecompress, init as initWasm, compress as wasmCompress } from '@bokuweb/zstd-wasm';
import { decompress as fzstdDecompress } from 'fzstd';
import { loadNativeZstd, NATIVE_ZSTD_MIN_FRAME_BYTES, splitBySize } from '../src/cli/fast-zstd.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { readOption } from './lib/cli-options.ts';
import { listFrames } from './lib/zstd-frames.ts';

const FRAME_SIZES = [4096, 32_768, 131_072, 524_288, NATIVE_ZSTD_MIN_FRAME_BYTES];
/** Bytes decoded per size and run: enough calls that one timer tick does not matter. */
const BYTES_PER_RUN = 20_000_000;

type OneShot = (frame: Uint8Array, contentSize: number) => Uint8Array;

function bestMsPerCall(decode: OneShot, frame: Uint8Array, contentSize: number, runs: number): number {
  const calls = Math.max(20, Math.round(BYTES_PER_RUN / contentSize));
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    for (let call = 0; call < calls; call++) decode(frame, contentSize);
    best = Math.min(best, (performance.now() - started) / calls);
  }
  return best;
}

function format(ms: number | null): string {
  return ms === null ? 'n/a' : ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '3'));
  const files = await ensureLargeLog({ scale: 1, seed: 1, outDir: readOption(argv, '--out') ?? '.bench' });
  await initWasm();
  const native = loadNativeZstd();
  const wasm: OneShot = (frame, contentSize) => wasmDecompress(frame, { defaultHeapSize: contentSize });
  const split = splitBySize(native, Object.assign(wasm, { library: () => 'zstd-wasm' as const })) ?? wasm;
  console.log(`Node ${process.version}: zstd in zlib ${native === null ? 'absent (wasm only)' : 'present'}`);

  const text = readFileSync(files.jsonlPath);
  console.log('per call, best of runs:  size | node zlib | zstd-wasm | fzstd');
  for (const size of FRAME_SIZES) {
    const frame = wasmCompress(text.subarray(1_000_000, 1_000_000 + size), 3);
    const row = [
      native === null ? null : bestMsPerCall(native, frame, size, runs),
      bestMsPerCall(wasm, frame, size, runs),
      bestMsPerCall((bytes) => fzstdDecompress(bytes), frame, size, runs),
    ];
    console.log(`  ${String(size).padStart(8)} B | ${row.map(format).join(' | ')}`);
  }

  const bytes = new Uint8Array(readFileSync(files.zstdPath));
  const frames = listFrames(bytes).map(([start, end]) => bytes.subarray(start, end));
  const sizes = frames.map((frame) => wasmDecompress(frame).length);
  const paths: [string, OneShot | null][] = [
    ['zstd-wasm alone', wasm],
    ['the CLI split', split],
    ['node zlib alone', native],
  ];
  console.log(
    `the benchmark log's ${frames.length} frames (median ${[...sizes].sort((a, b) => a - b)[sizes.length >> 1]} B):`,
  );
  for (const [name, decode] of paths) {
    if (decode === null) {
      console.log(`  ${name}: n/a`);
      continue;
    }
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      for (let index = 0; index < frames.length; index++)
        decode(frames[index] as Uint8Array, sizes[index] ?? 0);
      best = Math.min(best, performance.now() - started);
    }
    console.log(`  ${name}: ${best.toFixed(0)} ms`);
  }
}

await main();
