// `npm run bench:search [-- --out .bench] [--runs 5]`: the text search over the benchmark log
// (scripts/large-log, generated or reused from .bench/), as the worker runs it: the text index's
// build time and memory, then the median time of one query (every match) for a rare term, a
// frequent one, one with no match, a callId and a non-ASCII term.

import { getHeapSpaceStatistics } from 'node:v8';
import { buildTextIndex, searchTextIndex } from '../src/log/index.ts';
import { openBenchLog } from './lib/bench-core.ts';
import { readOption } from './lib/cli-options.ts';
import { median } from './lib/percentile.ts';

/** Full search of the 1.3 M-event log must answer within this (issue 14). */
const TARGET_MS = 200;

/** Bytes of the V8 heap in use (after a collection when --expose-gc is on). */
function heapBytes(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return getHeapSpaceStatistics().reduce((sum, space) => sum + space.space_used_size, 0);
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '5'));
  const { files, log } = await openBenchLog(0, readOption(argv, '--out') ?? '.bench');
  process.stdout.write(
    `${log.store.eventCount} events, ${(files.jsonlBytes / 2 ** 20).toFixed(1)} MiB JSONL (.zstd as the app reads it)\n`,
  );

  const before = heapBytes();
  const buildStarted = performance.now();
  const index = buildTextIndex(log);
  const buildMs = performance.now() - buildStarted;
  const heldBytes = heapBytes() - before;
  const entries = index.latin1.docSeq.length + index.wide.docSeq.length;
  process.stdout.write(
    `index build: ${buildMs.toFixed(0)} ms; ${entries} entries; heap ${mib(heldBytes)} (estimate ${mib(index.retainedBytes)}: ` +
      `${mib(index.latin1.textChars)} one-byte text, ${mib(index.wide.textChars * 2)} two-byte text)\n`,
  );

  const middleCall = log.index.toolCalls[log.index.toolCalls.length >> 1];
  const terms: [label: string, text: string][] = [
    ['rare', 'ABORTED'],
    ['frequent', 'error'],
    ['no match', 'no such text anywhere'],
    ['callId', middleCall?.callId ?? 'call_'],
    ['non-ASCII', '日本語'],
  ];
  let slowest = 0;
  for (const [label, text] of terms) {
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      count = searchTextIndex(index, text).length;
      times.push(performance.now() - started);
    }
    slowest = Math.max(slowest, median(times));
    process.stdout.write(
      `query ${label} ${JSON.stringify(text)}: ${median(times).toFixed(1)} ms (runs ${times.map((ms) => ms.toFixed(1)).join(', ')}), ${count} matches\n`,
    );
  }
  process.stdout.write(
    `slowest query ${slowest.toFixed(1)} ms: ${slowest <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target\n`,
  );
}

await main();
