// Under an assistant card's header: how its model attempt ended (the finish reason badge, with the
// earlier retried attempts of its step), and at a max-tokens cut every tool call the model had
// started writing as a struck-out card that says it never reached the tool and what a retry means.
import { memo } from 'react';
import { MAX_TOKENS_RETRY_ADVICE, type AttemptEnding, type DroppedCall } from '../../../log/index.ts';
import { StatusBadge } from '../../shared/StatusBadge.tsx';
import { VisibleText } from '../../shared/VisibleText.tsx';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { describeAttemptEnding, isPartialEnding } from './finish-labels.ts';
import { SeqLink } from '../../shared/SeqLink.tsx';

/** The finish badge for the card's header line. */
export function FinishBadge({ ending }: { ending: AttemptEnding }) {
  const words = describeAttemptEnding(ending);
  return (
    <span className="inline-flex items-center gap-1" data-testid="finish-reason" data-finish={ending.kind}>
      <StatusBadge tone={words.tone} label={words.label} title={words.sentence ?? undefined} />
      {ending.earlierAttempts > 0 && (
        <span
          className="text-zinc-600 dark:text-zinc-400"
          title="Earlier attempts of this step that no message answered (retried or failed)"
        >
          after {ending.earlierAttempts} earlier attempt{ending.earlierAttempts === 1 ? '' : 's'}
        </span>
      )}
    </span>
  );
}

/** The sentence under a partial reply, and the calls a max-tokens cut dropped. */
export const AttemptEndingNotes = memo(function AttemptEndingNotes({
  ending,
  onJump,
}: {
  ending: AttemptEnding;
  onJump: (seq: number) => void;
}) {
  const words = describeAttemptEnding(ending);
  if (!isPartialEnding(ending)) return null;
  return (
    <div className="mt-1 space-y-1 text-[11px]" data-testid="attempt-ending">
      <p className="text-amber-900 dark:text-amber-200" data-testid="partial-note">
        {words.sentence}
        {ending.finishSeq !== null && (
          <>
            {' '}
            <SeqLink seq={ending.finishSeq} onJump={onJump} title="Go to the finish chunk">
              finish at seq {ending.finishSeq}
            </SeqLink>
          </>
        )}
      </p>
      {ending.droppedCalls.map((call, index) => (
        // Drafts come in block order and never reorder.
        <DroppedCallCard key={index} call={call} onJump={onJump} />
      ))}
    </div>
  );
});

function DroppedCallCard({ call, onJump }: { call: DroppedCall; onJump: (seq: number) => void }) {
  return (
    <div
      className="rounded border border-dashed border-zinc-400 bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900/60"
      data-testid="dropped-call-card"
      data-call-id={call.callId ?? ''}
    >
      <div className="flex flex-wrap items-center gap-x-2 border-b border-dashed border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700">
        <span className="font-semibold text-zinc-600 line-through dark:text-zinc-300">
          ⚙ {call.name === null ? '(no name streamed)' : revealInvisibleCharacters(call.name)}
        </span>
        <span className="font-mono text-[10px] text-zinc-600 line-through dark:text-zinc-400">
          {call.callId === null ? '(no id streamed)' : revealInvisibleCharacters(call.callId)}
        </span>
        <span className="ml-auto">
          <StatusBadge tone="warning" label="dropped: never reached the tool" />
        </span>
      </div>
      <div className="px-2 pt-1 text-zinc-800 dark:text-zinc-200">
        {call.isBlockComplete
          ? 'The model had written this call out whole before the cut; dsh dropped it all the same.'
          : 'The model was still writing this call when it was cut off.'}{' '}
        <SeqLink seq={call.firstSeq} onJump={onJump} title="Go to the call's first chunk">
          chunks from seq {call.firstSeq}
        </SeqLink>
      </div>
      <div className="px-2 pt-0.5 text-zinc-700 dark:text-zinc-300" data-testid="dropped-call-advice">
        {MAX_TOKENS_RETRY_ADVICE}
      </div>
      <div className="whitespace-pre-wrap break-words px-2 py-1 font-mono text-xs text-zinc-500 line-through decoration-zinc-400 dark:text-zinc-400">
        {call.argumentsText === '' ? '(no arguments streamed)' : <VisibleText text={call.argumentsText} />}
      </div>
    </div>
  );
}
