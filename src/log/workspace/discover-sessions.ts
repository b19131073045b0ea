// Discovery: from the files of a workspace to its sessions (FORMAT.md §1.1, §8.3, §8.4). Files are
// grouped by name first (no reads): a session directory's generations, §8.4's numbered fixture logs,
// loose files; ZIPs are listed and their members join in. Then only the head of each group's current
// file is read (session-head.ts). One unreadable file is one problem; the scan goes on.

import { checkSessionDirectory } from './session-directory-rules.ts';
import type { SessionHeadFacts } from './session-head.ts';
import { readSessionHead } from './session-head.ts';
import { canonicalNameOfSlot, classifyWorkspacePath } from './workspace-paths.ts';
import type { WorkspaceEntry } from './workspace-entry.ts';
import { baseName, dirName } from './workspace-entry.ts';
import { readZipEntries, type ZipReadOptions } from './zip-entries.ts';
import { DEFAULT_WORKSPACE_ZIP_BYTES } from './zip-index.ts';
import { mapWithConcurrency, type WorkControl } from './work-control.ts';

/** How a session's files were laid out: FORMAT.md §1.1 directory, §8.4 numbered fixture, or a file of its own. */
export type SessionLayout = 'session-directory' | 'numbered' | 'loose';

/** One file of a session other than the one it is listed at. */
export interface SessionFile {
  path: string;
  entry: WorkspaceEntry;
  /** The generation its name claims (loose files: their header's), or null when unknown. */
  generation: number | null;
}

/** A session of the workspace, listed once, at its current generation. */
export interface WorkspaceSession {
  /** The header id: unique in a Workspace (duplicates are problems), so it is the session's key. */
  id: string;
  /** The file it is listed at (its current generation). */
  path: string;
  entry: WorkspaceEntry;
  head: SessionHeadFacts;
  layout: SessionLayout;
  /** Its other files, newest generation first: frozen predecessors, never merged (docs/format-generations.md §1). */
  generations: SessionFile[];
  /** Its directory holds both `.jsonl` and `.jsonl.zstd` logs, which dsh refuses (FORMAT.md §1.1). */
  hasMixedEncodings: boolean;
  /**
   * Why dsh would refuse its directory or some of its files (session-directory-rules.ts, ids that
   * disagree), as sentences; each is also a problem of the workspace. Empty when dsh would open it.
   */
  dshRefusals: string[];
}

/** A file that is not listed as a session, and why (plain text). */
export interface WorkspaceProblem {
  path: string;
  message: string;
}

export interface Workspace {
  /** Sorted by createdAt (missing last), then id — the order of `ls` and of siblings in the tree. */
  sessions: WorkspaceSession[];
  problems: WorkspaceProblem[];
  /** Images by attachment id (`media/<attachmentId>.<ext>`, FORMAT.md §8.3). */
  media: Map<string, WorkspaceEntry>;
  /** Files that are none of ours (not a log, ZIP or media name), skipped unread. */
  ignoredFiles: number;
  /** False when the scan was cancelled: the sessions found so far. */
  isComplete: boolean;
}

export interface DiscoverOptions extends WorkControl {
  /** Heads read at once (default 4: reads are I/O, the parse is tiny). */
  concurrency?: number;
  /** How ZIPs are read: limits and pauses (the workspace's budget is made here, one for all its ZIPs). */
  zip?: Omit<ZipReadOptions, 'budget'> & { workspaceBytes?: number };
}

/** The files of one would-be session, before its head is read. */
interface FileGroup {
  layout: SessionLayout;
  /** Current first, then its predecessors newest first, then other containers of a listed generation (fallbacks only). */
  files: SessionFile[];
  hasMixedEncodings: boolean;
  /** Paths of `files` that are a second container of a generation: never listed as history. */
  copies: ReadonlySet<string>;
  /** dsh's reasons to refuse this directory (session-directory-rules.ts). */
  refusals: string[];
}

/** A group with its head read (from the first of its files that has one). */
interface ReadGroup {
  group: FileGroup;
  listed: SessionFile;
  head: SessionHeadFacts;
  others: SessionFile[];
  /** The group's refusals and the files of it that claim another id. */
  refusals: string[];
}

const LAYOUT_RANK: Record<SessionLayout, number> = { 'session-directory': 0, numbered: 1, loose: 2 };

/** Expands ZIPs (one level: a ZIP inside a ZIP is not opened) and sorts out media and foreign files. */
async function expandEntries(
  entries: readonly WorkspaceEntry[],
  problems: WorkspaceProblem[],
  zip: ZipReadOptions,
): Promise<{ logs: WorkspaceEntry[]; media: Map<string, WorkspaceEntry>; ignored: number }> {
  const logs: WorkspaceEntry[] = [];
  const media = new Map<string, WorkspaceEntry>();
  let ignored = 0;
  const visit = async (entry: WorkspaceEntry): Promise<void> => {
    const kind = classifyWorkspacePath(entry.path);
    if (kind.kind === 'zip' && entry.isZipMember === true) problems.push(nestedZipProblem(entry));
    else if (kind.kind === 'zip') {
      const listed = await readZipEntries(entry, `${entry.path}/`, zip);
      problems.push(...listed.problems);
      for (const member of listed.entries) await visit(member);
    } else if (kind.kind === 'media') {
      if (!media.has(kind.attachmentId)) media.set(kind.attachmentId, entry);
    } else if (kind.kind === 'session-log' || kind.kind === 'loose-log' || entry.isExplicit === true)
      logs.push(entry);
    else ignored += 1;
  };
  for (const entry of entries) await visit(entry);
  return { logs, media, ignored };
}

/** One rule in the browser and the CLI: an export is one ZIP; a ZIP inside it is named, not opened. */
function nestedZipProblem(entry: WorkspaceEntry): WorkspaceProblem {
  return {
    path: entry.path,
    message:
      'a ZIP inside a ZIP is not opened (one level: a dsh export is one ZIP); extract it and open it alone',
  };
}

/** Groups log files by name: one group per session directory slot, one per loose file. */
function groupByName(logs: readonly WorkspaceEntry[], problems: WorkspaceProblem[]): FileGroup[] {
  const slots = new Map<string, { entries: WorkspaceEntry[]; slot: number | null }>();
  const groups: FileGroup[] = [];
  for (const entry of logs) {
    const kind = classifyWorkspacePath(entry.path);
    if (kind.kind !== 'session-log') {
      groups.push({
        layout: 'loose',
        files: [{ path: entry.path, entry, generation: null }],
        hasMixedEncodings: false,
        copies: new Set(),
        refusals: [],
      });
      continue;
    }
    const key = `${dirName(entry.path)}\u0000${kind.slot ?? ''}`;
    const slot = slots.get(key) ?? { entries: [], slot: kind.slot };
    slot.entries.push(entry);
    slots.set(key, slot);
  }
  for (const { entries, slot } of slots.values()) {
    const byCanonicalName = new Map<string, WorkspaceEntry>();
    for (const entry of entries) {
      const name = canonicalNameOfSlot(baseName(entry.path));
      const first = byCanonicalName.get(name);
      if (first === undefined) byCanonicalName.set(name, entry);
      else
        problems.push({
          path: entry.path,
          message: `a second file at this path (as ${first.path}); the first is read`,
        });
    }
    const check = checkSessionDirectory([...byCanonicalName.keys()]);
    const names =
      check.current === null ? [] : [check.current, ...check.generations, ...check.sameGenerationCopies];
    const copies = new Set(
      check.sameGenerationCopies.map((name) => (byCanonicalName.get(name) as WorkspaceEntry).path),
    );
    const files = names.map((name) => {
      const entry = byCanonicalName.get(name) as WorkspaceEntry;
      const kind = classifyWorkspacePath(entry.path);
      return { path: entry.path, entry, generation: kind.kind === 'session-log' ? kind.generation : null };
    });
    groups.push({
      layout: slot === null ? 'session-directory' : 'numbered',
      files,
      hasMixedEncodings: check.refusals.length > 0,
      copies,
      refusals: check.refusals,
    });
  }
  return groups;
}

/**
 * Reads the head of a group's current file, falling back to older generations when it has none.
 * A loose file whose bytes are a ZIP (a renamed export) is handed to `foundZip` instead.
 */
async function readGroup(
  group: FileGroup,
  problems: WorkspaceProblem[],
  foundZip: (entry: WorkspaceEntry) => void,
): Promise<ReadGroup | null> {
  for (const [position, file] of group.files.entries()) {
    const read = await readSessionHead(file.entry);
    if (!read.ok && read.isZip && group.layout === 'loose') {
      foundZip(file.entry);
      return null;
    }
    if (read.ok) {
      const rest = group.files.filter((other) => other !== file && !group.copies.has(other.path));
      const generation = group.layout === 'loose' ? (read.head.version ?? null) : file.generation;
      const { others, refusals } = await keepSameIdFiles(file, read.head, rest);
      for (const refusal of refusals) problems.push(refusal);
      return {
        group,
        listed: { ...file, generation },
        head: read.head,
        others,
        refusals: [
          ...group.refusals,
          ...refusals.map((refusal) => `${baseName(refusal.path)} ${refusal.message}`),
        ],
      };
    }
    const fallback = position + 1 < group.files.length ? '; listed at an older generation instead' : '';
    problems.push({ path: file.path, message: `${read.reason}${fallback}` });
  }
  return null;
}

/**
 * The older files of a directory whose header names the listed file's session; a file that claims
 * another id is not its history (dsh reads only the newest generation) and becomes a problem. A file
 * without a readable head stays history (its own read says why when it is opened).
 */
async function keepSameIdFiles(
  listed: SessionFile,
  head: SessionHeadFacts,
  rest: SessionFile[],
): Promise<{ others: SessionFile[]; refusals: WorkspaceProblem[] }> {
  const others: SessionFile[] = [];
  const refusals: WorkspaceProblem[] = [];
  for (const file of rest) {
    const read = await readSessionHead(file.entry);
    if (!read.ok || read.head.id === head.id) others.push(file);
    else
      refusals.push({
        path: file.path,
        message:
          `claims session ${read.head.id}, not ${head.id} like its directory's current file ${baseName(listed.path)}: ` +
          "not that session's history (dsh reads only the newest generation of a directory, so it would not list this one)",
      });
  }
  return { others, refusals };
}

/** Orders two reads of the same session id: the one listed first wins. */
function compareCopies(a: ReadGroup, b: ReadGroup): number {
  return (
    LAYOUT_RANK[a.group.layout] - LAYOUT_RANK[b.group.layout] ||
    (b.listed.generation ?? -1) - (a.listed.generation ?? -1) ||
    Number(b.head.container === 'zstd') - Number(a.head.container === 'zstd') ||
    (a.listed.path < b.listed.path ? -1 : a.listed.path > b.listed.path ? 1 : 0)
  );
}

/** One session per id: other generations become history, same-generation copies are problems. */
function mergeById(reads: ReadGroup[], problems: WorkspaceProblem[]): WorkspaceSession[] {
  const byId = new Map<string, ReadGroup[]>();
  for (const read of reads) {
    const copies = byId.get(read.head.id);
    if (copies === undefined) byId.set(read.head.id, [read]);
    else copies.push(read);
  }
  const sessions: WorkspaceSession[] = [];
  for (const copies of byId.values()) {
    copies.sort(compareCopies);
    const [winner, ...rest] = copies as [ReadGroup, ...ReadGroup[]];
    const generations = [...winner.others];
    for (const copy of rest) {
      if (copy.listed.generation !== null && copy.listed.generation !== winner.listed.generation) {
        generations.push(copy.listed, ...copy.others);
        continue;
      }
      problems.push({
        path: copy.listed.path,
        message: `another copy of session ${winner.head.id} (duplicate id), which is listed at ${winner.listed.path}`,
      });
    }
    generations.sort((a, b) => (b.generation ?? -1) - (a.generation ?? -1) || (a.path < b.path ? -1 : 1));
    sessions.push({
      id: winner.head.id,
      path: winner.listed.path,
      entry: winner.listed.entry,
      head: winner.head,
      layout: winner.group.layout,
      generations,
      hasMixedEncodings: winner.group.hasMixedEncodings,
      dshRefusals: winner.refusals,
    });
  }
  return sessions;
}

/**
 * A sessions root holds one encoding (FORMAT.md §1.1: dsh refuses a root that contains the other
 * suffix): session directories of both, among what was opened, are named once. Every session is listed.
 */
function mixedRootProblem(sessions: readonly WorkspaceSession[]): WorkspaceProblem | null {
  let plain: WorkspaceSession | undefined;
  let zstd: WorkspaceSession | undefined;
  for (const session of sessions) {
    if (session.layout !== 'session-directory' || session.entry.isZipMember === true) continue;
    const kind = classifyWorkspacePath(session.path);
    if (kind.kind !== 'session-log') continue;
    if (kind.isCompressed) zstd ??= session;
    else plain ??= session;
  }
  if (zstd === undefined || plain === undefined) return null;
  return {
    path: '.',
    message:
      `session directories of both encodings (${plain.path} is .jsonl, ${zstd.path} is .jsonl.zstd): ` +
      'dsh refuses a sessions root that holds the other suffix (FORMAT.md §1.1); every session is listed here',
  };
}

/** The `ls` order: createdAt ascending (sessions without one last), then id. */
export function compareSessionOrder(
  a: { id: string; head: { createdAt: number | null } },
  b: { id: string; head: { createdAt: number | null } },
): number {
  const at = a.head.createdAt ?? Number.POSITIVE_INFINITY;
  const bt = b.head.createdAt ?? Number.POSITIVE_INFINITY;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Finds the sessions among `entries` (any mix of a sessions root, project and session directories,
 * loose files and export ZIPs). Reads each ZIP's directory and the head of each session's current
 * file, nothing more; summaries are a separate pass (summarizeSession). Never throws for bad input.
 */
export async function discoverSessions(
  entries: readonly WorkspaceEntry[],
  options: DiscoverOptions = {},
): Promise<Workspace> {
  const problems: WorkspaceProblem[] = [];
  const { workspaceBytes = DEFAULT_WORKSPACE_ZIP_BYTES, ...zipOptions } = options.zip ?? {};
  const zip: ZipReadOptions = { ...zipOptions, budget: { remainingBytes: workspaceBytes } };
  const { logs, media, ignored: ignoredFiles } = await expandEntries(entries, problems, zip);
  let ignored = ignoredFiles;
  const reads: ReadGroup[] = [];
  const zips: WorkspaceEntry[] = [];
  const readAll = (groups: FileGroup[]): Promise<boolean> =>
    mapWithConcurrency(groups, options.concurrency ?? 4, options, async (group) => {
      const read = await readGroup(group, problems, (found) => {
        if (found.isZipMember === true) problems.push(nestedZipProblem(found));
        else zips.push(found);
      });
      if (read !== null) reads.push(read);
    });
  let isComplete = await readAll(groupByName(logs, problems));
  if (isComplete && zips.length > 0) {
    // Renamed ZIPs, found by their bytes: their members join like a named ZIP's (one level).
    const members: WorkspaceEntry[] = [];
    for (const found of zips) {
      const listed = await readZipEntries(found, `${found.path}/`, zip);
      problems.push(...listed.problems);
      members.push(...listed.entries);
    }
    const expanded = await expandEntries(members, problems, zip);
    for (const [id, entry] of expanded.media) if (!media.has(id)) media.set(id, entry);
    ignored += expanded.ignored;
    isComplete = await readAll(groupByName(expanded.logs, problems));
  }
  const sessions = mergeById(reads, problems).sort(compareSessionOrder);
  for (const read of reads)
    for (const refusal of read.group.refusals)
      problems.push({ path: dirName(read.listed.path) || '.', message: refusal });
  const mixedRoot = mixedRootProblem(sessions);
  if (mixedRoot !== null) problems.push(mixedRoot);
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { sessions, problems, media, ignoredFiles: ignored, isComplete };
}

/**
 * The session a selector names (CLI `<zip>#<id>`): the one whose id equals it, else the only one
 * whose id starts with it. Null when none does or several do.
 */
export function findSession(workspace: Workspace, selector: string): WorkspaceSession | null {
  const exact = workspace.sessions.find((session) => session.id === selector);
  if (exact !== undefined) return exact;
  const prefixed = workspace.sessions.filter((session) => selector !== '' && session.id.startsWith(selector));
  return prefixed.length === 1 ? (prefixed[0] as WorkspaceSession) : null;
}
