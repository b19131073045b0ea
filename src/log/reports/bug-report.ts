// The ready-to-paste bug report of a triage (seed 002 step 6), as plain text.

import type { LogProblem } from '../problems.ts';
import { describeCurrentVerdict, describeGeneration, describeWriterVerdict } from './format-verdicts.ts';
import type { TriageReport } from './triage.ts';

/** Problems in the bug-report block; the rest is summarised as a count. */
const BUG_REPORT_PROBLEMS_MAX = 20;

function formatProblem(problem: LogProblem): string {
  const where = [
    problem.line !== null ? `line ${problem.line}` : null,
    problem.seq !== null ? `seq ${problem.seq}` : null,
  ].filter((part) => part !== null);
  return `[${problem.kind}]${where.length > 0 ? ` ${where.join(' ')}` : ''}: ${problem.message}`;
}

/**
 * The ready-to-paste bug report (seed 002 step 6): callId, tool name, header version, the format
 * generation with what its writer and current dsh do with the log, session id, provider/model of the
 * failing step, turn end reason and the problem list. Plain text.
 */
export function formatBugReport(report: Omit<TriageReport, 'bugReport'>): string {
  const { header } = report;
  const call = report.lastFailedCall;
  const lines: string[] = ['dsh session log — bug report'];
  const add = (label: string, value: string): void => {
    lines.push(`${`${label}:`.padEnd(17)}${value}`);
  };
  add(
    'header version',
    header.version === null
      ? 'missing'
      : `${header.version}${header.isVersionSupported ? '' : ' (not readable by this build)'}`,
  );
  add('format', describeGeneration(report.format));
  add('writer verdict', describeWriterVerdict(report.format));
  add('current dsh', describeCurrentVerdict(report.format));
  add('session id', header.id ?? 'unknown');
  if (header.agentPreset !== null)
    add('agentPreset', `${header.agentPreset} (${header.agentPresetSource ?? ''})`);
  add(
    'delegationDepth',
    `${header.delegationDepth ?? 'missing'}${header.parentSession !== null ? ` (parent ${header.parentSession})` : ''}`,
  );
  if (call === null) add('failing call', 'none (every tool call has an ok result)');
  else {
    add('callId', call.callId);
    add('tool name', call.name);
    add(
      'classification',
      `${call.classification}${call.errorCode !== null && call.errorCode !== call.classification ? ` (error.code ${call.errorCode})` : ''}${call.isRepaired ? ', repaired by dsh' : ''}`,
    );
    add(
      'seqs',
      [
        call.requestSeq !== null ? `requested ${call.requestSeq}` : null,
        call.callSeq !== null ? `tool/call ${call.callSeq}` : 'no tool/call',
        call.resultSeq !== null ? `tool/result ${call.resultSeq}` : 'no tool/result',
      ]
        .filter((part) => part !== null)
        .join(', '),
    );
    add('turn/step', `${call.turn ?? '?'}/${call.step ?? '?'}`);
    add('provider/model', call.provider !== null ? `${call.provider}/${call.model ?? '?'}` : 'unknown');
    add('turn end reason', call.turnEndReason ?? 'none (turn has no turn/end)');
  }
  const reasons = Object.entries(report.turnEndReasons).map(([reason, count]) => `${reason} ×${count}`);
  if (report.hangingTurns.length > 0) reasons.push(`hanging ×${report.hangingTurns.length}`);
  add('turn ends', reasons.length > 0 ? reasons.join(', ') : 'no turns');
  const lastSilent = report.silentRequests.at(-1);
  if (lastSilent !== undefined)
    add(
      'silent request',
      `turn ${lastSilent.turn} step ${lastSilent.step} (seq ${lastSilent.seq}): ${lastSilent.reason}${report.silentRequests.length > 1 ? ` (+${report.silentRequests.length - 1} more)` : ''}`,
    );
  if (report.retries.length > 0) add('llm retries', String(report.retries.length));
  if (report.unfinishedCommands.length > 0)
    add(
      'unfinished cmds',
      report.unfinishedCommands.map((command) => `/${command.name} (seq ${command.runSeq})`).join(', '),
    );
  lines.push(`problems (${report.problemCount}):`);
  for (const problem of report.problems.slice(0, BUG_REPORT_PROBLEMS_MAX))
    lines.push(`  - ${formatProblem(problem)}`);
  if (report.problemCount > BUG_REPORT_PROBLEMS_MAX)
    lines.push(`  … and ${report.problemCount - BUG_REPORT_PROBLEMS_MAX} more`);
  return lines.join('\n');
}
