// The costs of a workspace's sessions at the prices in force (workspace-pricing.ts), asked again
// when the rows or the edits change.
import { useViewer } from '../../store/use-viewer.ts';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { priceWorkspaceRows, type WorkspaceCosts } from './workspace-pricing.ts';

/**
 * null until priced (and for no rows). Not while the scan runs (`isScanning`): each update of a
 * large list would send every summarized row's requests to the worker again (50,000 sessions: a
 * clone of all of them per update); the rows are priced once the list is complete or cancelled.
 */
export function useWorkspaceCosts(
  rows: readonly WorkspaceRow[] | undefined,
  isScanning = false,
): WorkspaceCosts | null {
  const client = useViewer((state) => state.client);
  const edits = usePriceEdits((state) => state.edits);
  const answer = useWorkerQuery(
    () =>
      rows === undefined || rows.length === 0 || isScanning ? null : priceWorkspaceRows(client, rows, edits),
    [client, rows, edits, isScanning],
  );
  return answer.status === 'ready' ? answer.value : null;
}
