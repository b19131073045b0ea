// Model requests that got no answer: llm/retry events and requests without an assistant/message.
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import { LIST_PREVIEW_ROWS, type TriageSectionProps } from './section-props.ts';
import { revealInvisibleCharacters } from '../../../shared/visible-text.ts';

/** Retries and silent requests, at most LIST_PREVIEW_ROWS of each. */
export function ModelSection({ report, onSelect }: TriageSectionProps) {
  const isEmpty = report.retries.length === 0 && report.silentRequests.length === 0;
  return (
    <Section title="Model requests without an answer" testId="triage-model">
      {isEmpty ? (
        <Muted>No llm/retry and no request without an assistant/message.</Muted>
      ) : (
        <ul className="space-y-0.5 text-xs">
          {report.retries.slice(0, LIST_PREVIEW_ROWS).map((retry) => (
            <li key={`retry-${retry.seq}`} className="flex flex-wrap items-center gap-2">
              <SeqLink seq={retry.seq} onJump={onSelect} />
              <Badge tone="warn">llm/retry #{retry.retry}</Badge>
              {retry.code !== null && (
                <span className="font-mono">{revealInvisibleCharacters(retry.code)}</span>
              )}
              {retry.message !== null && <VisibleText text={retry.message} maxChars={200} />}
            </li>
          ))}
          {report.silentRequests.slice(0, LIST_PREVIEW_ROWS).map((request) => (
            <li key={`silent-${request.seq}`} className="flex flex-wrap items-center gap-2">
              <SeqLink seq={request.seq} onJump={onSelect} />
              <Badge tone="warn">no assistant/message</Badge>
              <span className="text-zinc-600 dark:text-zinc-400">
                turn {request.turn} step {request.step}
              </span>
              <VisibleText text={request.reason} maxChars={200} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
