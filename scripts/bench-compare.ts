// `npm run bench:compare [-- --out .bench] [--runs 3] [--case pair|generations|both]`: comparing two
// runs (issue 23) at the largest size.
// - pair: the generated 1.3 M-event benchmark log (scripts/large-log, its .zstd as the worker reads it)
//   and a copy of it with one turn changed near its end (one assistant answer's text);
// - generations: generation 4 of the same session (71,541 events, streams inside the messages)
//   against generation 0: no bytes in common, so every message is read and hashed canonically.
// Both logs are decoded first (not timed: "after both are indexed"); then, per run, the median time
// of: each outline, the first divergence (outlines + alignment + first divergence: what the view
// shows first) and the full diff report.
// Targets (issue 23 Numbers): first divergence ≤ 1 s, full alignment ≤ 3 s, in Node.

import { readFileSync } from 'node:fs';
import {
  alignRuns,
  buildDiffReportFrom,
  buildRunOutline,
  decodeLog,
  findFirstDivergence,
  type OpenedLog,
} from '../src/log/index.ts';
import { openBenchLog } from './lib/bench-core.ts';
import { readOption } from './lib/cli-options.ts';
import { median } from './lib/percentile.ts';
import { CHANGED_ANSWER_FROM_END, changeOneTurnNearEnd } from './lib/compare-pair.ts';

const FIRST_DIVERGENCE_TARGET_MS = 1_000;
const FULL_ALIGNMENT_TARGET_MS = 3_000;

/** Wall and CPU time of `run` (CPU: this process's user + system time; the machine is shared). */
function time<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/** Times `runs` compares of `a` against `b` (fresh outlines each time) and prints the medians. */
function measure(a: OpenedLog, b: OpenedLog, runs: number): void {
  const outlineA: number[] = [];
  const outlineB: number[] = [];
  const first: number[] = [];
  const full: number[] = [];
  const alignOnly: number[] = [];
  const reportOnly: number[] = [];
  const firstCpu: number[] = [];
  const fullCpu: number[] = [];
  let summary = '';
  for (let run = 0; run < runs; run++) {
    const outlinedA = time(() => buildRunOutline(a));
    const outlinedB = time(() => buildRunOutline(b));
    const aligned = time(() => alignRuns(outlinedA.value, outlinedB.value));
    const divergence = time(() => findFirstDivergence(aligned.value, outlinedA.value, outlinedB.value));
    const report = time(() =>
      buildDiffReportFrom(aligned.value, outlinedA.value, outlinedB.value, { a: 'a', b: 'b' }),
    );
    outlineA.push(outlinedA.ms);
    outlineB.push(outlinedB.ms);
    first.push(outlinedA.ms + outlinedB.ms + aligned.ms + divergence.ms);
    full.push(outlinedA.ms + outlinedB.ms + aligned.ms + report.ms);
    firstCpu.push(outlinedA.cpuMs + outlinedB.cpuMs + aligned.cpuMs + divergence.cpuMs);
    fullCpu.push(outlinedA.cpuMs + outlinedB.cpuMs + aligned.cpuMs + report.cpuMs);
    alignOnly.push(aligned.ms + divergence.ms);
    reportOnly.push(aligned.ms + report.ms);
    const found = divergence.value;
    summary =
      found === null
        ? `none (${aligned.value.relation}, ${report.value.turns.filter((turn) => turn.status === 'same').length} of ${report.value.turns.length} aligned turns the same)`
        : `turn ${found.turn.a}/${found.turn.b} seq ${found.aSeq}/${found.bSeq} ${found.kind}: ${found.summary}`;
  }
  const firstMs = median(first);
  const fullMs = median(full);
  process.stdout.write(
    [
      `first divergence: ${summary}`,
      `outline a: ${median(outlineA).toFixed(0)} ms, outline b: ${median(outlineB).toFixed(0)} ms (median of ${runs})`,
      `first divergence (outlines + alignment + divergence): ${firstMs.toFixed(0)} ms (target ≤ ${FIRST_DIVERGENCE_TARGET_MS} ms) ${firstMs <= FIRST_DIVERGENCE_TARGET_MS ? 'ok' : 'OVER'}`,
      `full alignment and report: ${fullMs.toFixed(0)} ms (target ≤ ${FULL_ALIGNMENT_TARGET_MS} ms) ${fullMs <= FULL_ALIGNMENT_TARGET_MS ? 'ok' : 'OVER'}`,
      `CPU time (a loaded machine's wall time is longer): first divergence ${median(firstCpu).toFixed(0)} ms, full report ${median(fullCpu).toFixed(0)} ms`,
      `with both outlines built (the worker keeps one per log): alignment + first divergence ${median(alignOnly).toFixed(0)} ms, alignment + report ${median(reportOnly).toFixed(0)} ms`,
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '3'));
  const which = readOption(argv, '--case') ?? 'both';
  if (!['pair', 'generations', 'both'].includes(which))
    throw new Error(`--case ${which}: pair, generations or both`);
  const outDir = readOption(argv, '--out') ?? '.bench';
  const { files, log: original } = await openBenchLog(0, outDir);
  if (which !== 'generations') {
    const changed = changeOneTurnNearEnd(readFileSync(files.jsonlPath, 'utf8'), CHANGED_ANSWER_FROM_END);
    const copy: OpenedLog = decodeLog(new TextEncoder().encode(changed.text));
    process.stdout.write(
      `pair — a: ${original.store.eventCount} events (${original.index.turns.length} turns); b: a copy with line ${changed.line} changed, ${copy.store.eventCount} events\n`,
    );
    measure(original, copy, runs);
  }
  if (which !== 'pair') {
    const { log: v4 } = await openBenchLog(4, outDir);
    process.stdout.write(
      `generations — a: generation 4, ${v4.store.eventCount} events (${v4.index.turns.length} turns); b: generation 0 of the same session, ${original.store.eventCount} events\n`,
    );
    measure(v4, original, runs);
  }
}

await main();
