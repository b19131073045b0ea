// Every approval asked in the log, with its tool, call and decision.
import { useState } from 'react';
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { Muted } from '../parts/Muted.tsx';
import { Section } from '../parts/Section.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import { LIST_PREVIEW_ROWS, type TriageSectionProps } from './section-props.ts';

/** The approvals table: LIST_PREVIEW_ROWS rows until "Show all". */
export function ApprovalsSection({ report, onSelect }: TriageSectionProps) {
  const [isShowingAll, setShowingAll] = useState(false);
  const rows = isShowingAll ? report.approvals : report.approvals.slice(0, LIST_PREVIEW_ROWS);
  return (
    <Section title="Approvals" testId="triage-approvals">
      {report.approvals.length === 0 ? (
        <Muted>No approval/asked in this log.</Muted>
      ) : (
        <table className="w-full text-left text-xs">
          <thead className="text-zinc-600 dark:text-zinc-400">
            <tr>
              <th className="font-normal">asked</th>
              <th className="font-normal">tool</th>
              <th className="font-normal">call</th>
              <th className="font-normal">decision</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((approval) => (
              <tr key={approval.id}>
                <td>
                  <SeqLink seq={approval.askedSeq} onJump={onSelect} />
                </td>
                <td className="font-mono">
                  <VisibleText text={approval.toolName} maxChars={60} />
                </td>
                <td className="font-mono">
                  {approval.callId === null ? '—' : <VisibleText text={approval.callId} maxChars={40} />}
                </td>
                <td>
                  {approval.decidedSeq === null ? (
                    <Badge tone="warn">never decided</Badge>
                  ) : (
                    <span className="flex items-center gap-1">
                      <Badge tone={approval.outcome === 'allowed-once' ? 'ok' : 'warn'}>
                        {approval.outcome ?? '?'}
                      </Badge>
                      <SeqLink seq={approval.decidedSeq} onJump={onSelect} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!isShowingAll && report.approvals.length > LIST_PREVIEW_ROWS && (
        <button
          type="button"
          className="mt-1 text-xs text-sky-700 underline dark:text-sky-300"
          onClick={() => setShowingAll(true)}
        >
          Show all {report.approvals.length}
        </button>
      )}
    </Section>
  );
}
