// The worker's answers about money and time (src/log/cost): the cost index of each log, built once
// (rebuilt while a log is still loading and has grown) and repriced when the edits a query carries
// differ from the ones it was priced at. Every cost query carries the edits in force, so the
// worker keeps no price state of its own and the page's edits are the only ones.

import {
  buildCostIndex,
  deriveCallTiming,
  deriveContextSeries,
  deriveRangeTotals,
  deriveRequestTiming,
  deriveSessionTotals,
  deriveTurnBreakdown,
  describePriceTable,
  loadBundledPriceTable,
  repriceCostIndex,
  withPriceEdits,
  findTablePrice,
  priceSummaryRequests,
  type SummaryRequest,
  type CostIndex,
  type OpenedLog,
  type PriceEdit,
  type PriceTable,
} from '../log/index.ts';
import type {
  CostQuery,
  CostResults,
  MessageCost,
  ModelCostLine,
  PriceLabel,
  SessionsCostAnswer,
} from './cost-protocol.ts';

const bundled = loadBundledPriceTable();
const cached = new WeakMap<OpenedLog, { eventCount: number; editsKey: string; index: CostIndex }>();

function tableOf(edits: readonly PriceEdit[]): PriceTable {
  return edits.length === 0 ? bundled : withPriceEdits(bundled, edits);
}

/** The cost index of `log` priced at `edits` over the bundled table. */
function costIndexOf(log: OpenedLog, edits: readonly PriceEdit[]): CostIndex {
  const editsKey = JSON.stringify(edits);
  const entry = cached.get(log);
  if (entry !== undefined && entry.eventCount === log.store.eventCount) {
    if (entry.editsKey === editsKey) return entry.index;
    const index = repriceCostIndex(entry.index, tableOf(edits));
    cached.set(log, { eventCount: entry.eventCount, editsKey, index });
    return index;
  }
  const index = buildCostIndex(log, tableOf(edits));
  cached.set(log, { eventCount: log.store.eventCount, editsKey, index });
  return index;
}

function labelOf(index: CostIndex): PriceLabel {
  const { table } = index;
  return { source: describePriceTable(table), currency: table.currency, edits: table.edits.length };
}

/** The requests a message card stands for: the attempts of its step up to the one that produced it. */
function messageCost(index: CostIndex, messageSeq: number): MessageCost | null {
  const { requests, costs, prices } = index.ledger;
  const position = requests.findIndex((request) => request.messageSeq === messageSeq);
  if (position < 0) return null;
  const request = requests[position];
  if (request === undefined) return null;
  let first = position;
  while (first > 0) {
    const earlier = requests[first - 1];
    if (earlier === undefined || earlier.turn !== request.turn || earlier.step !== request.step) break;
    if (earlier.messageSeq !== null || earlier.kind !== 'model') break;
    first--;
  }
  let retryCost = 0;
  for (let other = first; other < position; other++) {
    const cost = costs[other] ?? Number.NaN;
    if (!Number.isNaN(cost)) retryCost += cost;
  }
  const cost = costs[position] ?? Number.NaN;
  const price = prices[position] ?? null;
  return {
    seq: request.seq,
    model: request.model,
    cost: Number.isNaN(cost) ? null : cost,
    isUnpriced: request.tokens !== null && price === null,
    hasUsage: request.tokens !== null,
    pricedAs: price === null ? null : `${price.providerId}/${price.modelId}`,
    isEdited: price?.isEdited ?? false,
    tokens: request.tokens,
    timing: deriveRequestTiming(request),
    failedAttempts: position - first,
    failedAttemptsCost: retryCost,
    label: labelOf(index),
  };
}

/** A model's line before its requests are added: the table's price at `timeMs` and the edit in force. */
function modelLine(
  index: CostIndex,
  provider: string | null,
  model: string | null,
  timeMs: number,
): ModelCostLine {
  const table = model === null ? null : findTablePrice(index.table, provider, model, timeMs);
  const unit = (key: string): number | null => {
    const price = table?.prices[key];
    return typeof price === 'number' ? price : price === undefined ? null : price.base;
  };
  return {
    model: model ?? '',
    provider: provider ?? '',
    requests: 0,
    cost: 0,
    unpriced: 0,
    tablePrice:
      table === null
        ? null
        : {
            input: unit('input_mtok') ?? 0,
            cacheRead: unit('cache_read_mtok'),
            cacheWrite: unit('cache_write_mtok'),
            output: unit('output_mtok') ?? 0,
            pricedAs: `${table.providerId}/${table.modelId}`,
          },
    edit:
      index.table.edits.find((edit) => edit.provider === (provider ?? '') && edit.model === (model ?? '')) ??
      null,
  };
}

/** Workspace sessions priced from their listings' requests (entry.ts answers it without a log). */
export function priceSessions(
  sessions: readonly { id: string; requests: SummaryRequest[] }[],
  edits: readonly PriceEdit[],
): SessionsCostAnswer {
  const table = tableOf(edits);
  const costs: SessionsCostAnswer['costs'] = {};
  for (const session of sessions) costs[session.id] = priceSummaryRequests(session.requests, table);
  return {
    label: { source: describePriceTable(table), currency: table.currency, edits: table.edits.length },
    costs,
  };
}

/** The answer to a cost query about `log`. */
export function answerCostQuery(
  query: Exclude<CostQuery, { kind: 'cost-sessions' }>,
  log: OpenedLog,
): CostResults[Exclude<CostQuery['kind'], 'cost-sessions'>] {
  const index = costIndexOf(log, query.edits);
  switch (query.kind) {
    case 'cost-session': {
      const turns = log.index.turns.flatMap((turn) => {
        const breakdown = deriveTurnBreakdown(index, turn.turn);
        return breakdown === null ? [] : [breakdown];
      });
      const models = new Map<string, ModelCostLine>();
      index.ledger.requests.forEach((request, position) => {
        if (request.seq < index.ownFromSeq) return;
        const key = `${request.provider ?? ''}\u0000${request.model ?? ''}`;
        const entry = models.get(key) ?? modelLine(index, request.provider, request.model, request.startTime);
        entry.requests += 1;
        const cost = index.ledger.costs[position] ?? Number.NaN;
        if (!Number.isNaN(cost)) entry.cost += cost;
        else if (request.tokens !== null) entry.unpriced += 1;
        models.set(key, entry);
      });
      return {
        label: labelOf(index),
        totals: deriveSessionTotals(index),
        ownFromSeq: index.ownFromSeq,
        turns,
        models: [...models.values()],
        context: deriveContextSeries(index),
      };
    }
    case 'cost-range':
      return { label: labelOf(index), totals: deriveRangeTotals(index, query.firstSeq, query.lastSeq) };
    case 'cost-message':
      return messageCost(index, query.messageSeq);
    case 'cost-call':
      return deriveCallTiming(index, query.callId);
    default:
      return assertNever(query);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown cost query: ${JSON.stringify(value)}`);
}
