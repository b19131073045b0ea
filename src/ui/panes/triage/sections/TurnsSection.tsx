// How the turns ended (counted by reason), and the turns that never ended.
import { Badge } from '../parts/Badge.tsx';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import type { TriageSectionProps } from './section-props.ts';

/** Turn end reasons as badges, then each hanging turn. */
export function TurnsSection({ report, onSelect }: TriageSectionProps) {
  const reasons = Object.entries(report.turnEndReasons);
  return (
    <Section title="Turns" testId="triage-turns">
      <div className="flex flex-wrap gap-2 text-xs">
        {reasons.length === 0 && <Muted>No turn/end.</Muted>}
        {reasons.map(([reason, count]) => (
          <Badge
            key={reason}
            tone={
              reason === 'completed' ? 'ok' : reason === 'aborted' || reason === 'max-tokens' ? 'warn' : 'bad'
            }
          >
            {reason} ×{count}
          </Badge>
        ))}
      </div>
      {report.hangingTurns.length > 0 && (
        <ul className="mt-1 text-xs">
          {report.hangingTurns.map((turn) => (
            <li key={turn.startSeq} className="flex items-center gap-2">
              <Badge tone="warn">hanging</Badge>
              <span>turn {turn.turn} from</span>
              <SeqLink seq={turn.startSeq} onJump={onSelect} />
              <span className="text-zinc-600 dark:text-zinc-400">
                no turn/end: live, crashed or truncated
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
