// The Stored logs panel (from the header bar): what this browser keeps of opened logs, with sizes,
// why each is kept, and Open / Delete / Delete all; and Keep for the open log. A log is kept only
// when a permalink to it is made or followed, or when the reader keeps it here.
import { useEffect } from 'react';
import { isWorkspaceSource, type StoredLog } from '../../store/log-persistence.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { formatStoredLogLink } from '../../url/use-url-sync.ts';
import { formatBytes, formatEpoch } from '../shared/format.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';

const REASON_LABELS: Record<StoredLog['reason'], string> = {
  link: 'a permalink was made or followed',
  kept: 'kept from this panel',
  'earlier-version': 'copied at open by an earlier version',
};

const SOURCE_LABELS: Record<'file' | 'zip' | 'directory', string> = {
  file: 'a copy of the file',
  zip: 'a copy of the export ZIP',
  directory: 'a handle to the folder (no copy: opening it asks your permission again)',
};

const BUTTON =
  'rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:hover:bg-zinc-700';

function StoredLogRow({ log }: { log: StoredLog }) {
  const actions = useViewer((state) => state.actions);
  const { source } = log;
  return (
    <li
      className="flex items-start gap-3 border-t border-zinc-100 py-2 dark:border-zinc-800"
      data-testid="stored-log"
      data-key={log.key}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-mono text-xs font-medium" data-testid="stored-log-name">
          <VisibleText text={source.name} maxChars={200} />
        </p>
        <p className="break-words text-[11px] text-zinc-600 dark:text-zinc-400">
          {source.kind === 'url' ? (
            <>
              a link to <VisibleText text={source.url} maxChars={200} />
            </>
          ) : (
            SOURCE_LABELS[source.kind]
          )}{' '}
          · <span data-testid="stored-log-size">{formatBytes(log.bytes)}</span> · stored{' '}
          {formatEpoch(log.savedAt)} because {REASON_LABELS[log.reason]}
        </p>
        {isWorkspaceSource(source) ? (
          <p className="truncate text-[11px] text-zinc-600 dark:text-zinc-400">
            a workspace · its sessions&apos; permalinks name it as {log.key.slice(0, 20)}…
          </p>
        ) : (
          <p className="truncate text-[11px] text-zinc-600 dark:text-zinc-400">
            session {log.sessionId === null ? '—' : <VisibleText text={log.sessionId} maxChars={120} />}
            {log.contentKey !== null && <> · content {log.contentKey.slice(0, 16)}…</>}
          </p>
        )}
      </div>
      {isWorkspaceSource(source) ? (
        <button type="button" className={BUTTON} onClick={() => void actions.openStoredWorkspace(log)}>
          Open
        </button>
      ) : source.kind === 'file' ? (
        <button type="button" className={BUTTON} onClick={() => actions.openStoredLog(log)}>
          Open
        </button>
      ) : (
        // A streamed log opens as its own link: the page then allows the log's origin (and only it).
        <a className={BUTTON} href={formatStoredLogLink(source.url, log.contentKey)}>
          Open
        </a>
      )}
      <button
        type="button"
        className={BUTTON}
        onClick={() => void actions.deleteStoredLog(log.key)}
        aria-label={`Delete ${source.name}`}
      >
        Delete
      </button>
    </li>
  );
}

/**
 * Modal list of the stored logs (the shared ModalDialog frame: Esc, the button or a click outside
 * closes it; it takes the focus and gives it back).
 */
export function StoredLogsPanel({ onClose }: { onClose: () => void }) {
  const storedLogs = useViewer((state) => state.storedLogs);
  const summary = useViewer((state) => state.summary);
  const loadState = useViewer((state) => state.loadState);
  const sessionOpenId = useViewer((state) => state.workspaceSessionId);
  const actions = useViewer((state) => state.actions);
  useEffect(() => {
    void actions.refreshStoredLogs();
  }, [actions]);
  const logs = storedLogs ?? [];
  const totalBytes = logs.reduce((sum, log) => sum + log.bytes, 0);
  const workspace = useViewer((state) => state.workspace);
  const workspaceKey = workspace?.linkKey ?? null;
  /** A ZIP or a picked folder can be kept; its sessions are kept with it, not one by one. */
  const isKeepableWorkspace = workspace !== null && workspace.source.kind !== 'files';
  const isOpenWorkspaceStored = workspaceKey !== null && logs.some((log) => log.key === workspaceKey);
  const isOpenLogStored =
    summary?.contentKey != null && logs.some((log) => log.contentKey === summary.contentKey);
  const isWorkspaceSessionOpen =
    workspace !== null && summary !== null && summary.sessionId === sessionOpenId;
  return (
    <ModalDialog
      label="Stored logs"
      testId="stored-logs"
      onClose={onClose}
      className="flex max-h-[80vh] w-[40rem] flex-col"
      title={
        <>
          Stored logs{' '}
          <span className="font-normal text-zinc-600 dark:text-zinc-400" data-testid="stored-logs-total">
            {logs.length} · {formatBytes(totalBytes)}
          </span>
        </>
      }
    >
      <p className="text-xs text-zinc-600 dark:text-zinc-300">
        This browser keeps a log (in IndexedDB, on this machine only) when you copy or follow a permalink to
        it, or keep it here, so that the link reopens it after a reload; an export ZIP or a picked folder when
        you copy a link to one of its sessions or keep it here (a ZIP as a copy, a folder as the
        browser&apos;s handle to it, not a copy). Nothing is uploaded. What you delete here is asked for again
        when a link names it.
      </p>
      {isKeepableWorkspace && !isOpenWorkspaceStored && (
        <div
          className="mt-2 flex items-center gap-2 rounded bg-sky-50 px-2 py-1 text-xs dark:bg-sky-950/40"
          data-testid="keep-workspace"
        >
          <span className="min-w-0 flex-1 truncate">
            The open {workspace.source.kind === 'zip' ? 'ZIP' : 'folder'} (
            <VisibleText text={workspace.name} maxChars={120} />
            {workspace.source.kind === 'zip' && <>, {formatBytes(workspace.source.file.size)}</>}) is not
            stored.
          </span>
          <button type="button" className={BUTTON} onClick={() => void actions.keepOpenWorkspace('kept')}>
            Keep it
          </button>
        </div>
      )}
      {summary !== null && loadState === 'ready' && !isOpenLogStored && !isWorkspaceSessionOpen && (
        <div className="mt-2 flex items-center gap-2 rounded bg-sky-50 px-2 py-1 text-xs dark:bg-sky-950/40">
          <span className="min-w-0 flex-1 truncate">
            The open log (<VisibleText text={summary.name} maxChars={120} />,{' '}
            {formatBytes(summary.file.bytes)}) is not stored.
          </span>
          <button type="button" className={BUTTON} onClick={() => void actions.keepOpenLog('kept')}>
            Keep it
          </button>
        </div>
      )}
      <ul className="mt-2 min-h-0 flex-1 overflow-auto" aria-label="Stored logs list">
        {storedLogs === null ? (
          <li className="py-2 text-xs text-zinc-600 dark:text-zinc-400">Reading…</li>
        ) : logs.length === 0 ? (
          <li className="py-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="stored-logs-empty">
            Nothing is stored.
          </li>
        ) : (
          logs.map((log) => <StoredLogRow key={log.key} log={log} />)
        )}
      </ul>
      {logs.length > 0 && (
        <div className="mt-2 flex justify-end">
          <button type="button" className={BUTTON} onClick={() => void actions.deleteAllStoredLogs()}>
            Delete all
          </button>
        </div>
      )}
    </ModalDialog>
  );
}
