// Step 4 of the reading order: how the last failed call is classified, and the advice on retrying it.
import type { TriageReport } from '../../../../log/index.ts';
import { Badge } from '../parts/Badge.tsx';
import { classificationTone } from '../parts/badge-tone.ts';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';

/** The last failed call's classification, whether dsh repaired it, and the retry advice. */
export function ClassificationSection({ report }: { report: TriageReport }) {
  const call = report.lastFailedCall;
  return (
    <Section title="Classification and retry" step={4} testId="triage-classification-section">
      {call === null ? (
        <Muted>Nothing to classify.</Muted>
      ) : (
        <div className="space-y-1 text-xs">
          <div className="flex items-center gap-2">
            <Badge tone={classificationTone(call.classification)}>{call.classification}</Badge>
            <span className="text-zinc-600 dark:text-zinc-400">
              {call.approval !== null
                ? 'the tool did not run: its approval was refused'
                : call.isRepaired
                  ? 'dsh already wrote the crash-repair result'
                  : call.status === 'not-started' || call.status === 'outcome-unknown'
                    ? 'raw crashed log: dsh writes this result when the session is resumed'
                    : ''}
            </span>
          </div>
          <p data-testid="triage-retry-advice" className="text-zinc-800 dark:text-zinc-200">
            {call.retryAdvice}
          </p>
        </div>
      )}
    </Section>
  );
}
