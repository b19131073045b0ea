// `npm run bench:cost [-- --out .bench] [--runs 5] [--ranges 10000]`: money and time of the
// generated 1.3 M-event benchmark log (scripts/large-log), decoded first as the worker decodes it
// (not timed: "after load"). Then, per run, the median of:
//   - totals: the cost index built (requests, prices, time columns) and the session's totals —
//     what the first cost chip or total needs;
//   - the Cost & time tab's whole answer (src/worker/cost-queries.ts, as the worker answers it:
//     totals, every turn's breakdown and critical path, the context series, the models);
//   - a reprice (an edited price: the ledger again, the time columns kept);
// and over many random seq ranges (lengths spread from one event to the whole log), the p50 / p99 /
// max of one range's totals. Targets (issue 25 Numbers): totals ≤ 200 ms, range totals ≤ 50 ms.
// Besides the wall time, the totals and the tab's answer report the process's CPU time over the same
// call (process.cpuUsage): on the shared 2-core machine, other people's load stretches the wall time
// several-fold while the CPU time stays near what the work costs.

import {
  buildCostIndex,
  deriveRangeTotals,
  deriveSessionTotals,
  loadBundledPriceTable,
  repriceCostIndex,
  withPriceEdits,
} from '../src/log/index.ts';
import { answerCostQuery } from '../src/worker/cost-queries.ts';
import { openBenchLog } from './lib/bench-core.ts';
import { readOption } from './lib/cli-options.ts';
import { median, percentile } from './lib/percentile.ts';
import { createRandom } from './lib/random.ts';

const TOTALS_TARGET_MS = 200;
const RANGE_TARGET_MS = 50;

function time<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = Math.max(1, Number(readOption(argv, '--runs') ?? '5'));
  const rangeCount = Math.max(1, Number(readOption(argv, '--ranges') ?? '10000'));
  const decodeStarted = performance.now();
  const { log } = await openBenchLog(0, readOption(argv, '--out') ?? '.bench');
  const decodeMs = performance.now() - decodeStarted;
  const eventCount = log.store.eventCount;
  const table = loadBundledPriceTable();
  const totals: number[] = [];
  const totalsCpu: number[] = [];
  const tab: number[] = [];
  const tabCpu: number[] = [];
  const reprice: number[] = [];
  let index = buildCostIndex(log, table);
  let session = deriveSessionTotals(index);
  for (let run = 0; run < runs; run++) {
    const built = time(() => {
      const fresh = buildCostIndex(log, table);
      return { fresh, totals: deriveSessionTotals(fresh) };
    });
    totals.push(built.ms);
    totalsCpu.push(built.cpuMs);
    index = built.value.fresh;
    session = built.value.totals;
    // A log object the worker has not answered about yet: the tab's answer builds its index too.
    const answered = time(() => answerCostQuery({ kind: 'cost-session', edits: [] }, { ...log }));
    tab.push(answered.ms);
    tabCpu.push(answered.cpuMs);
    const edited = withPriceEdits(table, [
      {
        provider: index.ledger.requests[0]?.provider ?? 'deepseek',
        model: index.ledger.requests[0]?.model ?? 'deepseek-chat',
        inputPerMillion: 1 + run,
        cacheReadPerMillion: 0.1,
        outputPerMillion: 2,
      },
    ]);
    reprice.push(time(() => deriveSessionTotals(repriceCostIndex(index, edited))).ms);
  }
  const random = createRandom(25);
  const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
  const rangeMs: number[] = [];
  let checksum = 0;
  for (let sample = 0; sample < rangeCount; sample++) {
    // Lengths from 1 event to the whole log, spread on a log scale.
    const length = Math.max(1, Math.round(Math.exp(random.next() * Math.log(eventCount))));
    const first = Math.floor(random.next() * Math.max(1, eventCount - length));
    const started = performance.now();
    const range = deriveRangeTotals(index, first, first + length - 1);
    rangeMs.push(performance.now() - started);
    checksum += range.cost + range.time.wallMs;
  }
  const whole = deriveRangeTotals(index, 0, eventCount - 1);
  const totalsMs = median(totals);
  const rangeSorted = sorted(rangeMs);
  const rangeP99 = percentile(rangeSorted, 0.99);
  process.stdout.write(
    [
      `log: ${eventCount.toLocaleString('en-US')} events, ${index.ledger.requests.length.toLocaleString('en-US')} requests, ${log.index.turns.length} turns (decoded in ${(decodeMs / 1000).toFixed(1)} s, not timed below)`,
      `session: $${session.cost.toFixed(4)} + ${session.unpriced} unpriced, ${session.requests} requests, wall ${(session.time.wallMs / 1000).toFixed(0)} s (model ${(session.time.modelMs / 1000).toFixed(0)} s, tool ${(session.time.toolMs / 1000).toFixed(0)} s, approval ${(session.time.approvalMs / 1000).toFixed(0)} s, idle ${(session.time.idleMs / 1000).toFixed(0)} s)`,
      `totals after load (cost index + session totals): ${totalsMs.toFixed(0)} ms median of ${runs} (runs ${sorted(
        totals,
      )
        .map((ms) => ms.toFixed(0))
        .join(
          ', ',
        )}; CPU ${median(totalsCpu).toFixed(0)} ms) (target ≤ ${TOTALS_TARGET_MS} ms) ${totalsMs <= TOTALS_TARGET_MS ? 'ok' : 'OVER'}`,
      `Cost & time tab's answer (index + totals + ${log.index.turns.length} turn breakdowns + context + models): ${median(tab).toFixed(0)} ms median (CPU ${median(tabCpu).toFixed(0)} ms)`,
      `reprice after an edit (ledger + totals): ${median(reprice).toFixed(1)} ms median`,
      `range totals over ${rangeCount.toLocaleString('en-US')} random ranges: p50 ${percentile(rangeSorted, 0.5).toFixed(3)} ms, p99 ${rangeP99.toFixed(3)} ms, max ${(rangeSorted[rangeSorted.length - 1] ?? 0).toFixed(3)} ms (target ≤ ${RANGE_TARGET_MS} ms) ${rangeP99 <= RANGE_TARGET_MS ? 'ok' : 'OVER'}`,
      `whole log as a range agrees with the session totals: ${Math.abs(whole.cost - deriveRangeTotals(index, index.ownFromSeq, eventCount - 1).cost) < 1e-9 ? 'yes' : 'NO'} (checksum ${checksum.toFixed(2)})`,
      '',
    ].join('\n'),
  );
}

await main();
