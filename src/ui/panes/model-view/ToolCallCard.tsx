// A tool-call block of an assistant message as a card: name, id, arguments, and — from the call's
// facts — its status badge at the cursor, duration, links to its tool/call and result, and the
// approval that gated it (FORMAT.md §5.3, §7.5–§7.7), and a flag when its name only looks like a
// declared tool. Streaming blocks have no facts: no badge.
import { memo } from 'react';
import { deriveToolCallStatusAt, type ToolCallFacts } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { useIsWriterActive } from '../../../store/use-writer-activity.ts';
import { JsonTree } from '../../shared/JsonTree.tsx';
import { LookalikeFlag } from '../../shared/LookalikeFlag.tsx';
import { StatusBadge } from '../../shared/StatusBadge.tsx';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { VisibleText } from '../../shared/VisibleText.tsx';
import { formatDuration } from '../../shared/format.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { ApprovalBox } from './ApprovalBox.tsx';
import { describeCallStatus } from './call-labels.ts';
import { SeqLink } from '../../shared/SeqLink.tsx';
import { useCallCursor } from './use-call-cursor.ts';
import { SessionLinkChips } from '../../session-links/SessionLinkChips.tsx';
import { CallTimeChip } from '../../cost/CallTimeChip.tsx';
import { InFlightClock } from './InFlightClock.tsx';

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Partial (streaming) or invalid arguments: shown as text instead.
    return { ok: false };
  }
}

/**
 * The lookalike flag of a call's tool name against the request/header in force when the model asked
 * for it. A name the header declares, or a call with no header before it, shows nothing.
 */
function CallLookalikeFlag({ name, facts }: { name: string; facts: ToolCallFacts }) {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const seq = facts.requestSeq ?? facts.callSeq;
  const answer = useWorkerQuery(
    () => (seq === null ? null : client.query({ kind: 'lookalike-tools-at', seq, names: [name] })),
    [client, seq, name],
    { log: logGeneration },
  );
  return <LookalikeFlag flag={answer.status === 'ready' ? answer.value[0] : undefined} />;
}

interface ToolCallCardProps {
  name: string;
  callId: string;
  argumentsText: string;
  /** The call's facts from the message body; undefined while streaming or for an unknown id. */
  facts?: ToolCallFacts;
  /** The cursor (null: the end of the log); undefined: the card reads the store's cursor itself. */
  cursorSeq?: number | null;
  onJump?: (seq: number) => void;
}

/** Memoized: it re-renders when its facts change or the cursor crosses one of the call's events. */
export const ToolCallCard = memo(function ToolCallCard({
  name,
  callId,
  argumentsText,
  facts,
  cursorSeq,
  onJump,
}: ToolCallCardProps) {
  const parsed = parseArguments(argumentsText);
  // A followed log whose writer is still appending: its unended turn runs, so a call without a result
  // is in flight at the head, not settled there by crash repair (FORMAT.md §7.6 applies to a log at rest).
  const isWriterActive = useIsWriterActive();
  const timing =
    facts !== undefined && isWriterActive && facts.turnEndSeq === null && facts.resultSeq === null
      ? { ...facts, lastSeq: facts.lastSeq + 1 }
      : facts;
  const atSeq = useCallCursor(timing, cursorSeq);
  const statusAt = timing ? deriveToolCallStatusAt(timing, atSeq) : null;
  const words = facts && statusAt ? describeCallStatus(statusAt, facts) : null;
  const isAnswered = facts?.resultSeq != null && atSeq >= facts.resultSeq;
  const shownApprovals = facts?.approvals.filter((approval) => atSeq >= approval.askedSeq) ?? [];
  return (
    <div
      className="rounded border border-amber-300 bg-amber-50/60 dark:border-amber-800 dark:bg-amber-950/30"
      data-testid="tool-call-card"
      data-call-id={callId}
      data-status={statusAt?.status ?? ''}
      data-phase={statusAt?.phase ?? ''}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-amber-300 px-2 py-0.5 text-xs dark:border-amber-800">
        <span className="font-semibold text-amber-900 dark:text-amber-200">
          ⚙ {revealInvisibleCharacters(name)}
        </span>
        {facts && <CallLookalikeFlag name={name} facts={facts} />}
        <span className="font-mono text-[10px] text-zinc-600 dark:text-zinc-400">
          {revealInvisibleCharacters(callId)}
        </span>
        {words && (
          <span className="ml-auto flex flex-wrap items-center gap-x-2">
            <StatusBadge
              tone={words.tone}
              label={words.label}
              title={words.sentence ?? undefined}
              testId="call-status"
            />
            {statusAt?.phase === 'running' && (
              // Still, never animated: a replay paused here must not repaint every frame.
              <span className="font-semibold text-sky-800 dark:text-sky-200" data-testid="call-running">
                ● running
              </span>
            )}
            {statusAt?.phase === 'running' && facts?.callTime != null && (
              <InFlightClock sinceTime={facts.callTime} what="The tool has run" />
            )}
            {statusAt?.phase === 'awaiting-approval' && (
              <span
                className="font-semibold text-orange-900 dark:text-orange-200"
                data-testid="call-awaiting-approval"
              >
                awaiting approval
              </span>
            )}
            {statusAt?.phase === 'awaiting-approval' && shownApprovals.at(-1) !== undefined && (
              <InFlightClock
                sinceTime={(shownApprovals.at(-1) as { askedTime: number }).askedTime}
                what="The approval has waited"
              />
            )}
            {isAnswered && facts.durationMs !== null && (
              <span className="tabular-nums text-zinc-700 dark:text-zinc-300" title="tool/call → tool/result">
                {formatDuration(facts.durationMs)}
              </span>
            )}
            {isAnswered && <CallTimeChip callId={callId} />}
          </span>
        )}
      </div>
      {facts && (
        <div className="flex flex-wrap items-center gap-x-3 px-2 pt-1 text-[11px] text-zinc-700 dark:text-zinc-300">
          {facts.callSeq !== null ? (
            <span>
              started{' '}
              <SeqLink seq={facts.callSeq} onJump={onJump} title="Go to the tool/call event">
                seq {facts.callSeq}
              </SeqLink>
            </span>
          ) : (
            <span>no tool/call in the log</span>
          )}
          {facts.resultSeq !== null ? (
            <SeqLink seq={facts.resultSeq} onJump={onJump} title="Move the cursor to the result">
              → result seq {facts.resultSeq}
            </SeqLink>
          ) : (
            <span>no result in the log</span>
          )}
          <SessionLinkChips seqs={[facts.callSeq, facts.resultSeq]} />
          {facts.replacementSeqs.map((seq) => (
            <SeqLink key={seq} seq={seq} onJump={onJump} title="Go to the pruned replacement of the result">
              pruned at seq {seq}
            </SeqLink>
          ))}
        </div>
      )}
      {/* Running and awaiting approval are said beside the badge already. */}
      {words?.sentence && (statusAt?.phase === null || statusAt?.phase === 'requested') && (
        <div
          className="px-2 pt-0.5 text-[11px] text-zinc-800 dark:text-zinc-200"
          data-testid="call-status-sentence"
        >
          {words.sentence}
        </div>
      )}
      {shownApprovals.length > 0 && (
        <div className="space-y-1 px-2 pt-1">
          {shownApprovals.map((approval) => (
            <ApprovalBox key={approval.askedSeq} approval={approval} atSeq={atSeq} onJump={onJump} />
          ))}
        </div>
      )}
      <div className="px-2 py-1">
        {parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? (
          <JsonTree value={parsed.value} rawText={argumentsText} />
        ) : (
          <div className="whitespace-pre-wrap break-words font-mono text-xs">
            <VisibleText text={argumentsText} />
          </div>
        )}
      </div>
    </div>
  );
});
