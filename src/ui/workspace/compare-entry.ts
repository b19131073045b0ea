// Starting a compare from the workspace (issue 23 entry points): the open session against another
// session of the workspace, named as the session list names them.

import type { ComparePosition } from '../../store/compare-slice.ts';
import type { ViewerState } from '../../store/viewer-store.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { shortId, titleOf } from './session-list-model.ts';

function nameOf(row: WorkspaceRow | undefined, id: string, rows: readonly WorkspaceRow[]): string {
  return row === undefined ? shortId(id, rows) : `${titleOf(row)} (${shortId(row.id, rows)})`;
}

/**
 * Compares the open workspace session with session `otherId` (nothing when none is open), at
 * `position` (a permalink's) or else at the first divergence; unlocked at `freeSeqs` when given.
 */
export function compareWithSession(
  state: ViewerState,
  otherId: string,
  position?: ComparePosition,
  freeSeqs?: [number, number],
): void {
  const openId = state.workspaceSessionId;
  const rows = state.workspace?.snapshot?.rows ?? [];
  if (openId === null || openId === otherId) return;
  const find = (id: string) => rows.find((row) => row.id === id);
  state.actions.startCompare(
    [{ kind: 'workspace-session', sessionId: otherId }],
    [nameOf(find(openId), openId, rows), nameOf(find(otherId), otherId, rows)],
    position,
    freeSeqs,
  );
}
