// The page before a log is open: a big drop target, "Open file…", "Open the demo", and why the last file failed.
import type { ReactNode } from 'react';
import type { StoredLog } from '../../store/log-persistence.ts';
import type { LogLink } from '../../store/stored-logs.ts';
import type { LoadFailure } from '../../worker/client.ts';
import { formatBytes, formatEpoch } from '../shared/format.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import { useIsOfflineReady } from './AppUpdateBar.tsx';

interface EmptyStateProps {
  failure: LoadFailure | null;
  failedName: string | null;
  /** A permalink named a log that is not stored in this browser. */
  missingLink: LogLink | null;
  /** An old link named a session several stored logs claim: the reader picks one. */
  storedChoice: StoredLog[] | null;
  onOpenStored: (log: StoredLog) => void;
  onOpenFile: () => void;
  /** Picks a sessions folder (a root, a project, one session). */
  onOpenFolder: () => void;
  onOpenDemo: () => void;
  /** More ways to open shown after the demo button (the follow pickers, src/ui/live). */
  moreActions?: ReactNode;
}

/** Full-page start screen. Failures are shown here with what the user can do next. */
export function EmptyState({
  failure,
  failedName,
  missingLink,
  storedChoice,
  onOpenStored,
  onOpenFile,
  onOpenFolder,
  onOpenDemo,
  moreActions,
}: EmptyStateProps) {
  const isOfflineReady = useIsOfflineReady();
  return (
    <div className="flex flex-1 items-center justify-center overflow-auto p-8">
      <div className="w-full max-w-2xl">
        {failure && (
          <div
            role="alert"
            data-testid="load-error"
            data-failure-kind={failure.kind}
            className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            <p className="font-semibold">
              Could not open{' '}
              {failedName ? (
                <span className="font-mono" data-testid="failed-name">
                  <VisibleText text={failedName} maxChars={300} />
                </span>
              ) : (
                'the file'
              )}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words">
              <VisibleText text={failure.message} maxChars={2_000} />
            </p>
          </div>
        )}
        {missingLink && (
          <div
            role="status"
            data-testid="missing-session"
            className="mb-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-200"
          >
            <p className="font-semibold">This link points to a log that is not stored in this browser.</p>
            <p className="mt-1">
              {missingLink.sessionId !== null ? (
                <>
                  Open the log of session <span className="font-mono break-all">{missingLink.sessionId}</span>{' '}
                  (under dsh&apos;s configured log root, in
                  <span className="font-mono">
                    {' '}
                    --&lt;project-key&gt;--/{missingLink.sessionId}/session.jsonl.zstd
                  </span>
                  )
                </>
              ) : (
                'Open its file'
              )}{' '}
              and the viewer jumps to the linked seq
              {missingLink.logKey !== null && ' if the file is the one the link was made for (same bytes)'}.
            </p>
          </div>
        )}
        {storedChoice && (
          <div
            role="status"
            data-testid="stored-choice"
            className="mb-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-200"
          >
            <p className="font-semibold">
              This link names a session that {storedChoice.length} stored logs claim. Which one?
            </p>
            <ul className="mt-2 space-y-1">
              {storedChoice.map((log) => (
                <li key={log.key}>
                  <button
                    type="button"
                    onClick={() => onOpenStored(log)}
                    className="w-full truncate rounded border border-sky-300 bg-white px-2 py-1 text-left text-xs hover:bg-sky-100 dark:border-sky-700 dark:bg-zinc-900 dark:hover:bg-sky-900"
                  >
                    <span className="font-mono">
                      <VisibleText text={log.source.name} maxChars={120} />
                    </span>{' '}
                    ·{' '}
                    {log.source.kind === 'url' ? (
                      <VisibleText text={log.source.url} maxChars={160} />
                    ) : (
                      `a copy, ${formatBytes(log.bytes)}`
                    )}{' '}
                    · stored {formatEpoch(log.savedAt)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <button
          type="button"
          onClick={onOpenFile}
          data-testid="drop-target"
          className="group flex w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-zinc-300 bg-white px-8 py-16 text-center transition hover:border-sky-400 hover:bg-sky-50/50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-sky-600 dark:hover:bg-sky-950/20"
        >
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            className="h-10 w-10 text-zinc-600 dark:text-zinc-400 group-hover:text-sky-500"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path
              d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="text-lg font-medium">
            Drop a dsh session log, a sessions folder or an export ZIP here
          </span>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            <span className="font-mono">.jsonl</span> or <span className="font-mono">.jsonl.zstd</span> — read
            in your browser, never uploaded
          </span>
        </button>
        <div className="mt-4 flex flex-wrap items-center justify-center gap-3 [&>button]:whitespace-nowrap">
          <button
            type="button"
            onClick={onOpenFile}
            className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-sky-800"
          >
            Open file…
          </button>
          <button
            type="button"
            onClick={onOpenFolder}
            data-testid="open-folder"
            className="rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-800 dark:hover:bg-zinc-700"
          >
            Open folder…
          </button>
          <button
            type="button"
            onClick={onOpenDemo}
            className="rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-800 dark:hover:bg-zinc-700"
          >
            Open the demo
          </button>
          {moreActions}
        </div>
        <p className="mt-6 text-center text-xs text-zinc-600 dark:text-zinc-400">
          Logs live under the log root dsh was configured with, in{' '}
          <span className="font-mono">
            &lt;root&gt;/--&lt;project-key&gt;--/&lt;session-id&gt;/session.jsonl.zstd
          </span>
          . Press <span className="font-mono">?</span> for keys.
        </p>
        {isOfflineReady && (
          <p
            data-testid="offline-ready"
            className="mt-2 text-center text-xs text-zinc-600 dark:text-zinc-400"
          >
            Works offline: this viewer is kept in your browser, and logs never leave it.
          </p>
        )}
      </div>
    </div>
  );
}
