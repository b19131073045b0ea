// Step 3 of the reading order: the last call without a result or with an error, the earlier ones, and unfinished commands.
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { classificationTone } from '../parts/badge-tone.ts';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import { CallCard } from './CallCard.tsx';
import { LIST_PREVIEW_ROWS, type TriageSectionProps } from './section-props.ts';
import { revealInvisibleCharacters } from '../../../shared/visible-text.ts';

/** The last failed call, the earlier ones (newest first, at most LIST_PREVIEW_ROWS) and commands that never finished. */
export function FailedCallSection({ report, onSelect }: TriageSectionProps) {
  const call = report.lastFailedCall;
  const others = report.failedCalls.slice(0, -1).reverse();
  return (
    <Section title="Last call without a result or with an error" step={3} testId="triage-failed-call">
      {call === null ? (
        <Muted>{report.noFailedCallSentence}</Muted>
      ) : (
        <CallCard call={call} onSelect={onSelect} />
      )}
      {others.length > 0 && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
            {others.length} earlier failed calls
          </summary>
          <ul className="mt-1 space-y-0.5">
            {others.slice(0, LIST_PREVIEW_ROWS).map((other) => (
              <li key={other.callId} className="flex flex-wrap items-center gap-2">
                <SeqLink seq={other.seq} onJump={onSelect} />
                <Badge tone={classificationTone(other.classification)}>{other.classification}</Badge>
                {other.errorCode !== null && other.errorCode !== other.classification && (
                  <span className="font-mono">{revealInvisibleCharacters(other.errorCode)}</span>
                )}
                <span className="font-mono">
                  <VisibleText text={`${other.name} ${other.callId}`} maxChars={120} />
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.unfinishedCommands.length > 0 && (
        <div className="mt-2 text-xs">
          <p className="text-zinc-600 dark:text-zinc-400">
            Shell equivalent: command/run without command/done — look at the workspace before asking again.
          </p>
          <ul>
            {report.unfinishedCommands.map((command) => (
              <li key={command.commandId} className="flex gap-2">
                <SeqLink seq={command.runSeq} onJump={onSelect} />
                <span className="font-mono">
                  /<VisibleText text={command.name} maxChars={80} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
