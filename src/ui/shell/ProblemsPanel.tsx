// The problem list opened from the header's problem count: every problem in file order, virtualized;
// clicking one with a seq moves the cursor there, clicking an ignored range shows its lines as text.
import { useCallback, useEffect, useState } from 'react';
import type { LogNote, LogProblem } from '../../log/index.ts';
import { useBlockCache } from '../../store/use-block-cache.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { placeVirtualItem, useVirtualList } from '../shared/use-virtual-list.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { IgnoredLinesPanel } from './IgnoredLinesPanel.tsx';
import { formatCountOf } from '../shared/count-noun.ts';

const PROBLEM_ROW_HEIGHT_PX = 44;
const PROBLEM_BLOCK_SIZE = 200;
const OVERSCAN_PROBLEMS = 10;

const EFFECT_STYLES: Record<LogProblem['effect'], string> = {
  corrupt: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  unsupported: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  none: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
};

const NO_NOTES: readonly LogNote[] = [];

function estimateProblemSize(): number {
  return PROBLEM_ROW_HEIGHT_PX;
}

function keyProblemByIndex(index: number): number {
  return index;
}

/** A side sheet over the panes; closes with Esc or its button. */
export function ProblemsPanel({ onClose }: { onClose: () => void }) {
  const client = useViewer((state) => state.client);
  const problemCount = useViewer((state) => state.summary?.problemCount ?? 0);
  const verdict = useViewer((state) => state.summary?.verdict ?? null);
  const notes = useViewer((state) => state.summary?.notes ?? NO_NOTES);
  const generation = useViewer((state) => state.logGeneration);
  const actions = useViewer((state) => state.actions);
  /** The ignored range whose lines are shown instead of the list, or null. */
  const [ignoredRange, setIgnoredRange] = useState<{ firstLine: number; lastLine: number } | null>(null);
  const fetchProblems = useCallback(
    (start: number, count: number) => client.query({ kind: 'problems', start, count }),
    [client],
  );
  const problems = useBlockCache<LogProblem>(
    fetchProblems,
    PROBLEM_BLOCK_SIZE,
    `${generation}-${problemCount}`,
  );
  const { scrollRef, items, totalSizePx } = useVirtualList({
    count: problemCount,
    estimateSize: estimateProblemSize,
    overscan: OVERSCAN_PROBLEMS,
    // Problems have no identity beyond their position in file order.
    getItemKey: keyProblemByIndex,
  });
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= first) problems.ensureRange(first, last);
  }, [first, last, problems]);

  return (
    <aside
      role="dialog"
      aria-label="Problems"
      className="absolute inset-y-0 right-0 z-30 flex w-[34rem] max-w-full flex-col border-l border-zinc-200 bg-white shadow-2xl dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">{formatCountOf(problemCount, 'problem')}</h2>
        <button
          type="button"
          onClick={onClose}
          className="ml-auto rounded px-2 text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800"
          aria-label="Close problems"
        >
          ✕
        </button>
      </div>
      {verdict && verdict.reason && (
        <p className="border-b border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800">
          <span className="font-semibold">Verdict: {verdict.status}.</span>{' '}
          {revealInvisibleCharacters(verdict.reason)}
        </p>
      )}
      {notes.length > 0 && (
        <details
          data-testid="notes"
          className="border-b border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800"
        >
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-300">
            {notes.length} {notes.length === 1 ? 'note' : 'notes'}: information, not problems (not counted,
            not visited by n / N)
          </summary>
          <ul className="mt-1 space-y-1">
            {notes.map((note, index) => (
              <li key={index}>
                <button
                  type="button"
                  disabled={note.seq === null}
                  onClick={() => note.seq !== null && actions.selectEvent(note.seq)}
                  className="flex w-full flex-col items-start gap-0.5 rounded px-1 text-left hover:bg-zinc-50 disabled:cursor-default dark:hover:bg-zinc-800/60"
                >
                  <span className="flex items-center gap-2">
                    <span className="rounded bg-sky-50 px-1 font-mono text-[10px] text-sky-800 dark:bg-sky-950 dark:text-sky-200">
                      {note.kind}
                    </span>
                    <span className="font-mono text-zinc-600 dark:text-zinc-400">
                      {note.line !== null ? `line ${note.line}` : ''}
                      {note.seq !== null ? ` · seq ${note.seq}` : ''}
                    </span>
                  </span>
                  <span className="w-full">{revealInvisibleCharacters(note.message)}</span>
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {problems.error && <p className="px-3 py-1 text-xs text-red-700">{problems.error}</p>}
      {ignoredRange !== null && (
        <IgnoredLinesPanel
          key={`${generation}-${ignoredRange.firstLine}`}
          firstLine={ignoredRange.firstLine}
          lastLine={ignoredRange.lastLine}
          onBack={() => setIgnoredRange(null)}
        />
      )}
      <div
        ref={scrollRef}
        className={`min-h-0 flex-1 overflow-auto ${ignoredRange !== null ? 'hidden' : ''}`}
      >
        <div style={{ height: totalSizePx, position: 'relative' }}>
          {items.map((item) => {
            const problem = problems.getItem(item.index);
            const ignored =
              problem?.kind === 'ignored-tail' && problem.line !== null
                ? { firstLine: problem.line, lastLine: problem.lineEnd ?? problem.line }
                : null;
            return (
              <div key={item.key} style={{ ...placeVirtualItem(item), height: PROBLEM_ROW_HEIGHT_PX }}>
                {problem ? (
                  <button
                    type="button"
                    disabled={problem.seq === null && ignored === null}
                    data-testid={ignored ? 'show-ignored-lines' : undefined}
                    title={ignored ? 'Show these lines as raw text' : undefined}
                    onClick={() => {
                      if (ignored) setIgnoredRange(ignored);
                      else if (problem.seq !== null) actions.selectEvent(problem.seq);
                    }}
                    className="flex h-full w-full flex-col items-start justify-center gap-0.5 border-b border-zinc-100 px-3 text-left text-xs hover:bg-zinc-50 disabled:cursor-default dark:border-zinc-800 dark:hover:bg-zinc-800/60"
                  >
                    <span className="flex items-center gap-2">
                      <span className={`rounded px-1 font-mono text-[10px] ${EFFECT_STYLES[problem.effect]}`}>
                        {problem.kind}
                      </span>
                      <span className="font-mono text-zinc-600 dark:text-zinc-400">
                        {problem.line !== null
                          ? `line ${problem.line}${problem.lineEnd ? `–${problem.lineEnd}` : ''}`
                          : ''}
                        {problem.seq !== null ? ` · seq ${problem.seq}` : ''}
                      </span>
                      {ignored && (
                        <span className="rounded border border-zinc-300 px-1 text-[10px] text-sky-700 dark:border-zinc-600 dark:text-sky-300">
                          show lines →
                        </span>
                      )}
                    </span>
                    <span className="w-full truncate" title={revealInvisibleCharacters(problem.message)}>
                      {revealInvisibleCharacters(problem.message)}
                    </span>
                  </button>
                ) : (
                  <div className="m-3 h-3 w-2/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </aside>
  );
}
