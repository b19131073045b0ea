// Prices a workspace's sessions on the page (loaded on demand, so the price table is not in the
// first bundle): each session's own requests at the prices in force, and each subtree rolled up
// over the rows' lineage (rows come parents first, so one backward pass sums the children in).

import {
  describePriceTable,
  loadBundledPriceTable,
  priceSummaryRequests,
  withPriceEdits,
  type PriceEdit,
} from '../../log/index.ts';
import type { WorkspaceRow } from '../../worker/client.ts';

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
}

/** The costs of every summarized row, and the subtrees'. */
export function priceWorkspaceRows(
  rows: readonly WorkspaceRow[],
  edits: readonly PriceEdit[],
): WorkspaceCosts {
  const table = withPriceEdits(loadBundledPriceTable(), edits);
  const bySession = new Map<string, SessionCost>();
  for (const row of rows) {
    const own = priceSummaryRequests(row.summary?.requests ?? [], table);
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
  return { bySession, source: describePriceTable(table) };
}
