// What the browser keeps of opened logs (IndexedDB via idb-keyval), so a permalink reopens its log
// after a reload. A log is kept only when the reader makes or follows a permalink, or asks for it
// (the Stored logs panel); each is keyed by the hash of its bytes and where it came from, never by
// anything the file says about itself (a log can claim any session id). A workspace (an export ZIP,
// a picked folder) is kept the same way, when a link to one of its sessions is made or the reader
// asks: a ZIP as a copy of its bytes under their hash, a folder as the browser's handle to it (no
// copy: reading it again needs the reader's permission again) under a random id.

import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';

/** Where a stored log's bytes are: a copy of the file (a Blob, kept by the browser), or its URL. */
export type StoredLogSource =
  | { kind: 'file'; name: string; blob: Blob }
  | { kind: 'url'; name: string; url: string }
  /** An export ZIP opened as a workspace: a copy of its bytes. */
  | { kind: 'zip'; name: string; blob: Blob }
  /** A folder opened through the directory picker: the browser's handle to it, not a copy. */
  | { kind: 'directory'; name: string; handle: FileSystemDirectoryHandle };

/** A stored workspace's source (a ZIP or a folder), as opposed to one log's. */
export type StoredWorkspaceSource = Extract<StoredLogSource, { kind: 'zip' | 'directory' }>;

export function isWorkspaceSource(source: StoredLogSource): source is StoredWorkspaceSource {
  return source.kind === 'zip' || source.kind === 'directory';
}

/** Why a log is kept. `earlier-version`: copied at open by a version that kept every log (to delete). */
export type StoredLogReason = 'link' | 'kept' | 'earlier-version';

/** One stored log. */
export interface StoredLog {
  /**
   * The storage key: storageKeyOf(contentKey, source), `legacy:<session id>` for an earlier
   * version's copy, or a workspace's key (`zip:<SHA-256 of the ZIP>`, `dir:<random id>`), which its
   * sessions' permalinks carry as `ws=`.
   */
  key: string;
  /** The hash of the log's bytes (src/worker/content-key.ts); null for an earlier version's copy (not yet opened) and a workspace. */
  contentKey: string | null;
  /** The header `id` the log claims: shown, and used only for links that name nothing else. */
  sessionId: string | null;
  source: StoredLogSource;
  /** Size of the stored copy (a URL log stores no bytes: the size it had when read). */
  bytes: number;
  /** When it was stored (ms since the epoch). */
  savedAt: number;
  reason: StoredLogReason;
}

/** Where logs are stored. All methods resolve (never reject): storage is best effort. */
export interface LogPersistence {
  /** Stores `log` under `log.key` (replacing what was there); false when the browser refused. */
  save(log: StoredLog): Promise<boolean>;
  /** Every stored log, newest first; [] when storage is unavailable. */
  list(): Promise<StoredLog[]>;
  /** Deletes the log stored under `key`; false when the browser refused. */
  remove(key: string): Promise<boolean>;
  /** Deletes every stored log; false when the browser refused. */
  removeAll(): Promise<boolean>;
}

/**
 * The storage key of a log: its content key and its source. A file's copy is found by content
 * alone (the bytes are the copy); a URL is kept per URL (the same bytes may be served from several).
 */
export function storageKeyOf(
  contentKey: string,
  source: Extract<StoredLogSource, { kind: 'file' | 'url' }>,
): string {
  return source.kind === 'file' ? `file:${contentKey}` : `url:${contentKey}:${source.url}`;
}

/** The database of this version, and the one earlier versions copied every opened log into. */
const DATABASE = 'dsh-replay-stored-logs';
const EARLIER_DATABASE = 'dsh-replay';
const STORE = 'logs';

/** What an earlier version stored under a session id. */
type EarlierStoredLog =
  | { kind: 'file'; name: string; blob: Blob; savedAt: number }
  | { kind: 'url'; name: string; url: string; savedAt: number };

function isEarlierStoredLog(value: unknown): value is EarlierStoredLog {
  if (typeof value !== 'object' || value === null) return false;
  const log = value as Record<string, unknown>;
  return (
    typeof log.name === 'string' &&
    ((log.kind === 'file' && log.blob instanceof Blob) || (log.kind === 'url' && typeof log.url === 'string'))
  );
}

/**
 * Moves an earlier version's copies (database `dsh-replay`, keyed by the session id the log
 * claimed) into `database` as `earlier-version` logs the reader can see and delete, then deletes
 * the old database. Runs once: afterwards the old database does not exist.
 */
async function moveEarlierCopies(database: UseStore): Promise<void> {
  const known = await indexedDB.databases?.().catch(() => null);
  if (known && !known.some((info) => info.name === EARLIER_DATABASE)) return;
  const earlier = await entries<string, unknown>(createStore(EARLIER_DATABASE, STORE));
  for (const [sessionId, value] of earlier) {
    if (!isEarlierStoredLog(value)) continue;
    const source: StoredLogSource =
      value.kind === 'file'
        ? { kind: 'file', name: value.name, blob: value.blob }
        : { kind: 'url', name: value.name, url: value.url };
    await set(
      `legacy:${sessionId}`,
      {
        key: `legacy:${sessionId}`,
        contentKey: null,
        sessionId,
        source,
        bytes: value.kind === 'file' ? value.blob.size : 0,
        savedAt: value.savedAt,
        reason: 'earlier-version',
      } satisfies StoredLog,
      database,
    );
  }
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(EARLIER_DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** IndexedDB-backed persistence (database `dsh-replay-stored-logs`, store `logs`). */
export function createIndexedDbPersistence(): LogPersistence {
  const database = createStore(DATABASE, STORE);
  let moved: Promise<void> | null = null;
  const ready = () =>
    (moved ??= moveEarlierCopies(database).catch(() => {
      // The old copies stay where they were (storage unavailable): nothing to show, nothing lost.
    }));
  return {
    async save(log) {
      try {
        await ready();
        await set(log.key, log, database);
        return true;
      } catch {
        // Quota exceeded or storage disabled (private mode): the log just won't survive a reload.
        return false;
      }
    },
    async list() {
      try {
        await ready();
        const stored = await entries<string, StoredLog>(database);
        return stored.map(([, log]) => log).sort((a, b) => b.savedAt - a.savedAt);
      } catch {
        // Storage unavailable: treated as "nothing stored", which asks the user for the file.
        return [];
      }
    },
    async remove(key) {
      try {
        await del(key, database);
        return true;
      } catch {
        // Storage unavailable: there was nothing the viewer could read there either.
        return false;
      }
    },
    async removeAll() {
      try {
        await ready();
        await clear(database);
        return true;
      } catch {
        // As remove().
        return false;
      }
    },
  };
}
