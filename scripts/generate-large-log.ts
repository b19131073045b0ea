// `tsx scripts/generate-large-log.ts`: writes (or reuses) the deterministic benchmark log, a long
// coding session in the upstream writer's shape (200 ms write batches, one zstd frame per batch
// with the content checksum set), and prints its statistics. The generator lives in
// scripts/large-log/.
//
// Options: --scale 1 --seed 1 --generation 0 --out .bench --force --check
// --generation 0 (default) stores the session as dsh ≤ 0.1.2 did (format generation 0, packed
// chunk rows); --generation 4 stores the same session as current dsh does (0.1.7, 0.2.x: streams
// inside assistant/message and assistant/attempt, system/message, tool-role results).
// --check (generation 4) then reads the .jsonl.zstd back, checks that it holds the .jsonl's text
// and that the text passes scripts/large-log/check-v4.ts, and exits 1 when it does not.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOption } from './lib/cli-options.ts';
import { ensureLargeLog, type LargeLogFiles } from './large-log/cache.ts';
import { checkV4Text, readLogText } from './large-log/check-v4.ts';
import { parseGeneration, type LogGeneration } from './large-log/generate.ts';

// What src/log/open/generated-log.test.ts imports from here.
export { generateLogBatches } from './large-log/generate.ts';
export type { LargeLogStats } from './large-log/stats.ts';
export { addContentChecksum, initZstdOnce } from './lib/zstd-frames.ts';

interface Args {
  scale: number;
  seed: number;
  generation: LogGeneration;
  outDir: string;
  force: boolean;
  check: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const value = (name: string): string | undefined => readOption(argv, name);
  return {
    scale: Number(value('--scale') ?? '1'),
    seed: Number(value('--seed') ?? '1'),
    generation: parseGeneration(value('--generation')),
    outDir: value('--out') ?? '.bench',
    force: argv.includes('--force'),
    check: argv.includes('--check'),
  };
}

/** What --check found: the rules that fail with their counts (none: it passed), and what the streams hold. */
interface CheckSummary {
  failedRules: Record<string, number>;
  firstFailures: string[];
  frames: number | undefined;
  streamRecords: Record<string, number>;
  /** Chunks inside the streams (generation 0 stores each as an assistant/chunk event). */
  streamMembers: number;
}

function checkFiles(files: LargeLogFiles): CheckSummary {
  if (files.generation !== 4) throw new Error('--check checks generation-4 logs (--generation 4)');
  const { text, frames } = readLogText(files.zstdPath);
  if (text !== readFileSync(files.jsonlPath, 'utf8'))
    throw new Error('the .jsonl.zstd does not hold the .jsonl');
  const report = checkV4Text(text, files.zstdPath);
  return {
    failedRules: Object.fromEntries(
      Object.entries(report.failures).map(([rule, { count }]) => [rule, count]),
    ),
    firstFailures: Object.values(report.failures).flatMap(({ first }) => first.slice(0, 3)),
    frames,
    streamRecords: report.streamRecords,
    streamMembers: report.streamMembers,
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const files = await ensureLargeLog(args);
  const seconds = Math.round(performance.now() - started) / 1000;
  const check = args.check ? checkFiles(files) : undefined;
  process.stdout.write(
    `${JSON.stringify({ ...files, seconds, ...(check === undefined ? {} : { check }) }, null, 2)}\n`,
  );
  if (check !== undefined && Object.keys(check.failedRules).length > 0) process.exitCode = 1;
}
