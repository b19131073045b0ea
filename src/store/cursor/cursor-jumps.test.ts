// Tests of which cursor moves are jumps (the browser history keeps an entry for each, issue 11) and
// of the detail pin. The history side is tested in src/url/history-sync.test.ts.
import { describe, expect, it } from 'vitest';
import { openedStore } from '../testing/viewer-store-fixture.ts';

/** A loaded 50-event log (turns at 1 and 21, problems at 5 and 30) with its cursor at `seq`. */
function loadedAt(seq: number) {
  const { store, finish } = openedStore();
  finish();
  store.getState().actions.setCursor(seq);
  return store;
}

describe('cursor: jumps and steps', () => {
  it('records a link, n/N, Home/End and a jump-kind setCursor as jumps, from where the cursor was', () => {
    const store = loadedAt(10);
    const { actions } = store.getState();
    const jumps: [number | null, number][] = [];
    const record = () => {
      const jump = store.getState().lastJump;
      if (jump) jumps.push([jump.fromSeq, jump.toSeq]);
    };
    actions.selectEvent(40);
    record();
    actions.moveToProblem(-1);
    record();
    actions.moveToEdge('start');
    record();
    actions.setCursor(7, 'jump');
    record();
    actions.moveToEdge('end');
    record();
    expect(jumps).toEqual([
      [10, 40],
      [40, 30],
      [30, 0],
      [0, 7],
      [7, 49],
    ]);
    expect(store.getState().cursorSeq).toBe(49);
  });

  it('gives every jump a new id, so two jumps between the same seqs are two entries', () => {
    const store = loadedAt(10);
    const { actions } = store.getState();
    actions.selectEvent(20);
    const first = store.getState().lastJump;
    actions.selectEvent(10);
    actions.selectEvent(20);
    const third = store.getState().lastJump;
    expect(third).toMatchObject({ fromSeq: 10, toSeq: 20 });
    expect(third!.id).toBeGreaterThan(first!.id + 1);
  });

  it('does not record steps, history moves or permalinks as jumps', () => {
    const store = loadedAt(10);
    const { actions } = store.getState();
    const before = store.getState().lastJump;
    actions.moveCursor(1);
    actions.moveCursor(-3);
    actions.moveToBoundary('turn', 1);
    actions.moveToBoundary('step', -1);
    actions.setCursor(33);
    actions.setCursor(44, 'history');
    actions.requestJump({ seq: 12, sessionId: null }, []);
    expect(store.getState().cursorSeq).toBe(12);
    expect(store.getState().lastJump).toBe(before);
  });

  it('records no jump for a link to where the cursor already is', () => {
    const store = loadedAt(10);
    store.getState().actions.selectEvent(10);
    expect(store.getState().lastJump).toBeNull();
  });

  it('forgets the last jump when another log opens', () => {
    const store = loadedAt(10);
    store.getState().actions.selectEvent(20);
    store.getState().actions.openUrl('http://x/b.jsonl');
    expect(store.getState().lastJump).toBeNull();
  });
});

describe('cursor: the detail pin', () => {
  it('keeps the pinned seq while the cursor moves, and toggles with the cursor’s event', () => {
    const store = loadedAt(10);
    const { actions } = store.getState();
    expect(store.getState().pinnedSeq).toBeNull();
    actions.toggleDetailPin();
    expect(store.getState().pinnedSeq).toBe(10);
    actions.moveCursor(1);
    actions.selectEvent(40);
    expect(store.getState()).toMatchObject({ cursorSeq: 40, pinnedSeq: 10 });
    actions.toggleDetailPin();
    expect(store.getState().pinnedSeq).toBeNull();
    actions.toggleDetailPin();
    expect(store.getState().pinnedSeq).toBe(40);
  });

  it('clamps a pinned seq into the log, and a new log starts unpinned', () => {
    const store = loadedAt(10);
    store.getState().actions.pinDetail(500);
    expect(store.getState().pinnedSeq).toBe(49);
    store.getState().actions.pinDetail(null);
    expect(store.getState().pinnedSeq).toBeNull();
    store.getState().actions.pinDetail(3);
    store.getState().actions.openUrl('http://x/b.jsonl');
    expect(store.getState().pinnedSeq).toBeNull();
  });
});
