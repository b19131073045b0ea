// The requests a session listing keeps (no log needed to price them again): each own request's
// logged provider/model, when it was sent and its tokens — so the session list and the lineage
// tree roll costs up, and reprice them when the person edits a price, without re-reading logs.

import type { CostIndex } from './cost-index.ts';
import type { PriceTable } from './price-table.ts';
import { resolveModelPrice } from './price-table.ts';
import type { RequestTokens } from './price-usage.ts';
import { priceTokens } from './price-usage.ts';

/** One priced-to-be request of a listing. Plain, structured-clonable. */
export interface SummaryRequest extends RequestTokens {
  provider: string | null;
  model: string | null;
  /** ms since the epoch: picks conditional prices. */
  startTime: number;
}

/** A session's own requests that reported usage (a fork's inherited prefix is its parent's). */
export function listSummaryRequests(index: CostIndex): SummaryRequest[] {
  return index.ledger.requests.flatMap((request) =>
    request.tokens === null || request.seq < index.ownFromSeq
      ? []
      : [
          {
            provider: request.provider,
            model: request.model,
            startTime: request.startTime,
            ...request.tokens,
          },
        ],
  );
}

/** Their cost at `table`; requests of a model without a price are counted in `unpriced`. */
export function priceSummaryRequests(
  requests: readonly SummaryRequest[],
  table: PriceTable,
): { cost: number; unpriced: number } {
  let cost = 0;
  let unpriced = 0;
  for (const request of requests) {
    const price = resolveModelPrice(table, request.provider, request.model, request.startTime);
    if (price === null) unpriced += 1;
    else cost += priceTokens(price.prices, request);
  }
  return { cost, unpriced };
}
