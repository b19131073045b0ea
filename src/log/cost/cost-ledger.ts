// The priced requests of a log: each request's cost at the table in force, and prefix sums in
// request order so the totals of any seq range are two binary searches (range-totals.ts).

import { findFirstAtOrAbove } from '../base/binary-search.ts';
import type { ModelRequest } from './model-requests.ts';
import type { PriceTable, ResolvedPrice } from './price-table.ts';
import { resolveModelPrice } from './price-table.ts';
import { priceTokens } from './price-usage.ts';

/** Sums over a set of requests. Costs in the table's currency; `cost` adds the priced requests only. */
export interface CostTotals {
  cost: number;
  requests: number;
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** Requests with usage whose model has no price (neither table nor edit): counted, never guessed. */
  unpriced: number;
  /** Requests that logged no usage at all (cost unknown, not zero). */
  withoutUsage: number;
}

/** A log's requests priced at one table. Arrays are parallel to `requests` (ascending seq). */
export interface CostLedger {
  requests: ModelRequest[];
  /** Seq of each request (ascending), for binary search. */
  requestSeqs: Int32Array;
  /** Cost per request, NaN when unpriced or without usage. */
  costs: Float64Array;
  /** The price found for each request, or null. */
  prices: (ResolvedPrice | null)[];
  /** Prefix sums: entry k sums requests [0, k). */
  prefix: {
    cost: Float64Array;
    inputTokens: Float64Array;
    cachedInputTokens: Float64Array;
    cacheWriteTokens: Float64Array;
    outputTokens: Float64Array;
    reasoningTokens: Float64Array;
    unpriced: Int32Array;
    withoutUsage: Int32Array;
  };
}

/**
 * Prices every request at `table` (the request's start time picks conditional prices: a peak-hour
 * or dated price applies when the request was sent). Linear in the requests; run again on an edit.
 */
export function buildCostLedger(requests: ModelRequest[], table: PriceTable): CostLedger {
  const count = requests.length;
  const costs = new Float64Array(count);
  const prices: (ResolvedPrice | null)[] = [];
  const prefix = {
    cost: new Float64Array(count + 1),
    inputTokens: new Float64Array(count + 1),
    cachedInputTokens: new Float64Array(count + 1),
    cacheWriteTokens: new Float64Array(count + 1),
    outputTokens: new Float64Array(count + 1),
    reasoningTokens: new Float64Array(count + 1),
    unpriced: new Int32Array(count + 1),
    withoutUsage: new Int32Array(count + 1),
  };
  const cache = new Map<string, ResolvedPrice | null>();
  requests.forEach((request, position) => {
    const price = findPrice(table, request, cache);
    prices.push(price);
    const tokens = request.tokens;
    const cost = tokens === null || price === null ? Number.NaN : priceTokens(price.prices, tokens);
    costs[position] = cost;
    const next = position + 1;
    prefix.cost[next] = (prefix.cost[position] ?? 0) + (Number.isNaN(cost) ? 0 : cost);
    prefix.inputTokens[next] = (prefix.inputTokens[position] ?? 0) + (tokens?.inputTokens ?? 0);
    prefix.cachedInputTokens[next] =
      (prefix.cachedInputTokens[position] ?? 0) + (tokens?.cacheReadTokens ?? 0);
    prefix.cacheWriteTokens[next] =
      (prefix.cacheWriteTokens[position] ?? 0) + (tokens?.cacheWriteTokens ?? 0);
    prefix.outputTokens[next] = (prefix.outputTokens[position] ?? 0) + (tokens?.outputTokens ?? 0);
    prefix.reasoningTokens[next] = (prefix.reasoningTokens[position] ?? 0) + (tokens?.reasoningTokens ?? 0);
    prefix.unpriced[next] = (prefix.unpriced[position] ?? 0) + (tokens !== null && price === null ? 1 : 0);
    prefix.withoutUsage[next] = (prefix.withoutUsage[position] ?? 0) + (tokens === null ? 1 : 0);
  });
  return {
    requests,
    requestSeqs: Int32Array.from(requests, (request) => request.seq),
    costs,
    prices,
    prefix,
  };
}

/** Conditional prices change at most by the minute; one lookup per model and UTC minute. */
function findPrice(
  table: PriceTable,
  request: ModelRequest,
  cache: Map<string, ResolvedPrice | null>,
): ResolvedPrice | null {
  const minute = Math.floor(request.startTime / 60_000);
  const key = `${request.provider ?? ''}\u0000${request.model ?? ''}\u0000${minute}`;
  let price = cache.get(key);
  if (price === undefined) {
    price = resolveModelPrice(table, request.provider, request.model, request.startTime);
    cache.set(key, price);
  }
  return price;
}

/** Totals of the requests at positions [from, to) of the ledger. */
function sumLedger(ledger: CostLedger, from: number, to: number): CostTotals {
  const { prefix } = ledger;
  const span = (column: Float64Array | Int32Array): number => (column[to] ?? 0) - (column[from] ?? 0);
  return {
    cost: span(prefix.cost),
    requests: Math.max(0, to - from),
    inputTokens: span(prefix.inputTokens),
    cachedInputTokens: span(prefix.cachedInputTokens),
    cacheWriteTokens: span(prefix.cacheWriteTokens),
    outputTokens: span(prefix.outputTokens),
    reasoningTokens: span(prefix.reasoningTokens),
    unpriced: span(prefix.unpriced),
    withoutUsage: span(prefix.withoutUsage),
  };
}

/** Totals of the requests counted at seqs in [firstSeq, lastSeq]. */
export function sumLedgerSeqs(ledger: CostLedger, firstSeq: number, lastSeq: number): CostTotals {
  const from = findFirstAtOrAbove(ledger.requestSeqs, firstSeq);
  const to = findFirstAtOrAbove(ledger.requestSeqs, lastSeq + 1);
  return sumLedger(ledger, from, Math.max(from, to));
}
