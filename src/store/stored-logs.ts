// The stored logs of the load slice: keeping the open log when the reader makes or follows a
// permalink (or asks), finding the stored log a link names, and the list the Stored logs panel shows.
// A link names a log by its content key; old links (session id only) find the stored logs that
// claim that session and ask when there are several.

import type { LogSummary } from '../worker/client.ts';
import {
  isWorkspaceSource,
  storageKeyOf,
  type LogPersistence,
  type StoredLog,
  type StoredLogReason,
  type StoredLogSource,
} from './log-persistence.ts';

/** What a load reads: how the open log was opened, as the Copy link and Keep actions need it. */
export type OpenedSource =
  | { kind: 'file'; file: File }
  | { kind: 'url'; url: string; name: string }
  | { kind: 'demo'; url: string; name: string };

/** What a permalink names: the log's content key (new links) and the session id it claims. */
export interface LogLink {
  logKey: string | null;
  sessionId: string | null;
}

export interface StoredLogsState {
  /** The stored logs, newest first, as last read (the panel refreshes it); null before the first read. */
  storedLogs: StoredLog[] | null;
  /** An old link (session id only) matched several stored logs: the reader picks one. */
  storedChoice: StoredLog[] | null;
  /** A permalink named a log that is not stored in this browser: ask for its file. */
  missingLink: LogLink | null;
}

export interface StoredLogsActions {
  /** Reads the stored logs again (into `storedLogs`). */
  refreshStoredLogs(): Promise<void>;
  /** Stores the open log (once it is read whole); false when there is none or the browser refused. */
  keepOpenLog(reason: Exclude<StoredLogReason, 'earlier-version'>): Promise<boolean>;
  deleteStoredLog(key: string): Promise<void>;
  deleteAllStoredLogs(): Promise<void>;
  /** Opens the stored log a link names, asks which when an old link names several, or says it is missing. */
  reopenLink(link: LogLink): Promise<void>;
  /** Opens one stored log (from the panel or the choice). */
  openStoredLog(log: StoredLog): void;
}

/** What the stored-log actions need of the load slice around them. */
export interface StoredLogsContext {
  set: (partial: Partial<StoredLogsState> & { notice?: string | null }) => void;
  get: () => StoredLogsState & {
    summary: LogSummary | null;
    loadState: string;
    openedSource: OpenedSource | null;
  };
  persistence: LogPersistence;
  /** Starts loading `source`; `from` is the stored log it was read from, if any. */
  start: (source: OpenedSource, from: StoredLog | null) => void;
}

export function createEmptyStoredLogsState(): StoredLogsState {
  return { storedLogs: null, storedChoice: null, missingLink: null };
}

function storedSourceOf(source: OpenedSource): Extract<StoredLogSource, { kind: 'file' | 'url' }> {
  return source.kind === 'file'
    ? { kind: 'file', name: source.file.name, blob: source.file }
    : { kind: 'url', name: source.name, url: source.url };
}

/** File copies first: their bytes are the log itself, a URL may answer differently now. */
function byCopyFirst(a: StoredLog, b: StoredLog): number {
  return Number(a.source.kind === 'url') - Number(b.source.kind === 'url') || b.savedAt - a.savedAt;
}

/**
 * The stored-log actions and `afterLoad`, which the load slice calls when a log is read whole:
 * `from` is the stored log it was opened from (an earlier version's copy is then re-stored under
 * its content key), `isFollowedLink` whether a permalink for this very log was followed (it is kept).
 */
export function createStoredLogs({ set, get, persistence, start }: StoredLogsContext) {
  const refresh = async () => {
    set({ storedLogs: await persistence.list() });
  };

  const keep = async (reason: StoredLogReason): Promise<boolean> => {
    const { summary, openedSource, loadState } = get();
    if (summary === null || summary.contentKey === null || openedSource === null || loadState !== 'ready')
      return false;
    const source = storedSourceOf(openedSource);
    const isSaved = await persistence.save({
      key: storageKeyOf(summary.contentKey, source),
      contentKey: summary.contentKey,
      sessionId: summary.sessionId,
      source,
      bytes: summary.file.bytes,
      savedAt: Date.now(),
      reason,
    });
    if (!isSaved) set({ notice: 'This browser did not keep the log, so a reload will ask for it again.' });
    await refresh();
    return isSaved;
  };

  const actions: StoredLogsActions = {
    refreshStoredLogs: refresh,
    keepOpenLog: keep,
    async deleteStoredLog(key) {
      await persistence.remove(key);
      await refresh();
    },
    async deleteAllStoredLogs() {
      await persistence.removeAll();
      await refresh();
    },
    async reopenLink(link) {
      const stored = await persistence.list();
      set({ storedLogs: stored });
      // A link to one log never opens a workspace (their keys are of another kind, never a content key).
      const logs = stored.filter((log) => !isWorkspaceSource(log.source));
      const matches = (
        link.logKey !== null
          ? logs.filter((log) => log.contentKey === link.logKey)
          : link.sessionId !== null
            ? logs.filter((log) => log.sessionId === link.sessionId)
            : []
      ).sort(byCopyFirst);
      const [first] = matches;
      if (first === undefined) {
        const { summary } = get();
        // With a log open, the empty page's ask is not on screen: say it where the reader looks.
        set({
          missingLink: link,
          ...(summary === null
            ? {}
            : {
                notice: `The link names ${link.sessionId !== null ? `session ${link.sessionId}` : 'a log'}, which is not stored in this browser; ${summary.sessionId === null ? 'the open log' : `session ${summary.sessionId}`} stays open. Open that log's file and the viewer goes to the linked seq.`,
              }),
        });
      }
      // By content key every match holds the same bytes; by session id one match is the one.
      else if (link.logKey !== null || matches.length === 1) actions.openStoredLog(first);
      else set({ storedChoice: matches });
    },
    openStoredLog(log) {
      set({ storedChoice: null, missingLink: null });
      const { source } = log;
      if (source.kind === 'file') start({ kind: 'file', file: new File([source.blob], source.name) }, log);
      else if (source.kind === 'url') start({ kind: 'url', url: source.url, name: source.name }, log);
      // A stored workspace opens through the workspace slice (openStoredWorkspace).
    },
  };

  const afterLoad = (summary: LogSummary, from: StoredLog | null, isFollowedLink: boolean): void => {
    if (from !== null && from.contentKey !== null && from.contentKey !== summary.contentKey) {
      set({
        notice: `${from.source.kind === 'url' ? `The log at ${from.source.url}` : 'This stored log'} has changed since it was stored: its bytes differ, so links made for it may point elsewhere.`,
      });
      return;
    }
    if (from !== null && from.contentKey === null) {
      // An earlier version's copy, now read: keep it under its content key, no longer under the id it claims.
      void keep('link').then((isSaved) => (isSaved ? persistence.remove(from.key).then(refresh) : undefined));
      return;
    }
    if (isFollowedLink && from === null) void keep('link');
  };

  return { actions, afterLoad };
}
