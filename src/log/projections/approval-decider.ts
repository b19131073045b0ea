// Who or what decided an approval, as the log says it (FORMAT.md §5.3): approval/asked and
// approval/decided are written by dsh's user-approval package, and an ask gets "a decision, a
// cancellation, or the fail-closed `unavailable` when no answerer exists". So `allowed-once` and
// `rejected` are the user's answer at the approval prompt (dsh's own tool result of a rejected call
// says so too: "the user rejected tool …", corpus triage/rejected-approval.jsonl); `unavailable` was
// decided by no one (no answerer: the approval fails closed); `cancelled` was never decided. The
// approval box of the model view, the triage pane, the bug report and the CLI all say it through
// this one function, so they cannot disagree.

/** What decided an approval (the same values as TriageCall.approval.refusedBy). */
export type ApprovalDecider = 'user' | 'policy' | 'cancelled' | 'unknown';

/** The decider of an `approval/decided.outcome` (null: not decided in this log). */
export function deriveApprovalDecider(outcome: string | null): ApprovalDecider {
  switch (outcome) {
    case 'allowed-once':
    case 'rejected':
      return 'user';
    case 'unavailable':
      return 'policy';
    case 'cancelled':
    case 'canceled':
      return 'cancelled';
    default:
      return 'unknown';
  }
}

/** Who or what decided, in a few words ("rejected (…)", "· …"). */
export const APPROVAL_DECIDER_WORDS: Record<ApprovalDecider, string> = {
  user: 'the user decided at the approval prompt',
  policy: 'no one could answer, so it failed closed (the approval policy)',
  cancelled: 'cancelled before anyone decided',
  unknown: 'an outcome this viewer does not know: the log does not say who decided',
};
