// "Follow file…" / "Follow folder…": open a log (or a folder's newest session) that dsh is still
// writing, through the File System Access pickers (Chromium). Absent where the browser has none.
import { useViewer, useViewerStoreApi } from '../../store/use-viewer.ts';
import { startFolderFollow } from './folder-follow.ts';
import { canFollowFiles, canFollowFolders, pickFileToFollow, pickFolderToFollow } from './follow-pickers.ts';

const BUTTON =
  'rounded-md border border-emerald-400 bg-white px-4 py-2 text-sm font-medium text-emerald-900 hover:bg-emerald-50 dark:border-emerald-700 dark:bg-zinc-800 dark:text-emerald-100 dark:hover:bg-zinc-700';

export function FollowButtons() {
  const store = useViewerStoreApi();
  const actions = useViewer((state) => state.actions);
  return (
    <>
      {canFollowFiles() && (
        <button
          type="button"
          data-testid="follow-file"
          className={BUTTON}
          title="Open a log dsh is still writing and show each append as it lands"
          onClick={() =>
            void pickFileToFollow().then((handle) => {
              if (handle !== null) actions.followHandle(handle, 'file');
            })
          }
        >
          ● Follow file…
        </button>
      )}
      {canFollowFolders() && (
        <button
          type="button"
          data-testid="follow-folder"
          className={BUTTON}
          title="Follow the newest session of a folder (new sessions, subagents and generations show as they appear)"
          onClick={() =>
            void pickFolderToFollow().then((folder) => {
              if (folder !== null) void startFolderFollow(store, folder);
            })
          }
        >
          ● Follow folder…
        </button>
      )}
    </>
  );
}
