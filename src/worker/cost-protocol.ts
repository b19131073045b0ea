// The cost queries (money and time, src/log/cost) and their answers: type-only, beside protocol.ts
// which lists them among its queries. Everything crosses by structured clone.

import type {
  CallTiming,
  ContextSeries,
  PriceEdit,
  RangeTotals,
  RequestTiming,
  SummaryRequest,
  TurnBreakdown,
} from '../log/index.ts';

/** The table a total was priced at: shown next to every total. */
export interface PriceLabel {
  /** "@pydantic/genai-prices 0.1.8" and, when edited, how many prices were. */
  source: string;
  currency: string;
  edits: number;
}

/** Per model of the session: how many requests, their cost, how many were unpriced. */
export interface ModelCostLine {
  model: string;
  provider: string;
  requests: number;
  cost: number;
  unpriced: number;
  /** The table's prices per million tokens when its first request was sent (null: the table has none). */
  tablePrice: {
    input: number;
    cacheRead: number | null;
    cacheWrite: number | null;
    output: number;
    pricedAs: string;
  } | null;
  /** The person's edit of this model, if any. */
  edit: PriceEdit | null;
}

interface SessionCostAnswer {
  label: PriceLabel;
  /** The session's own events (a fork's inherited prefix left out). */
  totals: RangeTotals;
  ownFromSeq: number;
  turns: TurnBreakdown[];
  models: ModelCostLine[];
  context: ContextSeries;
}

interface RangeCostAnswer {
  label: PriceLabel;
  totals: RangeTotals;
}

/** The cost and times of the request that produced an assistant message (and failed tries before it). */
export interface MessageCost {
  seq: number;
  model: string | null;
  cost: number | null;
  isUnpriced: boolean;
  hasUsage: boolean;
  pricedAs: string | null;
  isEdited: boolean;
  tokens: {
    inputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    outputTokens: number;
    reasoningTokens: number;
  } | null;
  timing: RequestTiming;
  /** Failed attempts of the same step before it (retries), and what they cost. */
  failedAttempts: number;
  failedAttemptsCost: number;
  label: PriceLabel;
}

/** Every cost query carries the price edits in force (the page owns them). */
export type CostQuery =
  | { kind: 'cost-session'; edits: PriceEdit[] }
  | { kind: 'cost-range'; firstSeq: number; lastSeq: number; edits: PriceEdit[] }
  | { kind: 'cost-message'; messageSeq: number; edits: PriceEdit[] }
  | { kind: 'cost-call'; callId: string; edits: PriceEdit[] }
  /** Sessions of a workspace priced from their summaries' requests (no open log needed). */
  | { kind: 'cost-sessions'; sessions: { id: string; requests: SummaryRequest[] }[]; edits: PriceEdit[] };

/** Each session's own cost at the prices in force, and the table's label. */
export interface SessionsCostAnswer {
  label: PriceLabel;
  costs: Record<string, { cost: number; unpriced: number }>;
}

export interface CostResults {
  'cost-session': SessionCostAnswer;
  'cost-range': RangeCostAnswer;
  'cost-message': MessageCost | null;
  'cost-call': CallTiming | null;
  'cost-sessions': SessionsCostAnswer;
}
