// What the call cards say in words: crash-repair statuses (FORMAT.md §7.6), unanswered calls, and
// approval outcomes and policies (§5.3).
import { describe, expect, it } from 'vitest';
import { describeApprovalOutcome, describeCallStatus, describePolicy } from './call-labels.ts';

const STARTED = { callSeq: 11, turnEndReason: 'completed' };

describe('describeCallStatus', () => {
  it('says in words that a TOOL_NOT_STARTED call never ran and a TOOL_OUTCOME_UNKNOWN one may have (§7.6)', () => {
    const notStarted = describeCallStatus(
      { status: 'not-started', phase: null },
      { ...STARTED, callSeq: null },
    );
    expect(notStarted.label).toBe('not started');
    expect(notStarted.sentence).toContain('TOOL_NOT_STARTED');
    expect(notStarted.sentence).toContain('nothing ran');
    const unknown = describeCallStatus({ status: 'outcome-unknown', phase: null }, STARTED);
    expect(unknown.label).toBe('outcome unknown');
    expect(unknown.sentence).toContain('TOOL_OUTCOME_UNKNOWN');
    expect(unknown.sentence).toContain('side effects');
    expect(notStarted.tone).toBe('warning');
  });

  it('says "no result yet" with where the call stands, and names the turn end of a call never answered', () => {
    expect(describeCallStatus({ status: 'no-result-yet', phase: 'running' }, STARTED)).toMatchObject({
      label: 'no result yet',
      tone: 'pending',
    });
    expect(
      describeCallStatus({ status: 'no-result', phase: null }, { callSeq: null, turnEndReason: 'max-tokens' })
        .sentence,
    ).toBe('Never started: the turn ended (max-tokens) before the harness ran it.');
    expect(
      describeCallStatus({ status: 'no-result', phase: null }, { callSeq: 3, turnEndReason: 'error' })
        .sentence,
    ).toBe('No result: the turn ended (error) without answering it.');
  });
});

describe('describeApprovalOutcome and describePolicy', () => {
  it('names every decided outcome of §5.3 and keeps an unknown one as written', () => {
    expect(
      ['allowed-once', 'rejected', 'cancelled', 'unavailable', 'x-new', null].map(
        (outcome) => describeApprovalOutcome(outcome).label,
      ),
    ).toEqual(['approved once', 'rejected', 'cancelled', 'unavailable', 'x-new', 'awaiting decision']);
    expect(describeApprovalOutcome('unavailable').sentence).toContain('failed closed');
  });

  it('says which policy was in force and that a delegating parent set it', () => {
    expect(describePolicy({ seq: 0, policy: 'never', source: 'delegation' })).toBe(
      'policy never (no prompts: what needs approval is rejected), seeded by the delegating parent',
    );
    expect(describePolicy({ seq: 3, policy: 'ask', source: null })).toBe('policy ask');
    expect(describePolicy(null)).toBe('no approval/policy event before it');
  });
});
