// What the model view's tool-call and tool-result cards show about a call, read once per message
// body: the seqs and times of its request, tool/call, result and approval (FORMAT.md §5.3, §7.5–§7.7).
// None of it depends on the cursor, so a body can be cached per seq; tool-call-status.ts derives
// what the card says at a given cursor from these facts.

import { findLastAtOrBelow } from '../base/binary-search.ts';
import { findSpanAt } from '../base/span-lookup.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { ApprovalPolicyRecord } from '../structure/pairings.ts';
import type { ToolCallStatus } from '../structure/tool-calls.ts';

/** The approval/policy switch in force at a seq (FORMAT.md §5.3: the last one wins). */
export interface ApprovalPolicyFacts {
  seq: number;
  /** `ask`, `never`, or whatever string the writer used. */
  policy: string;
  /** `delegation` when the delegating parent seeded it, else null. */
  source: string | null;
}

/** One approval/asked → approval/decided pair of a call (FORMAT.md §5.3, §7.5). Times are epoch ms. */
export interface ApprovalFacts {
  askedSeq: number;
  askedTime: number;
  /** approval/asked `reason`, or null. */
  reason: string | null;
  /** null: no decision in the log (a crash or a live log, FORMAT.md §10 case 52). */
  decidedSeq: number | null;
  decidedTime: number | null;
  /** `allowed-once`, `rejected`, `cancelled`, `unavailable` (no answerer: fail-closed), or another string. */
  outcome: string | null;
  /** decided.time − asked.time, or null without a decision. The log names no answerer. */
  waitedMs: number | null;
  /** The policy in force when it was asked, or null when the log has no approval/policy before it. */
  policy: ApprovalPolicyFacts | null;
}

/**
 * Everything a card shows about one tool call, independent of the cursor. Seqs are null when the
 * event does not exist; times are the events' `time` (epoch ms, the harness clock, FORMAT.md §3.1).
 */
export interface ToolCallFacts {
  callId: string;
  name: string;
  /** The assistant/message holding the tool-call block. */
  requestSeq: number | null;
  /** tool/call: the harness started the call. None for a max-tokens message's calls (FORMAT.md §7.5). */
  callSeq: number | null;
  callTime: number | null;
  /** The first appended tool/result (not a pruning replacement). */
  resultSeq: number | null;
  resultTime: number | null;
  /** Tool time = result.time − call.time (FORMAT.md §7.7); null without both. */
  durationMs: number | null;
  /** The status once the log is read to its end (CLI.md "Tool-call status"). */
  status: ToolCallStatus;
  /** tool/result data.error.code (TOOL_NOT_STARTED, TOOL_OUTCOME_UNKNOWN, ABORTED …), or null. */
  errorCode: string | null;
  /** Pruning replacements of the result. */
  replacementSeqs: number[];
  /** turn/end of the turn that asked for the call; null while that turn hangs (or is unknown). */
  turnEndSeq: number | null;
  /** That turn/end's `reason.kind`, or null. */
  turnEndReason: string | null;
  /** The log's last seq: a hanging turn's unanswered calls settle there (FORMAT.md §7.6). */
  lastSeq: number;
  /** The asks for this call, in log order (normally none or one). */
  approvals: ApprovalFacts[];
  /** The approval policy in force when the call started (or was asked for), or null when none was logged. */
  policy: ApprovalPolicyFacts | null;
}

/** The facts of call `callId`, or null when the log has no record of that id. */
export function readToolCallFacts(log: OpenedLog, callId: string): ToolCallFacts | null {
  const record = log.index.toolCallById.get(callId);
  if (record === undefined) return null;
  const times = log.store.eventTime;
  const timeOf = (seq: number | null): number | null => (seq === null ? null : times.get(seq));
  const callTime = timeOf(record.callSeq);
  const resultTime = timeOf(record.resultSeq);
  const anchorSeq = record.requestSeq ?? record.callSeq ?? record.resultSeq;
  const turn = anchorSeq === null ? null : findSpanAt(log.index.turns, anchorSeq);
  const policies = log.index.approvalPolicies;
  const approvals: ApprovalFacts[] = [];
  for (const approval of log.index.approvals) {
    if (approval.callId !== callId) continue;
    const askedTime = times.get(approval.askedSeq);
    const decidedTime = timeOf(approval.decidedSeq);
    approvals.push({
      askedSeq: approval.askedSeq,
      askedTime,
      reason: approval.reason,
      decidedSeq: approval.decidedSeq,
      decidedTime,
      outcome: approval.outcome,
      waitedMs: decidedTime === null ? null : decidedTime - askedTime,
      policy: findPolicyAt(policies, approval.askedSeq),
    });
  }
  return {
    callId,
    name: record.name,
    requestSeq: record.requestSeq,
    callSeq: record.callSeq,
    callTime,
    resultSeq: record.resultSeq,
    resultTime,
    durationMs: callTime !== null && resultTime !== null ? resultTime - callTime : null,
    status: record.status,
    errorCode: record.errorCode,
    replacementSeqs: [...record.replacementSeqs],
    turnEndSeq: turn?.endSeq ?? null,
    turnEndReason: turn?.reason ?? null,
    lastSeq: log.store.eventCount - 1,
    approvals,
    policy: anchorSeq === null ? null : findPolicyAt(policies, record.callSeq ?? anchorSeq),
  };
}

function findPolicyAt(policies: readonly ApprovalPolicyRecord[], seq: number): ApprovalPolicyFacts | null {
  const found = policies[findLastAtOrBelow(policies, seq, (policy) => policy.seq)];
  return found === undefined ? null : { seq: found.seq, policy: found.policy, source: found.source };
}
