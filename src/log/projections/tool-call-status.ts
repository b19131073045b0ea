// A tool call's status at the cursor, from its cursor-independent facts (tool-call-facts.ts): what
// the card's badge says at that seq. Pure and cheap: the page calls it on every cursor move.

import type { ToolCallStatus } from '../structure/tool-calls.ts';
import type { ToolCallFacts } from './tool-call-facts.ts';

/** Where an unanswered call stands at the cursor. */
export type ToolCallPhase = 'requested' | 'running' | 'awaiting-approval';

/**
 * The badge at a cursor: `no-result-yet` (with where the call stands) until the call is answered or
 * its turn is over; after that the call's final status.
 */
export type ToolCallStatusAt =
  { status: 'no-result-yet'; phase: ToolCallPhase } | { status: ToolCallStatus; phase: null };

/** The facts {@link deriveToolCallStatusAt} reads; a ToolCallFacts has them all. */
export type ToolCallTiming = Pick<
  ToolCallFacts,
  'callSeq' | 'resultSeq' | 'status' | 'turnEndSeq' | 'lastSeq' | 'approvals'
>;

/**
 * The status of a call after every event with seq <= `cursorSeq` (null: the end of the log).
 * - Its first result at or before the cursor: the final status that result gives (`ok`, `error`,
 *   `not-started` / `outcome-unknown` for the crash-repair codes, FORMAT.md §7.6).
 * - No result anywhere: the final status once its turn has ended (`no-result`: "no result (turn
 *   ended …)", FORMAT.md §7.6 "Other unmatched-call situations"), or, for a turn left hanging, at the
 *   log's last seq (the crash-repair classification of FORMAT.md §7.6).
 * - Otherwise `no-result-yet`: `awaiting-approval` between an approval/asked and its decision
 *   (FORMAT.md §5.3), `running` from its tool/call on (the harness started it, §5.2 `tool/call`),
 *   else `requested` (asked for by the model, not started yet).
 */
export function deriveToolCallStatusAt(facts: ToolCallTiming, cursorSeq: number | null): ToolCallStatusAt {
  const at = cursorSeq ?? facts.lastSeq;
  if (facts.resultSeq !== null) {
    if (at >= facts.resultSeq) return { status: facts.status, phase: null };
  } else if (at >= (facts.turnEndSeq ?? facts.lastSeq)) {
    return { status: facts.status, phase: null };
  }
  const isAwaitingApproval = facts.approvals.some(
    (approval) => approval.askedSeq <= at && (approval.decidedSeq === null || at < approval.decidedSeq),
  );
  if (isAwaitingApproval) return { status: 'no-result-yet', phase: 'awaiting-approval' };
  if (facts.callSeq !== null && facts.callSeq <= at) return { status: 'no-result-yet', phase: 'running' };
  return { status: 'no-result-yet', phase: 'requested' };
}

/**
 * The last seq among the call's own events (tool/call, approval asks and decisions, result, turn/end,
 * the log's last seq) at or before `cursorSeq` (null: the end of the log), or -1 before all of them.
 * {@link deriveToolCallStatusAt} compares the cursor only with those seqs, so every cursor with the
 * same value here gives the same status: a card keyed on it re-renders only when its status changes.
 */
export function findLastCallEventSeq(facts: ToolCallTiming, cursorSeq: number | null): number {
  const at = cursorSeq ?? facts.lastSeq;
  let last = -1;
  const consider = (seq: number | null): void => {
    if (seq !== null && seq <= at && seq > last) last = seq;
  };
  consider(facts.callSeq);
  consider(facts.resultSeq);
  consider(facts.turnEndSeq);
  consider(facts.lastSeq);
  for (const approval of facts.approvals) {
    consider(approval.askedSeq);
    consider(approval.decidedSeq);
  }
  return last;
}
