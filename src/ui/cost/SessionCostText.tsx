// A session row's money in the session list: its own cost and, for a session with children, its
// subtree's, at the prices in force (the table's name and edits in the title).
import type { SessionCost } from './workspace-pricing.ts';
import { formatTotal } from './format-money.ts';

export function SessionCostText({
  cost,
  source,
  edits,
  hasSubtree,
}: {
  cost: SessionCost | undefined;
  source: string;
  edits: number;
  hasSubtree: boolean;
}) {
  if (cost === undefined) return null;
  return (
    <span
      data-testid="session-cost"
      data-cost={cost.cost}
      data-subtree-cost={cost.subtreeCost}
      data-edits={edits}
      title={`prices: ${source}`}
    >
      {formatTotal(cost.cost, cost.unpriced)}
      {hasSubtree && <> (Σ {formatTotal(cost.subtreeCost, cost.subtreeUnpriced)})</>}
      {edits > 0 && (
        <span data-testid="session-cost-edited" className="text-violet-800 dark:text-violet-300">
          {' '}
          edited
        </span>
      )}
    </span>
  );
}
