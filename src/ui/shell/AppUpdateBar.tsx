// "A new version of the viewer is ready": offered, never forced (src/browser/app-update.ts), since
// reloading drops the open log. Shown only while a newer build waits.
import { useSyncExternalStore } from 'react';
import { applyAppUpdate, readAppUpdate, subscribeAppUpdate } from '../../browser/app-update.ts';

export function AppUpdateBar() {
  const { isUpdateWaiting } = useSyncExternalStore(subscribeAppUpdate, readAppUpdate);
  if (!isUpdateWaiting) return null;
  return (
    <div
      role="status"
      data-testid="app-update"
      className="flex items-center gap-2 border-b border-sky-200 bg-sky-50 px-3 py-1 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      A new version of the viewer is ready. Reloading closes the open log; links and kept logs reopen.
      <button
        type="button"
        onClick={applyAppUpdate}
        className="rounded border border-sky-400 px-2 font-medium hover:bg-sky-100 dark:hover:bg-sky-900"
      >
        Reload
      </button>
    </div>
  );
}

/** "Works offline" once this build is cached (for the start page). */
export function useIsOfflineReady(): boolean {
  return useSyncExternalStore(subscribeAppUpdate, readAppUpdate).isOfflineReady;
}
