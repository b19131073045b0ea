// The strip under a tool/result message's header: the call's final status (the result is on the
// surface, so the cursor is past it), the tool time, and the links back to its tool/call and the
// assistant message that asked for it (FORMAT.md §7.5). Crash-repair results say so in words (§7.6).
import { memo } from 'react';
import { deriveToolCallStatusAt, type ToolCallFacts } from '../../../log/index.ts';
import { StatusBadge } from '../../shared/StatusBadge.tsx';
import { formatDuration } from '../../shared/format.ts';
import { describeApprovalOutcome, describeCallStatus } from './call-labels.ts';
import { SeqLink } from '../../shared/SeqLink.tsx';

export const ToolResultStrip = memo(function ToolResultStrip({
  facts,
  onJump,
}: {
  facts: ToolCallFacts;
  onJump: (seq: number) => void;
}) {
  const words = describeCallStatus(deriveToolCallStatusAt(facts, null), facts);
  const backSeq = facts.callSeq ?? facts.requestSeq;
  const lastApproval = facts.approvals.at(-1);
  return (
    <div className="mb-1 text-[11px] text-zinc-700 dark:text-zinc-300" data-testid="tool-result-strip">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
        <StatusBadge
          tone={words.tone}
          label={words.label}
          title={words.sentence ?? undefined}
          testId="result-status"
        />
        {facts.durationMs !== null && (
          <span className="tabular-nums" title="tool/call → tool/result">
            took {formatDuration(facts.durationMs)}
          </span>
        )}
        {backSeq !== null && (
          <SeqLink seq={backSeq} onJump={onJump} title="Move the cursor back to the call">
            ← call seq {backSeq}
          </SeqLink>
        )}
        {facts.requestSeq !== null && facts.requestSeq !== backSeq && (
          <SeqLink
            seq={facts.requestSeq}
            onJump={onJump}
            title="Move the cursor to the assistant message that asked for it"
          >
            asked in message seq {facts.requestSeq}
          </SeqLink>
        )}
        {lastApproval && (
          <span>
            approval: {describeApprovalOutcome(lastApproval.outcome).label}
            {lastApproval.waitedMs !== null && ` after ${formatDuration(lastApproval.waitedMs)}`}
          </span>
        )}
      </div>
      {words.sentence && (
        <div className="mt-0.5 text-zinc-800 dark:text-zinc-200" data-testid="result-status-sentence">
          {words.sentence}
        </div>
      )}
    </div>
  );
});
