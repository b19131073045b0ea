// The `cost` document of CLI.md: currency, the table, the session total and every request with its
// money and times. The CLI prints it and the viewer's totals come from the same CostIndex.

import type { CostIndex } from './cost-index.ts';
import { deriveSessionTotals } from './cost-index.ts';
import { deriveRequestTiming } from './model-requests.ts';
import { describePriceTable, type PriceTable } from './price-table.ts';

export interface CostReportTotal {
  /** Sum over priced requests; `unpriced` says how many were left out. */
  cost: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  unpriced: number;
  /** Fields beyond CLI.md's: */
  cacheWriteTokens: number;
  reasoningTokens: number;
  requests: number;
  withoutUsage: number;
  wallMs: number;
  modelMs: number;
  toolMs: number;
  approvalMs: number;
  idleMs: number;
  toolCalls: number;
  errors: number;
}

export interface CostReportRequest {
  seq: number;
  turn: number;
  step: number;
  kind: 'model' | 'compaction';
  attempt: number;
  provider: string | null;
  model: string | null;
  /** null when unpriced or without usage. */
  cost: number | null;
  /** The table's model id that priced it, or null. */
  pricedAs: string | null;
  edited: boolean;
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  hasUsage: boolean;
  latencyMs: number;
  firstTokenMs: number | null;
  generationMs: number | null;
  outputTokensPerSecond: number | null;
  finish: string | null;
  /** In a fork's inherited prefix: the parent's request, not counted in `total`. */
  inherited: boolean;
}

export interface CostReport {
  currency: string;
  prices: { source: string; name: string; version: string; edited: boolean; edits: number };
  total: CostReportTotal;
  requests: CostReportRequest[];
}

/** The `prices` block of a cost document: which table, which version, how many local edits. */
export function describePrices(table: PriceTable): CostReport['prices'] {
  return {
    source: describePriceTable(table),
    name: table.name,
    version: table.version,
    edited: table.edits.length > 0,
    edits: table.edits.length,
  };
}

/** The CLI.md `cost` document of one log. */
export function buildCostReport(index: CostIndex): CostReport {
  const totals = deriveSessionTotals(index);
  const { ledger, table } = index;
  return {
    currency: table.currency,
    prices: describePrices(table),
    total: {
      cost: totals.cost,
      inputTokens: totals.inputTokens,
      cachedInputTokens: totals.cachedInputTokens,
      outputTokens: totals.outputTokens,
      unpriced: totals.unpriced,
      cacheWriteTokens: totals.cacheWriteTokens,
      reasoningTokens: totals.reasoningTokens,
      requests: totals.requests,
      withoutUsage: totals.withoutUsage,
      wallMs: totals.time.wallMs,
      modelMs: totals.time.modelMs,
      toolMs: totals.time.toolMs,
      approvalMs: totals.time.approvalMs,
      idleMs: totals.time.idleMs,
      toolCalls: totals.toolCalls,
      errors: totals.errors,
    },
    requests: ledger.requests.map((request, position) => {
      const cost = ledger.costs[position] ?? Number.NaN;
      const price = ledger.prices[position] ?? null;
      const timing = deriveRequestTiming(request);
      const tokens = request.tokens;
      return {
        seq: request.seq,
        turn: request.turn,
        step: request.step,
        kind: request.kind,
        attempt: request.attempt,
        provider: request.provider,
        model: request.model,
        cost: Number.isNaN(cost) ? null : cost,
        pricedAs: price === null ? null : `${price.providerId}/${price.modelId}`,
        edited: price?.isEdited ?? false,
        inputTokens: tokens?.inputTokens ?? 0,
        cachedInputTokens: tokens?.cacheReadTokens ?? 0,
        cacheWriteTokens: tokens?.cacheWriteTokens ?? 0,
        outputTokens: tokens?.outputTokens ?? 0,
        reasoningTokens: tokens?.reasoningTokens ?? 0,
        hasUsage: tokens !== null,
        latencyMs: timing.latencyMs,
        firstTokenMs: timing.firstTokenMs,
        generationMs: timing.generationMs,
        outputTokensPerSecond: timing.outputTokensPerSecond,
        finish: request.finishKind,
        inherited: request.seq < index.ownFromSeq,
      };
    }),
  };
}
