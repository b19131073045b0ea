// Words for a tool call's status at the cursor, its approval and the policy in force: what the
// call cards say (badge label, tone, one explaining sentence). Pure, so it is tested without a DOM.

import type {
  ApprovalPolicyFacts,
  ToolCallFacts,
  ToolCallPhase,
  ToolCallStatusAt,
} from '../../../log/index.ts';
import type { StatusTone } from '../../shared/status-tone.ts';
import { assertNever } from '../../../log/index.ts';

/** What a badge shows: a short label, its tone, and a sentence saying what it means (or null). */
export interface StatusWords {
  label: string;
  tone: StatusTone;
  sentence: string | null;
}

const PHASE_SENTENCES: Record<ToolCallPhase, string> = {
  requested: 'Requested by the model; the harness has not started it at this seq.',
  running: 'Running at this seq: started, not answered yet.',
  'awaiting-approval': 'Waiting for an approval decision at this seq.',
};

/** Words for a call's status at the cursor (FORMAT.md §7.6 for the crash-repair statuses). */
export function describeCallStatus(
  statusAt: ToolCallStatusAt,
  facts: Pick<ToolCallFacts, 'callSeq' | 'turnEndReason'>,
): StatusWords {
  switch (statusAt.status) {
    case 'no-result-yet':
      return { label: 'no result yet', tone: 'pending', sentence: PHASE_SENTENCES[statusAt.phase] };
    case 'ok':
      return { label: 'ok', tone: 'ok', sentence: null };
    case 'error':
      return { label: 'error', tone: 'error', sentence: null };
    case 'not-started':
      return {
        label: 'not started',
        tone: 'warning',
        sentence:
          'Not started (TOOL_NOT_STARTED): the session stopped before the harness started this call, so nothing ran; it may simply be retried.',
      };
    case 'outcome-unknown':
      return {
        label: 'outcome unknown',
        tone: 'warning',
        sentence:
          'Outcome unknown (TOOL_OUTCOME_UNKNOWN): the session stopped while this call was running; it may have run, partly run or had side effects.',
      };
    case 'no-result': {
      const ended = facts.turnEndReason ? `the turn ended (${facts.turnEndReason})` : 'the log ended';
      return {
        label: 'no result',
        tone: 'neutral',
        sentence:
          facts.callSeq === null
            ? `Never started: ${ended} before the harness ran it.`
            : `No result: ${ended} without answering it.`,
      };
    }
    default:
      return assertNever(statusAt, 'tool-call status');
  }
}

/** Words for an approval/decided outcome (FORMAT.md §5.3); null while undecided. */
export function describeApprovalOutcome(outcome: string | null): StatusWords {
  switch (outcome) {
    case null:
      return { label: 'awaiting decision', tone: 'pending', sentence: null };
    case 'allowed-once':
      return { label: 'approved once', tone: 'ok', sentence: null };
    case 'rejected':
      return { label: 'rejected', tone: 'error', sentence: null };
    case 'cancelled':
      return {
        label: 'cancelled',
        tone: 'neutral',
        sentence: 'The ask was cancelled before anyone decided.',
      };
    case 'unavailable':
      return {
        label: 'unavailable',
        tone: 'warning',
        sentence: 'No one could answer, so the ask failed closed (denied).',
      };
    default:
      return { label: outcome, tone: 'neutral', sentence: null };
  }
}

/**
 * The approval policy in force, in words, and who set it. `never` means no prompts: the runtime
 * context dsh sends with it says actions that require approval are rejected automatically.
 */
export function describePolicy(policy: ApprovalPolicyFacts | null): string {
  if (policy === null) return 'no approval/policy event before it';
  const value =
    policy.policy === 'never'
      ? 'never (no prompts: what needs approval is rejected)'
      : policy.policy === ''
        ? '(missing)'
        : policy.policy;
  return `policy ${value}${policy.source === 'delegation' ? ', seeded by the delegating parent' : ''}`;
}
