// From what the browser hands over (a drop, a file or folder input, a directory handle) to workspace
// files with paths relative to what was opened. Dropped folders are walked through
// webkitGetAsEntry, which every browser supports; entries must be taken during the drop event.
import { collectDirectoryFiles } from '../../store/directory-files.ts';
import type { WorkspaceFile } from '../../worker/client.ts';

export interface CollectedFiles {
  files: WorkspaceFile[];
  /** A folder was among them (then it is a workspace even when it holds one log). */
  hasDirectory: boolean;
  /**
   * The folder's handle when one folder alone was dropped and the browser gives handles for drops
   * (Chromium's getAsFileSystemHandle): a link into it can then keep it (workspace-links.ts).
   */
  handle?: FileSystemDirectoryHandle;
}

type ItemWithHandle = DataTransferItem & {
  getAsFileSystemHandle?: () => Promise<{ kind: string } | null>;
};

function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    // readEntries returns at most ~100 entries a call: read until it returns none.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walkEntry(entry: FileSystemEntry, prefix: string, into: WorkspaceFile[]): Promise<void> {
  const path = `${prefix}${entry.name}`;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    into.push({ file, path });
    return;
  }
  if (entry.isDirectory) {
    for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) {
      await walkEntry(child, `${path}/`, into);
    }
  }
}

/** A File's path: webkitRelativePath when the browser (or a folder input) set one, else its name. */
function pathOf(file: File): string {
  return file.webkitRelativePath !== '' ? file.webkitRelativePath : file.name;
}

/**
 * The files of a drop. Call it inside the drop handler (it takes the entries synchronously); items
 * without an entry (synthetic drops, old browsers) are taken as files with their relative path.
 */
export function collectDrop(dataTransfer: DataTransfer): Promise<CollectedFiles> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  const items = Array.from(dataTransfer.items).filter((item) => item.kind === 'file');
  // Asked during the drop event, like the entries: afterwards the items are empty.
  const [only] = items;
  const handleAsked =
    items.length === 1 &&
    only !== undefined &&
    typeof (only as ItemWithHandle).getAsFileSystemHandle === 'function'
      ? (only as ItemWithHandle).getAsFileSystemHandle!().catch(() => null)
      : Promise.resolve(null);
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry !== null) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file !== null) loose.push(file);
    }
  }
  if (entries.length === 0 && loose.length === 0) loose.push(...Array.from(dataTransfer.files));
  return (async () => {
    const files: WorkspaceFile[] = loose.map((file) => ({ file, path: pathOf(file) }));
    for (const entry of entries) await walkEntry(entry, '', files);
    const hasDirectory =
      entries.some((entry) => entry.isDirectory) || files.some(({ path }) => path.includes('/'));
    const handle = await handleAsked;
    return handle?.kind === 'directory'
      ? { files, hasDirectory, handle: handle as unknown as FileSystemDirectoryHandle }
      : { files, hasDirectory };
  })();
}

/** The files of a file or folder input (a folder input sets webkitRelativePath on each). */
export function collectInput(list: FileList | null): CollectedFiles {
  const files = Array.from(list ?? []).map((file) => ({ file, path: pathOf(file) }));
  return { files, hasDirectory: files.some(({ path }) => path.includes('/')) };
}

/**
 * Where the browser has `showDirectoryPicker` (Chromium): asks for a folder and walks it; null when
 * cancelled. The handle comes along: a link to one of its sessions can keep it (workspace-links.ts).
 */
export async function pickDirectory(): Promise<
  (CollectedFiles & { handle: FileSystemDirectoryHandle }) | null
> {
  const picker = (window as unknown as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> })
    .showDirectoryPicker;
  if (picker === undefined) return null;
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await picker.call(window);
  } catch {
    return null; // The person closed the picker.
  }
  return { files: await collectDirectoryFiles(handle), hasDirectory: true, handle };
}

/** Whether the browser can pick a folder with showDirectoryPicker. */
export function hasDirectoryPicker(): boolean {
  return typeof (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';
}
