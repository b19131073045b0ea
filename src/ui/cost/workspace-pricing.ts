// A workspace's sessions priced by the worker (where the price table is) from their listings'
// requests, and each subtree rolled up over the rows' lineage (rows come parents first, so one
// backward pass sums the children in).

import type { LogClient, SessionsCostAnswer, WorkspaceRow } from '../../worker/client.ts';
import type { PriceEdit } from '../../log/index.ts';

export interface SessionCost {
  cost: number;
  unpriced: number;
  subtreeCost: number;
  subtreeUnpriced: number;
}

export interface WorkspaceCosts {
  bySession: Map<string, SessionCost>;
  /** "name version" of the table (and edits). */
  source: string;
  /** How many of the person's prices are in force (0: the table's alone). */
  edits: number;
}

/** Asks the worker for each summarized row's cost, then rolls the subtrees up. */
export async function priceWorkspaceRows(
  client: LogClient,
  rows: readonly WorkspaceRow[],
  edits: PriceEdit[],
): Promise<WorkspaceCosts> {
  const sessions = rows.flatMap((row) =>
    row.summary === null ? [] : [{ id: row.id, requests: row.summary.requests }],
  );
  const answer: SessionsCostAnswer = await client.query({ kind: 'cost-sessions', sessions, edits });
  return { bySession: rollUp(rows, answer), source: answer.label.source, edits: answer.label.edits };
}

function rollUp(rows: readonly WorkspaceRow[], answer: SessionsCostAnswer): Map<string, SessionCost> {
  const bySession = new Map<string, SessionCost>();
  for (const row of rows) {
    const own = answer.costs[row.id];
    if (own !== undefined)
      bySession.set(row.id, { ...own, subtreeCost: own.cost, subtreeUnpriced: own.unpriced });
  }
  for (let position = rows.length - 1; position >= 0; position--) {
    const row = rows[position];
    if (row === undefined || row.parentId === null) continue;
    const child = bySession.get(row.id);
    const parent = bySession.get(row.parentId);
    if (child === undefined || parent === undefined) continue;
    parent.subtreeCost += child.subtreeCost;
    parent.subtreeUnpriced += child.subtreeUnpriced;
  }
  return bySession;
}
