// Tests of the search across a workspace's sessions over the fixture sessions root: every session
// searched, grouped answers that agree with each session's own index, failures kept per session,
// and a cancel that silences the search.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import { readDirectoryEntries } from '../log/testing/workspace-entries.ts';
import {
  buildTextIndex,
  decodeEntry,
  discoverSessions,
  searchTextIndex,
  type Workspace,
} from '../log/index.ts';
import type { WorkspaceSearchPart, WorkspaceToMain } from './workspace-protocol.ts';
import { runWorkspaceSearch, type ActiveWorkspaceSearch } from './workspace-search.ts';

const ROOT = join(FIXTURES_DIR, 'sessions', 'root');

async function fixtureWorkspace(): Promise<Workspace> {
  return discoverSessions(readDirectoryEntries(ROOT, 'root/'));
}

async function searchAll(workspace: Workspace, text: string, cancelAfterParts = Number.POSITIVE_INFINITY) {
  const parts: WorkspaceSearchPart[] = [];
  const search: ActiveWorkspaceSearch = { searchId: 3, isCancelled: false };
  let yields = 0;
  await runWorkspaceSearch(search, workspace, text, {
    post(message: WorkspaceToMain) {
      if (message.type !== 'workspace-search' || message.searchId !== 3)
        throw new Error('unexpected message');
      parts.push(message.part);
      if (parts.length >= cancelAfterParts) search.isCancelled = true;
    },
    decoderOptions: Promise.resolve({}),
    yieldToEventLoop: () => {
      yields += 1;
      // Cancelling from "outside" between slices, as a newer search would.
      if (cancelAfterParts === 0 && yields === 2) search.isCancelled = true;
      return Promise.resolve();
    },
  });
  return { parts, yields };
}

describe('runWorkspaceSearch', () => {
  it('searches every session and answers, per session, what its own text index finds', async () => {
    const workspace = await fixtureWorkspace();
    expect(workspace.sessions.length).toBeGreaterThan(5);
    const text = 'codeword';
    const { parts } = await searchAll(workspace, text);
    const last = parts.at(-1);
    expect(last).toMatchObject({
      isComplete: true,
      done: workspace.sessions.length,
      total: workspace.sessions.length,
    });
    expect(parts.slice(0, -1).every((part) => !part.isComplete)).toBe(true);
    const answered = new Map(parts.flatMap((part) => part.sessions).map((found) => [found.sessionId, found]));
    let matchingSessions = 0;
    for (const session of workspace.sessions) {
      const expected = searchTextIndex(buildTextIndex(await decodeEntry(session.entry)), text);
      const found = answered.get(session.id);
      if (expected.length === 0) {
        expect(found).toBeUndefined();
        continue;
      }
      matchingSessions += 1;
      expect(found?.total).toBe(expected.length);
      expect(found?.failure).toBeNull();
      expect(found?.hits.map((hit) => hit.seq)).toEqual([...expected.subarray(0, 50)]);
    }
    // Not every session matches, and more than one does: the answer is really grouped.
    expect(matchingSessions).toBeGreaterThan(1);
    expect(matchingSessions).toBeLessThan(workspace.sessions.length);
  });

  it('reports a session that cannot be read and goes on to the others', async () => {
    const workspace = await fixtureWorkspace();
    const [first, ...rest] = workspace.sessions;
    if (first === undefined) throw new Error('no sessions');
    const unreadable = {
      ...first,
      entry: {
        ...first.entry,
        readChunks: undefined,
        read: () => Promise.reject(new Error('permission denied')),
      },
    };
    const { parts } = await searchAll({ ...workspace, sessions: [unreadable, ...rest] }, 'codeword');
    const sessions = parts.flatMap((part) => part.sessions);
    expect(sessions.find((found) => found.sessionId === first.id)).toMatchObject({
      total: 0,
      failure: expect.stringMatching(/cannot be read \(permission denied\)/),
    });
    expect(sessions.some((found) => found.sessionId !== first.id && found.total > 0)).toBe(true);
    expect(parts.at(-1)?.isComplete).toBe(true);
  });

  it('searches a session the worker holds as it is held, with its index, without reading its file', async () => {
    const workspace = await fixtureWorkspace();
    const held = workspace.sessions.find((session) => session.id === 'ada8966c-9fa3-441b-8721-37ff1e795e6a');
    if (held === undefined) throw new Error('the fork child is not in the fixture root');
    const log = await decodeEntry(held.entry);
    const index = buildTextIndex(log);
    const unreadable = {
      ...held,
      entry: { ...held.entry, readChunks: undefined, read: () => Promise.reject(new Error('not read')) },
    };
    const parts: WorkspaceSearchPart[] = [];
    await runWorkspaceSearch(
      { searchId: 3, isCancelled: false },
      { ...workspace, sessions: [unreadable] },
      'codeword',
      {
        post: (message) => {
          if (message.type === 'workspace-search') parts.push(message.part);
        },
        decoderOptions: Promise.resolve({}),
        yieldToEventLoop: () => Promise.resolve(),
        openedLogOf: (sessionId) => (sessionId === held.id ? { log, index } : null),
      },
    );
    const [found] = parts.flatMap((part) => part.sessions);
    expect(found).toMatchObject({
      sessionId: held.id,
      failure: null,
      total: searchTextIndex(index, 'codeword').length,
    });
  });

  it('posts nothing more once cancelled', async () => {
    const workspace = await fixtureWorkspace();
    const { parts } = await searchAll(workspace, 'codeword', 0);
    expect(parts).toEqual([]);
  });
});
