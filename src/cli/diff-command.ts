// `diff <a> <b> [--json]` (CLI.md): both logs read as inspect reads one, then the compare core's
// report — the very functions the worker runs for the compare view (src/log/compare/).

import { stderr } from 'node:process';
import type { DiffReport, OpenedLog } from '../log/index.ts';
import { buildDiffReport, buildRunOutline, loadChecksumVerifier, readEntryChunks } from '../log/index.ts';
import type { DiffCommandArguments } from './cli-arguments.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { readLogTarget } from './open-target.ts';
import { readLogChunks } from './read-log-file.ts';

/** The opened log of one argument, or the message that makes the command exit 2. */
async function openArgument(
  file: string,
): Promise<{ ok: true; log: OpenedLog } | { ok: false; message: string }> {
  const target = await readLogTarget(file);
  if (!target.ok) return { ok: false, message: target.message };
  const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  const read = await readLogChunks(readEntryChunks(target.entry), { checksum, fastDecompress });
  if (!read.ok)
    return {
      ok: false,
      message:
        read.reason === 'not-a-log' ? `${file}: ${read.message}` : `cannot read ${file} (${read.message})`,
    };
  if (read.log.problems.some((problem) => problem.kind === 'not-a-log' || problem.kind === 'zip'))
    return { ok: false, message: `${file} is not a session log` };
  return { ok: true, log: read.log };
}

/** The report, or null after writing why a log could not be read (exit 2). */
export async function runDiff({ a, b }: DiffCommandArguments): Promise<DiffReport | null> {
  const [logA, logB] = await Promise.all([openArgument(a), openArgument(b)]);
  for (const opened of [logA, logB])
    if (!opened.ok) {
      stderr.write(`dsh-replay: ${opened.message}\n`);
      return null;
    }
  if (!logA.ok || !logB.ok) return null;
  return buildDiffReport(buildRunOutline(logA.log), buildRunOutline(logB.log), { a, b });
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** Human output (CLI.md): the first divergence, then one line per turn. */
export function formatDiffText(report: DiffReport): string {
  const lines: string[] = [
    `a: ${report.a.path} (${report.a.id ?? 'no id'}, ${report.a.events} events, ${report.a.turns} turns)`,
    `b: ${report.b.path} (${report.b.id ?? 'no id'}, ${report.b.events} events, ${report.b.turns} turns)`,
    `relation: ${report.relation}` +
      (report.sharedPrefix.kind === 'fork'
        ? `; shared prefix through seq ${report.sharedPrefix.aSeqEnd} (a) / ${report.sharedPrefix.bSeqEnd} (b)`
        : ''),
  ];
  const first = report.firstDivergence;
  if (first === null) lines.push('first divergence: none (same throughout)');
  else {
    const where = (side: 'a' | 'b') => {
      const seq = side === 'a' ? first.aSeq : first.bSeq;
      const turn = first.turn[side];
      const step = first.step[side];
      return `${side} ${turn === null ? '—' : `turn ${turn}${step === null ? '' : ` step ${step}`}`}${seq === null ? '' : ` seq ${seq}`}`;
    };
    lines.push(`first divergence (${first.kind}): ${first.summary}`, `  at ${where('a')}; ${where('b')}`);
  }
  lines.push('turns:');
  for (const turn of report.turns) {
    const changed = turn.steps.filter((step) => step.status !== 'same').length;
    lines.push(
      `  ${String(turn.a ?? '—').padStart(4)} ↔ ${String(turn.b ?? '—').padEnd(4)} ${turn.status.padEnd(8)}` +
        `${turn.isShared ? ' shared' : ''} steps ${turn.steps.length}${changed > 0 ? ` (${changed} differ)` : ''}` +
        ` · tokens out ${signed(turn.delta.tokens.output)} · ${signed(turn.delta.durationMs)} ms · calls ${signed(turn.delta.toolCalls)} · errors ${signed(turn.delta.toolErrors)}`,
    );
  }
  const delta = report.totals.delta;
  lines.push(
    `total (b − a): tokens in ${signed(delta.tokens.input)}, out ${signed(delta.tokens.output)} · ${signed(delta.durationMs)} ms · calls ${signed(delta.toolCalls)} · errors ${signed(delta.toolErrors)}`,
  );
  return lines.join('\n');
}
