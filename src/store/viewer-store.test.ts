// Tests of the viewer store's loading with a fake client: load lifecycle, permalink jumps, crashes.
// The cursor's own rules are tested in cursor/cursor.test.ts.
import { describe, expect, it } from 'vitest';
import type { FormatVerdicts } from '../log/index.ts';
import { openedStore, summaryOf, PROGRESS } from './testing/viewer-store-fixture.ts';

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

  it('keeps the format verdicts beside the summary, not in a new summary, and drops them on the next load', () => {
    const { store, fake, finish } = openedStore();
    finish();
    const summary = store.getState().summary;
    expect(store.getState().formatVerdicts).toBeNull();
    const verdicts = { generation: 0 } as unknown as FormatVerdicts;
    fake.listeners.at(-1)!.onFormatVerdicts(verdicts);
    // The panes that read the summary are not re-rendered by the verdicts (one reads them).
    expect(store.getState().summary).toBe(summary);
    expect(store.getState().formatVerdicts).toBe(verdicts);
    store.getState().actions.openUrl('http://x/b.jsonl');
    expect(store.getState().formatVerdicts).toBeNull();
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
    await store.getState().actions.reopenLink({ logKey: null, sessionId: 'missing-id' });
    expect(store.getState().missingLink).toEqual({ logKey: null, sessionId: 'missing-id' });
  });

  it('returns to idle with a notice when a load is cancelled before anything was read', () => {
    const { store, fake } = openedStore();
    store.getState().actions.cancelLoad();
    fake.listeners.at(-1)!.onFailed({ kind: 'cancelled', message: 'cancelled' });
    expect(store.getState()).toMatchObject({ loadState: 'idle', notice: 'Loading was cancelled.' });
  });

  it('keeps the open log when the next file is not a log, and shows the failure beside it', () => {
    const { store, fake, finish } = openedStore();
    finish();
    store.getState().actions.setCursor(10, 'jump');
    const generation = store.getState().logGeneration;
    store.getState().actions.openUrl('http://x/picture.png');
    expect(store.getState().loadState).toBe('loading');
    fake.listeners.at(-1)!.onFailed({
      kind: 'not-a-log',
      message: 'This file is not a dsh session log.',
      isPreviousLogKept: true,
    });
    expect(store.getState()).toMatchObject({
      loadState: 'ready',
      sourceName: 'a.jsonl',
      failedSourceName: 'picture.png',
      failure: { kind: 'not-a-log' },
      summary: { eventCount: 50, sessionId: 's1' },
      cursorSeq: 10,
    });
    // Caches of the failed load are not reused: the restored log is asked again.
    expect(store.getState().logGeneration).toBeGreaterThan(generation);
  });

  it('shows the error screen when the worker could not keep the log before (it had shown the new one)', () => {
    const { store, fake, finish } = openedStore();
    finish();
    store.getState().actions.openUrl('http://x/b.jsonl');
    fake.listeners.at(-1)!.onFailed({ kind: 'read-error', message: 'The server answered 500.' });
    expect(store.getState()).toMatchObject({ loadState: 'error', summary: null });
  });

  it('shows the part read when loading is cancelled, as a partial view that says so', () => {
    const { store, fake } = openedStore();
    store.getState().actions.cancelLoad();
    // The worker answers the cancel with the part it read.
    fake.listeners.at(-1)!.onLoaded({ ...summaryOf(20), isComplete: false, isCancelled: true }, PROGRESS);
    expect(store.getState()).toMatchObject({
      loadState: 'ready',
      summary: { eventCount: 20, isCancelled: true },
      cursorSeq: 19,
    });
    expect(store.getState().notice).toMatch(/cancelled: this is a partial view of the first 20 events/);
  });

  it('goes back to the open log when a cancel comes before anything of the new one was read', () => {
    const { store, fake, finish } = openedStore();
    finish();
    store.getState().actions.openUrl('http://x/b.jsonl');
    fake.listeners.at(-1)!.onFailed({ kind: 'cancelled', message: 'cancelled', isPreviousLogKept: true });
    expect(store.getState()).toMatchObject({
      loadState: 'ready',
      failure: null,
      summary: { eventCount: 50 },
      notice: expect.stringMatching(/cancelled; a.jsonl stays open/) as unknown,
    });
  });

  it('says so when a permalink names another session that is not stored, keeping the open log', async () => {
    const { store, finish } = openedStore();
    finish();
    await store.getState().actions.reopenLink({ logKey: null, sessionId: 'missing-id' });
    expect(store.getState()).toMatchObject({ loadState: 'ready', summary: { sessionId: 's1' } });
    expect(store.getState().notice).toMatch(/session missing-id, which is not stored in this browser/);
  });
});

describe('viewer store: hostile URLs', () => {
  it('opens a URL whose path has a malformed percent escape without throwing', () => {
    const { store } = openedStore();
    expect(() => store.getState().actions.openUrl('http://x/a%E0%A4%A.jsonl')).not.toThrow();
    expect(store.getState()).toMatchObject({ loadState: 'loading', sourceName: 'a%E0%A4%A.jsonl' });
  });
});
