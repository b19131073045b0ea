// The costs of a workspace's sessions at the prices in force (workspace-pricing.ts), asked again
// when the rows or the edits change.
import { useViewer } from '../../store/use-viewer.ts';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { priceWorkspaceRows, type WorkspaceCosts } from './workspace-pricing.ts';

/** null until priced (and for no rows). */
export function useWorkspaceCosts(rows: readonly WorkspaceRow[] | undefined): WorkspaceCosts | null {
  const client = useViewer((state) => state.client);
  const edits = usePriceEdits((state) => state.edits);
  const answer = useWorkerQuery(
    () => (rows === undefined || rows.length === 0 ? null : priceWorkspaceRows(client, rows, edits)),
    [client, rows, edits],
  );
  return answer.status === 'ready' ? answer.value : null;
}
