// The search results across a workspace as one flat list for the virtualized view: per session a
// heading row (its title, how many events match) then its hit rows, or one failure row. Pure.
import type { WorkspaceRow, WorkspaceSearchSession } from '../../worker/client.ts';
import type { SessionSearchHit } from '../../log/index.ts';

export type SearchResultRow =
  | { kind: 'session'; sessionId: string; row: WorkspaceRow | undefined; total: number; shown: number }
  | { kind: 'hit'; sessionId: string; hit: SessionSearchHit }
  | { kind: 'failure'; sessionId: string; reason: string };

/**
 * Rows of the results, sessions in the session list's order (tree order: a parent before its
 * children) — not the order the worker answered in. Sessions the list does not know come last.
 */
export function flattenSearchResults(
  sessions: readonly WorkspaceSearchSession[],
  listRows: readonly WorkspaceRow[],
): SearchResultRow[] {
  const position = new Map(listRows.map((row, index) => [row.id, index]));
  const ordered = [...sessions].sort(
    (a, b) =>
      (position.get(a.sessionId) ?? Number.MAX_SAFE_INTEGER) -
      (position.get(b.sessionId) ?? Number.MAX_SAFE_INTEGER),
  );
  const rows: SearchResultRow[] = [];
  for (const found of ordered) {
    const row = listRows[position.get(found.sessionId) ?? -1];
    rows.push({
      kind: 'session',
      sessionId: found.sessionId,
      row,
      total: found.total,
      shown: found.hits.length,
    });
    if (found.failure !== null)
      rows.push({ kind: 'failure', sessionId: found.sessionId, reason: found.failure });
    for (const hit of found.hits) rows.push({ kind: 'hit', sessionId: found.sessionId, hit });
  }
  return rows;
}

/** "3 sessions, 41 events" for the results heading. */
export function describeSearchTotals(sessions: readonly WorkspaceSearchSession[]): string {
  const matching = sessions.filter((found) => found.total > 0);
  const events = matching.reduce((sum, found) => sum + found.total, 0);
  const plural = (count: number, word: string) =>
    `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
  return `${plural(events, 'event')} in ${plural(matching.length, 'session')}`;
}
