// Tests of the viewer store's loading with a fake client: load lifecycle, permalink jumps, crashes.
// The cursor's own rules are tested in cursor/cursor.test.ts.
import { describe, expect, it } from 'vitest';
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

  it('returns to idle with a notice when the load is cancelled', () => {
    const { store } = openedStore();
    store.getState().actions.cancelLoad();
    expect(store.getState()).toMatchObject({ loadState: 'idle', notice: 'Loading was cancelled.' });
  });
});

describe('viewer store: hostile URLs', () => {
  it('opens a URL whose path has a malformed percent escape without throwing', () => {
    const { store } = openedStore();
    expect(() => store.getState().actions.openUrl('http://x/a%E0%A4%A.jsonl')).not.toThrow();
    expect(store.getState()).toMatchObject({ loadState: 'loading', sourceName: 'a%E0%A4%A.jsonl' });
  });
});
