// One failed tool call in full: classification, repair state or the approval that refused it, its
// seqs, turn and step, model and turn end.
import type { ReactNode } from 'react';
import type { CallApproval, TriageCall } from '../../../../log/index.ts';
import { VisibleText } from '../../../shared/VisibleText.tsx';
import { Badge } from '../parts/Badge.tsx';
import { classificationTone } from '../parts/badge-tone.ts';
import { Facts } from '../parts/Facts.tsx';
import { SeqLink } from '../../../shared/SeqLink.tsx';
import { revealInvisibleCharacters } from '../../../shared/visible-text.ts';

/** Who refused a call, in words (TriageCall.approval.refusedBy). */
const REFUSED_BY_WORDS: Record<CallApproval['refusedBy'], string> = {
  user: 'the user rejected it',
  policy: 'no one could answer: the approval policy refused it',
  cancelled: 'the approval prompt was cancelled',
  unknown: 'the approval was not granted',
};

/** The approval row of a refused call: who refused, and the asked → decided pair as links. */
function approvalRows(call: TriageCall, onSelect: (seq: number) => void): [string, ReactNode][] {
  const approval = call.approval;
  if (approval === null) return [];
  return [
    [
      'approval',
      <span data-testid="triage-call-approval" className="flex flex-wrap items-baseline gap-x-1.5">
        <Badge tone="warn">
          <VisibleText text={approval.outcome} maxChars={40} />
        </Badge>
        <span>{REFUSED_BY_WORDS[approval.refusedBy]}, so the tool did not run:</span>
        <span>
          approval/asked <SeqLink seq={approval.askedSeq} onJump={onSelect} /> → approval/decided{' '}
          <SeqLink seq={approval.decidedSeq} onJump={onSelect} />
        </span>
      </span>,
    ],
  ];
}

/** The card of `call`, with a button that moves the cursor to it. */
export function CallCard({ call, onSelect }: { call: TriageCall; onSelect: (seq: number) => void }) {
  return (
    <div
      data-testid="triage-last-call"
      data-call-id={call.callId}
      data-classification={call.classification}
      className="space-y-1"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone={classificationTone(call.classification)} testId="triage-classification">
          {call.classification}
        </Badge>
        {call.errorCode !== null && call.errorCode !== call.classification && (
          <Badge tone="info">{revealInvisibleCharacters(call.errorCode)}</Badge>
        )}
        {call.approval !== null ? (
          <Badge tone="info" testId="triage-did-not-run">
            did not run
          </Badge>
        ) : (
          <Badge tone="info">
            {call.isRepaired
              ? 'repaired by dsh'
              : call.resultSeq === null
                ? 'raw log: no result'
                : 'result recorded'}
          </Badge>
        )}
        <button
          type="button"
          data-testid="triage-last-call-link"
          data-seq={call.seq}
          onClick={() => onSelect(call.seq)}
          className="rounded bg-sky-700 px-2 py-0.5 text-[11px] font-medium text-white hover:bg-sky-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-400 dark:bg-sky-700 dark:hover:bg-sky-600"
        >
          Go to #{call.seq}
        </button>
      </div>
      <Facts
        rows={[
          ...approvalRows(call, onSelect),
          [
            'callId',
            <span className="font-mono">
              <VisibleText text={call.callId} />
            </span>,
          ],
          [
            'tool',
            <span className="font-mono">
              <VisibleText text={call.name} />
            </span>,
          ],
          [
            'seqs',
            <span className="flex flex-wrap gap-x-3">
              <span>
                requested <SeqLink seq={call.requestSeq} onJump={onSelect} />
              </span>
              <span>
                tool/call <SeqLink seq={call.callSeq} onJump={onSelect} />
              </span>
              <span>
                tool/result <SeqLink seq={call.resultSeq} onJump={onSelect} />
              </span>
            </span>,
          ],
          ['turn / step', `${call.turn ?? '?'} / ${call.step ?? '?'}`],
          [
            'provider/model',
            call.provider === null ? '—' : <VisibleText text={`${call.provider}/${call.model ?? '?'}`} />,
          ],
          ['turn end', call.turnEndReason ?? 'none (hanging turn)'],
        ]}
      />
    </div>
  );
}
