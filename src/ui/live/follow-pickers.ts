// The File System Access pickers a follow starts from (Chromium): a log file, or a folder whose
// newest session is followed (folder-watch.ts). Where the browser has no picker, follow is not
// offered: a dropped or chosen File is a snapshot of the moment.

/** The pickers this browser has, typed as far as we use them. */
interface PickerWindow {
  showOpenFilePicker?: (options?: {
    multiple?: boolean;
    types?: { description: string; accept: Record<string, string[]> }[];
    excludeAcceptAllOption?: boolean;
  }) => Promise<FileSystemFileHandle[]>;
  showDirectoryPicker?: (options?: { mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;
}

const pickers = (): PickerWindow => globalThis as unknown as PickerWindow;

/** Whether a file can be followed here (a file picker that hands out handles). */
export function canFollowFiles(): boolean {
  return typeof pickers().showOpenFilePicker === 'function';
}

export function canFollowFolders(): boolean {
  return typeof pickers().showDirectoryPicker === 'function';
}

/** Asks for one log file to follow; null when the reader cancels. */
export async function pickFileToFollow(): Promise<FileSystemFileHandle | null> {
  const show = pickers().showOpenFilePicker;
  if (show === undefined) return null;
  try {
    const [handle] = await show({ multiple: false });
    return handle ?? null;
  } catch {
    return null; // Cancelled (AbortError) or refused.
  }
}

/** Asks for a folder to follow; null when the reader cancels. */
export async function pickFolderToFollow(): Promise<FileSystemDirectoryHandle | null> {
  const show = pickers().showDirectoryPicker;
  if (show === undefined) return null;
  try {
    return await show({ mode: 'read' });
  } catch {
    return null;
  }
}
