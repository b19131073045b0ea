// Tests of the compare a Copy link names (compareLinkOf): only a compare of the open workspace
// session with another session of its workspace, at the aligned position (or the one asked for).
import { describe, expect, it } from 'vitest';
import {
  IMMEDIATE_PREPARER,
  PROGRESS,
  createFakeClient,
  createTestStore,
  summaryOf,
  workspaceRowOf,
} from '../store/testing/viewer-store-fixture.ts';
import { parsePermalinkHash } from './permalink.ts';
import { compareLinkOf, requestLinkedCompare } from './permalink-of-state.ts';

function fileAt(path: string) {
  return { path, file: new File(['{}'], path.split('/').pop() ?? path) };
}

/** A store whose workspace session `a` is open, with a compare-open that never answers. */
function workspaceStore() {
  const fake = createFakeClient();
  fake.client.query = () => new Promise(() => undefined);
  const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
  const { actions } = store.getState();
  actions.openDropped([fileAt('root/p/a/session.jsonl'), fileAt('root/p/b/session.jsonl')], true);
  fake.workspaceListeners.at(-1)!.onSnapshot({
    rows: [workspaceRowOf('a'), workspaceRowOf('b'), workspaceRowOf('c')],
    problems: [],
    links: [],
    parents: [],
    ignoredFiles: 0,
    isComplete: true,
  });
  actions.openWorkspaceSession('a');
  fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'a'), PROGRESS);
  return { store, fake };
}

describe('compareLinkOf', () => {
  it('names the other session and the asked position while loading, the aligned one when ready', () => {
    const { store } = workspaceStore();
    const asked = { turnIndex: 2, stepIndex: 1 };
    store.getState().actions.startCompare([{ kind: 'workspace-session', sessionId: 'b' }], ['a', 'b'], asked);
    expect(compareLinkOf(store.getState())).toEqual({ sessionId: 'b', position: asked });
    const state = store.getState();
    const ready = {
      ...state.compare!,
      status: 'ready' as const,
      position: { turnIndex: 4, stepIndex: null },
    };
    expect(compareLinkOf({ ...state, compare: ready })).toEqual({
      sessionId: 'b',
      position: { turnIndex: 4, stepIndex: null },
    });
  });
  it('names no position while a compare without one loads (it opens at the first divergence)', () => {
    const { store } = workspaceStore();
    store.getState().actions.startCompare([{ kind: 'workspace-session', sessionId: 'b' }], ['a', 'b']);
    expect(compareLinkOf(store.getState())).toEqual({ sessionId: 'b', position: null });
  });
  it('names nothing for a file compared, no compare, or after the reader moved to another session', () => {
    const { store, fake } = workspaceStore();
    expect(compareLinkOf(store.getState())).toBeNull();
    store.getState().actions.startCompare([{ kind: 'file', file: new File(['{}'], 'x.jsonl') }], ['a', 'x']);
    expect(compareLinkOf(store.getState())).toBeNull();
    store.getState().actions.startCompare([{ kind: 'workspace-session', sessionId: 'b' }], ['a', 'b']);
    store.getState().actions.openWorkspaceSession('c');
    fake.listeners.at(-1)!.onLoaded(summaryOf(40, 'c'), PROGRESS);
    expect(compareLinkOf(store.getState())).toBeNull();
  });
});

describe('requestLinkedCompare', () => {
  const ask = (hash: string) => {
    const { store } = workspaceStore();
    const notices = requestLinkedCompare(store, hash, parsePermalinkHash(hash));
    return { notices, request: store.getState().compareLink };
  };
  it('asks the store for the compare of a workspace link, position and all', () => {
    expect(ask('#session=a&wsname=root&cmp=b&cmpat=3')).toEqual({
      notices: [],
      request: { baseSessionId: 'a', otherSessionId: 'b', position: { turnIndex: 3, stepIndex: null } },
    });
  });
  it('asks nothing of a link outside a workspace, of a session compared with itself, or of a bad cmp', () => {
    for (const hash of [
      '#session=a&cmp=b',
      '#wsname=root&cmp=b',
      '#session=a&wsname=root&cmp=a',
      '#session=a&wsname=root&cmp=%3C',
    ]) {
      const { notices, request } = ask(hash);
      expect(request, hash).toBeNull();
      expect(notices, hash).toHaveLength(1);
    }
  });
  it('keeps the compare when only the position is bad, and says so', () => {
    const { notices, request } = ask('#session=a&wsname=root&cmp=b&cmpat=x');
    expect(request).toEqual({ baseSessionId: 'a', otherSessionId: 'b', position: null });
    expect(notices).toHaveLength(1);
  });
});
