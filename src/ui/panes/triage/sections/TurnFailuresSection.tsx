// What ended turns badly without a failed tool call to show for it: turns that ended with an error,
// and tool calls dropped because the model's reply hit max-tokens (they never became a tool/call).
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import { LIST_PREVIEW_ROWS, type TriageSectionProps } from './section-props.ts';

/** Each turn error (code, message, turn, its turn/end) and each truncated call (name, id, seqs, advice). */
export function TurnFailuresSection({ report, onSelect }: TriageSectionProps) {
  const { turnErrors, truncatedCalls } = report;
  return (
    <Section title="Turn errors and calls cut off by max-tokens" testId="triage-turn-failures">
      {turnErrors.length === 0 && truncatedCalls.length === 0 && (
        <Muted>No turn ended with an error, and no tool call was cut off by max-tokens.</Muted>
      )}
      {turnErrors.length > 0 && (
        <ul className="space-y-1 text-xs">
          {turnErrors.slice(0, LIST_PREVIEW_ROWS).map((error) => (
            <li
              key={error.seq}
              data-testid="triage-turn-error"
              data-seq={error.seq}
              className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5"
            >
              <Badge tone="bad">turn error</Badge>
              <span>
                turn {error.turn} ended <SeqLink seq={error.seq} onJump={onSelect} /> (from{' '}
                <SeqLink seq={error.startSeq} onJump={onSelect} />)
              </span>
              <span className="font-mono font-semibold">
                {error.code === null ? 'no code' : <VisibleText text={error.code} maxChars={80} />}
              </span>
              <span className="min-w-0 break-words">
                {error.message === null ? (
                  <span className="text-zinc-600 dark:text-zinc-400">no message</span>
                ) : (
                  <VisibleText text={error.message} maxChars={400} />
                )}
              </span>
            </li>
          ))}
          {turnErrors.length > LIST_PREVIEW_ROWS && (
            <li className="text-zinc-600 dark:text-zinc-400">
              … and {turnErrors.length - LIST_PREVIEW_ROWS} more
            </li>
          )}
        </ul>
      )}
      {truncatedCalls.length > 0 && (
        <ul className="mt-1 space-y-1.5 text-xs">
          {truncatedCalls.slice(0, LIST_PREVIEW_ROWS).map((call) => (
            <li key={`${call.seq}:${call.firstSeq}`} data-testid="triage-truncated-call" data-seq={call.seq}>
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <Badge tone="warn">cut off by max-tokens</Badge>
                <span className="font-mono">
                  {call.name === null ? '(no name)' : <VisibleText text={call.name} maxChars={80} />}{' '}
                  {call.callId === null ? '(no id)' : <VisibleText text={call.callId} maxChars={80} />}
                </span>
                <span>
                  cut at <SeqLink seq={call.seq} onJump={onSelect} /> · chunks from{' '}
                  <SeqLink seq={call.firstSeq} onJump={onSelect} /> · finish{' '}
                  <SeqLink seq={call.finishSeq} onJump={onSelect} />
                  {call.messageSeq !== null && (
                    <>
                      {' '}
                      · message without it <SeqLink seq={call.messageSeq} onJump={onSelect} />
                    </>
                  )}{' '}
                  · turn {call.turn} step {call.step} · {call.argumentsChars} characters of arguments
                  {call.isBlockComplete ? ' (complete)' : ' (unfinished)'}
                </span>
              </div>
              <p className="mt-0.5 text-zinc-800 dark:text-zinc-200">{call.retryAdvice}</p>
            </li>
          ))}
          {truncatedCalls.length > LIST_PREVIEW_ROWS && (
            <li className="text-zinc-600 dark:text-zinc-400">
              … and {truncatedCalls.length - LIST_PREVIEW_ROWS} more
            </li>
          )}
        </ul>
      )}
    </Section>
  );
}
