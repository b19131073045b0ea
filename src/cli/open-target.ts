// What inspect / project / triage read: a log file, a session directory (its current generation),
// an export ZIP (its root session), or `<dir|zip>#<session id>` (any session found there).

import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Workspace, WorkspaceEntry, WorkspaceSession } from '../log/index.ts';
import { discoverSessions, findSession, readZipEntries } from '../log/index.ts';
import { ZIP_MAGIC, startsWith } from './cli-arguments.ts';
import { nodeFileEntry, notRegularMessage, walkDirectory } from './node-entries.ts';

/**
 * The chosen log, as an entry to read (streamed: a plain file of any size, past readFile's 2 GiB),
 * and the name reports show; or why none could be chosen.
 */
export type LogTarget = { ok: true; entry: WorkspaceEntry; name: string } | { ok: false; message: string };

async function isZipFile(file: string): Promise<boolean> {
  const head = await nodeFileEntry(file, basename(file), ZIP_MAGIC.length).readHead?.(ZIP_MAGIC.length);
  return head !== undefined && startsWith(head, ZIP_MAGIC);
}

/** The workspace of a directory (walked) or a ZIP (its members). */
async function workspaceOf(path: string, isDirectory: boolean): Promise<Workspace> {
  let entries: WorkspaceEntry[];
  if (isDirectory) entries = (await walkDirectory(path)).entries;
  else entries = (await readZipEntries(nodeFileEntry(path, basename(path), (await stat(path)).size))).entries;
  return discoverSessions(entries);
}

/**
 * Without a selector: the session listed at the top of the directory or ZIP (a session directory's
 * current generation, a ZIP's `session.jsonl`), else the only session there is.
 */
function defaultSession(workspace: Workspace): WorkspaceSession | null {
  const top = workspace.sessions.filter((session) => !session.path.includes('/'));
  const primary = top.filter((session) => session.layout !== 'numbered');
  if (primary.length === 1) return primary[0] as WorkspaceSession;
  if (top.length === 0 && workspace.sessions.length === 1) return workspace.sessions[0] as WorkspaceSession;
  return null;
}

function readSession(container: string, session: WorkspaceSession): LogTarget {
  return { ok: true, entry: session.entry, name: `${basename(container)}/${session.path}` };
}

/** Reads the log `target` names (see the file comment). Exit 2 material on failure. */
export async function readLogTarget(target: string): Promise<LogTarget> {
  let path = target;
  let selector: string | null = null;
  let info = await stat(path).catch(() => null);
  const hash = target.lastIndexOf('#');
  if (info === null && hash > 0) {
    path = target.slice(0, hash);
    selector = target.slice(hash + 1);
    info = await stat(path).catch(() => null);
  }
  if (info === null) return { ok: false, message: `cannot read ${target} (ENOENT)` };
  if (!info.isFile() && !info.isDirectory())
    return { ok: false, message: `${path}: ${notRegularMessage(info)}` };
  const isDirectory = info.isDirectory();
  if (!isDirectory && selector === null && !(await isZipFile(path)))
    return { ok: true, entry: nodeFileEntry(path, basename(path), info.size, true), name: basename(path) };
  if (!isDirectory && !(await isZipFile(path)))
    return { ok: false, message: `${path}: a #<session id> selector needs a directory or an export ZIP` };
  const workspace = await workspaceOf(path, isDirectory);
  const session = selector === null ? defaultSession(workspace) : findSession(workspace, selector);
  if (session !== null) return readSession(path, session);
  const count = workspace.sessions.length;
  if (selector !== null)
    return {
      ok: false,
      message: `${path}: no session ${selector} (or several start with it) among its ${count}; ls ${path} lists them`,
    };
  return {
    ok: false,
    message:
      count === 0
        ? `${path} holds no session log`
        : `${path} holds ${count} sessions: name one as ${path}#<session id> (ls ${path} lists them)`,
  };
}
