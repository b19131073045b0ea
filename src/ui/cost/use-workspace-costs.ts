// The costs of a workspace's sessions at the prices in force, priced on the page by
// workspace-pricing.ts (imported on first use: the price table is its own chunk).
import { useEffect, useState } from 'react';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import type { WorkspaceCosts } from './workspace-pricing.ts';

/** null until priced (and for no rows). */
export function useWorkspaceCosts(rows: readonly WorkspaceRow[] | undefined): WorkspaceCosts | null {
  const edits = usePriceEdits((state) => state.edits);
  const [costs, setCosts] = useState<{ rows: readonly WorkspaceRow[]; costs: WorkspaceCosts } | null>(null);
  useEffect(() => {
    if (rows === undefined || rows.length === 0) return;
    let isCurrent = true;
    void import('./workspace-pricing.ts').then((pricing) => {
      if (isCurrent) setCosts({ rows, costs: pricing.priceWorkspaceRows(rows, edits) });
    });
    return () => {
      isCurrent = false;
    };
  }, [rows, edits]);
  return costs !== null && costs.rows === rows ? costs.costs : null;
}
