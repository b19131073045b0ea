// The triage panel (issue 4): seed 002's failed-run reading order, each finding one click from its
// event, plus approvals, retries, hanging turns, end reasons, the bug report and the usage chart.

import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { TriageCall, TriageReport } from '../../../log/index.ts';
import { describeToolNameCheck } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { VisibleText } from '../../shared/VisibleText.tsx';
import { UsageChart } from './UsageChart.tsx';
import { findAdjacentFinding } from './finding-navigation.ts';
import { findCursorPointIndex, formatTokens } from './usage-chart-data.ts';
import { useTriageData } from './use-triage-data.ts';

/** How long the Copy button says "Copied" (ms). */
const COPIED_FEEDBACK_MS = 1500;

/** Rows of a list shown before "show all" (lists of retries or approvals can be long). */
const LIST_PREVIEW_ROWS = 50;

const BADGE_TONE = {
  bad: 'bg-red-100 text-red-800 ring-red-300 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-800',
  warn: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800',
  ok: 'bg-emerald-100 text-emerald-800 ring-emerald-300 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800',
  info: 'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600',
} as const;

type BadgeTone = keyof typeof BADGE_TONE;

function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded px-1.5 py-px font-mono text-[11px] font-medium ring-1 ring-inset ${BADGE_TONE[tone]}`}
    >
      {children}
    </span>
  );
}

function classificationTone(classification: TriageCall['classification']): BadgeTone {
  switch (classification) {
    case 'TOOL_OUTCOME_UNKNOWN':
      return 'bad';
    case 'TOOL_NOT_STARTED':
      return 'warn';
    case 'error':
      return 'bad';
    case 'no-result':
      return 'warn';
  }
}

/** A seq link: one click moves the store cursor (and selection), so every pane follows. */
function SeqLink({
  seq,
  label,
  onSelect,
}: {
  seq: number | null;
  label?: string;
  onSelect: (seq: number) => void;
}) {
  if (seq === null) return <span className="font-mono text-zinc-400 dark:text-zinc-500">—</span>;
  return (
    <button
      type="button"
      data-seq={seq}
      onClick={() => onSelect(seq)}
      className="rounded font-mono text-sky-700 underline decoration-sky-300 underline-offset-2 hover:bg-sky-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300 dark:decoration-sky-700 dark:hover:bg-sky-950"
      title={`Go to seq ${seq}`}
    >
      {label ?? `#${seq}`}
    </button>
  );
}

function Section({
  title,
  step,
  children,
  testId,
}: {
  title: string;
  step?: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section data-testid={testId} className="border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <h3 className="mb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {step !== undefined ? `${step}. ` : ''}
        {title}
      </h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0 break-all text-zinc-900 dark:text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-xs text-zinc-500 dark:text-zinc-400">{children}</p>;
}

function HeaderSection({ report }: { report: TriageReport }) {
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

function ContinuitySection({ report, onSelect }: { report: TriageReport; onSelect: (seq: number) => void }) {
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
              {gap.line !== null && <span className="font-mono text-zinc-500">line {gap.line}</span>}
              {gap.seq !== null && <SeqLink seq={gap.seq} onSelect={onSelect} />}
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

function CallCard({ call, onSelect }: { call: TriageCall; onSelect: (seq: number) => void }) {
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
          <Badge tone="info">{call.errorCode}</Badge>
        )}
        <Badge tone="info">
          {call.isRepaired
            ? 'repaired by dsh'
            : call.resultSeq === null
              ? 'raw log: no result'
              : 'result recorded'}
        </Badge>
        <button
          type="button"
          data-testid="triage-last-call-link"
          data-seq={call.seq}
          onClick={() => onSelect(call.seq)}
          className="rounded bg-sky-600 px-2 py-0.5 text-[11px] font-medium text-white hover:bg-sky-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-400 dark:bg-sky-700 dark:hover:bg-sky-600"
        >
          Go to #{call.seq}
        </button>
      </div>
      <Facts
        rows={[
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
                requested <SeqLink seq={call.requestSeq} onSelect={onSelect} />
              </span>
              <span>
                tool/call <SeqLink seq={call.callSeq} onSelect={onSelect} />
              </span>
              <span>
                tool/result <SeqLink seq={call.resultSeq} onSelect={onSelect} />
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

function FailedCallSection({ report, onSelect }: { report: TriageReport; onSelect: (seq: number) => void }) {
  const call = report.lastFailedCall;
  const others = report.failedCalls.slice(0, -1).reverse();
  return (
    <Section title="Last call without a result or with an error" step={3} testId="triage-failed-call">
      {call === null ? (
        <Muted>Every tool call has an ok result.</Muted>
      ) : (
        <CallCard call={call} onSelect={onSelect} />
      )}
      {others.length > 0 && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">
            {others.length} earlier failed calls
          </summary>
          <ul className="mt-1 space-y-0.5">
            {others.slice(0, LIST_PREVIEW_ROWS).map((other) => (
              <li key={other.callId} className="flex flex-wrap items-center gap-2">
                <SeqLink seq={other.seq} onSelect={onSelect} />
                <Badge tone={classificationTone(other.classification)}>{other.classification}</Badge>
                {other.errorCode !== null && other.errorCode !== other.classification && (
                  <span className="font-mono">{other.errorCode}</span>
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
          <p className="text-zinc-500 dark:text-zinc-400">
            Shell equivalent: command/run without command/done — look at the workspace before asking again.
          </p>
          <ul>
            {report.unfinishedCommands.map((command) => (
              <li key={command.commandId} className="flex gap-2">
                <SeqLink seq={command.runSeq} onSelect={onSelect} />
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

function ClassificationSection({ report }: { report: TriageReport }) {
  const call = report.lastFailedCall;
  return (
    <Section title="Classification and retry" step={4} testId="triage-classification-section">
      {call === null ? (
        <Muted>Nothing to classify.</Muted>
      ) : (
        <div className="space-y-1 text-xs">
          <div className="flex items-center gap-2">
            <Badge tone={classificationTone(call.classification)}>{call.classification}</Badge>
            <span className="text-zinc-500 dark:text-zinc-400">
              {call.isRepaired
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

function UnexpectedToolsSection({
  report,
  onSelect,
}: {
  report: TriageReport;
  onSelect: (seq: number) => void;
}) {
  return (
    <Section title="Unexpected tool names" step={5} testId="triage-unexpected-tools">
      {report.unexpectedTools.length === 0 ? (
        <Muted>{describeToolNameCheck(report.toolNameCheck)}</Muted>
      ) : (
        <>
          <ul className="space-y-0.5 text-xs">
            {report.unexpectedTools.map((tool) => (
              <li key={tool.callId} className="flex flex-wrap items-center gap-2">
                <SeqLink seq={tool.seq} onSelect={onSelect} />
                <span className="font-mono">
                  <VisibleText text={tool.name} maxChars={120} />
                </span>
                <span className="text-zinc-500">not in request/header</span>
                <SeqLink seq={tool.headerSeq} onSelect={onSelect} />
              </li>
            ))}
          </ul>
          <Muted>
            A plugin{report.header.isDelegatedChild ? ' or this child session\u2019s own preset' : ''} added
            them: remove the last plugin you added before re-prompting.
          </Muted>
        </>
      )}
    </Section>
  );
}

function ModelSection({ report, onSelect }: { report: TriageReport; onSelect: (seq: number) => void }) {
  const isEmpty = report.retries.length === 0 && report.silentRequests.length === 0;
  return (
    <Section title="Model requests without an answer" testId="triage-model">
      {isEmpty ? (
        <Muted>No llm/retry and no request without an assistant/message.</Muted>
      ) : (
        <ul className="space-y-0.5 text-xs">
          {report.retries.slice(0, LIST_PREVIEW_ROWS).map((retry) => (
            <li key={`retry-${retry.seq}`} className="flex flex-wrap items-center gap-2">
              <SeqLink seq={retry.seq} onSelect={onSelect} />
              <Badge tone="warn">llm/retry #{retry.retry}</Badge>
              {retry.code !== null && <span className="font-mono">{retry.code}</span>}
              {retry.message !== null && <VisibleText text={retry.message} maxChars={200} />}
            </li>
          ))}
          {report.silentRequests.slice(0, LIST_PREVIEW_ROWS).map((request) => (
            <li key={`silent-${request.seq}`} className="flex flex-wrap items-center gap-2">
              <SeqLink seq={request.seq} onSelect={onSelect} />
              <Badge tone="warn">no assistant/message</Badge>
              <span className="text-zinc-500">
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

function ApprovalsSection({ report, onSelect }: { report: TriageReport; onSelect: (seq: number) => void }) {
  const [isShowingAll, setShowingAll] = useState(false);
  const rows = isShowingAll ? report.approvals : report.approvals.slice(0, LIST_PREVIEW_ROWS);
  return (
    <Section title="Approvals" testId="triage-approvals">
      {report.approvals.length === 0 ? (
        <Muted>No approval/asked in this log.</Muted>
      ) : (
        <table className="w-full text-left text-xs">
          <thead className="text-zinc-500 dark:text-zinc-400">
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
                  <SeqLink seq={approval.askedSeq} onSelect={onSelect} />
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
                      <SeqLink seq={approval.decidedSeq} onSelect={onSelect} />
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

function TurnsSection({ report, onSelect }: { report: TriageReport; onSelect: (seq: number) => void }) {
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
              <SeqLink seq={turn.startSeq} onSelect={onSelect} />
              <span className="text-zinc-500">no turn/end: live, crashed or truncated</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function BugReportSection({ report }: { report: TriageReport }) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = useCallback(() => {
    navigator.clipboard.writeText(report.bugReport).then(
      () => {
        setCopyState('copied');
        setTimeout(() => setCopyState('idle'), COPIED_FEEDBACK_MS);
      },
      () => setCopyState('failed'),
    );
  }, [report.bugReport]);
  return (
    <Section title="Bug report" step={6} testId="triage-bug-report">
      <div className="mb-1 flex items-center gap-2">
        <button
          type="button"
          data-testid="triage-copy"
          onClick={copy}
          className="rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700"
        >
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </button>
        {copyState === 'failed' && (
          <span className="text-xs text-red-700 dark:text-red-300">
            The browser refused clipboard access: select the text instead.
          </span>
        )}
      </div>
      <pre
        data-testid="triage-bug-report-text"
        className="max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-[11px] leading-snug whitespace-pre-wrap text-zinc-800 select-all dark:bg-zinc-900 dark:text-zinc-200"
      >
        {report.bugReport}
      </pre>
    </Section>
  );
}

function UsageSection({
  usage,
  onSelect,
}: {
  usage: Parameters<typeof UsageChart>[0]['points'];
  onSelect: (seq: number) => void;
}) {
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const stepSeqs = useViewer((state) => state.stepSeqs);
  const highlightIndex = useMemo(
    () => findCursorPointIndex(usage, cursorSeq, stepSeqs),
    [usage, cursorSeq, stepSeqs],
  );
  const point = usage[highlightIndex];
  return (
    <Section title="Token usage per step" testId="triage-usage">
      <UsageChart points={usage} highlightIndex={highlightIndex} onSelectSeq={onSelect} />
      {point && (
        <p
          data-testid="triage-usage-cursor"
          className="mt-1 font-mono text-[11px] text-zinc-600 dark:text-zinc-300"
        >
          turn {point.turn} step {point.step}: in {formatTokens(point.inputTokens)} · out{' '}
          {formatTokens(point.outputTokens)} · cache r/w {formatTokens(point.cacheReadTokens)}/
          {formatTokens(point.cacheWriteTokens)} · context {formatTokens(point.contextTokens)}
          {point.contextWindow !== null
            ? ` of ${formatTokens(point.contextWindow)} (${Math.round((point.contextTokens / point.contextWindow) * 100)}%)`
            : ' (window unknown)'}
        </p>
      )}
    </Section>
  );
}

/** Steps through every finding of the report (calls, retries, hanging turns, problems) from the cursor. */
function FindingsBar({ report, onSelect }: { report: TriageReport; onSelect: (seq: number) => void }) {
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const { findings } = report;
  const [label, setLabel] = useState<string | null>(null);
  const go = (direction: 1 | -1): void => {
    const finding = findAdjacentFinding(findings, cursorSeq, direction);
    if (finding === null) return;
    setLabel(finding.label);
    onSelect(finding.seq);
  };
  const buttonClass =
    'rounded border border-zinc-300 px-1.5 py-px text-[11px] hover:bg-zinc-100 disabled:opacity-40 dark:border-zinc-600 dark:hover:bg-zinc-800';
  return (
    <div
      data-testid="triage-findings-bar"
      data-finding-count={findings.length}
      className="sticky top-0 z-10 flex items-center gap-2 border-b border-zinc-200 bg-zinc-50/95 px-3 py-1 text-xs dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <span className="font-medium">
        {findings.length === 0 ? 'No findings' : `${findings.length} findings`}
      </span>
      <button
        type="button"
        className={buttonClass}
        disabled={findings.length === 0}
        onClick={() => go(-1)}
        title="Previous finding"
      >
        ◀ prev
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={findings.length === 0}
        onClick={() => go(1)}
        title="Next finding"
      >
        next ▶
      </button>
      {label !== null && (
        <span className="min-w-0 truncate text-zinc-600 dark:text-zinc-300">
          <VisibleText text={label} maxChars={160} />
        </span>
      )}
    </div>
  );
}

/**
 * The triage tab. Reads the report once per loaded log; every seq shown is a button that selects
 * the event and moves the cursor (the store is the only link between panes).
 */
export function TriagePane() {
  const data = useTriageData();
  const actions = useViewer((state) => state.actions);
  const onSelect = useCallback((seq: number) => actions.selectEvent(seq), [actions]);

  if (data.status === 'idle')
    return <div className="p-3 text-xs text-zinc-500">Open a log to triage it.</div>;
  if (data.status === 'loading')
    return (
      <div data-testid="triage-pane" data-state="loading" className="p-3 text-xs text-zinc-500">
        Reading the log…
      </div>
    );
  if (data.status === 'error')
    return (
      <div
        data-testid="triage-pane"
        data-state="error"
        className="p-3 text-xs text-red-700 dark:text-red-300"
      >
        Triage failed: {data.message}
      </div>
    );
  const { report, usage } = data;
  return (
    <div
      data-testid="triage-pane"
      data-state="ready"
      className="h-full overflow-y-auto bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <FindingsBar report={report} onSelect={onSelect} />
      <HeaderSection report={report} />
      <ContinuitySection report={report} onSelect={onSelect} />
      <FailedCallSection report={report} onSelect={onSelect} />
      <ClassificationSection report={report} />
      <UnexpectedToolsSection report={report} onSelect={onSelect} />
      <BugReportSection report={report} />
      <ModelSection report={report} onSelect={onSelect} />
      <ApprovalsSection report={report} onSelect={onSelect} />
      <TurnsSection report={report} onSelect={onSelect} />
      <UsageSection usage={usage} onSelect={onSelect} />
    </div>
  );
}
