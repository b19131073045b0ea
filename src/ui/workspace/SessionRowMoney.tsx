// A session row's last line: its cost (and its subtree's, Σ) at the prices in force, then the
// subtree's tokens and busy time, and how many runs below it are not ok (the roll-up's count). Its own line, so the subtree's cost is never cut off by the counts.
import { SessionCostText } from '../cost/SessionCostText.tsx';
import type { SessionCost } from '../cost/workspace-pricing.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { formatCount, formatDuration } from '../shared/format.ts';
import { notOkRunsBelow, notOkRunsBelowText, type LiveRun } from './session-list-model.ts';

/** The row's priced cost (undefined until priced), the table's name and how many edits are in force. */
export interface RowCost {
  value: SessionCost | undefined;
  source: string;
  edits: number;
}

export function SessionRowMoney({
  row,
  cost,
  live = null,
}: {
  row: WorkspaceRow;
  cost: RowCost | null;
  live?: LiveRun | null;
}) {
  const hasSubtree = row.totals.sessions > 1;
  const subtreeTokens = row.totals.tokens.inputTokens + row.totals.tokens.outputTokens;
  const notOkBelow = notOkRunsBelow(row, live);
  return (
    <div className="truncate tabular-nums text-zinc-600 dark:text-zinc-400">
      {cost && (
        <SessionCostText cost={cost.value} source={cost.source} edits={cost.edits} hasSubtree={hasSubtree} />
      )}
      {hasSubtree && (
        <span data-testid="subtree-totals" title="over this session and its descendants">
          {cost?.value !== undefined ? ' · ' : ''}Σ{row.totals.sessions}: {formatCount(subtreeTokens)} tok,{' '}
          {formatDuration(row.totals.busyMs)}
        </span>
      )}
      {notOkBelow > 0 && (
        <span
          data-testid="subtree-not-ok"
          data-count={notOkBelow}
          title="sessions below this one whose run failed, crashed or hangs: what the not ok only filter shows"
          className="text-red-700 dark:text-red-300"
        >
          {' · '}
          {notOkRunsBelowText(notOkBelow)}
        </span>
      )}
    </div>
  );
}
