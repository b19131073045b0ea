// The triage panel (issue 4): seed 002's failed-run reading order, each finding one click from its
// event, plus approvals, retries, hanging turns, end reasons, the bug report and the usage chart.
import { useCallback } from 'react';
import { useViewer } from '../../../store/use-viewer.ts';
import { FindingsBar } from './FindingsBar.tsx';
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
      <HeaderSection report={report} onSelect={onSelect} />
      <ContinuitySection report={report} onSelect={onSelect} />
      <TurnFailuresSection report={report} onSelect={onSelect} />
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
