// `npx tsx scripts/bench-facets.ts [--out .bench] [--runs 5]`: the events list's facets over the
// benchmark log (scripts/large-log, generated or reused from .bench/), as the worker runs them: the
// column build after the load (its longest step between two yields too: the worker slices it), and
// counting and filtering for a few selections, with and without a candidate set. Median of `--runs`, ms.

import {
  buildFacetColumns,
  buildFacetColumnsSteps,
  countFacets,
  filterSeqs,
  type FacetColumns,
  type FacetSelection,
} from '../src/log/index.ts';
import { openBenchLog } from './lib/bench-core.ts';
import { readOption } from './lib/cli-options.ts';
import { median } from './lib/percentile.ts';

function time<T>(runs: number, work: () => T): { ms: number; all: number[]; value: T } {
  const all: number[] = [];
  let value = work();
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    value = work();
    all.push(performance.now() - started);
  }
  return { ms: median(all), all, value };
}

function format(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '5'));
  const { log } = await openBenchLog(
    Number(readOption(argv, '--generation') ?? '0') === 4 ? 4 : 0,
    readOption(argv, '--out') ?? '.bench',
  );
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `${log.store.eventCount} events, ${log.index.toolCalls.length} tool calls, ${log.index.turns.length} turns`,
  );

  // The first build is cold (its user/message reads decompress frames); later ones find them cached.
  const coldStarted = performance.now();
  buildFacetColumns(log);
  const coldMs = performance.now() - coldStarted;
  const build = time(runs, () => buildFacetColumns(log));
  let longestStepMs = 0;
  const steps = buildFacetColumnsSteps(log);
  for (;;) {
    const started = performance.now();
    const next = steps.next();
    longestStepMs = Math.max(longestStepMs, performance.now() - started);
    if (next.done === true) break;
  }
  const columns: FacetColumns = build.value;
  out(
    `column build: first ${format(coldMs)} ms, then ${format(build.ms)} ms (runs ${build.all.map(format).join(', ')}); longest step ${format(longestStepMs)} ms`,
  );
  const bytesHeld =
    columns.turnId.byteLength +
    columns.toolId.byteLength +
    columns.status.byteLength +
    columns.source.byteLength;
  out(`columns held besides the store's type column: ${(bytesHeld / 2 ** 20).toFixed(1)} MiB`);

  const everyThird = new Int32Array(Math.ceil(log.store.eventCount / 3)).map((_, i) => i * 3);
  const cases: [string, FacetSelection, Int32Array | undefined][] = [
    ['nothing selected', {}, undefined],
    ['type tool/call', { type: ['tool/call'] }, undefined],
    ['status error + source tool', { status: ['error'], source: ['tool'] }, undefined],
    [
      'turns 1–100 + tool bash + type tool/result',
      { turn: Array.from({ length: 100 }, (_, i) => i + 1), tool: ['bash'], type: ['tool/result'] },
      undefined,
    ],
    ['type assistant/chunk, a third of the log as candidates', { type: ['assistant/chunk'] }, everyThird],
  ];
  for (const [name, selection, candidates] of cases) {
    const counts = time(runs, () => countFacets(columns, selection, candidates));
    const filtered = time(runs, () => filterSeqs(columns, selection, candidates));
    out(
      `${name}: count ${format(counts.ms)} ms, filter ${format(filtered.ms)} ms → ${filtered.value.length} of ${counts.value.considered} events`,
    );
  }
}

await main();
