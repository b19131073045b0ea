// Tests of the browser history of a loaded log (issue 11, "never lose your place") against a fake
// history that keeps entries the way a browser does: push drops the forward entries, go() moves
// later and reports where it landed as a popstate, out of range it does nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IMMEDIATE_PREPARER,
  PROGRESS,
  createFakeClient,
  createTestStore,
  openedStore,
  summaryOf,
} from '../store/testing/viewer-store-fixture.ts';
import type { ViewerStore } from '../store/viewer-store.ts';
import { openedForkPair } from '../log/testing/compare-fork-pair.ts';
import { makeGuardEntry, makePlaceEntry, readHistoryEntry } from './history-entries.ts';
import {
  HASH_MAX_WAIT_MS,
  LEAVE_WAIT_MS,
  LIVE_HASH_WAIT_MS,
  createHistorySync,
  type HistoryPort,
  type HistorySync,
} from './history-sync.ts';

interface Entry {
  state: unknown;
  /** With its `#`, or ''. */
  hash: string;
}

class FakeHistory implements HistoryPort {
  entries: Entry[];
  index: number;
  sync: HistorySync | null = null;
  private readonly traversals: number[] = [];

  constructor(entries: Entry[] = [{ state: null, hash: '' }]) {
    this.entries = entries;
    this.index = entries.length - 1;
  }
  private get current(): Entry {
    return this.entries[this.index]!;
  }
  readState = () => this.current.state;
  readHash = () => this.current.hash;
  push = (state: unknown, hash: string | null) => {
    this.entries.splice(this.index + 1);
    this.entries.push({
      state: structuredClone(state),
      hash: hash === null ? this.current.hash : `#${hash}`,
    });
    this.index += 1;
  };
  replace = (state: unknown, hash: string | null) => {
    this.entries[this.index] = {
      state: structuredClone(state),
      hash: hash === null ? this.current.hash : `#${hash}`,
    };
  };
  go = (delta: number) => {
    this.traversals.push(delta);
  };
  /** Runs the traversals asked for (the browser does them after the current task), as popstates. */
  settle(): void {
    for (let delta = this.traversals.shift(); delta !== undefined; delta = this.traversals.shift()) {
      const target = this.index + delta;
      if (target < 0 || target >= this.entries.length) continue;
      this.index = target;
      this.sync?.onPopState(structuredClone(this.current.state));
    }
  }
  back(): void {
    this.go(-1);
    this.settle();
  }
  forward(): void {
    this.go(1);
    this.settle();
  }
  /** A hash typed or pasted into the address bar: a new entry without state, popstate, hashchange. */
  navigateToFragment(hash: string): void {
    this.push(null, hash);
    this.sync?.onPopState(null);
    this.sync?.onHashChange();
  }
  kinds(): string[] {
    return this.entries.map((entry) => readHistoryEntry(entry.state)?.kind ?? 'other');
  }
}

let asks: boolean[] = [];
/** compare-open's answer for two runs that part after a shared prefix (a fork and its parent). */
const FORK_PAIR = openedForkPair();

/** A store loading a 50-event log (session s1), a fake history, and the sync between them. */
function setUp(entries?: Entry[]) {
  const { store, fake, finish } = openedStore();
  const history = new FakeHistory(entries);
  const sync = createHistorySync(store, history, {
    documentKey: 'doc',
    onAskChange: (isAsking) => asks.push(isAsking),
  });
  history.sync = sync;
  return { store, fake, finish, history, sync };
}

const cursor = (store: ViewerStore) => store.getState().cursorSeq;
const isAsking = () => asks.at(-1) ?? false;

beforeEach(() => {
  vi.useFakeTimers();
  asks = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('history sync: entries of a loaded log', () => {
  it('turns the page’s entry into the guard and puts the first place above it once the log is ready', () => {
    const { finish, history } = setUp();
    expect(history.kinds()).toEqual(['other']);
    finish();
    expect(history.kinds()).toEqual(['guard', 'place']);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    expect(history.readHash()).toBe('#seq=49&session=s1');
    // The guard keeps the URL the page was opened with.
    expect(history.entries[0]!.hash).toBe('');
  });

  it('keeps a permalink’s URL on the first place until the cursor rests there', () => {
    const { store, finish, history } = setUp([{ state: null, hash: '#seq=12&session=s1' }]);
    store.getState().actions.requestJump({ seq: 12, sessionId: 's1' }, []);
    finish();
    expect(cursor(store)).toBe(12);
    expect(history.entries.map((entry) => entry.hash)).toEqual(['#seq=12&session=s1', '#seq=12&session=s1']);
  });

  it('replaces an entry a reload left behind (another page’s) instead of keeping it under the guard', () => {
    const { finish, history } = setUp([
      { state: makePlaceEntry('old-page:1', 3), hash: '#seq=3&session=s1' },
    ]);
    finish();
    expect(history.kinds()).toEqual(['guard', 'place']);
  });

  it('pushes an entry for each jump, and only rewrites the current one for steps', () => {
    const { store, finish, history } = setUp();
    finish();
    const { actions } = store.getState();
    actions.setCursor(10);
    actions.moveCursor(1);
    expect(history.entries).toHaveLength(2);
    actions.selectEvent(20);
    actions.setCursor(25, 'jump');
    expect(history.entries.map((entry) => entry.hash)).toEqual([
      '',
      '#seq=11&session=s1',
      '#seq=20&session=s1',
      '#seq=25&session=s1',
    ]);
    actions.moveCursor(2);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    expect(history.entries.map((entry) => entry.hash).slice(2)).toEqual([
      '#seq=20&session=s1',
      '#seq=27&session=s1',
    ]);
  });
});

describe('history sync: a followed log', () => {
  it('writes the hash at most every LIVE_HASH_WAIT_MS while the cursor follows the head, not once per append', () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    store.getState().actions.followUrl('http://x/a.jsonl');
    const history = new FakeHistory();
    history.sync = createHistorySync(store, history, { documentKey: 'doc', onAskChange: () => undefined });
    const listener = fake.listeners.at(-1)!;
    listener.onLoaded(summaryOf(50), PROGRESS);
    vi.advanceTimersByTime(LIVE_HASH_WAIT_MS);
    expect(history.readHash()).toBe('#seq=49&session=s1');
    const replace = vi.spyOn(history, 'replace');
    const status = { state: 'following' as const, bytesRead: 1, lastGrowthAt: 0, restarts: 0, message: null };
    for (let count = 51; count <= 60; count++) {
      listener.onLive?.({ type: 'live', loadId: 1, status, summary: summaryOf(count), turnsFrom: 0 });
      vi.advanceTimersByTime(600);
    }
    expect(cursor(store)).toBe(59);
    // Ten appends in 6 s: one write (the first append's, 5 s after it), not ten.
    expect(replace).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LIVE_HASH_WAIT_MS);
    expect(history.readHash()).toBe('#seq=59&session=s1');
  });
});

describe('history sync: Back and Forward', () => {
  it('walks back through three jumps to the first seq, and forward again', () => {
    const { store, finish, history } = setUp();
    finish();
    const { actions } = store.getState();
    actions.setCursor(3);
    for (const seq of [20, 30, 40]) actions.selectEvent(seq);
    const visited: (number | null)[] = [];
    for (let press = 0; press < 3; press++) {
      history.back();
      visited.push(cursor(store));
    }
    expect(visited).toEqual([30, 20, 3]);
    history.forward();
    expect(cursor(store)).toBe(20);
    history.forward();
    expect(cursor(store)).toBe(30);
    // A jump from here drops the entries forward of it, as in any browser.
    actions.selectEvent(7);
    expect(history.entries.map((entry) => entry.hash).at(-1)).toBe('#seq=7&session=s1');
    expect(history.entries).toHaveLength(5);
  });

  it('returns to where the reader left a place, with the steps made after its last hash write', () => {
    const { store, finish, history } = setUp();
    finish();
    const { actions } = store.getState();
    actions.selectEvent(20);
    actions.moveCursor(1);
    actions.moveCursor(1);
    // No time passed: the entry's hash still says 20.
    expect(history.readHash()).toBe('#seq=20&session=s1');
    history.back();
    expect(cursor(store)).toBe(49);
    history.forward();
    expect(cursor(store)).toBe(22);
  });

  it('asks at the first place instead of leaving, goes forward again, and the log stays', () => {
    const { store, finish, history, sync } = setUp();
    finish();
    store.getState().actions.selectEvent(20);
    history.back();
    expect(cursor(store)).toBe(49);
    expect(isAsking()).toBe(false);
    history.go(-1);
    // Landing on the guard: the page must not unload until it is back on the first place.
    history.settle();
    expect(isAsking()).toBe(true);
    expect(history.kinds()[history.index]).toBe('place');
    expect(history.index).toBe(1);
    expect(sync.shouldBlockUnload()).toBe(false);
    expect(store.getState()).toMatchObject({ loadState: 'ready', cursorSeq: 49 });
    // Forward still redoes the jump.
    history.forward();
    expect(cursor(store)).toBe(20);
    expect(isAsking()).toBe(false);
  });

  it('blocks unloading while the page is on the guard', () => {
    const { finish, history, sync } = setUp();
    finish();
    history.index = 0;
    sync.onPopState(history.readState());
    expect(sync.shouldBlockUnload()).toBe(true);
    history.settle();
    expect(sync.shouldBlockUnload()).toBe(false);
  });

  it('drops the ask when the reader stays or moves', () => {
    const { store, finish, history, sync } = setUp();
    finish();
    history.back();
    expect(isAsking()).toBe(true);
    sync.stay();
    expect(isAsking()).toBe(false);
    history.back();
    expect(isAsking()).toBe(true);
    store.getState().actions.moveCursor(-1);
    expect(isAsking()).toBe(false);
  });

  it('leaves past the guard when the reader chooses to', () => {
    const before = { state: null, hash: '' };
    const { finish, history, sync } = setUp([before, { state: null, hash: '' }]);
    finish();
    history.back();
    expect(isAsking()).toBe(true);
    sync.leave();
    history.settle();
    expect(history.index).toBe(0);
    expect(isAsking()).toBe(false);
  });

  it('says so when nothing comes before the log in the tab', () => {
    const { store, finish, history, sync } = setUp();
    finish();
    history.back();
    sync.leave();
    history.settle();
    expect(history.index).toBe(1);
    vi.advanceTimersByTime(LEAVE_WAIT_MS);
    expect(store.getState().notice).toMatch(/Nothing comes before this log/);
    expect(store.getState().loadState).toBe('ready');
  });
});

describe('history sync: permalinks and other logs', () => {
  it('applies a pasted permalink of the open log, and Back returns to where the reader was', () => {
    const { store, finish, history } = setUp();
    finish();
    store.getState().actions.setCursor(8);
    history.navigateToFragment('seq=33&session=s1');
    expect(cursor(store)).toBe(33);
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);
    history.back();
    expect(cursor(store)).toBe(8);
    history.forward();
    expect(cursor(store)).toBe(33);
  });

  it('reopens the session a pasted permalink names when it is not the open one', async () => {
    const { store, finish, history } = setUp();
    finish();
    history.navigateToFragment('seq=3&session=other-session');
    await vi.runAllTimersAsync();
    expect(store.getState().missingLink?.sessionId).toBe('other-session');
  });

  it('keeps the first log’s places behind the guard of a second log opened in the same page', () => {
    const { store, fake, finish, history } = setUp();
    finish();
    store.getState().actions.selectEvent(20);
    store.getState().actions.openUrl('http://x/b.jsonl');
    // No entries while the next log loads.
    expect(history.entries).toHaveLength(3);
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 's2'), PROGRESS);
    expect(history.kinds()).toEqual(['guard', 'place', 'place', 'guard', 'place']);
    expect(history.entries[2]!.state).not.toEqual(history.entries[3]!.state);
    history.back();
    expect(isAsking()).toBe(true);
    expect(store.getState().summary?.sessionId).toBe('s2');
  });

  it('reads only the states it wrote', () => {
    expect(readHistoryEntry(null)).toBeNull();
    expect(readHistoryEntry({ kind: 'guard', load: 'x' })).toBeNull();
    expect(readHistoryEntry({ app: 'dsh-replay', kind: 'place', load: 'x', place: 'one' })).toBeNull();
    expect(readHistoryEntry(structuredClone(makeGuardEntry('d:1')))).toEqual(makeGuardEntry('d:1'));
  });
});

describe('history sync: the sessions of a workspace share one history', () => {
  /** A store with a two-session workspace (a, b), a fake history, and the sync between them. */
  function setUpWorkspace() {
    const fake = createFakeClient();
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    const history = new FakeHistory();
    const sync = createHistorySync(store, history, {
      documentKey: 'doc',
      onAskChange: (isAsking) => asks.push(isAsking),
    });
    history.sync = sync;
    const { actions } = store.getState();
    const file = new File(['{}'], 'session.jsonl');
    actions.openDropped([{ file, path: 'root/a/session.jsonl' }], true);
    const row = (id: string) => ({
      id,
      shownId: id,
      shownParentId: null,
      path: `root/${id}/session.jsonl`,
      head: {} as never,
      generations: [],
      kind: 'root' as const,
      depth: 0,
      parentId: null,
      isOrphan: false,
      summary: null,
      failureReason: null,
      totals: {} as never,
    });
    fake.workspaceListeners.at(-1)!.onSnapshot({
      rows: [row('a'), row('b')],
      problems: [],
      links: [],
      parents: [],
      ignoredFiles: 0,
      isComplete: true,
    });
    const guards = () => history.kinds().filter((kind) => kind === 'guard').length;
    return { fake, store, history, sync, actions, guards };
  }

  it('Back from a session opened from another returns to that one at the seq it was left at', () => {
    const { fake, store, history, sync, actions, guards } = setUpWorkspace();
    actions.openWorkspaceSession('a');
    fake.listeners.at(-1)!.onLoaded({ ...summaryOf(50, 'a'), contentKey: 'a'.repeat(64) }, PROGRESS, ['a']);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    // A step the debounced hash write has not caught up with when the next session opens.
    actions.setCursor(20);
    actions.openWorkspaceSession('b', 5);
    fake.listeners
      .at(-1)!
      .onLoaded({ ...summaryOf(30, 'b'), contentKey: 'b'.repeat(64) }, PROGRESS, ['a', 'b']);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    expect(store.getState().summary?.sessionId).toBe('b');
    // One guard below both sessions: no "this is where you started" between them.
    expect(guards()).toBe(1);
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);

    history.back();
    // The entry names a's session in its workspace: a (kept in the worker) is switched to, at 20.
    expect(fake.switches.at(-1)?.sessionId).toBe('a');
    expect(store.getState().summary?.sessionId).toBe('a');
    expect(cursor(store)).toBe(20);
    // The entry became a's place: no entry was added, so Forward still leads to b.
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);
    history.forward();
    expect(fake.switches.at(-1)?.sessionId).toBe('b');
    expect(store.getState().summary?.sessionId).toBe('b');
    sync.dispose();
  });

  it('Forward returns to the session left by Back even when its hash write was still pending', () => {
    const { fake, store, history, sync, actions } = setUpWorkspace();
    actions.openWorkspaceSession('a');
    fake.listeners.at(-1)!.onLoaded({ ...summaryOf(50, 'a'), contentKey: 'a'.repeat(64) }, PROGRESS, ['a']);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    actions.openWorkspaceSession('b', 5);
    fake.listeners
      .at(-1)!
      .onLoaded({ ...summaryOf(30, 'b'), contentKey: 'b'.repeat(64) }, PROGRESS, ['a', 'b']);
    // Back before b's debounced hash write ran (a loaded CI machine): b's entry must still name b.
    history.back();
    expect(store.getState().summary?.sessionId).toBe('a');
    history.forward();
    expect(fake.switches.at(-1)?.sessionId).toBe('b');
    expect(store.getState().summary?.sessionId).toBe('b');
    sync.dispose();
  });

  it('a compare link pasted into the address bar asks for that compare, once its session is read', () => {
    const { fake, store, history, sync, actions } = setUpWorkspace();
    actions.openWorkspaceSession('a');
    fake.listeners.at(-1)!.onLoaded({ ...summaryOf(50, 'a'), contentKey: 'a'.repeat(64) }, PROGRESS, ['a']);
    history.navigateToFragment('seq=4&session=a&wsname=root&cmp=b&cmpat=1.0');
    expect(store.getState().compareLink).toEqual({
      baseSessionId: 'a',
      otherSessionId: 'b',
      position: { turnIndex: 1, stepIndex: 0 },
    });
    expect(cursor(store)).toBe(4);
    // Without the workspace the link's sessions belong to, it says why nothing is compared.
    actions.requestCompareLink(null);
    history.navigateToFragment('seq=5&session=a&cmp=b');
    expect(store.getState().compareLink).toBeNull();
    expect(store.getState().notice).toMatch(/names no folder or ZIP holding both/);
    sync.dispose();
  });

  /** Opens workspace session a and, answering compare-open with the fork pair, compares it with b. */
  async function compareAWithB() {
    const setup = setUpWorkspace();
    const { fake, actions } = setup;
    fake.client.query = (() => Promise.resolve(FORK_PAIR)) as typeof fake.client.query;
    actions.openWorkspaceSession('a');
    fake.listeners.at(-1)!.onLoaded({ ...summaryOf(50, 'a'), contentKey: 'a'.repeat(64) }, PROGRESS, ['a']);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    actions.startCompare([{ kind: 'workspace-session', sessionId: 'b' }], ['a', 'b']);
    await vi.advanceTimersByTimeAsync(0);
    return setup;
  }
  const compareOf = (store: ViewerStore) => {
    const { compare } = store.getState();
    return compare === null
      ? null
      : {
          status: compare.status,
          position: compare.position,
          isLocked: compare.isLocked,
          seqs: compare.seqs,
        };
  };
  const hashField = (history: FakeHistory, name: string) =>
    new URLSearchParams(history.readHash().slice(1)).get(name);

  it('names an open compare in the hash: a new entry when it opens, the position and lock rewritten in place', async () => {
    const { store, history, sync, actions } = await compareAWithB();
    expect(store.getState().compare?.status).toBe('ready');
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    const opensAt = store.getState().compare!.position;
    expect(hashField(history, 'cmp')).toBe('b');
    expect(hashField(history, 'cmpat')).toBe(`${opensAt.turnIndex}.${opensAt.stepIndex}`);
    expect(hashField(history, 'session')).toBe('a');
    // Moving the compare is a step: the entry's hash follows, no entry is added.
    actions.setComparePosition({ turnIndex: 0, stepIndex: 0 });
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    expect(hashField(history, 'cmpat')).toBe('0.0');
    expect(hashField(history, 'cmpfree')).toBeNull();
    actions.setCompareLocked(false);
    actions.setCompareSeq(1, 7);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    const seqs = store.getState().compare!.seqs;
    expect(hashField(history, 'cmpfree')).toBe(`${seqs[0]}.7`);
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);
    sync.dispose();
  });

  it('Back from a compare closes it, Forward reopens it at the place it was left at', async () => {
    const { store, history, sync, actions } = await compareAWithB();
    actions.setComparePosition({ turnIndex: 1, stepIndex: 0 });
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    const left = compareOf(store);
    history.back();
    expect(store.getState().compare).toBeNull();
    expect(hashField(history, 'cmp')).toBeNull();
    // Closing it was the history's doing: no entry was added, Forward still leads to the compare.
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);
    history.forward();
    expect(store.getState().compareLink).toEqual({
      baseSessionId: 'a',
      otherSessionId: 'b',
      position: { turnIndex: 1, stepIndex: 0 },
    });
    // What use-compare-link.ts does with the request once the session is read.
    const request = store.getState().compareLink!;
    actions.startCompare([{ kind: 'workspace-session', sessionId: 'b' }], ['a', 'b'], request.position!);
    actions.requestCompareLink(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(compareOf(store)).toEqual(left);
    expect(history.kinds()).toEqual(['guard', 'place', 'place']);
    sync.dispose();
  });

  it('Back and Forward between two places of one compare move it, locked or unlocked as each was', async () => {
    const { store, history, sync, actions, fake } = await compareAWithB();
    let opens = 0;
    fake.client.query = (() => {
      opens++;
      return Promise.resolve(FORK_PAIR);
    }) as typeof fake.client.query;
    actions.setComparePosition({ turnIndex: 1, stepIndex: 0 });
    const first = compareOf(store);
    // A jump in the log while comparing is an entry of its own, naming the compare too.
    actions.setCursor(25, 'jump');
    actions.setComparePosition({ turnIndex: 0, stepIndex: 0 });
    actions.setCompareLocked(false);
    actions.setCompareSeq(1, 3);
    vi.advanceTimersByTime(HASH_MAX_WAIT_MS);
    const second = compareOf(store);
    expect(second?.isLocked).toBe(false);
    expect(history.kinds()).toEqual(['guard', 'place', 'place', 'place']);
    history.back();
    expect(compareOf(store)).toEqual(first);
    history.forward();
    expect(compareOf(store)).toEqual(second);
    expect(cursor(store)).toBe(25);
    // Moved, not reopened.
    expect(opens).toBe(0);
    expect(store.getState().compareLink).toBeNull();
    sync.dispose();
  });

  it('asks at the workspace’s one guard, below its first session', () => {
    const { fake, history, sync, actions } = setUpWorkspace();
    actions.openWorkspaceSession('a');
    fake.listeners.at(-1)!.onLoaded({ ...summaryOf(50, 'a'), contentKey: 'a'.repeat(64) }, PROGRESS, ['a']);
    actions.openWorkspaceSession('b');
    fake.listeners
      .at(-1)!
      .onLoaded({ ...summaryOf(30, 'b'), contentKey: 'b'.repeat(64) }, PROGRESS, ['a', 'b']);
    history.back();
    history.back();
    // The guard belongs to a's first load, not to the load now showing a: it still asks and stays.
    expect(isAsking()).toBe(true);
    expect(history.kinds()[history.index]).toBe('place');
    sync.dispose();
  });
});
