import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { whenCursorSettled, type SettleClock } from './cursor-settle.ts';

/** Timers and idle callbacks that run only when the test advances time or declares the page idle. */
function createFakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const idles = new Map<number, { deadline: number; run: () => void }>();
  const clock: SettleClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    requestIdle: (run, timeoutMs) => {
      const id = nextId++;
      idles.set(id, { deadline: now + timeoutMs, run });
      return id;
    },
    cancelIdle: (handle) => void idles.delete(handle as number),
  };
  /** Moves time on, firing due timers and idle callbacks past their timeout, in time order. */
  const advance = (ms: number): void => {
    const end = now + ms;
    for (;;) {
      const due = [
        ...[...timers].map(([id, timer]) => ({ id, at: timer.at, run: timer.run, isIdle: false })),
        ...[...idles].map(([id, idle]) => ({ id, at: idle.deadline, run: idle.run, isIdle: true })),
      ]
        .filter((entry) => entry.at <= end)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = due.at;
      (due.isIdle ? idles : timers).delete(due.id);
      due.run();
    }
    now = end;
  };
  /** Runs the waiting idle callbacks (the page went idle). */
  const idle = (): void => {
    const waiting = [...idles.values()];
    idles.clear();
    for (const entry of waiting) entry.run();
  };
  return { clock, advance, idle, pendingIdles: () => idles.size };
}

function createCursor() {
  return createStore<{ cursorSeq: number | null; pendingSeq: number | null }>(() => ({
    cursorSeq: 0,
    pendingSeq: null,
  }));
}

describe('whenCursorSettled', () => {
  it('runs once the cursor has been still for the quiet time and the page is idle', () => {
    const { clock, advance, idle } = createFakeClock();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++, 80, clock);
    advance(79);
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
    const { clock, advance, idle } = createFakeClock();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++, 80, clock);
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
    advance(80);
    idle();
    expect(runs).toBe(1);
  });

  it('goes back to waiting when a move starts between the quiet time and the idle period', () => {
    const { clock, advance, idle, pendingIdles } = createFakeClock();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++, 80, clock);
    advance(80);
    expect(pendingIdles()).toBe(1);
    cursor.setState({ cursorSeq: 5 });
    idle();
    expect(runs).toBe(0);
    advance(80);
    idle();
    expect(runs).toBe(1);
  });

  it('runs after the idle timeout when the page never goes idle', () => {
    const { clock, advance } = createFakeClock();
    const cursor = createCursor();
    let runs = 0;
    whenCursorSettled(cursor, () => runs++, 80, clock);
    advance(80 + 100);
    expect(runs).toBe(1);
  });

  it('never runs once cancelled, and stops watching the store', () => {
    const { clock, advance, idle } = createFakeClock();
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
    const cancel = whenCursorSettled(watched, () => runs++, 80, clock);
    expect(listening).toBe(1);
    advance(80);
    cancel();
    expect(listening).toBe(0);
    idle();
    advance(1_000);
    expect(runs).toBe(0);
  });
});
