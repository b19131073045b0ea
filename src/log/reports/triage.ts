// The failed-run reading order of seed 002 (FORMAT.md §9 rows 17–24) as one derived report: header,
// seq continuity, the last failed tool call and its crash-repair classification, and the rest.

import { isRecord } from '../event.ts';
import { findFirstAtOrAbove } from '../base/binary-search.ts';
import { findSpanAt } from '../base/span-lookup.ts';
import { describeUnsupportedVersion, isSupportedFormatVersion } from '../format/format-version.ts';
import type { ToolCallRecord, ToolCallStatus } from '../structure/tool-calls.ts';
import type { StepSpan } from '../structure/turns.ts';
import type { OpenedLog } from '../decode/opened-log.ts';
import type { LogProblem, ProblemKind, Verdict } from '../problems.ts';

/** Triage findings in the reading order of seed 002 (issue 4). Plain data; text fields are plain text. */
export interface TriageReport {
  header: {
    version: number | null;
    /** True when this build reads the version (FORMAT.md §2.2: only 0). */
    isVersionSupported: boolean;
    id: string | null;
    cwd: string | null;
    /** Effective preset: the last agent-preset/selected, else the header value (FORMAT.md §2.3). */
    agentPreset: string | null;
    agentPresetSource: 'agent-preset/selected' | 'header' | null;
    delegationDepth: number | null;
    parentSession: string | null;
    createdAt: number | null;
    origin: string | null;
    seedLength: number | null;
    /** delegationDepth > 0 (FORMAT.md §8.1): tool names not in the parent's preset may come from here. */
    isDelegatedChild: boolean;
    /** One sentence per noteworthy header fact (version, delegation, fork), for people. */
    notes: string[];
  };
  verdict: Verdict;
  continuity: {
    isContiguous: boolean;
    eventCount: number;
    lineCount: number;
    packedRows: number;
    /** Seq-related problems (gaps, malformed rows, unparsable lines) with their lines. */
    gaps: LogProblem[];
    /** Why lines and seqs differ (packed rows), and what a gap usually means. Plain text. */
    explanation: string;
  };
  /** Last tool call without a result or with an error (by callId), or null. */
  lastFailedCall: TriageCall | null;
  /** Every call that did not end ok, newest last. */
  failedCalls: TriageCall[];
  unfinishedCommands: { commandId: string; name: string; runSeq: number }[];
  unexpectedTools: { callId: string; name: string; seq: number; headerSeq: number | null }[];
  /** Tool calls compared with a request/header's tools, and calls with no request/header before them (not checked). */
  toolNameCheck: { checkedCalls: number; uncheckedCalls: number };
  retries: { seq: number; retry: number; code: string | null; message: string | null }[];
  silentRequests: { turn: number; step: number; seq: number; reason: string }[];
  approvals: {
    id: string;
    toolName: string;
    callId: string | null;
    askedSeq: number;
    decidedSeq: number | null;
    outcome: string | null;
  }[];
  hangingTurns: { turn: number; startSeq: number }[];
  turnEndReasons: Record<string, number>;
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
    | 'problem';
  label: string;
}

export interface TriageCall {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /** The seq to jump to: the result, else the tool/call, else the requesting assistant message. */
  seq: number;
  /** The assistant/message whose tool-call block asked for the call, or null. */
  requestSeq: number | null;
  callSeq: number | null;
  resultSeq: number | null;
  turn: number | null;
  step: number | null;
  errorCode: string | null;
  /** TOOL_NOT_STARTED / TOOL_OUTCOME_UNKNOWN / error / no-result. */
  classification: 'TOOL_NOT_STARTED' | 'TOOL_OUTCOME_UNKNOWN' | 'error' | 'no-result';
  /** True when dsh already wrote the crash-repair result (error.code), false for a raw crashed log. */
  isRepaired: boolean;
  /** What the classification means for a retry (FORMAT.md §7.6). Plain text. */
  retryAdvice: string;
  /** provider/model of the step the call belongs to, when known. */
  provider: string | null;
  model: string | null;
  /** reason.kind of the enclosing turn's turn/end, or null while the turn hangs. */
  turnEndReason: string | null;
}

/** How many problems the report carries (the total is in `problemCount`). */
export const TRIAGE_PROBLEMS_MAX = 200;

/** Problems in the bug-report block; the rest is summarised as a count. */
const BUG_REPORT_PROBLEMS_MAX = 20;

/** Problem kinds that are about seq continuity of the file (FORMAT.md §3.3, §3.4). */
const CONTINUITY_KINDS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'seq-gap',
  'unparsable-line',
  'malformed-packed-row',
  'ignored-tail',
  'torn-record',
  'torn-tail',
]);

/** Continuity kinds that mean the stored lines are not one contiguous run of seqs. */
const BREAKS_CONTIGUITY: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'seq-gap',
  'unparsable-line',
  'malformed-packed-row',
  'torn-record',
]);

/** Retry advice per classification, after upstream's model-facing repair texts (FORMAT.md §7.6). */
export const RETRY_ADVICE = {
  TOOL_NOT_STARTED:
    'Nothing ran: dsh had not recorded the call as started. It may simply be retried if it is still needed.',
  TOOL_OUTCOME_UNKNOWN:
    'The tool may have run, partly run or had side effects. Retry only read-only or idempotent work; otherwise check the workspace or ask the user first.',
  ABORTED:
    'Cancelled after the tool started: side effects are possible. Check the workspace before running it again.',
  ABORTED_BEFORE_DISPATCH: 'Cancelled before the tool started: nothing ran. It may be retried.',
  TOOL_TIMEOUT:
    'The tool timed out and may have done part of its work. Check its effects before retrying, or raise the timeout.',
  error: 'The tool ran and reported an error: read the result text before retrying with other arguments.',
  noResultWithCall:
    'A tool/call was recorded but no result, and the turn ended without crash repair (scheduler failure). Treat it like an unknown outcome: check the workspace before retrying.',
  noResultWithoutCall:
    'The model asked for the call but it was never started (no tool/call) and the turn ended. Nothing ran.',
} as const;

/**
 * Reads a log the way seed 002 tells a dsh user to read a failed run. Pure: depends only on the
 * log; events are re-read from the store only where the index has no answer (request/header tool
 * lists, finish failures). Works for live, crashed, repaired and refused logs alike.
 */
export function deriveTriage(log: OpenedLog): TriageReport {
  const { index } = log;
  const header = deriveHeaderFacts(log);
  const continuity = deriveContinuity(log);

  const failedCalls = index.toolCalls
    .filter((call) => call.status !== 'ok')
    .map((call) => describeCall(log, call))
    .sort((a, b) => a.seq - b.seq);
  const lastFailedCall = failedCalls.at(-1) ?? null;

  const unfinishedCommands = index.commands
    .filter((command) => command.doneSeq === null)
    .map((command) => ({ commandId: command.commandId, name: command.name, runSeq: command.runSeq }));

  const { unexpected: unexpectedTools, toolNameCheck } = deriveUnexpectedTools(log);

  const retries = index.retries.map((retry) => ({
    seq: retry.seq,
    retry: retry.retry,
    code: retry.failureCode,
    message: retry.failureMessage,
  }));

  const silentRequests = deriveSilentRequests(log);

  const approvals = index.approvals.map((approval) => ({
    id: approval.id,
    toolName: approval.toolName,
    callId: approval.callId,
    askedSeq: approval.askedSeq,
    decidedSeq: approval.decidedSeq,
    outcome: approval.outcome,
  }));

  const hangingTurns = index.turns
    .filter((turn) => turn.endSeq === null)
    .map((turn) => ({ turn: turn.turn, startSeq: turn.startSeq }));

  const turnEndReasons: Record<string, number> = {};
  for (const turn of index.turns) {
    if (turn.reason === null) continue;
    turnEndReasons[turn.reason] = (turnEndReasons[turn.reason] ?? 0) + 1;
  }

  const findings: TriageFinding[] = [];
  for (const call of failedCalls)
    findings.push({
      seq: call.seq,
      kind: 'failed-call',
      label: `${call.classification}${call.errorCode !== null && call.errorCode !== call.classification ? ` (${call.errorCode})` : ''}: ${call.name} ${call.callId}`,
    });
  for (const command of unfinishedCommands)
    findings.push({
      seq: command.runSeq,
      kind: 'unfinished-command',
      label: `command /${command.name} has no command/done`,
    });
  for (const tool of unexpectedTools)
    findings.push({
      seq: tool.seq,
      kind: 'unexpected-tool',
      label: `tool ${tool.name} is not in the tools of the request/header in force`,
    });
  for (const retry of retries)
    findings.push({
      seq: retry.seq,
      kind: 'retry',
      label: `llm/retry #${retry.retry}${retry.code !== null ? ` ${retry.code}` : ''}`,
    });
  for (const request of silentRequests)
    findings.push({
      seq: request.seq,
      kind: 'silent-request',
      label: `turn ${request.turn} step ${request.step}: no assistant/message (${request.reason})`,
    });
  for (const approval of approvals)
    if (approval.decidedSeq === null)
      findings.push({
        seq: approval.askedSeq,
        kind: 'unanswered-approval',
        label: `approval for ${approval.toolName} was asked but never decided`,
      });
  for (const turn of hangingTurns)
    findings.push({ seq: turn.startSeq, kind: 'hanging-turn', label: `turn ${turn.turn} has no turn/end` });
  for (const problem of log.problems)
    if (problem.seq !== null && problem.seq < log.store.eventCount)
      findings.push({ seq: problem.seq, kind: 'problem', label: `${problem.kind}: ${problem.message}` });
  findings.sort((a, b) => a.seq - b.seq);

  const report: TriageReport = {
    header,
    verdict: log.verdict,
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
    problems: log.problems.slice(0, TRIAGE_PROBLEMS_MAX),
    problemCount: log.problems.length,
    findings,
    bugReport: '',
  };
  report.bugReport = formatBugReport(report);
  return report;
}

function deriveHeaderFacts(log: OpenedLog): TriageReport['header'] {
  const header: Record<string, unknown> = isRecord(log.header) ? log.header : {};
  const version = typeof header.version === 'number' ? header.version : null;
  const headerPreset = typeof header.agentPreset === 'string' ? header.agentPreset : null;
  const selectedPreset = log.index.selectedAgentPreset;
  const delegationDepth = typeof header.delegationDepth === 'number' ? header.delegationDepth : null;
  const parentSession = typeof header.parentSession === 'string' ? header.parentSession : null;
  const seedLength = typeof header.seedLength === 'number' ? header.seedLength : null;
  const isDelegatedChild = delegationDepth !== null && delegationDepth > 0;

  const notes: string[] = [];
  if (log.header === null) notes.push('No readable header line: dsh refuses this log.');
  else if (version === null) notes.push('The header has no numeric version: dsh reports the log as corrupt.');
  else if (!isSupportedFormatVersion(version)) notes.push(describeUnsupportedVersion(version));
  if (log.header !== null && delegationDepth === null)
    notes.push('delegationDepth is missing or invalid: the JSONL reader rejects the whole log.');
  if (isDelegatedChild)
    notes.push(
      `delegationDepth ${delegationDepth}: this is a delegated child session; tool names not in the parent's preset may come from here.`,
    );
  if (parentSession !== null)
    notes.push(
      isDelegatedChild
        ? `parentSession ${parentSession} is the delegating parent.`
        : `parentSession ${parentSession} is set but delegationDepth is 0: a plain fork, not a delegation.`,
    );
  if (seedLength !== null)
    notes.push(`The first ${seedLength} events were copied from the parent when this session was forked.`);
  if (selectedPreset !== null && headerPreset !== null && selectedPreset !== headerPreset)
    notes.push(
      `agent-preset/selected switched the preset from ${headerPreset} to ${selectedPreset}; the selected one decides tools and prompt on resume.`,
    );

  return {
    version,
    isVersionSupported: version !== null && isSupportedFormatVersion(version),
    id: typeof header.id === 'string' ? header.id : null,
    cwd: typeof header.cwd === 'string' ? header.cwd : null,
    agentPreset: selectedPreset ?? headerPreset,
    agentPresetSource:
      selectedPreset !== null ? 'agent-preset/selected' : headerPreset !== null ? 'header' : null,
    delegationDepth,
    parentSession,
    createdAt: typeof header.createdAt === 'number' ? header.createdAt : null,
    origin: typeof header.origin === 'string' ? header.origin : null,
    seedLength,
    isDelegatedChild,
    notes,
  };
}

function deriveContinuity(log: OpenedLog): TriageReport['continuity'] {
  const gaps = log.problems.filter((problem) => CONTINUITY_KINDS.has(problem.kind));
  const isContiguous = !gaps.some((problem) => BREAKS_CONTIGUITY.has(problem.kind));
  const eventCount = log.store.eventCount;
  const sentences: string[] = [];
  if (log.packedRows > 0)
    sentences.push(
      `${log.lineCount} stored lines hold ${eventCount} events because ${log.packedRows} packed chunk rows each expand to several seqs (FORMAT.md §4): fewer lines than seqs is normal, not lost history.`,
    );
  else sentences.push(`${log.lineCount} stored lines, ${eventCount} events, no packed rows.`);
  if (isContiguous) sentences.push(`Seqs 0..${Math.max(eventCount - 1, 0)} are contiguous.`);
  else
    sentences.push(
      'The file is not contiguous. A gap usually means a reader dropped packed rows or an unknown plugin event: fix the reader before reading the gap as lost history. In the file itself dsh cuts the log at the first damaged line, or refuses the log when a turn/end follows it.',
    );
  return {
    isContiguous,
    eventCount,
    lineCount: log.lineCount,
    packedRows: log.packedRows,
    gaps,
    explanation: sentences.join(' '),
  };
}

function describeCall(log: OpenedLog, call: ToolCallRecord): TriageCall {
  const seq = call.resultSeq ?? call.callSeq ?? call.requestSeq ?? 0;
  const anchorSeq = call.requestSeq ?? call.callSeq ?? call.resultSeq ?? 0;
  const turn = findSpanAt(log.index.turns, anchorSeq);
  const step = turn === null ? null : findSpanAt(turn.steps, anchorSeq);
  let classification: TriageCall['classification'];
  let retryAdvice: string;
  switch (call.status) {
    case 'not-started':
      classification = 'TOOL_NOT_STARTED';
      retryAdvice = RETRY_ADVICE.TOOL_NOT_STARTED;
      break;
    case 'outcome-unknown':
      classification = 'TOOL_OUTCOME_UNKNOWN';
      retryAdvice = RETRY_ADVICE.TOOL_OUTCOME_UNKNOWN;
      break;
    case 'no-result':
      classification = 'no-result';
      retryAdvice = call.callSeq !== null ? RETRY_ADVICE.noResultWithCall : RETRY_ADVICE.noResultWithoutCall;
      break;
    case 'error':
    case 'ok':
      classification = 'error';
      retryAdvice =
        call.errorCode === 'ABORTED' ||
        call.errorCode === 'ABORTED_BEFORE_DISPATCH' ||
        call.errorCode === 'TOOL_TIMEOUT'
          ? RETRY_ADVICE[call.errorCode]
          : RETRY_ADVICE.error;
      break;
  }
  return {
    callId: call.callId,
    name: call.name,
    status: call.status,
    seq,
    requestSeq: call.requestSeq,
    callSeq: call.callSeq,
    resultSeq: call.resultSeq,
    turn: call.turn ?? turn?.turn ?? null,
    step: call.step ?? step?.step ?? null,
    errorCode: call.errorCode,
    classification,
    isRepaired:
      call.resultSeq !== null &&
      (call.errorCode === 'TOOL_NOT_STARTED' || call.errorCode === 'TOOL_OUTCOME_UNKNOWN'),
    retryAdvice,
    ...readCallRoute(log, call, step),
    turnEndReason: turn?.reason ?? null,
  };
}

/**
 * provider/model of the failing step: the source of the assistant/message that asked for the call
 * (what actually answered), else the request/header in force for the step.
 */
function readCallRoute(
  log: OpenedLog,
  call: ToolCallRecord,
  step: StepSpan | null,
): { provider: string | null; model: string | null } {
  if (call.requestSeq !== null) {
    const data = log.store.readEvent(call.requestSeq).data;
    const source = isRecord(data) && isRecord(data.message) ? data.message.source : null;
    if (isRecord(source) && typeof source.provider === 'string')
      return { provider: source.provider, model: typeof source.model === 'string' ? source.model : null };
  }
  return { provider: step?.provider ?? null, model: step?.model ?? null };
}

/** Tool names of a request/header, or null when the event's tool list cannot be read. */
function readHeaderToolNames(log: OpenedLog, headerSeq: number): ReadonlySet<string> | null {
  const event = log.store.readEvent(headerSeq);
  const data = event.data;
  if (!isRecord(data) || !isRecord(data.header)) return null;
  const tools = data.header.tools;
  // "absent = none" (FORMAT.md §5.2 request/header).
  if (tools === undefined) return new Set();
  if (!Array.isArray(tools)) return null;
  const names = new Set<string>();
  for (const tool of tools) if (isRecord(tool) && typeof tool.name === 'string') names.add(tool.name);
  return names;
}

function deriveUnexpectedTools(log: OpenedLog): {
  unexpected: TriageReport['unexpectedTools'];
  toolNameCheck: TriageReport['toolNameCheck'];
} {
  const headerSeqs = log.index.requestHeaderSeqs;
  const toolNamesByHeader = new Map<number, ReadonlySet<string> | null>();
  const unexpected: TriageReport['unexpectedTools'] = [];
  const toolNameCheck = { checkedCalls: 0, uncheckedCalls: 0 };
  for (const call of log.index.toolCalls) {
    const seq = call.requestSeq ?? call.callSeq;
    if (seq === null) continue;
    // The last request/header before the call.
    const position = findFirstAtOrAbove(headerSeqs, seq) - 1;
    // No request/header before the call (normalized fixtures, foreign writers): nothing to compare with.
    if (position < 0) {
      toolNameCheck.uncheckedCalls += 1;
      continue;
    }
    const headerSeq = headerSeqs[position] as number;
    let names = toolNamesByHeader.get(headerSeq);
    if (names === undefined) {
      names = readHeaderToolNames(log, headerSeq);
      toolNamesByHeader.set(headerSeq, names);
    }
    if (names === null) {
      toolNameCheck.uncheckedCalls += 1;
      continue;
    }
    toolNameCheck.checkedCalls += 1;
    if (!names.has(call.name)) unexpected.push({ callId: call.callId, name: call.name, seq, headerSeq });
  }
  return { unexpected, toolNameCheck };
}

/** One sentence on what the unexpected-tool check covered, for an empty finding list. */
export function describeToolNameCheck(check: TriageReport['toolNameCheck']): string {
  if (check.checkedCalls === 0 && check.uncheckedCalls === 0) return 'No tool calls in this log.';
  const checked =
    check.checkedCalls === 0
      ? 'No call could be checked'
      : `All ${check.checkedCalls} checked call(s) name a tool of the request/header in force`;
  const unchecked =
    check.uncheckedCalls === 0
      ? ''
      : `; ${check.uncheckedCalls} call(s) had no request/header with a tool list before them and were not checked`;
  return `${checked}${unchecked}.`;
}

/** "code: message" of the failure in an attempt's finish chunk, or null. */
function readFinishFailure(log: OpenedLog, seq: number): string | null {
  const data = log.store.readEvent(seq).data;
  if (!isRecord(data) || !isRecord(data.chunk) || data.chunk.type !== 'finish') return null;
  const reason = data.chunk.reason;
  if (!isRecord(reason) || !isRecord(reason.failure)) return null;
  const code = typeof reason.failure.code === 'string' ? reason.failure.code : null;
  const message = typeof reason.failure.message === 'string' ? reason.failure.message : null;
  return [code, message].filter((part) => part !== null).join(': ') || null;
}

function stepHasAssistantMessage(log: OpenedLog, step: StepSpan): boolean {
  const end = step.endSeq ?? log.store.eventCount - 1;
  for (let seq = step.startSeq; seq <= end; seq++)
    if (log.store.typeOf(seq) === 'assistant/message') return true;
  return false;
}

/** Model attempts and steps that produced no assistant/message ("the model went silent", seed 002). */
function deriveSilentRequests(log: OpenedLog): TriageReport['silentRequests'] {
  const silent: TriageReport['silentRequests'] = [];
  for (const turn of log.index.turns) {
    for (const step of turn.steps) {
      if (step.attempts.length === 0) {
        if (!stepHasAssistantMessage(log, step)) {
          const why =
            turn.reason === null
              ? 'no model output yet (live, or crashed before the stream started)'
              : `no model output; the turn ended ${turn.reason}`;
          silent.push({ turn: turn.turn, step: step.step, seq: step.startSeq, reason: why });
        }
        continue;
      }
      for (const attempt of step.attempts) {
        if (attempt.messageSeq !== null) continue;
        let reason: string;
        if (attempt.finishKind === 'error' || attempt.finishKind === 'aborted') {
          const failure = readFinishFailure(log, attempt.lastChunkSeq);
          reason = `finish ${attempt.finishKind}${failure !== null ? ` ${failure}` : ''}`;
        } else if (attempt.finishKind === null)
          reason =
            turn.reason === null
              ? 'the stream stopped without a finish (live, or crashed mid-stream)'
              : `the stream stopped without a finish; the turn ended ${turn.reason}`;
        else reason = `finish ${attempt.finishKind} but no assistant/message`;
        silent.push({ turn: turn.turn, step: step.step, seq: attempt.firstChunkSeq, reason });
      }
    }
  }
  return silent;
}

function formatProblem(problem: LogProblem): string {
  const where = [
    problem.line !== null ? `line ${problem.line}` : null,
    problem.seq !== null ? `seq ${problem.seq}` : null,
  ].filter((part) => part !== null);
  return `[${problem.kind}]${where.length > 0 ? ` ${where.join(' ')}` : ''}: ${problem.message}`;
}

/**
 * The ready-to-paste bug report (seed 002 step 6): callId, tool name, header version, session id,
 * provider/model of the failing step, turn end reason and the problem list. Plain text.
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
  add('session id', header.id ?? 'unknown');
  if (header.agentPreset !== null)
    add('agentPreset', `${header.agentPreset} (${header.agentPresetSource ?? ''})`);
  add(
    'delegationDepth',
    `${header.delegationDepth ?? 'missing'}${header.parentSession !== null ? ` (parent ${header.parentSession})` : ''}`,
  );
  add(
    'verdict',
    report.verdict.reason === null
      ? report.verdict.status
      : `${report.verdict.status}: ${report.verdict.reason}`,
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
