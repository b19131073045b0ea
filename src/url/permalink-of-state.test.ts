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
import { compareLinkOf } from './permalink-of-state.ts';

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
