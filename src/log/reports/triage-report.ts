// The shape of a triage report, apart from its derivation (triage.ts) so that the bug report
// (bug-report.ts), which triage.ts calls, can read it without importing triage.ts back.

import type { ApprovalRecord } from '../structure/pairings.ts';
import type { LogProblem, Verdict } from '../problems.ts';
import type { CallOutcomes } from './call-outcomes.ts';
import type { FormatVerdicts } from './format-verdicts.ts';
import type { SilentRequest } from './silent-requests.ts';
import type { ThreeAnswers } from './three-answers.ts';
import type { ToolNameCheck, TriageCall, UnexpectedTool } from './triage-calls.ts';
import type { TriageContinuity, TriageHeader } from './triage-header.ts';
import type { TruncatedCall, TurnError } from './turn-failures.ts';

/** Triage findings in the reading order of seed 002 (issue 4). Plain data; text fields are plain text. */
export interface TriageReport {
  header: TriageHeader;
  verdict: Verdict;
  /** The format generation and who refuses what: the writing release and current dsh (format-verdicts.ts). */
  format: FormatVerdicts;
  /** Can this viewer read it, would dsh open it, how did the run end (three-answers.ts). */
  answers: ThreeAnswers;
  continuity: TriageContinuity;
  /** Last tool call without a result or with an error (by callId), or null. */
  lastFailedCall: TriageCall | null;
  /** Every call that did not end ok, newest last. */
  failedCalls: TriageCall[];
  unfinishedCommands: { commandId: string; name: string; runSeq: number }[];
  unexpectedTools: UnexpectedTool[];
  toolNameCheck: ToolNameCheck;
  retries: { seq: number; retry: number; code: string | null; message: string | null }[];
  silentRequests: SilentRequest[];
  approvals: ApprovalRecord[];
  hangingTurns: { turn: number; startSeq: number }[];
  turnEndReasons: Record<string, number>;
  /** Turns that ended with reason `error`, with the failure's code and message, in seq order. */
  turnErrors: TurnError[];
  /** Tool calls dropped because the model's reply was cut off by max-tokens (no tool/call), in seq order. */
  truncatedCalls: TruncatedCall[];
  /** The one count of the calls' outcomes every sentence about them is made from (call-outcomes.ts). */
  callOutcomes: CallOutcomes;
  /** Section 3's sentence when `lastFailedCall` is null (describeNoFailedCall). Plain text. */
  noFailedCallSentence: string;
  /** The log's problems (first TRIAGE_PROBLEMS_MAX), as in OpenedLog.problems; `problemCount` is the total. */
  problems: LogProblem[];
  problemCount: number;
  /** Every finding that has a seq, in seq order: what n / N step through. */
  findings: TriageFinding[];
  bugReport: string;
}

/** One stop for next/previous-problem navigation. `label` is one line of plain text. */
export interface TriageFinding {
  seq: number;
  kind:
    | 'failed-call'
    | 'unfinished-command'
    | 'unexpected-tool'
    | 'retry'
    | 'silent-request'
    | 'unanswered-approval'
    | 'hanging-turn'
    | 'turn-error'
    | 'truncated-call'
    | 'problem';
  label: string;
}
