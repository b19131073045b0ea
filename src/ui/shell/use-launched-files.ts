// Files the installed app was asked to open (File Handling API, src/browser/launch-queue.ts): one
// file is opened with its handle, so it can be followed as dsh writes it; several (a session
// directory's generations) open together as files dropped at once would.
import { useEffect } from 'react';
import { consumeLaunchedFiles } from '../../browser/launch-queue.ts';
import type { ViewerStore } from '../../store/viewer-store.ts';

export function useLaunchedFiles(store: ViewerStore): void {
  useEffect(
    () =>
      consumeLaunchedFiles((handles) => {
        const { actions } = store.getState();
        const [only] = handles;
        if (handles.length === 1 && only !== undefined) {
          actions.followHandle(only, 'file');
          return;
        }
        void Promise.all(handles.map((handle) => handle.getFile())).then(
          (files) => actions.openFiles(files),
          (error: unknown) =>
            actions.showNotice(
              `The files could not be read (${error instanceof Error ? error.message : String(error)}).`,
            ),
        );
      }),
    [store],
  );
}
