// Keeps opened logs in the browser (IndexedDB via idb-keyval) so a permalink reload reopens them.

import { createStore, del, get, keys, set } from 'idb-keyval';

/** A stored log: the file's bytes (a Blob, stored by the browser), or the URL it was streamed from. */
export type StoredLog =
  | { kind: 'file'; name: string; blob: Blob; savedAt: number }
  | { kind: 'url'; name: string; url: string; savedAt: number };

/** Where opened logs are remembered. All methods resolve (never reject): storage is best effort. */
export interface LogPersistence {
  save(sessionId: string, log: StoredLog): Promise<boolean>;
  load(sessionId: string): Promise<StoredLog | null>;
}

/** Logs kept at most; the oldest are forgotten first. */
const STORED_LOGS_MAX = 8;

/** IndexedDB-backed persistence (database `dsh-replay`, store `logs`, key = session id). */
export function createIndexedDbPersistence(): LogPersistence {
  const database = createStore('dsh-replay', 'logs');
  return {
    async save(sessionId, log) {
      try {
        await set(sessionId, log, database);
        const sessionIds = await keys<string>(database);
        if (sessionIds.length > STORED_LOGS_MAX) {
          const entries = await Promise.all(
            sessionIds.map(async (id) => ({
              id,
              savedAt: (await get<StoredLog>(id, database))?.savedAt ?? 0,
            })),
          );
          entries.sort((a, b) => a.savedAt - b.savedAt);
          for (const entry of entries.slice(0, entries.length - STORED_LOGS_MAX))
            await del(entry.id, database);
        }
        return true;
      } catch {
        // Quota exceeded or storage disabled (private mode): the log just won't survive a reload.
        return false;
      }
    },
    async load(sessionId) {
      try {
        return (await get<StoredLog>(sessionId, database)) ?? null;
      } catch {
        // Storage unavailable: treated as "not stored", which asks the user for the file.
        return null;
      }
    },
  };
}
