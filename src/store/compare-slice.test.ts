// Tests of the compare slice's permalink side (issue 23): what a compare of two workspace sessions
// records for a link, a link's position restored or refused, and when a waiting link may start.
import { describe, expect, it } from 'vitest';
import type { LogClient, WorkspaceFile } from '../worker/client.ts';
import { compareLinkStepOf, firstDivergencePosition, type CompareLinkFacts } from './compare-slice.ts';
import {
  IMMEDIATE_PREPARER,
  PROGRESS,
  createFakeClient,
  createTestStore,
  summaryOf,
  workspaceRowOf,
} from './testing/viewer-store-fixture.ts';
import { pairToCompare } from './workspace-slice.ts';
import { CHILD, PARENT, openedForkPair } from '../log/testing/compare-fork-pair.ts';

const OPENED = openedForkPair();

function fileAt(path: string): WorkspaceFile {
  return { path, file: new File(['{}'], path.split('/').pop() ?? path) };
}

/** A store with a two-session workspace whose session CHILD is open and read, and compare-open answered. */
function storeWithOpenChild() {
  const fake = createFakeClient();
  const queries: Parameters<LogClient['query']>[0][] = [];
  fake.client.query = ((query: Parameters<LogClient['query']>[0]) => {
    queries.push(query);
    return Promise.resolve(OPENED);
  }) as LogClient['query'];
  const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
  const { actions } = store.getState();
  actions.openDropped([fileAt('root/p/a/session.jsonl'), fileAt('root/p/b/session.jsonl')], true);
  fake.workspaceListeners.at(-1)!.onSnapshot({
    rows: [workspaceRowOf(PARENT), workspaceRowOf(CHILD, PARENT)],
    problems: [],
    links: [],
    parents: [],
    ignoredFiles: 0,
    isComplete: true,
  });
  actions.openWorkspaceSession(CHILD);
  fake.listeners.at(-1)!.onLoaded(summaryOf(OPENED.outlines[0]!.eventCount, CHILD), PROGRESS);
  return { store, queries };
}

async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a compare of two workspace sessions, for its permalink', () => {
  it('records the base and the other session and, while loading, the position asked for', async () => {
    const { store, queries } = storeWithOpenChild();
    const asked = { turnIndex: 1, stepIndex: 0 };
    store
      .getState()
      .actions.startCompare([{ kind: 'workspace-session', sessionId: PARENT }], ['child', 'parent'], asked);
    expect(store.getState().compare).toMatchObject({
      status: 'loading',
      sessionIds: [CHILD, PARENT],
      requestedPosition: asked,
    });
    expect(queries.at(-1)).toMatchObject({
      kind: 'compare-open',
      runs: [{ kind: 'open' }, { kind: 'workspace-session', sessionId: PARENT }],
    });
    await settled();
    expect(store.getState().compare).toMatchObject({ status: 'ready', position: asked });
  });

  it('opens at a linked position that is not the first divergence, and both sides follow it', async () => {
    const { store } = storeWithOpenChild();
    const first = firstDivergencePosition(OPENED, 1);
    const alignment = OPENED.columns.alignments[0]!;
    const turnIndex = alignment.turns.findIndex(
      (turn, index) => index !== first.turnIndex && turn.steps.length > 0,
    );
    expect(turnIndex).toBeGreaterThanOrEqual(0);
    const linked = { turnIndex, stepIndex: alignment.turns[turnIndex]!.steps.length - 1 };
    store
      .getState()
      .actions.startCompare([{ kind: 'workspace-session', sessionId: PARENT }], ['child', 'parent'], linked);
    await settled();
    const atLink = store.getState().compare!;
    expect(atLink.position).toEqual(linked);
    store.getState().actions.setComparePosition(first);
    expect(store.getState().compare!.seqs).not.toEqual(atLink.seqs);
    store.getState().actions.setComparePosition(linked);
    expect(store.getState().compare!.seqs).toEqual(atLink.seqs);
  });

  it('a position past the alignment opens at the first divergence and says so', async () => {
    const { store } = storeWithOpenChild();
    const turns = OPENED.columns.alignments[0]!.turns.length;
    for (const position of [
      { turnIndex: turns, stepIndex: null },
      { turnIndex: 0, stepIndex: 999 },
    ]) {
      store.getState().actions.showNotice(null);
      store
        .getState()
        .actions.startCompare(
          [{ kind: 'workspace-session', sessionId: PARENT }],
          ['child', 'parent'],
          position,
        );
      await settled();
      expect(store.getState().compare!.position).toEqual(firstDivergencePosition(OPENED, 1));
      expect(store.getState().notice).toMatch(/not in this alignment; showing the first divergence/);
    }
  });

  it('without a workspace session open, records no base session (a link cannot name it)', () => {
    const fake = createFakeClient();
    fake.client.query = () => new Promise(() => undefined);
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    store.getState().actions.openUrl('http://x/a.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50), PROGRESS);
    store.getState().actions.startCompare([{ kind: 'file', file: new File(['{}'], 'b.jsonl') }], ['a', 'b']);
    expect(store.getState().compare).toMatchObject({ sessionIds: [null, null], requestedPosition: null });
  });
});

describe('compareLinkStepOf', () => {
  const link = { baseSessionId: 'a', otherSessionId: 'b', position: null };
  const listed = (ids: string[], isComplete = true) => ({
    snapshot: { rows: ids.map((id) => ({ id })), isComplete },
  });
  const facts = (patch: Partial<CompareLinkFacts>): CompareLinkFacts => ({
    compareLink: link,
    workspace: listed(['a', 'b']),
    workspaceSessionId: 'a',
    summary: { sessionId: 'a' },
    loadState: 'ready',
    ...patch,
  });
  it('starts once the base session is open and read and the other is listed', () => {
    expect(compareLinkStepOf(facts({}))).toBe('start');
  });
  it('waits for the workspace, the base session and its load', () => {
    expect(compareLinkStepOf(facts({ workspace: null }))).toBe('wait');
    expect(compareLinkStepOf(facts({ workspace: { snapshot: null } }))).toBe('wait');
    expect(compareLinkStepOf(facts({ workspaceSessionId: null }))).toBe('wait');
    expect(compareLinkStepOf(facts({ loadState: 'loading' }))).toBe('wait');
    // The previous log's summary while the base loads.
    expect(compareLinkStepOf(facts({ summary: { sessionId: 'z' } }))).toBe('wait');
    expect(compareLinkStepOf(facts({ workspace: listed(['a'], false) }))).toBe('wait');
  });
  it('says when the listed workspace does not hold the other session', () => {
    expect(compareLinkStepOf(facts({ workspace: listed(['a']) }))).toBe('missing');
  });
  it('drops the link when another session is opened or the base fails to load', () => {
    expect(compareLinkStepOf(facts({ workspaceSessionId: 'b' }))).toBe('drop');
    expect(compareLinkStepOf(facts({ loadState: 'error' }))).toBe('drop');
  });
  it('has nothing to do without a link', () => {
    expect(compareLinkStepOf(facts({ compareLink: null }))).toBe('none');
  });
});

describe('two logs dropped together', () => {
  const snapshotOf = (rows: ReturnType<typeof workspaceRowOf>[], isComplete = true) => ({
    rows,
    problems: [],
    links: [],
    parents: [],
    ignoredFiles: 0,
    isComplete,
  });
  const loose = (id: string, path: string) => ({ ...workspaceRowOf(id), path });

  it('pairs the first dropped log (A) with the second, whatever the listing order', () => {
    const rows = [loose('x', 'b.jsonl'), loose('y', 'a.jsonl')];
    expect(pairToCompare(rows, 'a.jsonl')).toEqual({ baseSessionId: 'y', otherSessionId: 'x' });
    expect(pairToCompare(rows, 'b.jsonl')).toEqual({ baseSessionId: 'x', otherSessionId: 'y' });
  });
  it('pairs nothing for one session, three, or a parent and its child', () => {
    expect(pairToCompare([loose('x', 'a.jsonl')], 'a.jsonl')).toBeNull();
    expect(
      pairToCompare([loose('x', 'a.jsonl'), loose('y', 'b.jsonl'), loose('z', 'c.jsonl')], 'a.jsonl'),
    ).toBeNull();
    expect(pairToCompare([workspaceRowOf('p'), workspaceRowOf('c', 'p')], 'p/p/session.jsonl')).toBeNull();
  });

  it('opens the first and asks for its compare with the second once the listing is complete', () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    store.getState().actions.openDropped([fileAt('a.jsonl'), fileAt('b.jsonl')], false);
    const listener = fake.workspaceListeners.at(-1)!;
    listener.onSnapshot(snapshotOf([loose('x', 'b.jsonl')], false));
    expect(store.getState().compareLink).toBeNull();
    listener.onSnapshot(snapshotOf([loose('x', 'b.jsonl'), loose('y', 'a.jsonl')]));
    expect(store.getState().compareLink).toEqual({ baseSessionId: 'y', otherSessionId: 'x', position: null });
    expect(store.getState().workspaceSessionId).toBe('y');
    expect(fake.sources.at(-1)).toMatchObject({ kind: 'workspace-session', sessionId: 'y' });
  });

  it('asks for no compare for a folder of two sessions or three dropped logs', () => {
    for (const [files, hasDirectory] of [
      [[fileAt('root/a/session.jsonl'), fileAt('root/b/session.jsonl')], true],
      [[fileAt('a.jsonl'), fileAt('b.jsonl'), fileAt('c.jsonl')], false],
    ] as const) {
      const fake = createFakeClient();
      const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
      store.getState().actions.openDropped([...files], hasDirectory);
      fake.workspaceListeners.at(-1)!.onSnapshot(snapshotOf([loose('x', 'a.jsonl'), loose('y', 'b.jsonl')]));
      expect(store.getState().compareLink).toBeNull();
      expect(store.getState().workspaceSessionId).toBeNull();
    }
  });
});
