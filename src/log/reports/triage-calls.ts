// Triage steps 3–5 (seed 002): the tool calls that did not end ok, their crash-repair classification
// (or the approval that refused them) and retry advice, and tool names that are not in the
// request/header in force.

import { findFirstAtOrAbove } from '../base/binary-search.ts';
import { findSpanAt } from '../base/span-lookup.ts';
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { MAX_TOKENS_RETRY_ADVICE } from '../projections/attempt-ending.ts';
import { describeNothingToCheck, type CallOutcomes } from './call-outcomes.ts';
import type { ApprovalRecord } from '../structure/pairings.ts';
import type { ToolCallRecord, ToolCallStatus } from '../structure/tool-calls.ts';
import type { StepSpan } from '../structure/turns.ts';
import type { ApprovalDecider } from '../projections/approval-decider.ts';
import { deriveApprovalDecider } from '../projections/approval-decider.ts';

/** A tool call that did not end ok, as triage reports it (step 3) and classifies it (step 4). */
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
  /**
   * TOOL_NOT_STARTED / TOOL_OUTCOME_UNKNOWN / error / no-result, or `refused`: its approval was
   * decided against it (rejected, unavailable, cancelled), so the tool did not run, whatever the result says.
   */
  classification: 'TOOL_NOT_STARTED' | 'TOOL_OUTCOME_UNKNOWN' | 'error' | 'no-result' | 'refused';
  /** The approval pair that refused the call (classification `refused`), else null. */
  approval: CallApproval | null;
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

/** An approval decided against a call (FORMAT.md §5.3 approval/asked → approval/decided, §7.5). */
export interface CallApproval {
  id: string;
  askedSeq: number;
  decidedSeq: number;
  /** approval/decided `outcome` as stored: rejected, unavailable, cancelled, or another string. */
  outcome: string;
  /**
   * Who refused: `user` (rejected at the prompt), `policy` (unavailable: no one could answer, and
   * dsh fails closed), `cancelled` (the prompt was cancelled), `unknown` (an outcome this viewer does not know).
   */
  refusedBy: ApprovalDecider;
}

/** A call naming a tool that the request/header in force before it does not list. */
export interface UnexpectedTool {
  callId: string;
  name: string;
  seq: number;
  headerSeq: number | null;
}

/** Tool calls compared with a request/header's tools, and calls with no request/header before them (not checked). */
export interface ToolNameCheck {
  checkedCalls: number;
  uncheckedCalls: number;
}

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
  truncated: MAX_TOKENS_RETRY_ADVICE,
} as const;

/** Who refused, in words, per CallApproval.refusedBy. */
const REFUSED_BY_TEXT: Record<CallApproval['refusedBy'], string> = {
  user: 'the user rejected it at the approval prompt',
  policy: 'no one could answer its approval prompt, so the approval policy refused it (fail-closed)',
  cancelled: 'its approval prompt was cancelled before anyone allowed it',
  unknown: 'its approval was not granted',
};

/** Short form of CallApproval.refusedBy for one-line labels. */
export const REFUSED_BY_LABEL: Record<CallApproval['refusedBy'], string> = {
  user: 'by the user',
  policy: 'by the approval policy',
  cancelled: 'approval cancelled',
  unknown: 'approval not granted',
};

/** What a refused call means for a retry: it did not run, and who refused it, with the approval pair. */
function describeRefusal(approval: CallApproval): string {
  const retry =
    approval.refusedBy === 'user'
      ? 'Running it again asks again: get the user to agree first, or take another way.'
      : 'Running it again meets the same approval: change the approval setup, or take another way.';
  return `The tool did not run: ${REFUSED_BY_TEXT[approval.refusedBy]} (approval/asked seq ${approval.askedSeq}, approval/decided seq ${approval.decidedSeq}, outcome ${JSON.stringify(approval.outcome)}). Nothing happened in the workspace. ${retry}`;
}

/** Who refused: the one reading of approval/decided.outcome (projections/approval-decider.ts). */
function refusedBy(outcome: string): CallApproval['refusedBy'] {
  return outcome === 'allowed-once' ? 'unknown' : deriveApprovalDecider(outcome);
}

/**
 * The approval that refused each call, by callId: the last decided approval/asked naming the call,
 * when its outcome is anything but `allowed-once`. Calls whose last decision allowed them are absent.
 */
export function indexRefusedApprovals(approvals: readonly ApprovalRecord[]): Map<string, CallApproval> {
  const last = new Map<string, ApprovalRecord>();
  for (const approval of approvals)
    if (approval.callId !== null && approval.decidedSeq !== null) last.set(approval.callId, approval);
  const refused = new Map<string, CallApproval>();
  for (const [callId, approval] of last) {
    if (approval.decidedSeq === null || approval.outcome === 'allowed-once') continue;
    const outcome = approval.outcome ?? '';
    refused.set(callId, {
      id: approval.id,
      askedSeq: approval.askedSeq,
      decidedSeq: approval.decidedSeq,
      outcome,
      refusedBy: refusedBy(outcome),
    });
  }
  return refused;
}

/**
 * A call that did not end ok, classified (FORMAT.md §7.6) with what that means for a retry.
 * `refusal`: the approval that refused the call (indexRefusedApprovals), which overrides the
 * classification: a refused tool did not run (§5.3: the ask sits between tool/call and tool/result).
 */
export function describeCall(
  log: OpenedLog,
  call: ToolCallRecord,
  refusal: CallApproval | null = null,
): TriageCall {
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
  if (refusal !== null) {
    classification = 'refused';
    retryAdvice = describeRefusal(refusal);
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
    approval: refusal,
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

/** Calls checked between two yields of deriveUnexpectedToolsSteps. */
const CALLS_PER_STEP = 256;

/**
 * Triage step 5 (as steps, base/steps.ts): calls whose tool is not in the tools of the request/header in force before them,
 * and how many calls could be checked at all.
 */
export function* deriveUnexpectedToolsSteps(
  log: OpenedLog,
): Generator<void, { unexpected: UnexpectedTool[]; toolNameCheck: ToolNameCheck }> {
  const headerSeqs = log.index.requestHeaderSeqs;
  const toolNamesByHeader = new Map<number, ReadonlySet<string> | null>();
  const unexpected: UnexpectedTool[] = [];
  const toolNameCheck = { checkedCalls: 0, uncheckedCalls: 0 };
  for (const [callIndex, call] of log.index.toolCalls.entries()) {
    // Each new request/header read is a parse of its (large) tool list: yield now and then.
    if (callIndex % CALLS_PER_STEP === CALLS_PER_STEP - 1) yield;
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

/**
 * One sentence on what the unexpected-tool check covered, for an empty finding list. `outcomes`:
 * the report's one count of the calls (call-outcomes.ts), so "nothing to check" says why.
 */
export function describeToolNameCheck(check: ToolNameCheck, outcomes: CallOutcomes): string {
  if (check.checkedCalls === 0 && check.uncheckedCalls === 0) return describeNothingToCheck(outcomes);
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
