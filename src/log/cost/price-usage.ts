// The cost of one usage report at given prices, by genai-prices' unit rules for text tokens:
// priced cache reads/writes and reasoning are taken out of their parent (input, output) and
// charged at their own price; an unpriced part stays in its parent and costs the parent's price.

import type { TokenUsage } from '../event.ts';
import type { ModelPrices, TieredPrice } from './price-table.ts';

/** Token counts of one request, in genai-prices' terms (input is the total: uncached + cache). */
export interface RequestTokens {
  /** Uncached input, as dsh reports it (`inputTokens`). */
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  /** The part of `outputTokens` that was reasoning (informational in dsh, FORMAT.md §5.1). */
  reasoningTokens: number;
}

/** A usage report's counts, each a finite non-negative number (anything else counts 0). */
export function readRequestTokens(usage: TokenUsage): RequestTokens {
  return {
    inputTokens: count(usage.inputTokens),
    cacheReadTokens: count(usage.cacheReadTokens),
    cacheWriteTokens: count(usage.cacheWriteTokens),
    outputTokens: count(usage.outputTokens),
    reasoningTokens: Math.min(count(usage.reasoningTokens), count(usage.outputTokens)),
  };
}

function count(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

const PER_MILLION = 1_000_000;

/** USD of one request. Keys other than text tokens and requests (audio, images, searches) are not reported by dsh: 0. */
export function priceTokens(prices: ModelPrices, tokens: RequestTokens): number {
  const totalInput = tokens.inputTokens + tokens.cacheReadTokens + tokens.cacheWriteTokens;
  const unitPrice = (key: string): number | null => {
    const price = prices[key];
    if (price === undefined) return null;
    return typeof price === 'number' ? price : tierPrice(price, totalInput);
  };
  const input = unitPrice('input_mtok') ?? 0;
  const cacheRead = unitPrice('cache_read_mtok');
  const cacheWrite = unitPrice('cache_write_mtok');
  const output = unitPrice('output_mtok') ?? 0;
  const reasoning = unitPrice('output_reasoning_mtok');
  const requests = prices['requests_kcount'];
  let uncached = totalInput;
  let cost = 0;
  if (cacheRead !== null) {
    uncached -= tokens.cacheReadTokens;
    cost += (cacheRead * tokens.cacheReadTokens) / PER_MILLION;
  }
  if (cacheWrite !== null) {
    uncached -= tokens.cacheWriteTokens;
    cost += (cacheWrite * tokens.cacheWriteTokens) / PER_MILLION;
  }
  cost += (input * uncached) / PER_MILLION;
  let plainOutput = tokens.outputTokens;
  if (reasoning !== null) {
    plainOutput -= tokens.reasoningTokens;
    cost += (reasoning * tokens.reasoningTokens) / PER_MILLION;
  }
  cost += (output * plainOutput) / PER_MILLION;
  if (typeof requests === 'number') cost += requests / 1000;
  return cost;
}

/** The price per million of a tiered key: the last tier whose start the request's input exceeds. */
function tierPrice(price: TieredPrice, totalInput: number): number {
  let unit = price.base;
  for (const tier of [...price.tiers].sort((a, b) => a.start - b.start))
    if (totalInput > tier.start) unit = tier.price;
  return unit;
}
