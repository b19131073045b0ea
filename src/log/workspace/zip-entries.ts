// The members of a ZIP (dsh's session export, FORMAT.md §1.1, §8.3) as workspace entries, read with
// fflate: small, synchronous, the same code in the worker and in Node. The archive is held in memory
// (an export is one session tree; the worker has read the File anyway) and a member is inflated when
// it is read, so listing a ZIP costs its central directory only.

import { unzipSync } from 'fflate';
import type { WorkspaceEntry } from './workspace-entry.ts';

/** The members of a ZIP, and why the archive or a member could not be used. */
export interface ZipEntries {
  entries: WorkspaceEntry[];
  /** Plain-text reasons, with the member's path (prefixed) where one applies. */
  problems: { path: string; message: string }[];
}

/** Compression methods fflate reads: stored and deflate. */
const READABLE_METHODS: ReadonlySet<number> = new Set([0, 8]);

/**
 * A member name as a workspace path: `\` read as `/`, no leading `/`, no `.` or empty segments. A
 * `..` segment is kept as text (nothing is ever written to disk from a name).
 */
function memberPath(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/** Describes why fflate could not read an archive or member, for people. */
function describeZipError(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `the ZIP could not be read (${reason})`;
}

/**
 * Lists the members of the ZIP in `bytes` (directories skipped) as entries whose paths start with
 * `prefix` (e.g. `dsh-session-x.zip/` when the ZIP sits in a folder; `""` for `ls x.zip`); problems
 * of the archive itself name `archivePath`. Never
 * throws: an unreadable archive is one problem with no entries, an unreadable member a problem of
 * its own (and an entry whose read() rejects, should it be read anyway).
 */
export function listZipEntries(
  bytes: Uint8Array,
  prefix = '',
  archivePath = prefix.replace(/\/$/, ''),
): ZipEntries {
  const members: { name: string; size: number; compression: number }[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        members.push({ name: file.name, size: file.originalSize, compression: file.compression });
        return false;
      },
    });
  } catch (error) {
    return { entries: [], problems: [{ path: archivePath, message: describeZipError(error) }] };
  }
  const entries: WorkspaceEntry[] = [];
  const problems: ZipEntries['problems'] = [];
  for (const member of members) {
    if (member.name.endsWith('/')) continue;
    const path = `${prefix}${memberPath(member.name)}`;
    if (!READABLE_METHODS.has(member.compression)) {
      problems.push({ path, message: `ZIP compression method ${member.compression} is not supported` });
      continue;
    }
    const read = (): Promise<Uint8Array> => readZipMember(bytes, member.name);
    entries.push({ path, size: member.size, read });
  }
  return { entries, problems };
}

/** Inflates one member (by its name in the archive); rejects when it is missing or damaged. */
function readZipMember(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  try {
    const files = unzipSync(bytes, { filter: (file) => file.name === name });
    const member = files[name];
    if (member === undefined) return Promise.reject(new Error(`${name} is not in the ZIP`));
    return Promise.resolve(member);
  } catch (error) {
    return Promise.reject(new Error(describeZipError(error)));
  }
}

/** Reads a ZIP entry of a workspace and lists its members under `prefix`. */
export async function readZipEntries(zip: WorkspaceEntry, prefix = ''): Promise<ZipEntries> {
  let bytes: Uint8Array;
  try {
    bytes = await zip.read();
  } catch (error) {
    return {
      entries: [],
      problems: [
        {
          path: zip.path,
          message: `cannot be read (${error instanceof Error ? error.message : String(error)})`,
        },
      ],
    };
  }
  return listZipEntries(bytes, prefix, zip.path);
}
