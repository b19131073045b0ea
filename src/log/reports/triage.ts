// The failed-run reading order of seed 002 (FORMAT.md §9 rows 17–24) as one derived report: header,
// seq continuity, the last failed tool call and its crash-repair classification, and the rest. Each
// step is derived in its own module; this one assembles the report and the findings n / N visit.

import type { OpenedLog } from '../open/opened-log.ts';
import { formatBugReport } from './bug-report.ts';
import { countCallOutcomes, describeNoFailedCall } from './call-outcomes.ts';
import { deriveThreeAnswers } from './three-answers.ts';
import type { TriageFinding, TriageReport } from './triage-report.ts';
import type { FormatVerdicts } from './format-verdicts.ts';
import { deriveFormatVerdicts } from './format-verdicts.ts';
import { deriveSilentRequests } from './silent-requests.ts';
import { drainSteps } from '../base/steps.ts';
import { toPlainLine } from '../base/visible-text.ts';
import type { TriageCall } from './triage-calls.ts';
import {
  REFUSED_BY_LABEL,
  describeCall,
  deriveUnexpectedToolsSteps,
  indexRefusedApprovals,
} from './triage-calls.ts';
import { deriveContinuity, deriveHeaderFacts } from './triage-header.ts';
import { deriveTruncatedCalls, deriveTurnErrors } from './turn-failures.ts';

/** How many problems the report carries (the total is in `problemCount`). */
const TRIAGE_PROBLEMS_MAX = 200;

/**
 * Reads a log the way seed 002 tells a dsh user to read a failed run. Pure: depends only on the
 * log; events are re-read from the store only where the index has no answer (request/header tool
 * lists, finish failures, the migration rules). Works for live, crashed, repaired and refused logs
 * alike. `formatVerdicts`: deriveFormatVerdicts(log) when the caller has it already (it reads events).
 */
export function deriveTriage(log: OpenedLog, formatVerdicts?: FormatVerdicts): TriageReport {
  return drainSteps(deriveTriageSteps(log, formatVerdicts));
}

/** Failed calls described (each reads its events back) between two yields of deriveTriageSteps. */
const CALLS_PER_STEP = 64;

/**
 * deriveTriage as steps (base/steps.ts): it yields between groups of calls it reads back, so a
 * worker can answer the cursor's queries in between (≈ 70 ms for the 1.3 M-event benchmark log).
 */
export function* deriveTriageSteps(
  log: OpenedLog,
  formatVerdicts?: FormatVerdicts,
): Generator<void, TriageReport> {
  const { index } = log;
  const header = deriveHeaderFacts(log);
  const continuity = deriveContinuity(log);

  const refusals = indexRefusedApprovals(index.approvals);
  const failedCalls: TriageCall[] = [];
  for (const call of index.toolCalls) {
    if (call.status === 'ok') continue;
    failedCalls.push(describeCall(log, call, refusals.get(call.callId) ?? null));
    if (failedCalls.length % CALLS_PER_STEP === 0) yield;
  }
  failedCalls.sort((a, b) => a.seq - b.seq);
  yield;
  const lastFailedCall = failedCalls.at(-1) ?? null;

  const unfinishedCommands = index.commands
    .filter((command) => command.doneSeq === null)
    .map((command) => ({ commandId: command.commandId, name: command.name, runSeq: command.runSeq }));

  const { unexpected: unexpectedTools, toolNameCheck } = yield* deriveUnexpectedToolsSteps(log);
  yield;

  const retries = index.retries.map((retry) => ({
    seq: retry.seq,
    retry: retry.retry,
    code: retry.failureCode,
    message: retry.failureMessage,
  }));

  const silentRequests = deriveSilentRequests(log);
  yield;

  // Copies: the report is plain data that crosses to the UI, not a view into the index.
  const approvals = index.approvals.map((approval) => ({ ...approval }));

  const hangingTurns = index.turns
    .filter((turn) => turn.endSeq === null)
    .map((turn) => ({ turn: turn.turn, startSeq: turn.startSeq }));

  const turnEndReasons: Record<string, number> = {};
  for (const turn of index.turns) {
    if (turn.reason === null) continue;
    turnEndReasons[turn.reason] = (turnEndReasons[turn.reason] ?? 0) + 1;
  }

  const turnErrors = deriveTurnErrors(log);
  const truncatedCalls = deriveTruncatedCalls(log);
  const callOutcomes = countCallOutcomes(index.toolCalls, truncatedCalls);

  // Labels are one line: log text in them goes through the one cleaner (toPlainLine).
  const findings: TriageFinding[] = [];
  for (const call of failedCalls)
    findings.push({
      seq: call.seq,
      kind: 'failed-call',
      label: `${call.approval !== null ? `refused ${REFUSED_BY_LABEL[call.approval.refusedBy]}` : call.classification}${call.errorCode !== null && call.errorCode !== call.classification ? ` (${toPlainLine(call.errorCode, 60)})` : ''}: ${toPlainLine(`${call.name} ${call.callId}`, 120)}`,
    });
  for (const error of turnErrors)
    findings.push({
      seq: error.seq,
      kind: 'turn-error',
      label: `turn ${error.turn} ended with an error: ${toPlainLine([error.code ?? 'no code', error.message ?? 'no message'].join(': '), 160)}`,
    });
  for (const call of truncatedCalls)
    findings.push({
      seq: call.seq,
      kind: 'truncated-call',
      label: `tool call ${toPlainLine(`${call.name ?? '(no name)'} ${call.callId ?? '(no id)'}`, 120)} was cut off by max-tokens and never ran`,
    });
  for (const command of unfinishedCommands)
    findings.push({
      seq: command.runSeq,
      kind: 'unfinished-command',
      label: `command /${toPlainLine(command.name, 80)} has no command/done`,
    });
  for (const tool of unexpectedTools)
    findings.push({
      seq: tool.seq,
      kind: 'unexpected-tool',
      label: `tool ${toPlainLine(tool.name, 80)} is not in the tools of the request/header in force`,
    });
  for (const retry of retries)
    findings.push({
      seq: retry.seq,
      kind: 'retry',
      label: `llm/retry #${retry.retry}${retry.code !== null ? ` ${toPlainLine(retry.code, 60)}` : ''}`,
    });
  for (const request of silentRequests)
    findings.push({
      seq: request.seq,
      kind: 'silent-request',
      label: `turn ${request.turn} step ${request.step}: no assistant/message (${toPlainLine(request.reason, 160)})`,
    });
  for (const approval of approvals)
    if (approval.decidedSeq === null)
      findings.push({
        seq: approval.askedSeq,
        kind: 'unanswered-approval',
        label: `approval for ${toPlainLine(approval.toolName, 80)} was asked but never decided`,
      });
  for (const turn of hangingTurns)
    findings.push({ seq: turn.startSeq, kind: 'hanging-turn', label: `turn ${turn.turn} has no turn/end` });
  for (const problem of log.problems)
    if (problem.seq !== null && problem.seq < log.store.eventCount)
      findings.push({
        seq: problem.seq,
        kind: 'problem',
        label: `${problem.kind}: ${toPlainLine(problem.message, 200)}`,
      });
  findings.sort((a, b) => a.seq - b.seq);

  const format = formatVerdicts ?? deriveFormatVerdicts(log);
  const report: TriageReport = {
    header,
    verdict: log.verdict,
    format,
    answers: deriveThreeAnswers(log, format),
    continuity,
    lastFailedCall,
    failedCalls,
    unfinishedCommands,
    unexpectedTools,
    toolNameCheck,
    retries,
    silentRequests,
    approvals,
    hangingTurns,
    turnEndReasons,
    turnErrors,
    truncatedCalls,
    callOutcomes,
    noFailedCallSentence: describeNoFailedCall(callOutcomes),
    problems: log.problems.slice(0, TRIAGE_PROBLEMS_MAX),
    problemCount: log.problems.length,
    findings,
    bugReport: '',
  };
  report.bugReport = formatBugReport(report);
  return report;
}
