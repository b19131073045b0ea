// Step 1 of the reading order: the header (version, ids, cwd, preset, delegation) and the verdict.
import type { TriageReport } from '../../../../log/index.ts';
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { Facts } from '../parts/Facts.tsx';
import { Section } from '../parts/Section.tsx';

/** The header's fields, each untrusted string shown with its invisible characters revealed, and the header's notes. */
export function HeaderSection({ report }: { report: TriageReport }) {
  const { header } = report;
  return (
    <Section title="Header" step={1} testId="triage-header">
      <Facts
        rows={[
          [
            'version',
            header.version === null ? (
              <Badge tone="bad">missing</Badge>
            ) : (
              <span className="flex items-center gap-2">
                <span className="font-mono">{header.version}</span>
                <Badge tone={header.isVersionSupported ? 'ok' : 'bad'}>
                  {header.isVersionSupported ? 'readable by this dsh' : 'not readable by this dsh'}
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
                <span className="text-zinc-500">
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
              <Badge tone={report.verdict.status === 'ok' ? 'ok' : 'bad'}>{report.verdict.status}</Badge>
              {report.verdict.reason !== null && <VisibleText text={report.verdict.reason} />}
            </span>,
          ],
        ]}
      />
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
