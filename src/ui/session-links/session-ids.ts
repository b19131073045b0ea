// How a session id is shown, for every place that names a session (the session list, the session
// bar, the links between sessions, the parent link, search results, compare): as much of it as
// tells it from every other id of the workspace (the worker's uniqueIdPrefixes, row.shownId), through
// the one cleaner. Ids are keys: never shortened in data.

import { uniqueIdPrefixes } from '../../log/index.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';

/** The shown form of each id the rows name (their own and their parents'), made once per rows array. */
const shownByRows = new WeakMap<readonly WorkspaceRow[], ReadonlyMap<string, string>>();

function shownIdsOf(rows: readonly WorkspaceRow[]): ReadonlyMap<string, string> {
  let shown = shownByRows.get(rows);
  if (shown === undefined) {
    const map = new Map<string, string>();
    for (const row of rows) {
      map.set(row.id, row.shownId);
      if (row.head.parentSession !== null && row.shownParentId !== null && !map.has(row.head.parentSession))
        map.set(row.head.parentSession, row.shownParentId);
    }
    shown = map;
    shownByRows.set(rows, shown);
  }
  return shown;
}

/**
 * A short id for labels, made visible (an id is untrusted text: a U+202E in it would flip the rest
 * of its row). With the workspace's `rows`, an id of the workspace shows as its row does (longer
 * where two ids share their first 8 characters); otherwise its first 8 characters after `session-`.
 */
export function shortId(id: string, rows?: readonly WorkspaceRow[] | null): string {
  const shown = rows?.length ? shownIdsOf(rows).get(id) : undefined;
  return revealInvisibleCharacters(
    shown ?? uniqueIdPrefixes([id], { minChars: 8, dropPrefix: 'session-' }).get(id) ?? id,
  );
}
