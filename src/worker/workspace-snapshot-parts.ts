// The session list crosses from the worker in parts (issue 27: 50,000 sessions summarized in the
// browser). A whole snapshot of every row was one structured clone per update — a long task on the
// page and O(rows) for every summary batch. Now the worker posts only the rows that changed since
// its last post, at most PART_ROWS to a message, and the page rebuilds the snapshot from them.
// Both sides are here: the poster (worker) and the assembly (page, and the tests).

import type { WorkspaceRow, WorkspaceSnapshot, WorkspaceSnapshotPart } from './workspace-protocol.ts';

/** Rows in one message at most: its clone on the page stays far below a long task. */
const PART_ROWS = 2_000;

function sameTotals(a: WorkspaceRow['totals'], b: WorkspaceRow['totals']): boolean {
  return (
    a.sessions === b.sessions &&
    a.summarized === b.summarized &&
    a.busyMs === b.busyMs &&
    a.startTime === b.startTime &&
    a.endTime === b.endTime &&
    a.notOkSessions === b.notOkSessions &&
    a.tokens.inputTokens === b.tokens.inputTokens &&
    a.tokens.outputTokens === b.tokens.outputTokens &&
    a.tokens.cacheReadTokens === b.tokens.cacheReadTokens &&
    a.tokens.cacheWriteTokens === b.tokens.cacheWriteTokens
  );
}

/** Whether the page must be sent `row` again (rows keep their index: the tree is built once). */
function isChanged(row: WorkspaceRow, posted: WorkspaceRow | undefined): boolean {
  return (
    posted === undefined ||
    posted.id !== row.id ||
    posted.summary !== row.summary ||
    posted.failureReason !== row.failureReason ||
    !sameTotals(posted.totals, row.totals)
  );
}

/**
 * Posts snapshots of one scan as parts: each call sends the rows that changed since the previous
 * one (summaries must keep their identity between calls for that), in messages of at most
 * PART_ROWS rows; the last message of a call carries the rest of the snapshot (problems, links,
 * isComplete), the others `meta: null`.
 */
export function createSnapshotPoster(post: (part: WorkspaceSnapshotPart) => void) {
  let posted: WorkspaceRow[] = [];
  return (snapshot: WorkspaceSnapshot): void => {
    const { rows, ...meta } = snapshot;
    const updates: { index: number; row: WorkspaceRow }[] = [];
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as WorkspaceRow;
      if (isChanged(row, posted[index])) updates.push({ index, row });
    }
    posted = rows;
    for (let start = 0; start < updates.length || start === 0; start += PART_ROWS) {
      const isLast = start + PART_ROWS >= updates.length;
      post({
        rowCount: rows.length,
        updates: updates.slice(start, start + PART_ROWS),
        meta: isLast ? meta : null,
      });
    }
  };
}

/**
 * The snapshot after `part`: `previous`'s rows with the part's updates in place (a new array, so
 * the page sees a change), and the part's meta, else `previous`'s. `previous` is not changed.
 */
export function applySnapshotPart(
  previous: WorkspaceSnapshot | null,
  part: WorkspaceSnapshotPart,
): WorkspaceSnapshot {
  const rows = previous === null ? [] : previous.rows.slice(0, part.rowCount);
  for (const { index, row } of part.updates) rows[index] = row;
  const meta = part.meta ?? {
    problems: previous?.problems ?? [],
    links: previous?.links ?? [],
    parents: previous?.parents ?? [],
    ignoredFiles: previous?.ignoredFiles ?? 0,
    isComplete: false,
  };
  return { ...meta, rows };
}
