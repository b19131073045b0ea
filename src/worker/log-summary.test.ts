import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogDecoder } from '../log/index.ts';
import { buildLogSummary, splitSummaryTurns } from './log-summary.ts';

function openFixture(path: string) {
  const decoder = createLogDecoder({ checksum: null });
  decoder.push(new Uint8Array(readFileSync(path)));
  return decoder.finish();
}

describe('buildLogSummary', () => {
  const log = openFixture(resolve('public/demo/demo-session.jsonl.zstd'));

  it('includes every turn by default', () => {
    const summary = buildLogSummary(log, 'demo');
    expect(log.index.turns.length).toBeGreaterThan(1);
    expect(summary.turns).toHaveLength(log.index.turns.length);
    expect(summary.isTurnsPartial).toBe(false);
  });

  it('keeps only the first turns when capped for a partial summary, and says so', () => {
    const summary = buildLogSummary(log, 'demo', { turnsMax: 1 });
    expect(summary.turns).toEqual(log.index.turns.slice(0, 1));
    expect(summary.isTurnsPartial).toBe(true);
    expect(summary.eventCount).toBe(log.store.eventCount);
  });
});

describe('splitSummaryTurns', () => {
  const log = openFixture(resolve('public/demo/demo-session.jsonl.zstd'));
  const summary = buildLogSummary(log, 'demo');

  it('cuts the turns into parts of at most the given size whose concatenation with the rest is the original', () => {
    for (const size of [1, 2, 3, summary.turns.length - 1]) {
      const { parts, summary: rest } = splitSummaryTurns(summary, size);
      expect(parts.every((part) => part.length === size)).toBe(true);
      expect(rest.turns.length).toBeGreaterThan(0);
      expect(rest.turns.length).toBeLessThanOrEqual(size);
      expect([...parts.flat(), ...rest.turns]).toEqual(summary.turns);
      expect({ ...rest, turns: summary.turns }).toEqual(summary);
    }
  });

  it('sends no part when every turn fits in the summary itself', () => {
    const { parts, summary: rest } = splitSummaryTurns(summary, summary.turns.length);
    expect(parts).toEqual([]);
    expect(rest).toBe(summary);
  });
});
