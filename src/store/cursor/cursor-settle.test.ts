// Tests of whenCursorSettled on Vitest's clock, with idle periods that come when the test says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { CURSOR_QUIET_MS, SETTLE_IDLE_TIMEOUT_MS, whenCursorSettled } from './cursor-settle.ts';

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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function createCursor() {
  return createStore<{ cursorSeq: number | null; pendingSeq: number | null }>(() => ({
    cursorSeq: 0,
    pendingSeq: null,
  }));
}

describe('whenCursorSettled', () => {
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
