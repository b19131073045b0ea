// `tsx scripts/generate-large-log.ts`: writes (or reuses) the deterministic benchmark log, a long
// coding session in the upstream writer's shape (200 ms write batches, one zstd frame per batch
// with the content checksum set), and prints its statistics. The generator lives in
// scripts/large-log/.
//
// Options: --scale 1 --seed 1 --generation 0 --out .bench --force
// --generation 0 (default) stores the session as dsh ≤ 0.1.2 did (format generation 0, packed
// chunk rows); --generation 4 stores the same session as current dsh does (0.1.7, 0.2.x: streams
// inside assistant/message and assistant/attempt, system/message, tool-role results).

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOption } from './lib/cli-options.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { parseGeneration, type LogGeneration } from './large-log/generate.ts';

// What src/log/decode/generated-log.test.ts imports from here.
export { generateLogBatches } from './large-log/generate.ts';
export type { LargeLogStats } from './large-log/stats.ts';
export { addContentChecksum, initZstdOnce } from './lib/zstd-frames.ts';

interface Args {
  scale: number;
  seed: number;
  generation: LogGeneration;
  outDir: string;
  force: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const value = (name: string): string | undefined => readOption(argv, name);
  return {
    scale: Number(value('--scale') ?? '1'),
    seed: Number(value('--seed') ?? '1'),
    generation: parseGeneration(value('--generation')),
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
