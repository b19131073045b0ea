// Tests of the viewer store with a fake client: load lifecycle, permalink jumps, cursor keys.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadListener, LogClient, LogSummary } from '../worker/client.ts';
import { packModelView } from '../log/index.ts';
import { createMemoryPersistence } from './log-persistence.ts';
import { IMMEDIATE_PREPARER, type CursorPreparer, type PrepareOutcome } from './model-view-feed.ts';
import { CURSOR_HOLD_MAX_MS, createViewerStore } from './viewer-store.ts';

function summaryOf(eventCount: number, sessionId = 's1'): LogSummary {
  return {
    name: 'a.jsonl',
    file: {
      bytes: 10,
      container: 'jsonl',
      frames: null,
      tornTail: false,
      textBytes: 10,
      checksumsVerified: 0,
      hasChecksumVerifier: false,
      hadBom: false,
    },
    header: null,
    sessionId,
    verdict: { status: 'ok', reason: null },
    eventCount,
    lineCount: eventCount,
    packedRows: 0,
    problemCount: 2,
    problemMarks: [
      { seq: 30, kind: 'nesting' },
      { seq: 5, kind: 'surface' },
    ],
    byType: {},
    firstTime: 0,
    lastTime: 1,
    turns: [
      { turn: 1, startSeq: 1, endSeq: 20, reason: 'completed', reasonDetail: null, steps: [] },
      { turn: 2, startSeq: 21, endSeq: null, reason: null, reasonDetail: null, steps: [] },
    ],
    title: null,
    effectiveAgentPreset: null,
    isComplete: true,
    isTruncated: false,
    isTurnsPartial: false,
  };
}

function createFakeClient() {
  const listeners: LoadListener[] = [];
  const crashListeners: ((message: string) => void)[] = [];
  const client: LogClient = {
    openLog(_source, listener) {
      listeners.push(listener);
      return listeners.length;
    },
    cancelLoad() {
      listeners.at(-1)?.onFailed({ kind: 'cancelled', message: 'cancelled' });
    },
    query() {
      return Promise.reject(new Error('not used'));
    },
    warmUp() {},
    onCrash(listener) {
      crashListeners.push(listener);
      return () => undefined;
    },
    dispose() {},
  };
  return {
    client,
    listeners,
    crash: (message: string) => crashListeners.forEach((listener) => listener(message)),
  };
}

const PROGRESS = { bytesRead: 10, totalBytes: 10, events: 50, lines: 50, elapsedMs: 1 };

function openedStore(eventCount = 50, preparer: CursorPreparer = IMMEDIATE_PREPARER) {
  const fake = createFakeClient();
  const store = createViewerStore({ client: fake.client, persistence: createMemoryPersistence(), preparer });
  store.getState().actions.openUrl('http://x/a.jsonl');
  return { store, fake, finish: () => fake.listeners.at(-1)!.onLoaded(summaryOf(eventCount), PROGRESS) };
}

describe('viewer store', () => {
  it('goes loading → ready and puts the cursor on the last event', () => {
    const { store, finish } = openedStore();
    expect(store.getState().loadState).toBe('loading');
    finish();
    expect(store.getState()).toMatchObject({ loadState: 'ready', cursorSeq: 49 });
  });

  it('applies a permalink seq once the log with that session is loaded', () => {
    const { store, finish } = openedStore();
    store.getState().actions.requestJump({ seq: 12, sessionId: 's1' }, []);
    finish();
    expect(store.getState().cursorSeq).toBe(12);
  });

  it('clamps a permalink seq past the end and says so', () => {
    const { store, finish } = openedStore();
    store.getState().actions.requestJump({ seq: 500, sessionId: null }, []);
    finish();
    expect(store.getState().cursorSeq).toBe(49);
    expect(store.getState().notice).toMatch(/past the last event/);
  });

  it('does not apply a permalink meant for another session', () => {
    const { store, finish } = openedStore();
    store.getState().actions.requestJump({ seq: 3, sessionId: 'other' }, []);
    finish();
    expect(store.getState().cursorSeq).toBe(49);
    expect(store.getState().notice).toMatch(/session other/);
  });

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
    actions.moveToProblem(1);
    expect(store.getState().cursorSeq).toBe(5);
  });

  it('steps n/N through the triage findings together with the problems, in seq order', async () => {
    const fake = createFakeClient();
    fake.client.query = ((query: { kind: string }) =>
      query.kind === 'finding-seqs'
        ? Promise.resolve([30, 12])
        : Promise.reject(new Error('not used'))) as LogClient['query'];
    const store = createViewerStore({
      client: fake.client,
      persistence: createMemoryPersistence(),
      preparer: IMMEDIATE_PREPARER,
    });
    store.getState().actions.openUrl('http://x/a.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(50), PROGRESS);
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

  it('turns a failure into the error state and recovers on the next file', () => {
    const { store, fake } = openedStore();
    fake.listeners.at(-1)!.onFailed({ kind: 'not-a-log', message: 'This is not a dsh session log.' });
    expect(store.getState()).toMatchObject({ loadState: 'error', failure: { kind: 'not-a-log' } });
    store.getState().actions.openUrl('http://x/b.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(3), PROGRESS);
    expect(store.getState()).toMatchObject({ loadState: 'ready', failure: null, cursorSeq: 2 });
  });

  it('shows a worker crash after a load as an error, and the next file opens', () => {
    const { store, fake, finish } = openedStore();
    finish();
    fake.crash('The log worker stopped (Out of memory).');
    expect(store.getState()).toMatchObject({
      loadState: 'error',
      failure: { kind: 'internal', message: 'The log worker stopped (Out of memory).' },
      summary: null,
      cursorSeq: null,
    });
    store.getState().actions.openUrl('http://x/b.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(3), PROGRESS);
    expect(store.getState()).toMatchObject({ loadState: 'ready', failure: null, cursorSeq: 2 });
  });

  it('ignores the callbacks of a load that was replaced', () => {
    const { store, fake } = openedStore();
    const first = fake.listeners.at(-1)!;
    store.getState().actions.openUrl('http://x/b.jsonl');
    first.onLoaded(summaryOf(7), PROGRESS);
    expect(store.getState().loadState).toBe('loading');
  });

  it('asks for the file when a permalink names a session that is not stored', async () => {
    const { store } = openedStore();
    await store.getState().actions.reopenSession('missing-id');
    expect(store.getState().missingSessionId).toBe('missing-id');
  });

  it('returns to idle with a notice when the load is cancelled', () => {
    const { store } = openedStore();
    store.getState().actions.cancelLoad();
    expect(store.getState()).toMatchObject({ loadState: 'idle', notice: 'Loading was cancelled.' });
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

describe('viewer store: a cursor move waits for its model view', () => {
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

describe('viewer store: what a cursor move fetches', () => {
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
    const store = createViewerStore({ client: fake.client, persistence: createMemoryPersistence() });
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
