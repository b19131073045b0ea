// The ready-to-paste bug report of a triage (seed 002 step 6), as plain text that log text cannot
// forge: one fenced code block, one field per line, every value from the log quoted and escaped.

import { escapeJsonForTerminal } from '../base/visible-text.ts';
import type { LogProblem } from '../problems.ts';
import { describeCurrentVerdict, describeGeneration, describeWriterVerdict } from './format-verdicts.ts';
import type { TriageReport } from './triage-report.ts';

/** Problems in the bug-report block; the rest is summarised as a count. */
const BUG_REPORT_PROBLEMS_MAX = 20;

/** Longest id, name or code kept in a field, in UTF-16 code units (the cut is said). */
const VALUE_MAX_CHARS = 120;

/** Longest message or reason kept in a field, in UTF-16 code units. */
const MESSAGE_MAX_CHARS = 300;

/** Items of a list field (turn end reasons, unfinished commands) before the rest is counted. */
const LIST_FIELD_MAX_ITEMS = 6;

/** Width of the label column: the longest label ("turn end reason:", "delegationDepth:") and a space. */
const LABEL_WIDTH = 17;

/**
 * `value` as a JSON string literal (quotes, backslashes, line breaks and C0 controls escaped by
 * JSON; bidi, invisible and other special characters by the one cleaner, `escapeJsonForTerminal`),
 * cut to `maxChars` with the original length said after it. The result never holds a line break,
 * so it cannot start a line, end the fenced block or forge a field; inside the block it is code.
 */
function quote(value: string, maxChars: number = VALUE_MAX_CHARS): string {
  if (value.length <= maxChars) return escapeJsonForTerminal(JSON.stringify(value));
  return `${escapeJsonForTerminal(JSON.stringify(value.slice(0, maxChars)))}… (cut, ${value.length} chars)`;
}

/** The first LIST_FIELD_MAX_ITEMS items joined, and how many more there are. */
function listField(items: readonly string[]): string {
  const shown = items.slice(0, LIST_FIELD_MAX_ITEMS).join(', ');
  return items.length > LIST_FIELD_MAX_ITEMS
    ? `${shown} (+${items.length - LIST_FIELD_MAX_ITEMS} more)`
    : shown;
}

function formatProblem(problem: LogProblem): string {
  const where = [
    problem.line !== null ? `line ${problem.line}` : null,
    problem.lineEnd != null ? `to ${problem.lineEnd}` : null,
    problem.seq !== null ? `seq ${problem.seq}` : null,
  ].filter((part) => part !== null);
  return `[${problem.kind}]${where.length > 0 ? ` ${where.join(' ')}` : ''}: ${quote(problem.message, MESSAGE_MAX_CHARS)}`;
}

/**
 * The ready-to-paste bug report (seed 002 step 6): callId, tool name, header version, the format
 * generation with what its writer and current dsh do with the log, session id, provider/model of the
 * failing step, turn end reason, turn errors, truncated calls and the problem list. Plain text in a
 * fenced code block: the report's own words and numbers are bare, every value that comes from the
 * log (or a sentence that embeds one) is `quote`d, so each field stays on its line whatever it holds.
 */
export function formatBugReport(report: Omit<TriageReport, 'bugReport'>): string {
  const { header } = report;
  const call = report.lastFailedCall;
  const lines: string[] = ['```text', 'dsh session log — bug report'];
  const add = (label: string, value: string): void => {
    lines.push(`${`${label}:`.padEnd(LABEL_WIDTH)}${value}`);
  };
  const writerVerdict = describeWriterVerdict(report.format);
  // The three answers first (three-answers.ts): a refusal is never read as a failed run.
  const { answers } = report;
  add('viewer reads', `yes: ${answers.viewer.events} events, ${answers.viewer.problemLines} problem line(s)`);
  add(
    'dsh opens',
    answers.dsh.reason === null
      ? answers.dsh.answer
      : `${answers.dsh.answer}${answers.dsh.rule !== null ? ` [${answers.dsh.rule}]` : ''}${answers.dsh.seq !== null ? ` seq ${answers.dsh.seq}` : ''} (${answers.dsh.release}): ${quote(answers.dsh.reason, MESSAGE_MAX_CHARS)}`,
  );
  add('run ended', `${answers.run.ending}${answers.run.turn !== null ? ` (turn ${answers.run.turn})` : ''}`);
  add(
    'header version',
    header.version === null
      ? 'missing'
      : `${header.version}${header.isVersionSupported ? '' : ' (not readable by this build)'}`,
  );
  add('format', describeGeneration(report.format));
  add(
    'writer verdict',
    report.format.writer.reason === null ? writerVerdict : quote(writerVerdict, MESSAGE_MAX_CHARS),
  );
  const currentVerdict = describeCurrentVerdict(report.format);
  const isCurrentOwnWords =
    report.format.current.status === 'ok' || report.format.current.status === 'migrates';
  add('current dsh', isCurrentOwnWords ? currentVerdict : quote(currentVerdict, MESSAGE_MAX_CHARS));
  add('session id', header.id === null ? 'unknown' : quote(header.id));
  if (header.agentPreset !== null)
    add('agentPreset', `${quote(header.agentPreset)} (${header.agentPresetSource ?? ''})`);
  add(
    'delegationDepth',
    `${header.delegationDepth ?? 'missing'}${header.parentSession !== null ? ` (parent ${quote(header.parentSession)})` : ''}`,
  );
  if (call === null)
    add(
      'failing call',
      `none (${report.noFailedCallSentence.replace(/\.$/, '')}${report.truncatedCalls.length > 0 ? '; see truncated call' : ''})`,
    );
  else {
    add('callId', quote(call.callId));
    add('tool name', quote(call.name));
    add(
      'classification',
      `${call.classification}${call.errorCode !== null && call.errorCode !== call.classification ? ` (error.code ${quote(call.errorCode)})` : ''}${call.isRepaired ? ', repaired by dsh' : ''}`,
    );
    if (call.approval !== null)
      add(
        'approval',
        `${quote(call.approval.outcome)} ${call.approval.refusedBy === 'user' ? 'by the user' : call.approval.refusedBy === 'policy' ? 'by the approval policy (no one could answer)' : call.approval.refusedBy}, asked seq ${call.approval.askedSeq}, decided seq ${call.approval.decidedSeq}: the tool did not run`,
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
    add(
      'provider/model',
      call.provider !== null
        ? `${quote(call.provider)}/${call.model !== null ? quote(call.model) : '?'}`
        : 'unknown',
    );
    add(
      'turn end reason',
      call.turnEndReason !== null ? quote(call.turnEndReason) : 'none (turn has no turn/end)',
    );
  }
  const lastError = report.turnErrors.at(-1);
  if (lastError !== undefined)
    add(
      'turn error',
      `turn ${lastError.turn}, seq ${lastError.seq}: code ${lastError.code !== null ? quote(lastError.code) : 'none'}, message ${lastError.message !== null ? quote(lastError.message, MESSAGE_MAX_CHARS) : 'none'}${report.turnErrors.length > 1 ? ` (+${report.turnErrors.length - 1} more)` : ''}`,
    );
  const lastTruncated = report.truncatedCalls.at(-1);
  if (lastTruncated !== undefined)
    add(
      'truncated call',
      `${lastTruncated.name !== null ? quote(lastTruncated.name) : 'no name'} ${lastTruncated.callId !== null ? quote(lastTruncated.callId) : 'no id'} at seq ${lastTruncated.seq} (turn ${lastTruncated.turn} step ${lastTruncated.step}, max-tokens): dropped, never ran${report.truncatedCalls.length > 1 ? ` (+${report.truncatedCalls.length - 1} more)` : ''}`,
    );
  const reasons = Object.entries(report.turnEndReasons).map(
    ([reason, count]) => `${quote(reason)} ×${count}`,
  );
  if (report.hangingTurns.length > 0) reasons.push(`hanging ×${report.hangingTurns.length}`);
  add('turn ends', reasons.length > 0 ? listField(reasons) : 'no turns');
  const lastSilent = report.silentRequests.at(-1);
  if (lastSilent !== undefined)
    add(
      'silent request',
      `turn ${lastSilent.turn} step ${lastSilent.step} (seq ${lastSilent.seq}): ${quote(lastSilent.reason, MESSAGE_MAX_CHARS)}${report.silentRequests.length > 1 ? ` (+${report.silentRequests.length - 1} more)` : ''}`,
    );
  if (report.retries.length > 0) add('llm retries', String(report.retries.length));
  if (report.unfinishedCommands.length > 0)
    add(
      'unfinished cmds',
      listField(
        report.unfinishedCommands.map((command) => `${quote(`/${command.name}`)} (seq ${command.runSeq})`),
      ),
    );
  lines.push(`problems (${report.problemCount}):`);
  for (const problem of report.problems.slice(0, BUG_REPORT_PROBLEMS_MAX))
    lines.push(`  - ${formatProblem(problem)}`);
  if (report.problemCount > BUG_REPORT_PROBLEMS_MAX)
    lines.push(`  - … and ${report.problemCount - BUG_REPORT_PROBLEMS_MAX} more`);
  lines.push('```');
  return lines.join('\n');
}
