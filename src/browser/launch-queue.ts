// Chromium's File Handling API: when the installed app is chosen to open `.jsonl` / `.jsonl.zstd`
// files (the manifest's file_handlers, vite.config.ts), the browser hands the page their handles
// through `launchQueue`. Elsewhere there is no queue and nothing happens.

/** The part of `window.launchQueue` we use (not in TypeScript's DOM types yet). */
interface LaunchQueue {
  setConsumer(consumer: (params: { files: readonly FileSystemHandle[] }) => void): void;
}

/**
 * Calls `open` with the file handles of each launch (directories left out); a launch with no files
 * (the app started from its icon) is not passed on.
 */
export function consumeLaunchedFiles(open: (handles: FileSystemFileHandle[]) => void): void {
  const queue = (globalThis as { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer(({ files }) => {
    const handles = files.filter((handle): handle is FileSystemFileHandle => handle.kind === 'file');
    if (handles.length > 0) open(handles);
  });
}
