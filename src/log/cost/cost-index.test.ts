// Money and time of one log: conditional prices at the request's time, edits, unpriced models
// counted, the wall time split with parallel calls counted once, range totals, the critical path.

import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { TriageLogBuilder, textBlock, toolCallBlock } from '../testing/triage-log-builder.ts';
import { buildCostIndex, deriveRangeTotals, deriveSessionTotals, repriceCostIndex } from './cost-index.ts';
import { deriveContextSeries } from './context-window.ts';
import { buildCostReport } from './cost-report.ts';
import { loadBundledPriceTable, resolveModelPrice, withPriceEdits } from './price-table.ts';
import { priceTokens } from './price-usage.ts';
import { sumTimeRange } from './time-columns.ts';
import { deriveTurnBreakdown } from './turn-times.ts';

const table = loadBundledPriceTable();
const JULY_NOON_UTC = Date.UTC(2026, 6, 13, 12, 0, 0);
const JULY_PEAK_UTC = Date.UTC(2026, 6, 13, 2, 30, 0);
const SEPTEMBER_NOON_UTC = Date.UTC(2026, 8, 1, 12, 0, 0);

describe('the price table', () => {
  it('finds deepseek-v4-flash for dsh provider names the table does not know, by the model name', () => {
    const price = resolveModelPrice(table, 'deepseek-official', 'deepseek-v4-flash', JULY_NOON_UTC);
    expect(price).toMatchObject({ providerId: 'deepseek', modelId: 'deepseek-v4-flash', isEdited: false });
    expect(price?.prices).toEqual({ input_mtok: 0.14, cache_read_mtok: 0.0028, output_mtok: 0.28 });
  });

  it('applies the price in force when the request was sent: peak hours and a dated change', () => {
    expect(resolveModelPrice(table, 'deepseek', 'deepseek-v4-flash', JULY_PEAK_UTC)?.prices.input_mtok).toBe(
      0.44,
    );
    expect(
      resolveModelPrice(table, 'deepseek', 'deepseek-v4-flash', SEPTEMBER_NOON_UTC)?.prices.input_mtok,
    ).toBe(0.22);
  });

  it('prices cache hits at the cache price and leaves reasoning inside output when the table has no reasoning price', () => {
    const prices = { input_mtok: 1, cache_read_mtok: 0.1, output_mtok: 2 };
    const tokens = {
      inputTokens: 1000,
      cacheReadTokens: 9000,
      cacheWriteTokens: 0,
      outputTokens: 500,
      reasoningTokens: 200,
    };
    expect(priceTokens(prices, tokens)).toBeCloseTo((1000 * 1 + 9000 * 0.1 + 500 * 2) / 1e6, 15);
    expect(priceTokens({ ...prices, output_reasoning_mtok: 10 }, tokens)).toBeCloseTo(
      (1000 * 1 + 9000 * 0.1 + 300 * 2 + 200 * 10) / 1e6,
      15,
    );
    // No cache price: cache reads cost the input price.
    expect(priceTokens({ input_mtok: 1, output_mtok: 2 }, tokens)).toBeCloseTo((10_000 + 1000) / 1e6, 15);
  });

  it('says a model it does not know is unpriced, and an edit prices it', () => {
    expect(resolveModelPrice(table, 'fixture', 'fixture', JULY_NOON_UTC)).toBeNull();
    const edited = withPriceEdits(table, [
      { provider: 'fixture', model: 'fixture', inputPerMillion: 1, outputPerMillion: 2 },
    ]);
    expect(resolveModelPrice(edited, 'fixture', 'fixture', JULY_NOON_UTC)).toMatchObject({
      isEdited: true,
      prices: { input_mtok: 1, output_mtok: 2 },
    });
  });
});

/** A turn with one request, two parallel calls (one waiting for approval) and a second request. */
function buildParallelTurn(model = 'deepseek-v4-flash'): Uint8Array {
  const builder = new TriageLogBuilder();
  builder.turnStart();
  builder.stepStart();
  builder.userMessage('go');
  builder.requestHeader([], 'deepseek-official', model);
  builder.requestContext(1000, 'deepseek-official', model);
  builder.attempt([toolCallBlock('a', 'bash'), toolCallBlock('b', 'read')], {
    usage: { inputTokens: 100, outputTokens: 10, cacheReadTokens: 900 },
    provider: 'deepseek-official',
    model,
  });
  const callA = builder.toolCall('a', 'bash');
  const callB = builder.toolCall('b', 'read');
  builder.event('approval/asked', { id: 'ask1', toolName: 'bash', callId: 'a' });
  builder.event('approval/decided', { id: 'ask1', outcome: 'allowed-once' });
  builder.toolResult('b', { callSeq: callB });
  builder.toolResult('a', { callSeq: callA, isError: true });
  builder.stepEnd();
  builder.stepStart();
  builder.attempt([textBlock('done')], {
    usage: { inputTokens: 50, outputTokens: 20, cacheReadTokens: 1000 },
    provider: 'deepseek-official',
    model,
  });
  builder.stepEnd();
  builder.turnEnd();
  return builder.toBytes();
}

describe('the cost index of one log', () => {
  it('splits the wall time so that model, tool, approval and idle add up to it, parallel calls counted once', () => {
    const log = decodeLog(buildParallelTurn());
    const index = buildCostIndex(log, table);
    const totals = deriveSessionTotals(index);
    const last = log.store.eventCount - 1;
    expect(totals.time.wallMs).toBe(log.store.eventTime.get(last) - log.store.eventTime.get(0));
    expect(totals.time.modelMs + totals.time.toolMs + totals.time.approvalMs + totals.time.idleMs).toBe(
      totals.time.wallMs,
    );
    // Calls a and b overlap from b's tool/call to b's result: 7 ms gaps, each counted once.
    expect(totals.time.approvalMs).toBe(7);
    expect(totals.time.toolMs).toBe(4 * 7);
    expect(totals).toMatchObject({
      requests: 2,
      toolCalls: 2,
      errors: 1,
      inputTokens: 150,
      cachedInputTokens: 1900,
    });
  });

  it('answers any seq range exactly as a scan of its gaps would', () => {
    const log = decodeLog(buildParallelTurn());
    const index = buildCostIndex(log, table);
    const count = log.store.eventCount;
    for (let first = 0; first < count; first++)
      for (let last = first; last < count; last++) {
        const split = sumTimeRange(index.time, first, last);
        let model = 0;
        for (let gap = first + 1; gap <= last; gap++)
          if (index.time.category[gap] === 1)
            model += log.store.eventTime.get(gap) - log.store.eventTime.get(gap - 1);
        expect(split.modelMs).toBe(model);
        expect(split.wallMs).toBe(log.store.eventTime.get(last) - log.store.eventTime.get(first));
        const range = deriveRangeTotals(index, first, last);
        const inRange = index.ledger.requests.filter(
          (request) => request.seq >= first && request.seq <= last,
        );
        expect(range.requests).toBe(inRange.length);
      }
  });

  it('counts a request of an unknown model as unpriced, and prices it once the person edits its price', () => {
    const log = decodeLog(buildParallelTurn('house-model'));
    const index = buildCostIndex(log, table);
    expect(deriveSessionTotals(index)).toMatchObject({ cost: 0, unpriced: 2 });
    const edited = repriceCostIndex(
      index,
      withPriceEdits(table, [
        { provider: 'deepseek-official', model: 'house-model', inputPerMillion: 1, outputPerMillion: 2 },
      ]),
    );
    const totals = deriveSessionTotals(edited);
    expect(totals.unpriced).toBe(0);
    // No cache price in the edit: cached input costs the input price.
    expect(totals.cost).toBeCloseTo((100 + 900 + 50 + 1000) / 1e6 + (30 * 2) / 1e6, 15);
    expect(buildCostReport(edited).prices).toMatchObject({ edited: true, edits: 1 });
  });

  it('puts on the critical path the call its step waited for last, with the parallel one beside it', () => {
    const index = buildCostIndex(decodeLog(buildParallelTurn()), table);
    const breakdown = deriveTurnBreakdown(index, 1);
    expect(breakdown?.criticalPath.map((segment) => `${segment.kind}:${segment.label}`)).toEqual([
      'model:deepseek-v4-flash',
      'tool:bash',
      'model:deepseek-v4-flash',
    ]);
    expect(breakdown?.criticalPath[1]).toMatchObject({ parallelCalls: 1 });
    expect(breakdown?.callTimeSumMs).toBeGreaterThan(breakdown?.time.toolMs ?? 0);
  });

  it('plots the tokens sent against the logged window', () => {
    const series = deriveContextSeries(buildCostIndex(decodeLog(buildParallelTurn()), table));
    expect(
      series.points.map((point) => [point.contextTokens, point.contextWindow, point.windowSource]),
    ).toEqual([
      [1000, 1000, 'log'],
      [1050, 1000, 'log'],
    ]);
  });
});
