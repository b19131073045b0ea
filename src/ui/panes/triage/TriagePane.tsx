// The triage panel (issue 4): seed 002's failed-run reading order, each finding one click from its
// event, plus approvals, retries, hanging turns, end reasons, the bug report and the usage chart.
import { useCallback } from 'react';
import { useViewer } from '../../../store/use-viewer.ts';
import { FindingsBar } from './FindingsBar.tsx';
import { FINDING_SECTIONS, findFindingAt } from './finding-navigation.ts';
import { FindingSlot } from './FindingSlot.tsx';
import { ApprovalsSection } from './sections/ApprovalsSection.tsx';
import { BugReportSection } from './sections/BugReportSection.tsx';
import { ClassificationSection } from './sections/ClassificationSection.tsx';
import { ContinuitySection } from './sections/ContinuitySection.tsx';
import { FailedCallSection } from './sections/FailedCallSection.tsx';
import { HeaderSection } from './sections/HeaderSection.tsx';
import { ModelSection } from './sections/ModelSection.tsx';
import { TurnFailuresSection } from './sections/TurnFailuresSection.tsx';
import { TurnsSection } from './sections/TurnsSection.tsx';
import { UnexpectedToolsSection } from './sections/UnexpectedToolsSection.tsx';
import { UsageSection } from './sections/UsageSection.tsx';
import { useTriageData } from './use-triage-data.ts';

/**
 * The triage tab. Reads the report once per loaded log; every seq shown is a button that selects
 * the event and moves the cursor (the store is the only link between panes).
 */
export function TriagePane() {
  const data = useTriageData();
  const actions = useViewer((state) => state.actions);
  const onSelect = useCallback((seq: number) => actions.selectEvent(seq), [actions]);
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const findings = data.status === 'ready' ? data.report.findings : null;
  const position = findings === null ? null : findFindingAt(findings, cursorSeq);
  const currentSection = position === null ? null : FINDING_SECTIONS[position.finding.kind];

  if (data.status === 'idle')
    return <div className="p-3 text-xs text-zinc-600 dark:text-zinc-400">Open a log to triage it.</div>;
  if (data.status === 'loading')
    return (
      <div
        data-testid="triage-pane"
        data-state="loading"
        className="p-3 text-xs text-zinc-600 dark:text-zinc-400"
      >
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
      <FindingSlot section="header" current={currentSection} seq={cursorSeq}>
        <HeaderSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <ContinuitySection report={report} onSelect={onSelect} />
      <FindingSlot section="turn-failures" current={currentSection} seq={cursorSeq}>
        <TurnFailuresSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <FindingSlot section="failed-call" current={currentSection} seq={cursorSeq}>
        <FailedCallSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <ClassificationSection report={report} />
      <FindingSlot section="unexpected-tools" current={currentSection} seq={cursorSeq}>
        <UnexpectedToolsSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <BugReportSection report={report} />
      <FindingSlot section="model" current={currentSection} seq={cursorSeq}>
        <ModelSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <FindingSlot section="approvals" current={currentSection} seq={cursorSeq}>
        <ApprovalsSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <FindingSlot section="turns" current={currentSection} seq={cursorSeq}>
        <TurnsSection report={report} onSelect={onSelect} />
      </FindingSlot>
      <UsageSection usage={usage} onSelect={onSelect} />
    </div>
  );
}
