// The text form of a check: one block per file with its failures, counts and key-order comparison.

import type { CheckReport } from './context.ts';
import type { ShapeComparison } from './shapes.ts';

/** Writes the report (and the comparison, when there is one) to stdout. */
export function printReport(report: CheckReport, comparison: ShapeComparison | null): void {
  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  const failed = Object.entries(report.failures);
  out(
    `${report.file}: ${report.events} events${report.frames === undefined ? '' : `, ${report.frames} frames`} — ${failed.length === 0 ? 'every rule holds' : `${failed.length} rule(s) fail`}`,
  );
  for (const [rule, { count, first }] of failed) {
    out(`  FAIL ${rule}: ${count}`);
    for (const message of first) out(`    ${message}`);
  }
  out(
    `  event types: ${Object.entries(report.eventTypes)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
  );
  out(
    `  stream records: ${Object.entries(report.streamRecords)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}; ${report.streamMembers} chunks inside`,
  );
  if (comparison === null) return;
  out(`  key order vs samples: ${comparison.agreeing} of ${comparison.compared} shared object paths agree`);
  for (const line of comparison.orderDiffers) out(`    ORDER ${line}`);
  for (const line of comparison.extraKeys) out(`    keys the samples do not show at ${line}`);
  out(
    `    ${comparison.notInSamples.length} paths the samples do not have: ${comparison.notInSamples.join(' ')}`,
  );
}
