// The bar above the triage sections that steps through the findings from the cursor.
import { useState } from 'react';
import { useViewer } from '../../../store/use-viewer.ts';
import { VisibleText } from '../../shared/VisibleText.tsx';
import {
  describeFindingPosition,
  describeFindingWrap,
  findAdjacentFinding,
  findFindingAt,
} from './finding-navigation.ts';
import type { TriageSectionProps } from './sections/section-props.ts';

/** Steps through every finding of the report (calls, retries, hanging turns, problems) from the cursor. */
export function FindingsBar({ report, onSelect }: TriageSectionProps) {
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const { findings } = report;
  // What the last ◀ / ▶ said of wrapping, kept for the seq it went to (n / N say it in the notice).
  const [wrap, setWrap] = useState<{ seq: number; text: string } | null>(null);
  const position = findFindingAt(findings, cursorSeq);
  const wrapNote = wrap !== null && wrap.seq === cursorSeq ? wrap.text : null;
  const go = (direction: 1 | -1): void => {
    const finding = findAdjacentFinding(findings, cursorSeq, direction);
    if (finding === null) return;
    const text = describeFindingWrap(findings, cursorSeq, finding, direction);
    setWrap(text === null ? null : { seq: finding.seq, text });
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
      <span className="font-medium whitespace-nowrap" data-testid="triage-finding-position">
        {findings.length === 0
          ? 'No findings'
          : position !== null
            ? describeFindingPosition(position)
            : `${findings.length} finding${findings.length === 1 ? '' : 's'}`}
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
      {position !== null && (
        <span
          className="min-w-0 truncate text-zinc-600 dark:text-zinc-300"
          data-testid="triage-finding-label"
        >
          {wrapNote !== null && <span className="mr-1 text-amber-800 dark:text-amber-300">({wrapNote})</span>}
          <VisibleText text={position.finding.label} maxChars={160} />
        </span>
      )}
    </div>
  );
}
