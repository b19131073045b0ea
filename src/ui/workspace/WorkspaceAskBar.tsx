// The ask a permalink to a workspace session leaves when the browser cannot reopen its workspace by
// itself: "Reopen folder <name>" for a stored folder whose permission must be asked again (a click),
// else which folder or ZIP to open; opening it goes to the linked session and seq (workspace-links.ts).
import { useViewer } from '../../store/use-viewer.ts';
import { VisibleText } from '../shared/VisibleText.tsx';

const BUTTON =
  'rounded border border-sky-400 bg-white px-2 py-0.5 text-xs font-medium hover:bg-sky-100 dark:border-sky-700 dark:bg-zinc-900 dark:hover:bg-sky-900';

export function WorkspaceAskBar({
  onOpenFile,
  onOpenFolder,
}: {
  onOpenFile: () => void;
  onOpenFolder: () => void;
}) {
  const ask = useViewer((state) => state.workspaceAsk);
  const actions = useViewer((state) => state.actions);
  if (ask === null) return null;
  const { link, restore } = ask;
  const storedName = restore.kind === 'ask-folder-permission' ? restore.stored.source.name : '';
  const session = (
    <>
      session{' '}
      <span className="font-mono">
        <VisibleText text={link.sessionId} maxChars={200} />
      </span>
      {link.seq !== null && <> at seq {link.seq}</>}
    </>
  );
  return (
    <div
      role="status"
      data-testid="workspace-ask"
      data-ask={restore.kind}
      className="flex flex-wrap items-center gap-2 border-b border-sky-300 bg-sky-50 px-3 py-1.5 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      {restore.kind === 'ask-folder-permission' ? (
        <>
          <span>
            This link names {session} in the folder{' '}
            <span className="font-mono">
              <VisibleText text={storedName} maxChars={200} />
            </span>
            , which this browser keeps; reading it again needs your permission.
          </span>
          <button type="button" className={BUTTON} onClick={() => void actions.reopenStoredFolder()}>
            Reopen folder <VisibleText text={storedName} maxChars={80} />
          </button>
        </>
      ) : (
        <>
          <span data-testid="workspace-ask-text">
            This link names {session} in the {restore.what === 'zip' ? 'ZIP' : restore.what}{' '}
            {restore.name !== null ? (
              <span className="font-mono">
                <VisibleText text={restore.name} maxChars={200} />
              </span>
            ) : (
              'it was made in'
            )}
            {restore.reason === 'permission-denied'
              ? '; the browser did not allow reading it again.'
              : ', which is not stored in this browser.'}{' '}
            Open it and the viewer goes to that session
            {link.seq !== null && ' and seq'}
            {link.logKey !== null && ' (and says so if its log is not the one the link was made for)'}.
          </span>
          {restore.what !== 'zip' && (
            <button type="button" className={BUTTON} onClick={onOpenFolder}>
              Open folder…
            </button>
          )}
          {restore.what !== 'folder' && (
            <button type="button" className={BUTTON} onClick={onOpenFile}>
              Open ZIP…
            </button>
          )}
        </>
      )}
      <button
        type="button"
        className="ml-auto rounded px-1 hover:bg-sky-100 dark:hover:bg-sky-900"
        onClick={() => actions.dismissWorkspaceAsk()}
        aria-label="Dismiss"
      >
        ✕
      </button>
    </div>
  );
}
