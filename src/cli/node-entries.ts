// Node files as workspace entries (src/log/workspace/workspace-entry.ts) for `ls`, `tree` and the
// session selectors of inspect/project/triage: a directory walk, and the arguments as given.

import { createReadStream } from 'node:fs';
import { lstat, open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { WorkspaceEntry, WorkspaceProblem } from '../log/index.ts';
import { classifyWorkspacePath, describeError, readZipEntries } from '../log/index.ts';

/** Chunk size of the summary pass's reads, and the least one (for files of a few bytes). */
const READ_CHUNK_BYTES = 1024 * 1024;
const MIN_READ_CHUNK_BYTES = 16 * 1024;

/** A file-system error as its code (`ENOENT`), as `ls` lists it. */
function describeFileError(error: unknown): string {
  return describeError(error, { preferCode: true });
}

/** A Node file as an entry: `path` is its workspace path, `file` where it is on disk. */
export function nodeFileEntry(file: string, path: string, size: number, isExplicit = false): WorkspaceEntry {
  return {
    path,
    size,
    isExplicit,
    read: async () => new Uint8Array(await readFile(file)),
    readHead: async (bytes) => {
      const handle = await open(file, 'r');
      try {
        const buffer = new Uint8Array(Math.min(bytes, size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    readChunks: async function* () {
      // A stream allocates its whole chunk up front: a small log gets a small one.
      const highWaterMark = Math.max(MIN_READ_CHUNK_BYTES, Math.min(size, READ_CHUNK_BYTES));
      for await (const chunk of createReadStream(file, { highWaterMark }))
        yield new Uint8Array(
          (chunk as Buffer).buffer,
          (chunk as Buffer).byteOffset,
          (chunk as Buffer).length,
        );
    },
  };
}

/**
 * Every file under `dir` as an entry whose path is relative to it and starts with `prefix`. Symbolic
 * links to files are followed; links to directories are not (no loops). Unreadable directories are problems.
 */
export async function walkDirectory(
  dir: string,
  prefix = '',
): Promise<{ entries: WorkspaceEntry[]; problems: WorkspaceProblem[] }> {
  const entries: WorkspaceEntry[] = [];
  const problems: WorkspaceProblem[] = [];
  const pending: { abs: string; rel: string }[] = [{ abs: dir, rel: '' }];
  while (pending.length > 0) {
    const { abs, rel } = pending.pop() as { abs: string; rel: string };
    let names: string[];
    try {
      names = (await readdir(abs)).sort();
    } catch (error) {
      problems.push({
        path: `${prefix}${rel}` || '.',
        message: `cannot be listed (${describeFileError(error)})`,
      });
      continue;
    }
    for (const name of names) {
      const childAbs = join(abs, name);
      const childRel = rel === '' ? name : `${rel}/${name}`;
      try {
        const link = await lstat(childAbs);
        if (link.isDirectory()) pending.push({ abs: childAbs, rel: childRel });
        else if (link.isFile() || link.isSymbolicLink()) {
          const info = link.isSymbolicLink() ? await stat(childAbs) : link;
          if (info.isFile()) entries.push(nodeFileEntry(childAbs, `${prefix}${childRel}`, info.size));
          else if (!info.isDirectory())
            problems.push({ path: `${prefix}${childRel}`, message: notRegularMessage(info) });
        } else problems.push({ path: `${prefix}${childRel}`, message: notRegularMessage(link) });
      } catch (error) {
        problems.push({
          path: `${prefix}${childRel}`,
          message: `cannot be read (${describeFileError(error)})`,
        });
      }
    }
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, problems };
}

/** The entries of the `ls` / `tree` arguments, and the arguments that do not exist. */
export interface CollectedEntries {
  root: string;
  entries: WorkspaceEntry[];
  problems: WorkspaceProblem[];
  missing: string[];
  /** Arguments that exist but are no regular file or directory (a device, a FIFO, a socket): not read. */
  notRegular: string[];
  /** Some argument is a directory (then an empty or unreadable result is still a listing: exit 0). */
  hasDirectory: boolean;
}

/** What a file that is neither a regular file nor a directory is, for the problem that names it. */
export function notRegularMessage(info: {
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}): string {
  const what = info.isCharacterDevice()
    ? 'a character device'
    : info.isBlockDevice()
      ? 'a block device'
      : info.isFIFO()
        ? 'a named pipe (FIFO)'
        : info.isSocket()
          ? 'a socket'
          : 'not a regular file';
  return `${what}, not a session log or ZIP: not read`;
}

/**
 * One argument: a directory is walked (paths relative to it), a ZIP listed (paths inside it), a
 * file taken alone (its name). Several: each as given, directories' files under it, ZIPs expanded
 * by discovery under their own path. `root` is the argument, or `.` for several.
 */
export async function collectEntries(args: readonly string[]): Promise<CollectedEntries> {
  const collected: CollectedEntries = {
    root: args.length === 1 ? (args[0] as string) : '.',
    entries: [],
    problems: [],
    missing: [],
    notRegular: [],
    hasDirectory: false,
  };
  for (const arg of args) {
    let info;
    try {
      info = await stat(arg);
    } catch {
      collected.missing.push(arg);
      continue;
    }
    const isAlone = args.length === 1;
    if (!info.isDirectory() && !info.isFile()) {
      collected.notRegular.push(arg);
      collected.problems.push({ path: arg, message: notRegularMessage(info) });
      continue;
    }
    if (info.isDirectory()) {
      collected.hasDirectory = true;
      const walked = await walkDirectory(arg, isAlone ? '' : `${arg.replace(/\/+$/, '')}/`);
      collected.entries.push(...walked.entries);
      collected.problems.push(...walked.problems);
      continue;
    }
    const entry = nodeFileEntry(arg, isAlone ? basename(arg) : arg, info.size, true);
    if (isAlone && classifyWorkspacePath(arg).kind === 'zip') {
      const zip = await readZipEntries(entry);
      collected.entries.push(...zip.entries);
      collected.problems.push(...zip.problems);
    } else collected.entries.push(entry);
  }
  return collected;
}
