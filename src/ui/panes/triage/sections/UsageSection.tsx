// Token usage per step as a chart, with the cursor's step highlighted and spelled out.
import { useMemo } from 'react';
import type { UsagePoint } from '../../../../log/index.ts';
import { useViewer } from '../../../../store/use-viewer.ts';
import { Section } from '../parts/Section.tsx';
import { UsageChart } from '../UsageChart.tsx';
import { findCursorPointIndex, formatTokens } from '../usage-chart-data.ts';

/** The usage chart of `usage` (clicking a step moves the cursor) and the numbers of the cursor's step. */
export function UsageSection({
  usage,
  onSelect,
}: {
  usage: readonly UsagePoint[];
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
