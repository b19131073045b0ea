// What the bar under the header says when a workspace is open but the open log is not one of its
// sessions (a log opened before the folder, or a dropped file): opening a folder leaves that log in
// view, so the viewer says plainly that it is outside the workspace, and offers the way in.
import { useViewer } from '../../store/use-viewer.ts';
import { VisibleText } from '../shared/VisibleText.tsx';

export function OutsideWorkspaceNotice() {
  const workspaceName = useViewer((state) => state.workspace?.name ?? null);
  const rows = useViewer((state) => state.workspace?.snapshot?.rows ?? null);
  const openId = useViewer((state) => state.workspaceSessionId);
  const loadState = useViewer((state) => state.loadState);
  const sessionId = useViewer((state) => state.summary?.sessionId ?? null);
  const hasLog = useViewer((state) => state.summary !== null);
  const sourceName = useViewer((state) => state.sourceName);
  const actions = useViewer((state) => state.actions);
  // While a session of the workspace loads, the log still shown is on its way out.
  if (workspaceName === null || !hasLog || loadState !== 'ready' || openId !== null) return null;
  const sameSession = sessionId === null ? undefined : rows?.find((row) => row.id === sessionId);
  return (
    <div
      role="status"
      data-testid="outside-workspace"
      data-in-list={sameSession !== undefined || undefined}
      className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-3 py-1 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span>
        <span className="font-semibold">Not part of this workspace:</span> the open log
        {sourceName !== null && (
          <>
            {' '}
            <VisibleText text={sourceName} maxChars={120} />
          </>
        )}{' '}
        was opened on its own, outside <VisibleText text={workspaceName} maxChars={120} />.
        {sameSession !== undefined
          ? ' The workspace holds the same session.'
          : ' Pick a session in the list to read the workspace.'}
      </span>
      {sameSession !== undefined && (
        <button
          type="button"
          data-testid="open-in-workspace"
          className="rounded border border-amber-400 px-1.5 hover:bg-amber-100 dark:border-amber-700 dark:hover:bg-amber-900"
          onClick={() => actions.openWorkspaceSession(sameSession.id)}
        >
          Open it in the workspace
        </button>
      )}
    </div>
  );
}
