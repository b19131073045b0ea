// The members of a ZIP (dsh's session export, FORMAT.md §1.1, §8.3) as workspace entries, the same
// code in the worker and in Node. The archive is held in memory (an export is one session tree; the
// worker has read the File anyway); its central directory is read once into an index
// (zip-index.ts, which refuses overlapping, out-of-range and over-budget members), and a member is
// inflated as a stream when it is read (zip-member-read.ts: never past its declared size, length
// and CRC-32 checked), so listing costs the directory and a head read inflates a few KiB.

import type { WorkspaceEntry } from './workspace-entry.ts';
import { readZipIndex, type ZipBudget, type ZipLimits, type ZipMember } from './zip-index.ts';
import { inflateZipMember, readZipMember, readZipMemberHead, type ZipPause } from './zip-member-read.ts';

/** The members of a ZIP, and why the archive or a member could not be used. */
export interface ZipEntries {
  entries: WorkspaceEntry[];
  /** Plain-text reasons, with the member's path (prefixed) where one applies. */
  problems: { path: string; message: string }[];
}

/** How a ZIP of a workspace is read: its budget (shared by the workspace's ZIPs), limits, pauses. */
export interface ZipReadOptions {
  budget?: ZipBudget;
  limits?: ZipLimits;
  /** Awaited between inflated slices (the worker yields to its event loop there). */
  pause?: ZipPause;
}

/** A backslash, an empty segment (`//`, a leading or trailing `/`) or a `.` segment: what memberPath changes. */
const NEEDS_CLEANING = /\\|\/\/|^\/|\/$|(?:^|\/)\.(?:\/|$)/;

/**
 * A member name as a workspace path: `\` read as `/`, no leading `/`, no `.` or empty segments. A
 * `..` segment is kept as text (nothing is ever written to disk from a name).
 */
function memberPath(name: string): string {
  // Most names are clean already: one test instead of a replace, a split and a join per member.
  if (!NEEDS_CLEANING.test(name)) return name;
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/**
 * One admitted member as an entry. A class, not an object of closures: its reads live on the
 * prototype, and 100,000 members × three closures (each named at run time under tsx) were a tenth
 * of the CLI's listing.
 */
class ZipMemberEntry implements WorkspaceEntry {
  readonly isZipMember = true;
  readonly size: number;

  constructor(
    readonly path: string,
    private readonly bytes: Uint8Array,
    private readonly member: ZipMember,
    private readonly pause: ZipPause | undefined,
  ) {
    this.size = member.size;
  }

  read(): Promise<Uint8Array> {
    return readZipMember(this.bytes, this.member, this.pause);
  }

  readHead(count: number): Promise<Uint8Array> {
    return readZipMemberHead(this.bytes, this.member, count, this.pause);
  }

  readChunks(): AsyncIterable<Uint8Array> {
    return inflateZipMember(this.bytes, this.member, this.pause);
  }
}

/**
 * Lists the members of the ZIP in `bytes` (directories skipped) as entries whose paths start with
 * `prefix` (e.g. `dsh-session-x.zip/` when the ZIP sits in a folder; `""` for `ls x.zip`); problems
 * of the archive itself name `archivePath`, refused members their own path. Every entry is marked
 * `isZipMember` (a ZIP inside a ZIP is not opened). Never throws: an unreadable archive is one
 * problem with no entries.
 */
export function listZipEntries(
  bytes: Uint8Array,
  prefix = '',
  archivePath = prefix.replace(/\/$/, ''),
  options: ZipReadOptions = {},
): ZipEntries {
  const read = readZipIndex(bytes, options.budget, options.limits);
  if (!read.ok)
    return {
      entries: [],
      problems: [{ path: archivePath, message: `the ZIP could not be read (${read.reason})` }],
    };
  const { pause } = options;
  const problems: ZipEntries['problems'] = read.index.refused.map(({ name, reason }) => ({
    path: name === '' ? archivePath : `${prefix}${memberPath(name)}`,
    message: name === '' ? `the ZIP: ${reason}` : `ZIP member refused: ${reason}`,
  }));
  const entries = read.index.members.map(
    (member): WorkspaceEntry =>
      new ZipMemberEntry(`${prefix}${memberPath(member.name)}`, bytes, member, pause),
  );
  return { entries, problems };
}

/** Reads a ZIP entry of a workspace and lists its members under `prefix`. */
export async function readZipEntries(
  zip: WorkspaceEntry,
  prefix = '',
  options: ZipReadOptions = {},
): Promise<ZipEntries> {
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
  return listZipEntries(bytes, prefix, zip.path, options);
}
