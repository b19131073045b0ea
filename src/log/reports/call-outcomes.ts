// The one count of what happened to the log's tool calls, and the sentences every triage section,
// the bug report and the CLI say about them (issue 20: "Triage's sections never contradict each
// other: one derivation feeds every sentence"). Before, section 3 said "Every tool call has an ok
// result" and the tool-name check "No tool calls in this log" right after listing a call that a
// max-tokens cut had dropped.

import type { ToolCallRecord } from '../structure/tool-calls.ts';
import type { TruncatedCall } from './turn-failures.ts';

/** Counts over every tool call the model asked for. Plain data. */
export interface CallOutcomes {
  /** Calls with an index entry (a tool-call block of a message, a tool/call or a result). */
  recorded: number;
  /** Of those, the calls that ended ok. */
  ok: number;
  /** Recorded calls that did not end ok (error, not started, outcome unknown, no result). */
  notOk: number;
  /** Calls the model was writing when a max-tokens cut came: dsh dropped them; none ran. */
  dropped: number;
}

/** The counts, from the index's calls and the truncated calls triage found. */
export function countCallOutcomes(
  calls: readonly ToolCallRecord[],
  truncated: readonly TruncatedCall[],
): CallOutcomes {
  let ok = 0;
  for (const call of calls) if (call.status === 'ok') ok += 1;
  return { recorded: calls.length, ok, notOk: calls.length - ok, dropped: truncated.length };
}

function calls(count: number): string {
  return `${count} tool call${count === 1 ? '' : 's'}`;
}

function droppedClause(outcomes: CallOutcomes): string {
  if (outcomes.dropped === 0) return '';
  const were = outcomes.dropped === 1 ? 'was' : 'were';
  return `${calls(outcomes.dropped)} ${were} dropped at a max-tokens cut and never reached the tool`;
}

/**
 * Section 3's sentence when no recorded call failed (with a failed call, the section shows it):
 * never "every call is ok" while a cut dropped one.
 */
export function describeNoFailedCall(outcomes: CallOutcomes): string {
  const dropped = droppedClause(outcomes);
  if (outcomes.recorded === 0)
    return dropped === '' ? 'No tool calls in this log.' : `No tool call ran: ${dropped}.`;
  const all =
    outcomes.recorded === 1
      ? 'The one recorded tool call has an ok result'
      : `All ${outcomes.recorded} recorded tool calls have an ok result`;
  return dropped === '' ? `${all}.` : `${all}; ${dropped}.`;
}

/** The tool-name check with nothing to check: says why (no calls, or only dropped ones). */
export function describeNothingToCheck(outcomes: CallOutcomes): string {
  const dropped = droppedClause(outcomes);
  return dropped === '' ? 'No tool calls in this log.' : `No call to check: ${dropped}.`;
}
