// `npm run bench:compare [-- --out .bench] [--runs 3]`: comparing two runs (issue 23) at the largest
// size — the generated 1.3 M-event benchmark log (scripts/large-log) and a copy of it with one turn
// changed near its end (one assistant answer's text). Both are decoded first (not timed: "after both
// are indexed"); then, per run, the median time of: each outline, the first divergence (outlines +
// alignment + first divergence: what the view shows first) and the full diff report.
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

const FIRST_DIVERGENCE_TARGET_MS = 1_000;
const FULL_ALIGNMENT_TARGET_MS = 3_000;

/** The log's text with the text of one assistant answer changed, `fromEnd` answers before the last. */
function changeOneTurnNearEnd(text: string, fromEnd: number): { text: string; line: number } {
  const lines = text.split('\n');
  let seen = 0;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] as string;
    if (!line.includes('"type":"assistant/message"') || !line.includes('"type":"text","text":"')) continue;
    if (seen++ < fromEnd) continue;
    lines[index] = line.replace('"type":"text","text":"', '"type":"text","text":"(changed) ');
    return { text: lines.join('\n'), line: index + 1 };
  }
  throw new Error('no assistant answer with text found');
}

function time<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '3'));
  const { files, log: original } = await openBenchLog(0, readOption(argv, '--out') ?? '.bench');
  const changed = changeOneTurnNearEnd(readFileSync(files.jsonlPath, 'utf8'), 20);
  const copy: OpenedLog = decodeLog(new TextEncoder().encode(changed.text));
  process.stdout.write(
    `a: ${original.store.eventCount} events (${original.index.turns.length} turns); b: a copy with line ${changed.line} changed, ${copy.store.eventCount} events\n`,
  );
  const outlineA: number[] = [];
  const outlineB: number[] = [];
  const first: number[] = [];
  const full: number[] = [];
  const alignOnly: number[] = [];
  const reportOnly: number[] = [];
  let summary = '';
  for (let run = 0; run < runs; run++) {
    const a = time(() => buildRunOutline(original));
    const b = time(() => buildRunOutline(copy));
    const aligned = time(() => alignRuns(a.value, b.value));
    const divergence = time(() => findFirstDivergence(aligned.value, a.value, b.value));
    const report = time(() => buildDiffReportFrom(aligned.value, a.value, b.value, { a: 'a', b: 'b' }));
    outlineA.push(a.ms);
    outlineB.push(b.ms);
    first.push(a.ms + b.ms + aligned.ms + divergence.ms);
    full.push(a.ms + b.ms + aligned.ms + report.ms);
    alignOnly.push(aligned.ms + divergence.ms);
    reportOnly.push(aligned.ms + report.ms);
    const found = divergence.value;
    summary =
      found === null
        ? 'none'
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
      `with both outlines built (the worker keeps one per log): alignment + first divergence ${median(alignOnly).toFixed(0)} ms, alignment + report ${median(reportOnly).toFixed(0)} ms`,
      '',
    ].join('\n'),
  );
}

await main();
