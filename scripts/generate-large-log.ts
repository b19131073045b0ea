// `tsx scripts/generate-large-log.ts`: writes (or reuses) the deterministic benchmark log, a long
// coding session in the upstream writer's shape (200 ms write batches, packed chunk rows, one zstd
// frame per batch with the content checksum set), and prints its statistics. The generator lives
// in scripts/large-log/.
//
// Options: --scale 1 --seed 1 --out .bench --force

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOption } from './lib/cli-options.ts';
import { ensureLargeLog } from './large-log/cache.ts';

// What src/log/decode/generated-log.test.ts imports from here.
export { generateLogBatches } from './large-log/generate.ts';
export type { LargeLogStats } from './large-log/stats.ts';
export { addContentChecksum, initZstdOnce } from './lib/zstd-frames.ts';

function parseArgs(argv: readonly string[]): { scale: number; seed: number; outDir: string; force: boolean } {
  const value = (name: string): string | undefined => readOption(argv, name);
  return {
    scale: Number(value('--scale') ?? '1'),
    seed: Number(value('--seed') ?? '1'),
    outDir: value('--out') ?? '.bench',
    force: argv.includes('--force'),
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const files = await ensureLargeLog(args);
  process.stdout.write(
    `${JSON.stringify({ ...files, seconds: Math.round(performance.now() - started) / 1000 }, null, 2)}\n`,
  );
}
