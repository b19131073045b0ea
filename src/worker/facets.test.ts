// Tests of the worker's facet columns: built once per log (in slices after a load, or by the first
// query), and again when a live log has grown since.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildFacetColumns, createLogDecoder, decodeLog } from '../log/index.ts';
import { facetColumnsOf, sliceFacetColumns } from './facets.ts';
import { WORK_SLICE_MS } from './work-slices.ts';
import { LogScript } from '../log/testing/event-builders.ts';

const bytes = new Uint8Array(readFileSync(resolve('fixtures/approval-approved.jsonl')));

describe('facetColumnsOf', () => {
  it('builds a log’s columns once', () => {
    const log = decodeLog(bytes);
    const columns = facetColumnsOf(log);
    expect(columns).toEqual(buildFacetColumns(log));
    expect(facetColumnsOf(log)).toBe(columns);
  });

  it('builds them again once a live log holds more events', () => {
    const decoder = createLogDecoder();
    decoder.push(bytes.subarray(0, bytes.length >> 1));
    const early = facetColumnsOf(decoder.log);
    expect(early.eventCount).toBe(decoder.log.store.eventCount);
    decoder.push(bytes.subarray(bytes.length >> 1));
    const log = decoder.finish();
    const later = facetColumnsOf(log);
    expect(later.eventCount).toBeGreaterThan(early.eventCount);
    expect(later.eventCount).toBe(log.store.eventCount);
  });
});

describe('sliceFacetColumns', () => {
  it('builds the columns, and the queries find them built', async () => {
    const log = decodeLog(bytes);
    const yieldNow = () => Promise.resolve();
    await sliceFacetColumns(log, yieldNow, () => false);
    const columns = facetColumnsOf(log);
    expect(columns).toEqual(buildFacetColumns(log));
    await sliceFacetColumns(log, yieldNow, () => false);
    expect(facetColumnsOf(log)).toBe(columns);
  });

  it('yields once a slice is used up, and stops when cancelled at a yield', async () => {
    // 100 prompts: the build reads each one's source, a few at a step, so it takes several steps.
    const manyPrompts = () => {
      const script = new LogScript();
      for (let i = 0; i < 100; i++) script.userMessage(`u${i}`, 'hello');
      return script.build();
    };
    const log = manyPrompts();
    // A clock where every step takes a whole slice: the loop yields after each one.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += WORK_SLICE_MS));
    try {
      let yields = 0;
      await sliceFacetColumns(
        log,
        () => {
          yields++;
          return Promise.resolve();
        },
        () => false,
      );
      expect(yields).toBeGreaterThan(1);
      const cancelled = manyPrompts();
      yields = 0;
      await sliceFacetColumns(
        cancelled,
        () => {
          yields++;
          return Promise.resolve();
        },
        () => yields > 0,
      );
      expect(yields).toBe(1);
    } finally {
      clock.mockRestore();
    }
  });
});
