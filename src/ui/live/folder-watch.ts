// Following a folder (a dsh sessions root, a project's directory or one session's): the session to
// follow is the one whose current log was written last, at its current generation (the highest
// `session.vN.jsonl…`, as dsh selects it). The folder is listed again every few seconds, so new
// sessions and subagents show as they appear, and a new generation of the followed session (dsh
// migrated it) is followed instead of the frozen old file.

import { parseLogFileName, pickCurrentGeneration } from '../../log/index.ts';

/** One session directory's current log. */
export interface FolderSession {
  /** `/`-separated path of its directory inside the folder ('' for the folder itself). */
  directory: string;
  /** Its current generation's file name, and that file's handle. */
  name: string;
  handle: FileSystemFileHandle;
  generation: number;
  lastModified: number;
}

/** Directory levels walked below the folder: root / project / session. */
const MAX_DEPTH = 3;

type IterableDirectory = FileSystemDirectoryHandle & {
  entries(): AsyncIterableIterator<[string, FileSystemHandle]>;
};

/** Every session directory under `folder` with its current log, newest first. */
export async function listFolderSessions(folder: FileSystemDirectoryHandle): Promise<FolderSession[]> {
  const sessions: FolderSession[] = [];
  const walk = async (directory: FileSystemDirectoryHandle, path: string, depth: number) => {
    const logs = new Map<string, FileSystemFileHandle>();
    const children: [string, FileSystemDirectoryHandle][] = [];
    for await (const [name, entry] of (directory as IterableDirectory).entries()) {
      if (entry.kind === 'file' && parseLogFileName(name) !== null)
        logs.set(name, entry as FileSystemFileHandle);
      else if (entry.kind === 'directory' && depth < MAX_DEPTH)
        children.push([name, entry as FileSystemDirectoryHandle]);
    }
    const current = pickCurrentGeneration([...logs.keys()]).current;
    const handle = current === null ? undefined : logs.get(current);
    if (current !== null && handle !== undefined) {
      const file = await handle.getFile();
      sessions.push({
        directory: path,
        name: current,
        handle,
        generation: parseLogFileName(current)?.generation ?? 0,
        lastModified: file.lastModified,
      });
    }
    for (const [name, child] of children)
      await walk(child, path === '' ? name : `${path}/${name}`, depth + 1);
  };
  await walk(folder, '', 0);
  return sessions.sort((a, b) => b.lastModified - a.lastModified);
}

/** What a new listing says about the followed session and the others. */
export interface FolderChange {
  /** The followed session's current log is now another file (a new generation). */
  newGeneration: FolderSession | null;
  /** Session directories not seen in the listing before. */
  newSessions: FolderSession[];
}

/** Compares a listing with the one before, for the followed session directory `followed`. */
export function compareListings(
  before: readonly FolderSession[],
  after: readonly FolderSession[],
  followed: FolderSession,
): FolderChange {
  const known = new Set(before.map((session) => session.directory));
  const now = after.find((session) => session.directory === followed.directory);
  return {
    newGeneration: now !== undefined && now.name !== followed.name ? now : null,
    newSessions: after.filter((session) => !known.has(session.directory)),
  };
}
