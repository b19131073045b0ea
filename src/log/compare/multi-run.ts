// Three or more runs of one task as columns (issue 23 "More than two"): every run is aligned against
// the first (the base: a parent, with its forks after it) by alignRuns, and the pairwise alignments
// are merged into rows — one per base turn, with the turns only some other run has placed in the
// gap where they occur, so a column reads top to bottom in its own order.

import type { AlignStatus, RunAlignment } from './align-runs.ts';
import { alignRuns } from './align-runs.ts';
import type { RunOutline } from './run-outline.ts';

interface ColumnCell {
  /** Index into that run's `turns`, or null: the run has no turn in this row. */
  turn: number | null;
  /** Against the base run's turn in this row (the base's own cell is `same`). */
  status: AlignStatus;
}

interface ColumnRow {
  cells: ColumnCell[];
}

export interface RunColumns {
  /** alignRuns(base, run) for every run after the first, in order. */
  alignments: RunAlignment[];
  rows: ColumnRow[];
}

/** Aligns runs[1…] against runs[0] and lays the turns out as rows × columns. */
export function alignColumns(runs: readonly RunOutline[]): RunColumns {
  const base = runs[0];
  if (base === undefined) return { alignments: [], rows: [] };
  const alignments = runs.slice(1).map((run) => alignRuns(base, run));
  // Per other run: its cell in each base turn's row, and the turns it alone has before that row.
  const matched = alignments.map(() => new Map<number, ColumnCell>());
  const gaps = alignments.map(() => new Map<number, ColumnCell[]>());
  alignments.forEach((alignment, run) => {
    let pending: ColumnCell[] = [];
    for (const turn of alignment.turns) {
      if (turn.a === null) {
        pending.push({ turn: turn.b, status: 'only-b' });
        continue;
      }
      (gaps[run] as Map<number, ColumnCell[]>).set(turn.a, pending);
      pending = [];
      (matched[run] as Map<number, ColumnCell>).set(turn.a, { turn: turn.b, status: turn.status });
    }
    (gaps[run] as Map<number, ColumnCell[]>).set(base.turns.length, pending);
  });
  const rows: ColumnRow[] = [];
  for (let baseTurn = 0; baseTurn <= base.turns.length; baseTurn++) {
    const gapCells = gaps.map((gap) => gap.get(baseTurn) ?? []);
    const depth = Math.max(0, ...gapCells.map((cells) => cells.length));
    for (let row = 0; row < depth; row++)
      rows.push({
        cells: [
          { turn: null, status: 'only-b' },
          ...gapCells.map((cells) => cells[row] ?? { turn: null, status: 'only-b' as const }),
        ],
      });
    if (baseTurn === base.turns.length) break;
    rows.push({
      cells: [
        { turn: baseTurn, status: 'same' },
        ...matched.map((cells) => cells.get(baseTurn) ?? { turn: null, status: 'only-a' as const }),
      ],
    });
  }
  return { alignments, rows };
}
