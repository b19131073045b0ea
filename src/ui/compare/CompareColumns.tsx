// Three or more runs as columns (issue 23 "More than two"): one row per aligned turn, one column per
// run, each cell's status against the base (the first run). Choosing a column puts it beside the base.

import type { CompareOpened } from '../../worker/client.ts';
import { STATUS_LABEL, STATUS_TONE } from './compare-model.ts';

export function CompareColumns({
  opened,
  other,
  onOther,
}: {
  opened: CompareOpened;
  other: number;
  onOther: (run: number) => void;
}) {
  if (opened.runs.length < 3) return null;
  return (
    <section
      aria-label="All runs as columns"
      className="max-h-48 overflow-auto border-b border-zinc-200 p-2 text-xs dark:border-zinc-800"
      data-testid="compare-columns"
    >
      <table className="border-collapse">
        <thead>
          <tr>
            {opened.runs.map((run, index) => (
              <th key={index} className="px-1 text-left font-normal">
                {index === 0 ? (
                  <span className="font-semibold">base: {run.name}</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => onOther(index)}
                    aria-pressed={index === other}
                    className={`rounded border px-1 ${index === other ? 'border-violet-500 font-semibold' : 'border-zinc-300 dark:border-zinc-700'}`}
                  >
                    {run.name}
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {opened.columns.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.cells.map((cell, index) => {
                const turn = cell.turn === null ? null : opened.outlines[index]?.turns[cell.turn];
                return (
                  <td key={index} className="px-1 py-0.5">
                    {turn ? (
                      <span className={`rounded border px-1 ${STATUS_TONE[cell.status]}`}>
                        T{turn.turn} ·{' '}
                        {index === 0 ? `${turn.steps.length} steps` : STATUS_LABEL[cell.status]}
                      </span>
                    ) : (
                      <span className="text-zinc-400">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
