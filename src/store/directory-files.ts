// A folder the browser gave a handle to (showDirectoryPicker, or one stored in IndexedDB) as workspace
// files, and asking for permission to read it again. The File System Access calls used here are not
// in TypeScript's DOM types, so they are typed narrowly as what this file calls.
import type { WorkspaceFile } from '../worker/client.ts';

type FileHandleLike = { kind: 'file'; name: string; getFile(): Promise<File> };
interface DirectoryHandleLike {
  kind: 'directory';
  name: string;
  values(): AsyncIterable<DirectoryHandleLike | FileHandleLike>;
  queryPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
}

function asLike(handle: FileSystemDirectoryHandle): DirectoryHandleLike {
  return handle as unknown as DirectoryHandleLike;
}

/** Every file under `handle`, with paths starting at the folder's own name (as a folder input gives them). */
export async function collectDirectoryFiles(handle: FileSystemDirectoryHandle): Promise<WorkspaceFile[]> {
  const files: WorkspaceFile[] = [];
  const walk = async (directory: DirectoryHandleLike, prefix: string): Promise<void> => {
    for await (const child of directory.values()) {
      if (child.kind === 'file') files.push({ file: await child.getFile(), path: `${prefix}${child.name}` });
      else await walk(child, `${prefix}${child.name}/`);
    }
  };
  const root = asLike(handle);
  await walk(root, `${root.name}/`);
  return files;
}

/** Whether reading `handle` is still granted ('granted'), needs a click ('prompt') or was refused; null without the API. */
export async function queryReadPermission(
  handle: FileSystemDirectoryHandle,
): Promise<PermissionState | null> {
  const like = asLike(handle);
  if (typeof like.queryPermission !== 'function') return null;
  try {
    return await like.queryPermission({ mode: 'read' });
  } catch {
    return null; // A handle the browser no longer resolves: asked again on the click.
  }
}

/** Asks to read `handle` again (call it from a click: the browser needs a user gesture). */
export async function requestReadPermission(handle: FileSystemDirectoryHandle): Promise<PermissionState> {
  const like = asLike(handle);
  if (typeof like.requestPermission !== 'function') return 'granted'; // No API: reading tells.
  try {
    return await like.requestPermission({ mode: 'read' });
  } catch {
    return 'denied';
  }
}
