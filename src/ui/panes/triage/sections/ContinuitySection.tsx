// Step 2 of the reading order: whether seqs run without gaps, and each gap with its line and seq.
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import type { TriageSectionProps } from './section-props.ts';

/** Seq continuity: contiguous or not, the counts, and every gap. */
export function ContinuitySection({ report, onSelect }: TriageSectionProps) {
  const { continuity } = report;
  return (
    <Section title="Seq continuity" step={2} testId="triage-continuity">
      <div className="mb-1 flex items-center gap-2 text-xs">
        <Badge tone={continuity.isContiguous ? 'ok' : 'bad'}>
          {continuity.isContiguous ? 'contiguous' : 'not contiguous'}
        </Badge>
        <span className="text-zinc-600 dark:text-zinc-300">
          {continuity.eventCount} events · {continuity.lineCount} lines · {continuity.packedRows} packed rows
        </span>
      </div>
      <Muted>{continuity.explanation}</Muted>
      {continuity.gaps.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs">
          {continuity.gaps.map((gap, index) => (
            // Problems have no identity beyond their position in file order.
            <li key={index} className="flex gap-2">
              <Badge tone="bad">{gap.kind}</Badge>
              {gap.line !== null && (
                <span className="font-mono text-zinc-600 dark:text-zinc-400">line {gap.line}</span>
              )}
              {gap.seq !== null && <SeqLink seq={gap.seq} onJump={onSelect} />}
              <span className="min-w-0">
                <VisibleText text={gap.message} maxChars={400} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
