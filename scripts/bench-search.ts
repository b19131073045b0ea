// `npx tsx scripts/bench-search.ts [--out .bench] [--runs 3]`: the events search over the benchmark
// log (scripts/large-log, generated or reused from .bench/), as the worker runs it: a scan that finds
// nothing (the worst case: every event's shown text is looked at) and one that finds a quoted
// phrase as shown on screen. Prints the median of `--runs` in ms.

import { readFileSync } from 'node:fs';
import { createEventSearch, type OpenedLog } from '../src/log/index.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { decoderOptions, loadCore } from './lib/bench-core.ts';
import { readOption } from './lib/cli-options.ts';
import { median } from './lib/percentile.ts';

/** Events per step, as src/worker/sliced-search.ts steps (the clock is not read here). */
const STEP_EVENTS = 2_048;

function timeSearch(log: OpenedLog, text: string): { ms: number; seq: number | null } {
  const started = performance.now();
  const search = createEventSearch(log, text, -1, 1);
  for (;;) {
    const step = search.step(STEP_EVENTS);
    if (step.kind !== 'more')
      return { ms: performance.now() - started, seq: step.kind === 'found' ? step.seq : null };
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '3'));
  const files = await ensureLargeLog({
    scale: 1,
    seed: 1,
    generation: 0,
    outDir: readOption(argv, '--out') ?? '.bench',
  });
  const { core } = await loadCore();
  const decoder = core.createLogDecoder(decoderOptions(core));
  const bytes = new Uint8Array(readFileSync(files.zstdPath));
  for (let offset = 0; offset < bytes.length; offset += 1 << 20)
    decoder.push(bytes.subarray(offset, offset + (1 << 20)));
  const log = decoder.finish();
  process.stdout.write(
    `${log.store.eventCount} events, ${(files.jsonlBytes / 2 ** 20).toFixed(1)} MiB JSONL\n`,
  );
  for (const text of ['no such text anywhere', 'no "such" text']) {
    const times: number[] = [];
    let seq: number | null = null;
    for (let run = 0; run < runs; run += 1) ({ ms: times[run], seq } = timeSearch(log, text));
    process.stdout.write(
      `search ${JSON.stringify(text)}: ${median(times).toFixed(0)} ms (runs ${times.map((ms) => ms.toFixed(0)).join(', ')}), found ${seq ?? 'nothing'}\n`,
    );
  }
}

await main();
