// Step 1 of the reading order: the header (version, ids, cwd, preset, delegation), the format
// generation, and the verdicts of the release that wrote the log and of current dsh.
import type { CurrentVerdictStatus } from '../../../../log/index.ts';
import { describeCurrentVerdict, describeGeneration } from '../../../../log/index.ts';
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import type { BadgeTone } from '../parts/badge-tone.ts';
import { Facts } from '../parts/Facts.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import type { TriageSectionProps } from './section-props.ts';
import { revealInvisibleCharacters } from '../../../shared/visible-text.ts';
import { ThreeAnswersList } from '../../../shared/ThreeAnswersView.tsx';
import { useIsWriterActive } from '../../../../store/use-writer-activity.ts';

/** The writer's verdict: a refusal (unsupported) is a warning about the file, not a failure of the run. */
const VERDICT_TONES: Record<TriageSectionProps['report']['verdict']['status'], BadgeTone> = {
  ok: 'ok',
  unsupported: 'warn',
  corrupt: 'bad',
};

const CURRENT_TONES: Record<CurrentVerdictStatus, BadgeTone> = {
  ok: 'ok',
  migrates: 'ok',
  refuses: 'warn',
  corrupt: 'bad',
  newer: 'warn',
};

/**
 * The header's fields, each untrusted string shown with its invisible characters revealed, the
 * header's notes, the format verdicts, and current dsh's refusals with links to their seqs.
 */
export function HeaderSection({ report, onSelect }: TriageSectionProps) {
  const { header, format } = report;
  // While the log is followed and its writer appends, its unended run is running (as in the header).
  const isWriterActive = useIsWriterActive();
  return (
    <Section title="Header" step={1} testId="triage-header">
      <div className="mb-2 rounded border border-zinc-200 p-2 dark:border-zinc-700">
        <ThreeAnswersList answers={report.answers} onSelectSeq={onSelect} isWriterActive={isWriterActive} />
      </div>
      <Facts
        rows={[
          [
            'version',
            header.version === null ? (
              <Badge tone="bad">missing</Badge>
            ) : (
              <span className="flex items-center gap-2">
                <span className="font-mono">{revealInvisibleCharacters(String(header.version))}</span>
                <Badge tone={header.isVersionSupported ? 'ok' : 'bad'}>
                  {header.isVersionSupported
                    ? 'a version this viewer reads'
                    : 'a version this viewer does not know'}
                </Badge>
              </span>
            ),
          ],
          [
            'id',
            <span className="font-mono">{header.id === null ? '—' : <VisibleText text={header.id} />}</span>,
          ],
          [
            'cwd',
            <span className="font-mono">
              {header.cwd === null ? '—' : <VisibleText text={header.cwd} />}
            </span>,
          ],
          [
            'agentPreset',
            header.agentPreset === null ? (
              '—'
            ) : (
              <span>
                <span className="font-mono">
                  <VisibleText text={header.agentPreset} />
                </span>{' '}
                <span className="text-zinc-600 dark:text-zinc-400">
                  ({header.agentPresetSource === 'header' ? 'header' : 'agent-preset/selected'})
                </span>
              </span>
            ),
          ],
          [
            'delegationDepth',
            <span className="flex items-center gap-2">
              <span className="font-mono">{header.delegationDepth ?? 'missing'}</span>
              {header.isDelegatedChild && <Badge tone="info">delegated child</Badge>}
            </span>,
          ],
          [
            'parentSession',
            <span className="font-mono">
              {header.parentSession === null ? '—' : <VisibleText text={header.parentSession} />}
            </span>,
          ],
          [
            'verdict',
            <span className="flex items-center gap-2">
              <Badge tone={VERDICT_TONES[report.verdict.status]}>{report.verdict.status}</Badge>
              {report.verdict.reason !== null && <VisibleText text={report.verdict.reason} />}
            </span>,
          ],
          ['format', <VisibleText text={describeGeneration(format)} />],
          [
            'current dsh',
            <span
              className="flex items-center gap-2"
              data-testid="triage-current-verdict"
              data-status={format.current.status}
            >
              <Badge tone={CURRENT_TONES[format.current.status]}>{format.current.status}</Badge>
              <VisibleText
                text={
                  format.current.status === 'refuses' && format.current.refusals.length > 0
                    ? `${format.current.release} would refuse to migrate it (${format.current.refusalCount} ${format.current.refusalCount === 1 ? 'reason' : 'reasons'}, below).`
                    : describeCurrentVerdict(format)
                }
              />
            </span>,
          ],
        ]}
      />
      {format.current.refusals.length > 0 && (
        <ul data-testid="triage-format-refusals" className="mt-1 space-y-0.5 text-xs">
          {format.current.refusals.map((refusal, position) => (
            <li key={`${refusal.rule}-${refusal.seq ?? 'header'}-${position}`} className="flex gap-2">
              {refusal.seq === null ? (
                <span className="font-mono text-zinc-600 dark:text-zinc-400">header</span>
              ) : (
                <SeqLink seq={refusal.seq} onJump={onSelect} />
              )}
              <span className="min-w-0">
                <VisibleText text={refusal.message} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {header.notes.length > 0 && (
        <ul className="mt-1 list-disc pl-4 text-xs text-amber-800 dark:text-amber-300">
          {header.notes.map((note) => (
            <li key={note}>
              <VisibleText text={note} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
