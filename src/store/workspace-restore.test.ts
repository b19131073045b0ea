// Tests of what following a permalink to a workspace session does: the open workspace, a stored
// ZIP, a stored folder (granted, asked again, refused), or the ask naming what to open.
import { describe, expect, it } from 'vitest';
import type { StoredLog } from './log-persistence.ts';
import { decideWorkspaceRestore, workspaceKindOf, type WorkspaceLink } from './workspace-restore.ts';

const ZIP_KEY = `zip:${'1'.repeat(64)}`;
const DIR_KEY = `dir:${'2'.repeat(32)}`;

function link(partial: Partial<WorkspaceLink> = {}): WorkspaceLink {
  return { sessionId: 's-1', seq: 5, logKey: null, workspaceKey: null, workspaceName: null, ...partial };
}

function stored(key: string, source: StoredLog['source']): StoredLog {
  return { key, contentKey: null, sessionId: null, source, bytes: 1, savedAt: 1, reason: 'link' };
}

const zip = stored(ZIP_KEY, { kind: 'zip', name: 'dsh-session-x.zip', blob: new Blob(['z']) });
const folder = stored(DIR_KEY, {
  kind: 'directory',
  name: 'sessions',
  handle: {} as FileSystemDirectoryHandle,
});

describe('decideWorkspaceRestore', () => {
  it('opens the session in the open workspace when it holds it, whatever is stored', () => {
    expect(
      decideWorkspaceRestore({
        link: link({ workspaceKey: ZIP_KEY }),
        openSessionIds: new Set(['s-1']),
        stored: zip,
        permission: null,
      }),
    ).toEqual({ kind: 'in-open-workspace' });
  });

  it('opens a stored ZIP at once', () => {
    expect(
      decideWorkspaceRestore({
        link: link({ workspaceKey: ZIP_KEY }),
        openSessionIds: null,
        stored: zip,
        permission: null,
      }),
    ).toEqual({ kind: 'open-stored-zip', stored: zip });
  });

  it('walks a stored folder still granted, asks with a button when the browser wants a click, says so when refused', () => {
    const facts = {
      link: link({ workspaceKey: DIR_KEY }),
      openSessionIds: new Set(['other']),
      stored: folder,
    };
    expect(decideWorkspaceRestore({ ...facts, permission: 'granted' }).kind).toBe('open-stored-folder');
    expect(decideWorkspaceRestore({ ...facts, permission: 'prompt' }).kind).toBe('ask-folder-permission');
    expect(decideWorkspaceRestore({ ...facts, permission: null }).kind).toBe('ask-folder-permission');
    expect(decideWorkspaceRestore({ ...facts, permission: 'denied' })).toEqual({
      kind: 'ask-to-open',
      what: 'folder',
      name: 'sessions',
      reason: 'permission-denied',
    });
  });

  it('never opens a stored workspace under another key than the link names', () => {
    expect(
      decideWorkspaceRestore({
        link: link({ workspaceKey: `zip:${'9'.repeat(64)}`, workspaceName: 'a.zip' }),
        openSessionIds: null,
        stored: zip,
        permission: null,
      }),
    ).toEqual({ kind: 'ask-to-open', what: 'zip', name: 'a.zip', reason: 'not-stored' });
  });

  it('says which folder or ZIP to open when nothing is stored', () => {
    const ask = (partial: Partial<WorkspaceLink>) =>
      decideWorkspaceRestore({ link: link(partial), openSessionIds: null, stored: null, permission: null });
    expect(ask({ workspaceName: 'sessions' })).toMatchObject({ what: 'folder', name: 'sessions' });
    expect(ask({ workspaceName: 'Export.ZIP' })).toMatchObject({ what: 'zip' });
    expect(ask({ workspaceKey: DIR_KEY, workspaceName: 'x' })).toMatchObject({ what: 'folder', name: 'x' });
    expect(ask({})).toMatchObject({ what: 'folder or ZIP', name: null });
  });

  it('looks hostile session ids up as keys of a Set, never of an object', () => {
    for (const sessionId of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
      expect(
        decideWorkspaceRestore({
          link: link({ sessionId }),
          openSessionIds: new Set(['a']),
          stored: null,
          permission: null,
        }).kind,
      ).toBe('ask-to-open');
    }
  });

  it('names the kind from the key before the name', () => {
    expect(workspaceKindOf({ workspaceKey: ZIP_KEY, workspaceName: 'folder' })).toBe('zip');
    expect(workspaceKindOf({ workspaceKey: DIR_KEY, workspaceName: 'a.zip' })).toBe('folder');
  });
});
