// Step 6 of the reading order: the bug report text, and a button that copies it.
import { useCallback, useState } from 'react';
import type { TriageReport } from '../../../../log/index.ts';
import { Section } from '../parts/Section.tsx';

/** How long the Copy button says "Copied" (ms). */
const COPIED_FEEDBACK_MS = 1500;

/**
 * The bug report; Copy says whether the clipboard took it. Shown without soft wrapping (long fields
 * scroll sideways), so every screen line is one line of the report and no value seems to start one.
 */
export function BugReportSection({ report }: { report: TriageReport }) {
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
        className="max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-[11px] leading-snug whitespace-pre text-zinc-800 select-all dark:bg-zinc-900 dark:text-zinc-200"
      >
        {report.bugReport}
      </pre>
    </Section>
  );
}
