// Tests of the search across a workspace with a fake client: parts accumulate per session, a newer
// search or a new workspace drops the older answer, and an empty text clears it.
import { describe, expect, it } from 'vitest';
import type { WorkspaceSearchSession } from '../worker/client.ts';
import { IMMEDIATE_PREPARER, createFakeClient, createTestStore } from './testing/viewer-store-fixture.ts';

function found(sessionId: string, total: number): WorkspaceSearchSession {
  return {
    sessionId,
    total,
    hits: [{ seq: 3, type: 'user/message', snippet: 'x', match: null }],
    failure: null,
  };
}

function setUp() {
  const fake = createFakeClient();
  const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
  return { fake, store, actions: () => store.getState().actions };
}

describe('workspace search slice', () => {
  it('gathers the sessions of every part, and says how far the search got', () => {
    const { fake, store, actions } = setUp();
    actions().searchWorkspace('  needle ');
    expect(fake.workspaceSearches.map((search) => search.text)).toEqual(['needle']);
    expect(store.getState().workspaceSearch).toMatchObject({ text: 'needle', done: 0, isComplete: false });
    const { onPart } = fake.workspaceSearches[0]!;
    onPart({ sessions: [found('a', 2)], done: 3, total: 10, isComplete: false });
    onPart({ sessions: [], done: 6, total: 10, isComplete: false });
    onPart({ sessions: [found('b', 1)], done: 10, total: 10, isComplete: true });
    expect(store.getState().workspaceSearch).toMatchObject({ done: 10, total: 10, isComplete: true });
    expect(store.getState().workspaceSearch?.sessions.map((session) => session.sessionId)).toEqual([
      'a',
      'b',
    ]);
  });

  it('drops the parts of a search a newer one replaced', () => {
    const { fake, store, actions } = setUp();
    actions().searchWorkspace('first');
    actions().searchWorkspace('second');
    expect(fake.workspaceSearches[0]?.cancelled).toBe(true);
    fake.workspaceSearches[0]!.onPart({ sessions: [found('old', 1)], done: 1, total: 1, isComplete: true });
    expect(store.getState().workspaceSearch).toMatchObject({
      text: 'second',
      sessions: [],
      isComplete: false,
    });
  });

  it('clears on an empty text and when another workspace opens', () => {
    const { fake, store, actions } = setUp();
    actions().searchWorkspace('needle');
    actions().searchWorkspace('   ');
    expect(store.getState().workspaceSearch).toBeNull();
    expect(fake.workspaceSearches[0]?.cancelled).toBe(true);
    actions().searchWorkspace('needle');
    actions().openWorkspace('root', [
      { path: 'root/a/session.jsonl', file: new File(['{}'], 'session.jsonl') },
    ]);
    expect(store.getState().workspaceSearch).toBeNull();
    fake.workspaceSearches[1]!.onPart({ sessions: [found('a', 1)], done: 1, total: 1, isComplete: true });
    expect(store.getState().workspaceSearch).toBeNull();
  });
});
