// Tests of the workspace slice with a fake client: what a drop opens, the scan's snapshots, and
// opening a workspace session (by id, at a seq) through the ordinary load.
import { describe, expect, it } from 'vitest';
import type { FormatVerdicts } from '../log/index.ts';
import type { WorkspaceFile, WorkspaceSnapshot } from '../worker/client.ts';
import {
  IMMEDIATE_PREPARER,
  PROGRESS,
  createFakeClient,
  createMemoryPersistence,
  createTestStore,
  summaryOf,
  workspaceRowOf,
} from './testing/viewer-store-fixture.ts';
import { isWorkspaceDrop, withUniquePaths } from './workspace-slice.ts';

function fileAt(path: string): WorkspaceFile {
  return { path, file: new File(['{}'], path.split('/').pop() ?? path) };
}

const SNAPSHOT: WorkspaceSnapshot = {
  rows: [workspaceRowOf('parent'), workspaceRowOf('child', 'parent')],
  problems: [],
  links: [],
  parents: [],
  ignoredFiles: 0,
  isComplete: true,
};

describe('isWorkspaceDrop', () => {
  it('opens folders, ZIPs and unrelated logs as a workspace, one session’s generations as before', () => {
    expect(isWorkspaceDrop([fileAt('a.jsonl')], false)).toBe(false);
    expect(isWorkspaceDrop([fileAt('root/a/session.jsonl')], true)).toBe(true);
    expect(isWorkspaceDrop([fileAt('dsh-session-x.zip')], false)).toBe(true);
    expect(isWorkspaceDrop([fileAt('session.jsonl'), fileAt('session.1.jsonl')], false)).toBe(true);
    expect(isWorkspaceDrop([fileAt('session.jsonl'), fileAt('session.v4.jsonl')], false)).toBe(false);
    expect(isWorkspaceDrop([fileAt('session.jsonl.zstd'), fileAt('session.jsonl.zstd')], false)).toBe(true);
  });
});

describe('withUniquePaths', () => {
  it('gives the later copies of a loose name a directory of their own', () => {
    const files = [fileAt('session.jsonl.zstd'), fileAt('session.jsonl.zstd'), fileAt('a/b.jsonl')];
    expect(withUniquePaths(files).map((file) => file.path)).toEqual([
      'session.jsonl.zstd',
      '#2/session.jsonl.zstd',
      'a/b.jsonl',
    ]);
  });
});

describe('workspace slice', () => {
  it('scans a dropped folder and opens a session by id at a seq', () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    const { actions } = store.getState();
    actions.openDropped([fileAt('root/p/parent/session.jsonl')], true);
    expect(store.getState().workspace).toMatchObject({ name: 'root', status: 'scanning' });
    fake.workspaceListeners.at(-1)!.onSnapshot(SNAPSHOT);
    expect(store.getState().workspace?.status).toBe('ready');

    actions.openWorkspaceSession('child', 7);
    expect(fake.sources.at(-1)).toEqual({
      kind: 'workspace-session',
      sessionId: 'child',
      name: 'session.jsonl',
    });
    fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'child'), PROGRESS);
    expect(store.getState()).toMatchObject({ cursorSeq: 7, workspaceSessionId: 'child' });

    // Already open: only the cursor moves, no second load.
    const loads = fake.sources.length;
    actions.openWorkspaceSession('child', 3);
    expect(fake.sources.length).toBe(loads);
    expect(store.getState().cursorSeq).toBe(3);
  });

  it('ignores a replaced scan and an unknown session', () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    const { actions } = store.getState();
    actions.openWorkspace('first', [fileAt('a/b.jsonl')]);
    const stale = fake.workspaceListeners.at(-1)!;
    actions.openWorkspace('second', [fileAt('c/d.jsonl')]);
    stale.onSnapshot(SNAPSHOT);
    expect(store.getState().workspace).toMatchObject({ name: 'second', snapshot: null });
    actions.openWorkspaceSession('parent');
    expect(fake.sources).toHaveLength(0);
  });
});

describe('switching back to a session the worker keeps opened', () => {
  function openedWorkspace() {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    const { actions } = store.getState();
    actions.openDropped([fileAt('root/p/parent/session.jsonl')], true);
    fake.workspaceListeners.at(-1)!.onSnapshot(SNAPSHOT);
    return { fake, store, actions };
  }

  it('shows the kept summary at once, where the reader left it, without a load', () => {
    const { fake, store, actions } = openedWorkspace();
    actions.openWorkspaceSession('parent');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'parent'), PROGRESS, ['parent']);
    actions.setCursor(12);
    actions.openWorkspaceSession('child');
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'child'), PROGRESS, ['parent', 'child']);
    expect(store.getState().summary?.sessionId).toBe('child');
    const loads = fake.sources.length;

    actions.openWorkspaceSession('parent');
    expect(fake.sources.length).toBe(loads);
    expect(fake.switches.at(-1)?.sessionId).toBe('parent');
    expect(store.getState()).toMatchObject({ loadState: 'ready', cursorSeq: 12, progress: PROGRESS });
    expect(store.getState().summary?.sessionId).toBe('parent');
    fake.switches.at(-1)!.listener.onSwitched(['child', 'parent'], null);

    // With a seq (a link to the parent's call): the cursor goes there instead.
    actions.openWorkspaceSession('child', 4);
    expect(fake.sources.length).toBe(loads);
    expect(store.getState()).toMatchObject({ loadState: 'ready', cursorSeq: 4 });
    expect(store.getState().summary?.sessionId).toBe('child');
  });

  it('brings a kept session its verdicts: kept ones at once, or the ones the worker derives after the switch', () => {
    const { fake, store, actions } = openedWorkspace();
    const asked: string[] = [];
    fake.client.query = ((query: { kind: string }) => {
      asked.push(query.kind);
      return Promise.resolve([]);
    }) as typeof fake.client.query;
    const verdicts = { generation: 4 } as unknown as FormatVerdicts;
    actions.openWorkspaceSession('parent');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'parent'), PROGRESS, ['parent']);
    fake.listeners.at(-1)!.onFormatVerdicts(verdicts);
    // The reader leaves the child before its verdicts come.
    actions.openWorkspaceSession('child');
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'child'), PROGRESS, ['parent', 'child']);
    actions.openWorkspaceSession('parent');
    expect(store.getState().formatVerdicts).toBe(verdicts);

    asked.length = 0;
    actions.openWorkspaceSession('child');
    expect(store.getState().formatVerdicts).toBeNull();
    // Triage would derive the verdicts in one block: the findings are asked once they came.
    expect(asked).not.toContain('finding-seqs');
    const childVerdicts = { generation: 3 } as unknown as FormatVerdicts;
    fake.switches.at(-1)!.listener.onSwitched(['parent', 'child'], null);
    fake.switches.at(-1)!.listener.onFormatVerdicts(childVerdicts);
    expect(store.getState().formatVerdicts).toBe(childVerdicts);
    expect(asked).toContain('finding-seqs');
    // And they are kept: back and forth, they come with the switch.
    actions.openWorkspaceSession('parent');
    actions.openWorkspaceSession('child');
    expect(store.getState().formatVerdicts).toBe(childVerdicts);
  });

  it('loads a session the worker let go (evicted, or not kept at all)', () => {
    const { fake, store, actions } = openedWorkspace();
    actions.openWorkspaceSession('parent');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'parent'), PROGRESS, ['parent']);
    actions.openWorkspaceSession('child');
    // The worker kept the child and let the parent go: the page forgets the parent too.
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'child'), PROGRESS, ['child']);
    const loads = fake.sources.length;
    actions.openWorkspaceSession('parent');
    expect(fake.sources.length).toBe(loads + 1);
    expect(store.getState().loadState).toBe('loading');
  });

  it('loads when the worker answers that it no longer keeps the log', () => {
    const { fake, store, actions } = openedWorkspace();
    actions.openWorkspaceSession('parent');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'parent'), PROGRESS, ['parent']);
    actions.openWorkspaceSession('child');
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'child'), PROGRESS, ['parent', 'child']);
    const loads = fake.sources.length;
    actions.openWorkspaceSession('parent');
    fake.switches.at(-1)!.listener.onMissed(['child']);
    expect(fake.sources.length).toBe(loads + 1);
    expect(fake.sources.at(-1)).toMatchObject({ kind: 'workspace-session', sessionId: 'parent' });
    expect(store.getState().loadState).toBe('loading');
  });

  it('forgets the kept logs with a new workspace', () => {
    const { fake, actions } = openedWorkspace();
    actions.openWorkspaceSession('parent');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50, 'parent'), PROGRESS, ['parent']);
    actions.openDropped([fileAt('root/p/parent/session.jsonl')], true);
    fake.workspaceListeners.at(-1)!.onSnapshot(SNAPSHOT);
    actions.openWorkspaceSession('child');
    const loads = fake.sources.length;
    actions.openWorkspaceSession('parent');
    expect(fake.sources.length).toBe(loads + 1);
    expect(fake.switches).toHaveLength(0);
  });
});

describe('permalinks into a workspace', () => {
  const zipFile = () => new File([new Uint8Array([80, 75, 5, 6, 1, 2, 3])], 'dsh-session-x.zip');

  it('Copy link keeps an open ZIP under the hash of its bytes, and a reload of the link restores it', async () => {
    const fake = createFakeClient();
    const persistence = createMemoryPersistence();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER, persistence);
    const file = zipFile();
    store.getState().actions.openDropped([{ file, path: file.name }], false);
    expect(store.getState().workspace?.source.kind).toBe('zip');
    const key = await store.getState().actions.workspaceLinkKey();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
    expect(key).toBe(`zip:${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`);
    expect(await store.getState().actions.keepOpenWorkspace('link')).toBe(true);
    expect([...persistence.logs.keys()]).toEqual([key]);
    expect(persistence.logs.get(key!)?.source).toMatchObject({ kind: 'zip', name: file.name });

    // A fresh page with the same browser storage follows the link.
    const again = createFakeClient();
    const reloaded = createTestStore(again.client, IMMEDIATE_PREPARER, persistence);
    await reloaded.getState().actions.followWorkspaceLink({
      sessionId: 'child',
      seq: 7,
      logKey: 'c'.repeat(64),
      workspaceKey: key,
      workspaceName: file.name,
    });
    expect(reloaded.getState().workspace).toMatchObject({ name: file.name, linkKey: key });
    expect(reloaded.getState().workspaceAsk).toBeNull();
    again.workspaceListeners.at(-1)!.onSnapshot(SNAPSHOT);
    expect(again.sources.at(-1)).toMatchObject({ kind: 'workspace-session', sessionId: 'child' });
    expect(reloaded.getState().pendingJump).toEqual({ seq: 7, sessionId: 'child', logKey: 'c'.repeat(64) });
    again.listeners.at(-1)!.onLoaded({ ...summaryOf(50, 'child'), contentKey: 'c'.repeat(64) }, PROGRESS);
    expect(reloaded.getState()).toMatchObject({ cursorSeq: 7, workspaceSessionId: 'child' });
  });

  it('keeps nothing for a dropped folder; its link asks for the folder by name and opens the session once given', async () => {
    const fake = createFakeClient();
    const persistence = createMemoryPersistence();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER, persistence);
    store.getState().actions.openDropped([fileAt('root/p/parent/session.jsonl')], true);
    expect(await store.getState().actions.keepOpenWorkspace('link')).toBe(false);
    expect(persistence.logs.size).toBe(0);

    const again = createFakeClient();
    const reloaded = createTestStore(again.client, IMMEDIATE_PREPARER, persistence);
    await reloaded.getState().actions.followWorkspaceLink({
      sessionId: 'parent',
      seq: 3,
      logKey: null,
      workspaceKey: null,
      workspaceName: 'root',
    });
    expect(reloaded.getState().workspaceAsk?.restore).toEqual({
      kind: 'ask-to-open',
      what: 'folder',
      name: 'root',
      reason: 'not-stored',
    });
    expect(again.workspaceListeners).toHaveLength(0);
    reloaded.getState().actions.openDropped([fileAt('root/p/parent/session.jsonl')], true);
    again.workspaceListeners.at(-1)!.onSnapshot(SNAPSHOT);
    expect(reloaded.getState().workspaceAsk).toBeNull();
    expect(again.sources.at(-1)).toMatchObject({ kind: 'workspace-session', sessionId: 'parent' });
  });

  it('a folder without the session leaves the ask up and says so', async () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    await store.getState().actions.followWorkspaceLink({
      sessionId: 'elsewhere',
      seq: null,
      logKey: null,
      workspaceKey: null,
      workspaceName: 'root',
    });
    store.getState().actions.openDropped([fileAt('root/p/parent/session.jsonl')], true);
    fake.workspaceListeners.at(-1)!.onSnapshot(SNAPSHOT);
    expect(store.getState().workspaceAsk).not.toBeNull();
    expect(store.getState().notice).toContain('does not hold session elsewhere');
    expect(fake.sources).toHaveLength(0);
  });
});
