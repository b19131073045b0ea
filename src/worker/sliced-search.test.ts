// Tests of the search that runs in work slices: where it yields, what it answers, when it gives up.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventSearch, decodeLog, type EventSearch, type SearchStep } from '../log/index.ts';
import { runSlicedSearch } from './sliced-search.ts';
import { WORK_SLICE_MS } from './work-slices.ts';

/** A search that needs `steps` calls of `step` and costs `stepMs` of Vitest's clock per call. */
function scriptedSearch(steps: number, last: SearchStep, stepMs: number) {
  let calls = 0;
  const search: EventSearch = {
    step() {
      calls += 1;
      vi.advanceTimersByTime(stepMs);
      return calls < steps ? { kind: 'more' } : last;
    },
  };
  return { search, calls: () => calls };
}

function countingYield() {
  let yields = 0;
  return {
    yieldToEventLoop: () => {
      yields += 1;
      return Promise.resolve();
    },
    yields: () => yields,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('runSlicedSearch', () => {
  it(`scans for ${WORK_SLICE_MS} ms, yields, and goes on until it finds the seq`, async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    // 5 ms a step: three steps make a slice (0, 5, 10 < 12; 15 ends it), ten steps need four slices.
    const { search, calls } = scriptedSearch(10, { kind: 'found', seq: 42 }, 5);
    const { yieldToEventLoop, yields } = countingYield();
    await expect(runSlicedSearch(search, () => false, yieldToEventLoop)).resolves.toEqual({
      kind: 'done',
      seq: 42,
    });
    expect(calls()).toBe(10);
    expect(yields()).toBe(3);
  });

  it('answers null when the log has no match, without a yield when one slice was enough', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { search } = scriptedSearch(2, { kind: 'none' }, 1);
    const { yieldToEventLoop, yields } = countingYield();
    await expect(runSlicedSearch(search, () => false, yieldToEventLoop)).resolves.toEqual({
      kind: 'done',
      seq: null,
    });
    expect(yields()).toBe(0);
  });

  it('stops at the first yield after it was replaced, scanning nothing more', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { search, calls } = scriptedSearch(100, { kind: 'found', seq: 1 }, WORK_SLICE_MS);
    const { yieldToEventLoop } = countingYield();
    await expect(runSlicedSearch(search, () => true, yieldToEventLoop)).resolves.toEqual({
      kind: 'replaced',
    });
    expect(calls()).toBe(1);
  });

  it('rejects with the error a search throws', async () => {
    const search: EventSearch = {
      step() {
        throw new TypeError('broken chunk');
      },
    };
    await expect(
      runSlicedSearch(
        search,
        () => false,
        () => Promise.resolve(),
      ),
    ).rejects.toThrow('broken chunk');
  });

  it('finds the same seq in slices as the core search does at once, both ways', async () => {
    const log = decodeLog(new Uint8Array(readFileSync(resolve('fixtures/tool-error.jsonl'))));
    for (const direction of [1, -1] as const) {
      const from = direction === 1 ? -1 : log.store.eventCount;
      const whole = createEventSearch(log, 'HELLO', from, direction).step(Number.MAX_SAFE_INTEGER);
      expect(whole.kind).toBe('found');
      const sliced = await runSlicedSearch(
        createEventSearch(log, 'HELLO', from, direction),
        () => false,
        () => Promise.resolve(),
      );
      expect(sliced).toEqual({ kind: 'done', seq: whole.kind === 'found' ? whole.seq : null });
    }
  });
});
