// The approval that gated a tool call, inside its card (FORMAT.md §5.3): asked, decided (or not yet
// at this seq), how long it waited, the policy in force, and who or what decided in the words the
// triage pane and the CLI use (log/projections/approval-decider.ts).
import type { ApprovalFacts } from '../../../log/index.ts';
import { APPROVAL_DECIDER_WORDS, deriveApprovalDecider } from '../../../log/index.ts';
import { StatusBadge } from '../../shared/StatusBadge.tsx';
import { VisibleText } from '../../shared/VisibleText.tsx';
import { formatDuration } from '../../shared/format.ts';
import { describeApprovalOutcome, describePolicy } from './call-labels.ts';
import { SeqLink } from '../../shared/SeqLink.tsx';

/** `atSeq`: the card's cursor; the decision shows only once the cursor has reached it. */
export function ApprovalBox({
  approval,
  atSeq,
  onJump,
}: {
  approval: ApprovalFacts;
  atSeq: number;
  onJump: ((seq: number) => void) | undefined;
}) {
  const isDecided = approval.decidedSeq !== null && atSeq >= approval.decidedSeq;
  const words = describeApprovalOutcome(isDecided ? approval.outcome : null);
  return (
    <div
      className="rounded border border-orange-300 bg-orange-50 px-2 py-1 text-xs text-zinc-800 dark:border-orange-800 dark:bg-orange-950/40 dark:text-zinc-100"
      data-testid="approval-box"
      data-outcome={isDecided ? (approval.outcome ?? '') : 'pending'}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="font-semibold text-orange-900 dark:text-orange-200">approval</span>
        <StatusBadge tone={words.tone} label={words.label} title={words.sentence ?? undefined} />
        <span>
          asked{' '}
          <SeqLink seq={approval.askedSeq} onJump={onJump} title="Go to the approval/asked event">
            seq {approval.askedSeq}
          </SeqLink>
        </span>
        {isDecided && approval.decidedSeq !== null && (
          <span>
            decided{' '}
            <SeqLink seq={approval.decidedSeq} onJump={onJump} title="Go to the approval/decided event">
              seq {approval.decidedSeq}
            </SeqLink>
          </span>
        )}
        {isDecided && approval.waitedMs !== null && <span>waited {formatDuration(approval.waitedMs)}</span>}
        {approval.decidedSeq === null && <span>never decided in this log</span>}
      </div>
      {approval.reason && (
        <div className="mt-0.5 text-zinc-700 dark:text-zinc-300">
          reason: <VisibleText text={approval.reason} />
        </div>
      )}
      <div className="mt-0.5 text-zinc-700 dark:text-zinc-300">
        {describePolicy(approval.policy)}
        {approval.policy !== null && (
          <>
            {' '}
            (
            <SeqLink seq={approval.policy.seq} onJump={onJump} title="Go to the approval/policy event">
              seq {approval.policy.seq}
            </SeqLink>
            )
          </>
        )}
        {isDecided && (
          <span data-testid="approval-decider">
            {' · '}
            {APPROVAL_DECIDER_WORDS[deriveApprovalDecider(approval.outcome)]}
          </span>
        )}
      </div>
    </div>
  );
}
