// Table of a call's status at the cursor (deriveToolCallStatusAt) from hand-set facts; each row
// names the FORMAT.md rule it checks.

import { describe, expect, it } from 'vitest';
import {
  deriveToolCallStatusAt,
  findLastCallEventSeq,
  type ToolCallStatusAt,
  type ToolCallTiming,
} from './tool-call-status.ts';
import type { ApprovalFacts } from './tool-call-facts.ts';

/** A call asked for at seq 10, started at 11, answered at 20, in a turn ending at 25 of a 30-event log. */
const ANSWERED: ToolCallTiming = {
  callSeq: 11,
  resultSeq: 20,
  status: 'ok',
  turnEndSeq: 25,
  lastSeq: 29,
  approvals: [],
};

function approval(askedSeq: number, decidedSeq: number | null): ApprovalFacts {
  return {
    askedSeq,
    askedTime: 0,
    reason: null,
    decidedSeq,
    decidedTime: null,
    outcome: decidedSeq === null ? null : 'allowed-once',
    waitedMs: null,
    policy: null,
  };
}

const NO_RESULT_YET = (phase: 'requested' | 'running' | 'awaiting-approval'): ToolCallStatusAt => ({
  status: 'no-result-yet',
  phase,
});
const FINAL = (status: ToolCallStatusAt['status']): ToolCallStatusAt =>
  ({ status, phase: null }) as ToolCallStatusAt;

const CASES: [string, ToolCallTiming, number | null, ToolCallStatusAt][] = [
  [
    'asked for, not started (§5.2 assistant/message before tool/call)',
    ANSWERED,
    10,
    NO_RESULT_YET('requested'),
  ],
  ['started: tool/call is at or before the cursor (§5.2 tool/call)', ANSWERED, 11, NO_RESULT_YET('running')],
  ['running up to the seq before its result', ANSWERED, 19, NO_RESULT_YET('running')],
  ['answered at its result (§7.5 tool/call → tool/result)', ANSWERED, 20, FINAL('ok')],
  ['the final status after the result', ANSWERED, 29, FINAL('ok')],
  ['a null cursor means the end of the log', ANSWERED, null, FINAL('ok')],
  ['error results keep their status', { ...ANSWERED, status: 'error' }, 20, FINAL('error')],
  [
    'TOOL_NOT_STARTED: no tool/call, a repaired result (§7.6)',
    { ...ANSWERED, callSeq: null, status: 'not-started' },
    20,
    FINAL('not-started'),
  ],
  [
    'TOOL_NOT_STARTED before its result: requested, never running (§7.6)',
    { ...ANSWERED, callSeq: null, status: 'not-started' },
    19,
    NO_RESULT_YET('requested'),
  ],
  [
    'TOOL_OUTCOME_UNKNOWN result (§7.6)',
    { ...ANSWERED, status: 'outcome-unknown' },
    20,
    FINAL('outcome-unknown'),
  ],
  [
    'awaiting approval between the ask and the decision (§5.3)',
    { ...ANSWERED, approvals: [approval(12, 15)] },
    12,
    NO_RESULT_YET('awaiting-approval'),
  ],
  [
    'running again once decided (§5.3)',
    { ...ANSWERED, approvals: [approval(12, 15)] },
    15,
    NO_RESULT_YET('running'),
  ],
  [
    'an ask never decided keeps awaiting until the result (§10 case 52)',
    { ...ANSWERED, approvals: [approval(12, null)] },
    19,
    NO_RESULT_YET('awaiting-approval'),
  ],
  [
    'no result in a closed turn: running until the turn ends (§7.6 "Other unmatched")',
    { ...ANSWERED, resultSeq: null, status: 'no-result' },
    24,
    NO_RESULT_YET('running'),
  ],
  [
    'no result in a closed turn: no-result from its turn/end (§7.6 "Other unmatched")',
    { ...ANSWERED, resultSeq: null, status: 'no-result' },
    25,
    FINAL('no-result'),
  ],
  [
    'a max-tokens call is never started and has no result once the turn ends (§7.5)',
    { ...ANSWERED, callSeq: null, resultSeq: null, status: 'no-result' },
    25,
    FINAL('no-result'),
  ],
  [
    'a hanging turn: running before the last seq (§7.2 HANGING)',
    { ...ANSWERED, resultSeq: null, turnEndSeq: null, status: 'outcome-unknown' },
    28,
    NO_RESULT_YET('running'),
  ],
  [
    'a hanging turn: the crash-repair class at the last seq (§7.6)',
    { ...ANSWERED, resultSeq: null, turnEndSeq: null, status: 'outcome-unknown' },
    29,
    FINAL('outcome-unknown'),
  ],
  [
    'a hanging turn, never started: not-started at the last seq (§7.6)',
    { ...ANSWERED, callSeq: null, resultSeq: null, turnEndSeq: null, status: 'not-started' },
    null,
    FINAL('not-started'),
  ],
];

describe('deriveToolCallStatusAt', () => {
  it.each(CASES)('%s', (_name, facts, cursorSeq, expected) => {
    expect(deriveToolCallStatusAt(facts, cursorSeq)).toEqual(expected);
  });
});

describe('findLastCallEventSeq', () => {
  it.each(CASES)('gives every cursor the status of its last call event: %s', (_name, facts) => {
    for (let cursor = 0; cursor <= facts.lastSeq + 1; cursor++) {
      const key = findLastCallEventSeq(facts, cursor);
      expect(key).toBeLessThanOrEqual(cursor);
      expect(deriveToolCallStatusAt(facts, key)).toEqual(deriveToolCallStatusAt(facts, cursor));
    }
  });

  it('is -1 before the call started and the last seq at the end', () => {
    expect(findLastCallEventSeq(ANSWERED, 10)).toBe(-1);
    expect(findLastCallEventSeq(ANSWERED, 23)).toBe(20);
    expect(findLastCallEventSeq(ANSWERED, null)).toBe(29);
  });
});
