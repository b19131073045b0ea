// Tests of the cursor protocol: the move arithmetic, the keys (steps, turns, n/N), a move waiting
// for its model view, what a move prepares, the events list's near/far rule, and the settle scheduler.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { packModelView, type TurnSpan } from '../../log/index.ts';
import type { LogClient } from '../../worker/client.ts';
import type { PrepareOutcome } from '../model-view-feed.ts';
import {
  IMMEDIATE_PREPARER,
  PROGRESS,
  TEST_EVENT_LIST,
  createFakeClient,
  createTestStore,
  openedStore,
  summaryOf,
} from '../testing/viewer-store-fixture.ts';
import {
  clampSeq,
  collectBoundarySeqs,
  describeProblemWrap,
  findAdjacentSeq,
  findProblemSeq,
  mergeSorted,
  stepCursor,
  uniqueSorted,
} from './cursor-moves.ts';
import { CURSOR_QUIET_MS, SETTLE_IDLE_TIMEOUT_MS, whenCursorSettled } from './cursor-settle.ts';
import { CURSOR_HOLD_MAX_MS, type CursorPreparer } from './cursor-slice.ts';

function turnAt(turn: number, startSeq: number, stepStarts: number[]): TurnSpan {
  return {
    turn,
    startSeq,
    endSeq: null,
    reason: null,
    reasonDetail: null,
    steps: stepStarts.map((start, index) => ({
      turn,
      step: index + 1,
      startSeq: start,
      endSeq: null,
      attempts: [],
      provider: null,
      model: null,
      usage: null,
      usageSeq: null,
    })),
  };
}

describe('clampSeq', () => {
  it('keeps a seq inside the log and truncates fractions', () => {
    expect(clampSeq(-5, 10)).toBe(0);
    expect(clampSeq(99, 10)).toBe(9);
    expect(clampSeq(3.7, 10)).toBe(3);
  });
  it('has no seq to offer when the log has no events', () => {
    expect(clampSeq(0, 0)).toBeNull();
  });
});

describe('findAdjacentSeq', () => {
  const seqs = [2, 10, 30];
  it('finds the next boundary strictly after the cursor', () => {
    expect(findAdjacentSeq(seqs, 2, 1)).toBe(10);
    expect(findAdjacentSeq(seqs, 0, 1)).toBe(2);
    expect(findAdjacentSeq(seqs, 30, 1)).toBeNull();
  });
  it('finds the previous boundary strictly before the cursor', () => {
    expect(findAdjacentSeq(seqs, 10, -1)).toBe(2);
    expect(findAdjacentSeq(seqs, 11, -1)).toBe(10);
    expect(findAdjacentSeq(seqs, 2, -1)).toBeNull();
  });
});

describe('stepCursor', () => {
  it('falls back to the last or first seq when no boundary is left', () => {
    expect(stepCursor([2, 10], 10, 1, 50)).toBe(49);
    expect(stepCursor([2, 10], 2, -1, 50)).toBe(0);
  });
});

describe('collectBoundarySeqs', () => {
  it('lists turn starts or step starts in ascending order', () => {
    const turns = [turnAt(1, 1, [3, 8]), turnAt(2, 20, [22])];
    expect(collectBoundarySeqs(turns, 'turn')).toEqual([1, 20]);
    expect(collectBoundarySeqs(turns, 'step')).toEqual([3, 8, 22]);
  });
});

describe('findProblemSeq', () => {
  const seqs = [5, 12, 30];
  it('goes to the adjacent problem, and wraps around past either end', () => {
    expect(findProblemSeq(seqs, 0, 1, 50)).toBe(5);
    expect(findProblemSeq(seqs, 12, 1, 50)).toBe(30);
    expect(findProblemSeq(seqs, 30, 1, 50)).toBe(5);
    expect(findProblemSeq(seqs, 40, 1, 50)).toBe(5);
    expect(findProblemSeq(seqs, 12, -1, 50)).toBe(5);
    expect(findProblemSeq(seqs, 5, -1, 50)).toBe(30);
    expect(findProblemSeq(seqs, 2, -1, 50)).toBe(30);
  });
});

describe('mergeSorted and uniqueSorted', () => {
  it('merge ascending lists into one without repeats', () => {
    expect(mergeSorted([1, 5, 9], [2, 5, 10, 11])).toEqual([1, 2, 5, 9, 10, 11]);
    expect(mergeSorted([], [3])).toEqual([3]);
    expect(uniqueSorted([30, 5, 30, 12, 5])).toEqual([5, 12, 30]);
  });
});

describe('cursor keys', () => {
  it('moves by turn, and cycles n/N through problem seqs in seq order', () => {
    const { store, finish } = openedStore();
    finish();
    const { actions } = store.getState();
    actions.setCursor(0);
    actions.moveToBoundary('turn', 1);
    expect(store.getState().cursorSeq).toBe(1);
    actions.moveToBoundary('turn', 1);
    expect(store.getState().cursorSeq).toBe(21);
    actions.moveToProblem(1);
    expect(store.getState().cursorSeq).toBe(30);
    expect(store.getState().notice).toBeNull();
    actions.moveToProblem(1);
    expect(store.getState().cursorSeq).toBe(5);
    // Wrapping is said (issue 21), and the next n that does not wrap takes the notice away.
    expect(store.getState().notice).toBe('n wrapped to the first problem or triage finding.');
    actions.moveToProblem(1);
    expect(store.getState().cursorSeq).toBe(30);
    expect(store.getState().notice).toBeNull();
    actions.moveToProblem(-1);
    actions.moveToProblem(-1);
    expect(store.getState().notice).toBe('N wrapped to the last problem or triage finding.');
  });

  it('with one stop, n on it says it wrapped to the same one', () => {
    expect(describeProblemWrap([7], 7, 7, 1)).toBe(
      'The only problem or triage finding: n / N wrapped to the same one.',
    );
    expect(describeProblemWrap([7], 3, 7, 1)).toBeNull();
    expect(describeProblemWrap([3, 7], 7, 3, 1)).toMatch(/wrapped to the first/);
  });

  it('steps n/N through the triage findings together with the problems, in seq order', async () => {
    const fake = createFakeClient();
    fake.client.query = ((query: { kind: string }) =>
      query.kind === 'finding-seqs'
        ? Promise.resolve([30, 12])
        : Promise.reject(new Error('not used'))) as LogClient['query'];
    const store = createTestStore(fake.client, IMMEDIATE_PREPARER);
    store.getState().actions.openUrl('http://x/a.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50), PROGRESS);
    await Promise.resolve();
    // Asked once the format verdicts are in (triage includes them; the worker slices them).
    expect(store.getState().findingSeqs).toEqual([]);
    fake.listeners.at(-1)!.onFormatVerdicts(null as never);
    await Promise.resolve();
    expect(store.getState().findingSeqs).toEqual([12, 30]);
    const { actions } = store.getState();
    actions.setCursor(0);
    const visited: (number | null)[] = [];
    for (let press = 0; press < 4; press++) {
      actions.moveToProblem(1);
      visited.push(store.getState().cursorSeq);
    }
    expect(visited).toEqual([5, 12, 30, 5]);
    actions.moveToProblem(-1);
    expect(store.getState().cursorSeq).toBe(30);
  });
});

/** A preparer whose every prepare waits until the test settles it. */
function createManualPreparer() {
  const asked: { seq: number; settle: (outcome: PrepareOutcome) => void }[] = [];
  const preparer: CursorPreparer = {
    prepare: (seq) => new Promise<PrepareOutcome>((settle) => asked.push({ seq, settle })),
    reset: () => undefined,
  };
  return { preparer, asked };
}

/** A loaded 50-event log whose cursor moves wait until the test settles their preparation. */
function loadedWithManualPreparer() {
  const manual = createManualPreparer();
  const { store, finish } = openedStore(50, manual.preparer);
  finish();
  return { store, manual };
}

/** Lets settled prepares' callbacks run. */
const flushPromises = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('cursor: a move waits for its model view', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the target as pending, then moves every pane at once when it is ready', async () => {
    const { store, manual } = loadedWithManualPreparer();
    store.getState().actions.setCursor(10);
    expect(store.getState()).toMatchObject({ cursorSeq: 49, pendingSeq: 10 });
    manual.asked.at(-1)!.settle('ready');
    await flushPromises();
    expect(store.getState()).toMatchObject({ cursorSeq: 10, pendingSeq: null });
  });

  it('lands only the newest of several moves, and keys count from where the cursor is going', async () => {
    const { store, manual } = loadedWithManualPreparer();
    const { actions } = store.getState();
    actions.setCursor(10);
    actions.moveCursor(1);
    actions.moveCursor(1);
    expect(manual.asked.map((ask) => ask.seq)).toEqual([10, 11, 12]);
    // An older move's answer arriving late must not pull the cursor back.
    manual.asked[2]!.settle('ready');
    manual.asked[0]!.settle('ready');
    await flushPromises();
    expect(store.getState()).toMatchObject({ cursorSeq: 12, pendingSeq: null });
  });

  it('lands the move even when the worker could not prepare it', async () => {
    const { store, manual } = loadedWithManualPreparer();
    store.getState().actions.setCursor(7);
    manual.asked.at(-1)!.settle('unavailable');
    await flushPromises();
    expect(store.getState().cursorSeq).toBe(7);
  });

  it(`lands the pending seq after ${CURSOR_HOLD_MAX_MS} ms when the answer does not come`, () => {
    vi.useFakeTimers();
    const { store } = loadedWithManualPreparer();
    store.getState().actions.setCursor(3);
    vi.advanceTimersByTime(CURSOR_HOLD_MAX_MS / 2);
    store.getState().actions.setCursor(4);
    // The wait counts from the first move of a drag: a drag on a busy worker still moves the panes.
    vi.advanceTimersByTime(CURSOR_HOLD_MAX_MS / 2 - 1);
    expect(store.getState().cursorSeq).toBe(49);
    vi.advanceTimersByTime(1);
    expect(store.getState()).toMatchObject({ cursorSeq: 4, pendingSeq: null });
  });

  it('drops a pending move when a new log is opened', async () => {
    const { store, manual } = loadedWithManualPreparer();
    store.getState().actions.setCursor(3);
    store.getState().actions.openUrl('http://x/b.jsonl');
    manual.asked.at(-1)!.settle('ready');
    await flushPromises();
    expect(store.getState()).toMatchObject({ loadState: 'loading', cursorSeq: null, pendingSeq: null });
  });
});

describe('cursor: what a move fetches', () => {
  /** A store with its own preparer over a fake worker that answers at once and records every query. */
  function storeWithRecordedQueries(eventCount: number) {
    const fake = createFakeClient();
    const asked: string[] = [];
    fake.client.query = ((query: { kind: string; seq?: number; startSeq?: number; count?: number }) => {
      asked.push(query.kind);
      if (query.kind === 'model-view')
        return Promise.resolve({
          view: packModelView({ atSeq: query.seq ?? 0, nodeCount: 0, messages: [], streaming: null }),
          tailBodies: [],
        });
      if (query.kind === 'rows')
        return Promise.resolve(
          Array.from({ length: query.count ?? 0 }, (_, offset) => ({ seq: (query.startSeq ?? 0) + offset })),
        );
      return Promise.reject(new Error('not used'));
    }) as LogClient['query'];
    const store = createTestStore(fake.client);
    store.getState().actions.openUrl('http://x/a.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(eventCount), PROGRESS);
    return { store, asked };
  }

  it('prepares only the model view for a far move, and the rows too for a near one (the list follows it at once)', async () => {
    const { store, asked } = storeWithRecordedQueries(500);
    await flushPromises();
    expect(store.getState().cursorSeq).toBe(499);
    asked.length = 0;
    store.getState().actions.setCursor(100);
    await flushPromises();
    expect(store.getState().cursorSeq).toBe(100);
    expect(asked).toEqual(['model-view']);
    asked.length = 0;
    store.getState().actions.setCursor(101);
    await flushPromises();
    expect(store.getState().cursorSeq).toBe(101);
    expect(asked).toContain('model-view');
    expect(asked).toContain('rows');
  });
});

describe('cursor: the events list asks whether a move is near', () => {
  const { rowsPerBlock, rowsAroundCursor } = TEST_EVENT_LIST;

  it('calls a move near when it stays within one block of rows, either way', () => {
    const { listCursor } = createTestStore(createFakeClient().client).getState();
    expect(listCursor.isNearMove(100, 100 + rowsPerBlock)).toBe(true);
    expect(listCursor.isNearMove(100, 100 - rowsPerBlock)).toBe(true);
    expect(listCursor.isNearMove(100, 101 + rowsPerBlock)).toBe(false);
    expect(listCursor.isNearMove(100, 99 - rowsPerBlock)).toBe(false);
  });

  it('prepares the rows the list shows around a seq, from the store’s row cache', async () => {
    const fake = createFakeClient();
    const asked: { startSeq: number; count: number }[] = [];
    fake.client.query = ((query: { kind: string; startSeq: number; count: number }) => {
      if (query.kind !== 'rows') return Promise.reject(new Error('not used'));
      asked.push({ startSeq: query.startSeq, count: query.count });
      return Promise.resolve(
        Array.from({ length: query.count }, (_, offset) => ({ seq: query.startSeq + offset })),
      );
    }) as LogClient['query'];
    const { listCursor, eventRows } = createTestStore(fake.client).getState();
    await expect(Promise.resolve(listCursor.prepare(200))).resolves.toBe('ready');
    const first = asked[0]!;
    expect(first.startSeq).toBeLessThanOrEqual(200 - rowsAroundCursor);
    expect(first.startSeq + first.count).toBeGreaterThan(200 + rowsAroundCursor);
    expect(eventRows.getItem(200 + rowsAroundCursor)).toEqual({ seq: 200 + rowsAroundCursor });
    expect(listCursor.prepare(200)).toBe('ready');
  });
});

/**
 * requestIdleCallback for a page that is busy until the test declares it idle: a callback runs
 * at `idle()`, or at its timeout on Vitest's fake clock.
 */
function stubIdlePeriods() {
  const waiting = new Map<number, () => void>();
  let nextHandle = 1;
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
    const handle = nextHandle++;
    const timeout = setTimeout(fire, options?.timeout ?? 0);
    function fire(): void {
      clearTimeout(timeout);
      if (waiting.delete(handle)) run();
    }
    waiting.set(handle, fire);
    return handle;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => void waiting.delete(handle));
  return {
    /** Runs the waiting idle callbacks (the page went idle). */
    idle: () => [...waiting.values()].forEach((fire) => fire()),
    pendingIdles: () => waiting.size,
  };
}

/** Moves Vitest's clock on, firing due timers in time order. */
const advance = (ms: number) => vi.advanceTimersByTime(ms);

function createCursor() {
  return createStore<{ cursorSeq: number | null; pendingSeq: number | null }>(() => ({
    cursorSeq: 0,
    pendingSeq: null,
  }));
}

describe('whenCursorSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once the cursor has been still for the quiet time and the page is idle', () => {
    const { idle } = stubIdlePeriods();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++);
    advance(CURSOR_QUIET_MS - 1);
    idle();
    expect(runs).toBe(0);
    advance(1);
    expect(runs).toBe(0);
    idle();
    expect(runs).toBe(1);
    advance(1_000);
    idle();
    expect(runs).toBe(1);
  });

  it('waits while moves keep coming and while one is in flight', () => {
    const { idle } = stubIdlePeriods();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++);
    // A scrub: a move every 30 ms for 300 ms, each landing 10 ms after it starts.
    for (let step = 1; step <= 10; step++) {
      cursor.setState({ pendingSeq: step });
      advance(10);
      idle();
      cursor.setState({ cursorSeq: step, pendingSeq: null });
      advance(20);
      idle();
    }
    expect(runs).toBe(0);
    cursor.setState({ pendingSeq: 99 });
    advance(500);
    idle();
    expect(runs).toBe(0);
    cursor.setState({ cursorSeq: 99, pendingSeq: null });
    advance(CURSOR_QUIET_MS);
    idle();
    expect(runs).toBe(1);
  });

  it('goes back to waiting when a move starts between the quiet time and the idle period', () => {
    const { idle, pendingIdles } = stubIdlePeriods();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++);
    advance(CURSOR_QUIET_MS);
    expect(pendingIdles()).toBe(1);
    cursor.setState({ cursorSeq: 5 });
    idle();
    expect(runs).toBe(0);
    advance(CURSOR_QUIET_MS);
    idle();
    expect(runs).toBe(1);
  });

  it('runs after the idle timeout when the page never goes idle', () => {
    stubIdlePeriods();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++);
    advance(CURSOR_QUIET_MS + SETTLE_IDLE_TIMEOUT_MS);
    expect(runs).toBe(1);
  });

  it('never runs once cancelled, and stops watching the store', () => {
    const { idle } = stubIdlePeriods();
    const cursor = createCursor();
    let listening = 0;
    const watched = {
      getState: cursor.getState,
      subscribe: (listener: Parameters<typeof cursor.subscribe>[0]) => {
        listening++;
        const unsubscribe = cursor.subscribe(listener);
        return () => {
          listening--;
          unsubscribe();
        };
      },
    };
    let runs = 0;
    const cancel = whenCursorSettled(watched, () => runs++);
    expect(listening).toBe(1);
    advance(CURSOR_QUIET_MS);
    cancel();
    expect(listening).toBe(0);
    idle();
    advance(1_000);
    expect(runs).toBe(0);
  });
});
