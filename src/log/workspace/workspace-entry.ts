// One file of a workspace (a dropped folder, a directory handle, an export ZIP, files given to the
// CLI), seen through the one interface discovery and the summary pass read: a path and a way to read
// bytes. A browser File, a FileSystemFileHandle, a ZIP member and a Node file all implement it.

/**
 * A file of a workspace. Implementations: the worker wraps a `File` (`read` = `arrayBuffer`,
 * `readHead` = `slice(0, n).arrayBuffer`, `readChunks` = `stream()`), a FileSystemFileHandle (its
 * `getFile()`, then the same), the CLI a Node file (src/cli/node-entries.ts), and readZipEntries a
 * ZIP member. Reads may be called many times and in any order; they reject when the file cannot be
 * read (it was deleted, permission was withdrawn), which discovery reports as a problem of that file.
 */
export interface WorkspaceEntry {
  /** Path relative to the workspace root, `/`-separated, without a leading `/` (`--p--/id/session.jsonl.zstd`). */
  readonly path: string;
  /** Size in bytes as stored (compressed size for zstd; the decompressed size for a ZIP member). */
  readonly size: number;
  /**
   * The user named this file itself (dropped it alone, gave it as a CLI argument): it is read as a
   * log whatever its name. Files found by walking a folder or a ZIP are read only when their name
   * looks like a log (classifyWorkspacePath).
   */
  readonly isExplicit?: boolean;
  /** A member of a ZIP: a ZIP inside it is not opened (one level, in the browser and the CLI alike). */
  readonly isZipMember?: boolean;
  /** The whole file. */
  read(): Promise<Uint8Array>;
  /** At least the first `bytes` bytes, or the whole file when it is shorter. Optional: read() is used instead. */
  readHead?(bytes: number): Promise<Uint8Array>;
  /** The file in order, in chunks of any size, for the summary pass. Optional: read() is used instead. */
  readChunks?(): AsyncIterable<Uint8Array>;
}

/** The first `bytes` bytes of an entry (fewer when it is shorter), through readHead when it has one. */
export async function readEntryHead(entry: WorkspaceEntry, bytes: number): Promise<Uint8Array> {
  const head = entry.readHead !== undefined ? await entry.readHead(bytes) : await entry.read();
  return head.length > bytes ? head.subarray(0, bytes) : head;
}

/** The entry's bytes in order: its own chunks when it streams, else one read(). */
export async function* readEntryChunks(entry: WorkspaceEntry): AsyncIterable<Uint8Array> {
  if (entry.readChunks !== undefined) {
    yield* entry.readChunks();
    return;
  }
  yield await entry.read();
}

/** An entry over bytes already in memory (ZIP members, tests, a file the caller has read). */
export function entryFromBytes(path: string, bytes: Uint8Array, isExplicit = false): WorkspaceEntry {
  return {
    path,
    size: bytes.length,
    isExplicit,
    read: () => Promise.resolve(bytes),
    readHead: (count) => Promise.resolve(bytes.subarray(0, count)),
  };
}

/** The last segment of a `/`-separated path. */
export function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

/** The directory part of a `/`-separated path (`""` for a file at the root). */
export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
