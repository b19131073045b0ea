// Human-readable terminal output of the CLI: the same reports as --json, laid out in aligned columns.
// Every string that comes from the log goes through the core's one cleaner (`toPlainLine`), so
// controls, bidi characters and escape sequences are printed as escapes, never applied.

import type {
  FormatVerdicts,
  InspectReport,
  ProjectReport,
  ThreeAnswers,
  TriageReport,
} from '../log/index.ts';
import {
  describeCurrentVerdict,
  describeGeneration,
  describeToolNameCheck,
  describeWriterVerdict,
  toPlainLine,
  APPROVAL_DECIDER_WORDS,
} from '../log/index.ts';

const LABEL_WIDTH = 16;

function row(label: string, value: string): string {
  return `${label.padEnd(LABEL_WIDTH)}${value}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function seqRange(start: number, end: number | null): string {
  return end === null ? `${start}–… (hanging)` : `${start}–${end}`;
}

/** The three answers (three-answers.ts), one row each, before the verdict details. */
function answerRows(answers: ThreeAnswers): string[] {
  return [
    row('viewer reads', toPlainLine(answers.viewer.sentence, 400)),
    row('dsh opens', toPlainLine(answers.dsh.sentence, 600)),
    row('run ended', toPlainLine(answers.run.sentence, 400)),
  ];
}

/** The format rows: generation and writer, the writer's verdict, current dsh's verdict and its refusals. */
function formatVerdictRows(format: FormatVerdicts): string[] {
  const lines = [
    row('format', toPlainLine(describeGeneration(format), 400)),
    row('writer verdict', toPlainLine(describeWriterVerdict(format), 600)),
    row('current dsh', toPlainLine(describeCurrentVerdict(format), 600)),
  ];
  const { refusals, refusalCount } = format.current;
  if (refusals.length > 1 || refusalCount > refusals.length)
    for (const refusal of refusals) {
      const where = [
        refusal.seq !== null ? `seq ${refusal.seq}` : 'header',
        refusal.line !== null ? `line ${refusal.line}` : null,
      ]
        .filter((part) => part !== null)
        .join(' ');
      lines.push(
        row('', `${refusal.rule.padEnd(26)} ${where.padEnd(20)} ${toPlainLine(refusal.message, 600)}`),
      );
    }
  if (refusalCount > refusals.length) lines.push(row('', `… and ${refusalCount - refusals.length} more`));
  return lines;
}

/** `inspect` as text. */
export function formatInspectText(report: InspectReport, fileName: string): string {
  const lines: string[] = [];
  const { file, header, verdict, events } = report;
  lines.push(
    row(
      'file',
      `${toPlainLine(fileName)}  ${file.bytes} bytes  ${file.container}${file.frames !== null ? `, ${plural(file.frames, 'frame')}` : ''}${file.tornTail ? ', torn tail' : ''}`,
    ),
  );
  if (header === null) lines.push(row('header', '(none)'));
  else {
    const id = typeof header.id === 'string' ? header.id : '?';
    const parts = [
      `version ${String(header.version)}`,
      `id ${id}`,
      `delegationDepth ${String(header.delegationDepth)}`,
    ];
    if (typeof header.cwd === 'string') parts.push(`cwd ${header.cwd}`);
    if (typeof header.parentSession === 'string') parts.push(`parent ${header.parentSession}`);
    if (typeof header.agentPreset === 'string') parts.push(`agentPreset ${header.agentPreset}`);
    lines.push(row('header', toPlainLine(parts.join('  '), 400)));
  }
  lines.push(...answerRows(report.answers));
  lines.push(
    row(
      'verdict',
      verdict.reason === null ? verdict.status : `${verdict.status}: ${toPlainLine(verdict.reason)}`,
    ),
  );
  lines.push(...formatVerdictRows(report.format));
  lines.push(
    row(
      'events',
      `${events.count} events from ${plural(events.lines, 'line')} (${plural(events.packedRows, 'packed row')})`,
    ),
  );
  const types = Object.entries(events.byType).sort((a, b) => b[1] - a[1]);
  const typeWidth = Math.max(0, ...types.map(([type]) => type.length));
  for (const [index, [type, count]] of types.entries())
    lines.push(
      row(
        index === 0 ? 'by type' : '',
        `${toPlainLine(type).padEnd(typeWidth)}  ${String(count).padStart(6)}`,
      ),
    );

  if (report.turns.length === 0) lines.push(row('turns', '(none)'));
  for (const [index, turn] of report.turns.entries())
    lines.push(
      row(
        index === 0 ? 'turns' : '',
        `turn ${turn.turn}  seq ${seqRange(turn.startSeq, turn.endSeq)}  ${turn.reason === null ? 'no turn/end' : toPlainLine(turn.reason)}  ${plural(turn.steps.length, 'step')}`,
      ),
    );

  const statusCounts = new Map<string, number>();
  for (const call of report.toolCalls)
    statusCounts.set(call.status, (statusCounts.get(call.status) ?? 0) + 1);
  lines.push(
    row(
      'tool calls',
      report.toolCalls.length === 0
        ? '(none)'
        : [...statusCounts].map(([status, count]) => `${count} ${status}`).join(', '),
    ),
  );
  for (const call of report.toolCalls)
    if (call.status !== 'ok')
      lines.push(
        row(
          '',
          `${call.status.padEnd(15)} ${toPlainLine(call.name)} ${toPlainLine(call.callId)}  call ${call.callSeq ?? '-'}  result ${call.resultSeq ?? '-'}`,
        ),
      );
  lines.push(
    row('surface', `${plural(report.surface.nodes, 'node')}, ${plural(report.surface.messages, 'message')}`),
  );
  for (const [index, note] of report.notes.entries())
    lines.push(
      row(
        index === 0 ? 'notes' : '',
        `${note.kind.padEnd(20)} ${note.line !== null ? `line ${note.line}` : ''}${note.seq !== null ? ` seq ${note.seq}` : ''}  ${toPlainLine(note.message)}`,
      ),
    );
  lines.push(row('problems', report.problems.length === 0 ? '(none)' : String(report.problems.length)));
  for (const problem of report.problems)
    lines.push(
      row(
        '',
        `${problem.kind.padEnd(20)} ${problem.line !== null ? `line ${problem.line}` : ''}${problem.seq !== null ? ` seq ${problem.seq}` : ''}  ${toPlainLine(problem.message)}`,
      ),
    );
  return lines.join('\n');
}

/** `project` as text. */
export function formatProjectText(report: ProjectReport): string {
  if (report.at === null) return 'no events: the model view is empty';
  const lines = [`model view after seq ${report.at}: ${plural(report.messages.length, 'message')}`];
  const width = String(report.at).length;
  for (const message of report.messages)
    lines.push(
      `  seq ${String(message.sourceSeq).padStart(width)}  ${toPlainLine(message.role).padEnd(9)}  ${toPlainLine(message.blocks.join(', '))}`,
    );
  return lines.join('\n');
}

/** `triage` as text: the reading order of seed 002, one section per step. */
export function formatTriageText(report: TriageReport): string {
  const lines: string[] = [];
  const section = (title: string): void => {
    if (lines.length > 0) lines.push('');
    lines.push(`== ${title}`);
  };
  const { header, continuity } = report;

  section('1. header');
  lines.push(
    row(
      'version',
      header.version === null
        ? 'missing'
        : `${header.version} (${header.isVersionSupported ? 'readable by this build' : 'NOT readable by this build'})`,
    ),
  );
  lines.push(row('id', toPlainLine(header.id ?? '-')));
  lines.push(row('cwd', toPlainLine(header.cwd ?? '-')));
  lines.push(
    row(
      'agentPreset',
      header.agentPreset === null
        ? '-'
        : `${toPlainLine(header.agentPreset)} (from ${header.agentPresetSource ?? '?'})`,
    ),
  );
  lines.push(
    row('delegationDepth', header.delegationDepth === null ? 'missing' : String(header.delegationDepth)),
  );
  lines.push(row('parentSession', toPlainLine(header.parentSession ?? '-')));
  for (const note of header.notes) lines.push(row('', `! ${toPlainLine(note, 400)}`));
  lines.push(...answerRows(report.answers));
  lines.push(
    row(
      'verdict',
      report.verdict.reason === null
        ? report.verdict.status
        : `${report.verdict.status}: ${toPlainLine(report.verdict.reason)}`,
    ),
  );
  lines.push(...formatVerdictRows(report.format));

  section('2. seq continuity');
  lines.push(row('contiguous', continuity.isContiguous ? 'yes' : 'NO'));
  lines.push(row('', toPlainLine(continuity.explanation, 600)));
  for (const gap of continuity.gaps)
    lines.push(
      row(
        '',
        `${gap.kind}${gap.line !== null ? ` line ${gap.line}` : ''}${gap.seq !== null ? ` seq ${gap.seq}` : ''}: ${toPlainLine(gap.message)}`,
      ),
    );

  section('3. last tool call without a result or with an error');
  const call = report.lastFailedCall;
  if (call === null) lines.push(report.noFailedCallSentence);
  else {
    lines.push(row('callId', toPlainLine(call.callId)));
    lines.push(row('tool', toPlainLine(call.name)));
    lines.push(
      row(
        'seqs',
        `requested ${call.requestSeq ?? '-'}  tool/call ${call.callSeq ?? '-'}  tool/result ${call.resultSeq ?? '-'}  (turn ${call.turn ?? '?'} step ${call.step ?? '?'})`,
      ),
    );
    if (call.errorCode !== null) lines.push(row('error.code', toPlainLine(call.errorCode)));
    if (call.approval !== null)
      lines.push(
        row(
          'approval',
          `${toPlainLine(call.approval.outcome)} (${APPROVAL_DECIDER_WORDS[call.approval.refusedBy]}): asked seq ${call.approval.askedSeq}, decided seq ${call.approval.decidedSeq}; the tool did not run`,
        ),
      );
    if (report.failedCalls.length > 1)
      lines.push(row('other failures', String(report.failedCalls.length - 1)));
    for (const other of report.failedCalls.slice(0, -1))
      lines.push(
        row(
          '',
          `seq ${other.seq}  ${other.classification}${other.errorCode !== null ? ` ${toPlainLine(other.errorCode)}` : ''}  ${toPlainLine(other.name)} ${toPlainLine(other.callId)}`,
        ),
      );
  }
  if (report.unfinishedCommands.length > 0)
    for (const command of report.unfinishedCommands)
      lines.push(
        row(
          'command/run',
          `/${toPlainLine(command.name)} ${toPlainLine(command.commandId)} (seq ${command.runSeq}) has no command/done: look at the workspace before asking again`,
        ),
      );

  section('4. classification');
  if (call === null) lines.push('nothing to classify');
  else {
    lines.push(
      row(
        'class',
        `${call.classification}${call.isRepaired ? ' (already repaired by dsh)' : call.status === 'not-started' || call.status === 'outcome-unknown' ? ' (raw crashed log: would be repaired on resume)' : ''}`,
      ),
    );
    lines.push(row('retry', call.retryAdvice));
  }

  section('turn errors and calls cut off by max-tokens');
  if (report.turnErrors.length === 0 && report.truncatedCalls.length === 0) lines.push('none');
  for (const error of report.turnErrors)
    lines.push(
      `seq ${error.seq}  turn ${error.turn} ended with an error: ${toPlainLine(error.code ?? 'no code')}: ${toPlainLine(error.message ?? 'no message', 400)}`,
    );
  for (const cut of report.truncatedCalls)
    lines.push(
      `seq ${cut.seq}  ${toPlainLine(cut.name ?? '(no name)')} ${toPlainLine(cut.callId ?? '(no id)')} (turn ${cut.turn} step ${cut.step}, chunks from seq ${cut.firstSeq}, finish seq ${cut.finishSeq}) was cut off by max-tokens: ${cut.retryAdvice}`,
    );

  section('5. unexpected tool names');
  if (report.unexpectedTools.length === 0)
    lines.push(`none: ${describeToolNameCheck(report.toolNameCheck, report.callOutcomes)}`);
  for (const tool of report.unexpectedTools)
    lines.push(
      `seq ${tool.seq}  ${toPlainLine(tool.name)} ${toPlainLine(tool.callId)}  ${tool.headerSeq === null ? 'no request/header before it' : `not in request/header seq ${tool.headerSeq}`}`,
    );
  if (report.unexpectedTools.length > 0 && header.isDelegatedChild)
    lines.push("this is a delegated child: the names may be the child preset's tools");

  section('model attempts without an answer');
  if (report.retries.length === 0 && report.silentRequests.length === 0) lines.push('none');
  for (const retry of report.retries)
    lines.push(
      `seq ${retry.seq}  llm/retry #${retry.retry}  ${toPlainLine([retry.code, retry.message].filter((part) => part !== null).join(': '))}`,
    );
  for (const request of report.silentRequests)
    lines.push(
      `seq ${request.seq}  turn ${request.turn} step ${request.step}: no assistant/message, ${toPlainLine(request.reason)}`,
    );

  section('approvals');
  if (report.approvals.length === 0) lines.push('none');
  for (const approval of report.approvals)
    lines.push(
      `seq ${approval.askedSeq}  ${toPlainLine(approval.toolName)}${approval.callId !== null ? ` ${toPlainLine(approval.callId)}` : ''}  ${approval.decidedSeq === null ? 'asked, never decided' : `${toPlainLine(approval.outcome ?? '?')} (seq ${approval.decidedSeq})`}`,
    );

  section('turns');
  const reasons = Object.entries(report.turnEndReasons).map(
    ([reason, count]) => `${toPlainLine(reason)} ×${count}`,
  );
  lines.push(row('end reasons', reasons.length === 0 ? '(no turn/end)' : reasons.join(', ')));
  for (const turn of report.hangingTurns)
    lines.push(
      row('hanging', `turn ${turn.turn} from seq ${turn.startSeq}: no turn/end (live, crashed or truncated)`),
    );

  section('6. bug report (paste this)');
  lines.push(...report.bugReport.split('\n').map((line) => toPlainLine(line, 600)));
  return lines.join('\n');
}
