// `cost <file | dir | zip> [--json] [--prices EDITS.json]` (CLI.md): money and time of one log, or
// of every session of a directory or export ZIP with each subtree rolled up. The same core
// (buildCostIndex) gives the viewer its totals, so the two agree by construction and by test.

import { readFile, stat } from 'node:fs/promises';
import type { CostReport, CostReportTotal, PriceTable, WorkspaceCostReport } from '../log/index.ts';
import {
  buildCostIndex,
  buildCostReport,
  buildWorkspaceCostReport,
  discoverSessions,
  loadBundledPriceTable,
  loadChecksumVerifier,
  parsePriceEdits,
  readEntryChunks,
  withPriceEdits,
} from '../log/index.ts';
import type { CostCommandArguments } from './cli-arguments.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { collectEntries } from './node-entries.ts';
import { readLogTarget } from './open-target.ts';
import { CLI_READ_LIMITS, readLogChunks } from './read-log-file.ts';

/** What the command prints, or why it could not run (exit 2 material). */
export type CostOutcome =
  { ok: true; report: CostReport | WorkspaceCostReport } | { ok: false; message: string };

async function readTable(pricesFile: string | null): Promise<PriceTable | string> {
  const table = loadBundledPriceTable();
  if (pricesFile === null) return table;
  const text = await readFile(pricesFile, 'utf8').catch(() => null);
  if (text === null) return `cannot read ${pricesFile}`;
  const parsed = parsePriceEdits(text);
  if (!parsed.ok) return `${pricesFile}: ${parsed.message}`;
  return withPriceEdits(table, parsed.edits);
}

/** Runs `cost`: a directory or ZIP sums every session; a file (or `DIR#ID`) is one log. */
export async function runCost({ target, pricesFile }: CostCommandArguments): Promise<CostOutcome> {
  const table = await readTable(pricesFile);
  if (typeof table === 'string') return { ok: false, message: table };
  const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  const decoder = { checksum, fastDecompress, ...CLI_READ_LIMITS };
  const info = await stat(target).catch(() => null);
  const isZip =
    info?.isFile() === true &&
    (await readFile(target).then((bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b));
  if (info !== null && (info.isDirectory() || isZip)) {
    const collected = await collectEntries([target]);
    const workspace = await discoverSessions(collected.entries);
    if (workspace.sessions.length === 0) return { ok: false, message: `${target} holds no session log` };
    const report = await buildWorkspaceCostReport(workspace.sessions, table, decoder);
    report.problems.push(...workspace.problems);
    return { ok: true, report };
  }
  const chosen = await readLogTarget(target);
  if (!chosen.ok) return { ok: false, message: chosen.message };
  const read = await readLogChunks(readEntryChunks(chosen.entry), decoder);
  if (!read.ok) return { ok: false, message: `${target}: ${read.message}` };
  if (read.log.problems.some((problem) => problem.kind === 'not-a-log' || problem.kind === 'zip'))
    return { ok: false, message: `${target} is not a session log` };
  return { ok: true, report: buildCostReport(buildCostIndex(read.log, table)) };
}

function formatMoney(value: number, currency: string): string {
  return `${value.toFixed(value !== 0 && Math.abs(value) < 0.01 ? 6 : 4)} ${currency}`;
}

function totalLine(total: CostReportTotal, currency: string): string {
  const unpriced = total.unpriced > 0 ? ` (+${total.unpriced} unpriced)` : '';
  return (
    `${formatMoney(total.cost, currency)}${unpriced} · ${total.requests} requests · ` +
    `in ${total.inputTokens} + cached ${total.cachedInputTokens}, out ${total.outputTokens} tok · ` +
    `wall ${(total.wallMs / 1000).toFixed(1)} s (model ${(total.modelMs / 1000).toFixed(1)}, tool ${(total.toolMs / 1000).toFixed(1)}, approval ${(total.approvalMs / 1000).toFixed(1)})`
  );
}

/** Human output: the table, the total, then one line per request (or per session). */
export function formatCostText(report: CostReport | WorkspaceCostReport): string {
  const lines = [`prices: ${report.prices.source}`, `total: ${totalLine(report.total, report.currency)}`];
  if ('sessions' in report) {
    for (const session of report.sessions)
      lines.push(
        `  ${session.path}: ${totalLine(session.total, report.currency)}; subtree ${formatMoney(session.subtree.cost, report.currency)}`,
      );
    for (const problem of report.problems) lines.push(`  problem: ${problem.path}: ${problem.message}`);
    return lines.join('\n');
  }
  for (const request of report.requests) {
    const cost =
      request.cost === null
        ? request.hasUsage
          ? 'unpriced'
          : 'no usage'
        : formatMoney(request.cost, report.currency);
    const ttft = request.firstTokenMs === null ? '' : `, first token ${request.firstTokenMs} ms`;
    lines.push(
      `  seq ${request.seq} turn ${request.turn} step ${request.step} ${request.model ?? '?'}: ${cost}, ${request.latencyMs} ms${ttft}${request.inherited ? ' (inherited)' : ''}`,
    );
  }
  return lines.join('\n');
}
