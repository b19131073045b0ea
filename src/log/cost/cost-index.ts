// What the money and the time of one log are built from, once after the load: its requests, their
// prices at the table in force, and the time columns. Repricing (an edited price) redoes only the ledger.

import { findFirstAtOrAbove } from '../base/binary-search.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { inheritedPrefixLength } from '../projections/inherited-prefix.ts';
import type { CostLedger, CostTotals } from './cost-ledger.ts';
import { buildCostLedger, sumLedgerSeqs } from './cost-ledger.ts';
import { deriveModelRequests } from './model-requests.ts';
import type { PriceTable } from './price-table.ts';
import type { TimeColumns, TimeSplit } from './time-columns.ts';
import { buildTimeColumns, sumTimeRange } from './time-columns.ts';

export interface CostIndex {
  log: OpenedLog;
  table: PriceTable;
  ledger: CostLedger;
  /** The first seq of the session's own events: a fork's inherited prefix (FORMAT.md §8.1) is its parent's money. */
  ownFromSeq: number;
  time: TimeColumns;
  /** Tool calls' seqs (tool/call, else the requesting message) ascending, and whether each failed. */
  callSeqs: Int32Array;
  callFailed: Uint8Array;
  /** Prefix of callFailed. */
  callFailedPrefix: Int32Array;
  /** Seqs of failed model requests (finish error or aborted), ascending. */
  failedRequestSeqs: Int32Array;
}

/** Builds the index of a decoded log at `table`. */
export function buildCostIndex(log: OpenedLog, table: PriceTable): CostIndex {
  const requests = deriveModelRequests(log);
  const calls = log.index.toolCalls
    .map((call) => ({
      seq: call.callSeq ?? call.requestSeq ?? -1,
      isFailed: call.status === 'error' || call.status === 'not-started' || call.status === 'outcome-unknown',
    }))
    .filter((call) => call.seq >= 0)
    .sort((a, b) => a.seq - b.seq);
  const callFailed = Uint8Array.from(calls, (call) => (call.isFailed ? 1 : 0));
  const callFailedPrefix = new Int32Array(calls.length + 1);
  callFailed.forEach((failed, position) => {
    callFailedPrefix[position + 1] = (callFailedPrefix[position] ?? 0) + failed;
  });
  return {
    log,
    table,
    ledger: buildCostLedger(requests, table),
    ownFromSeq: inheritedPrefixLength(log) ?? 0,
    time: buildTimeColumns(log, requests),
    callSeqs: Int32Array.from(calls, (call) => call.seq),
    callFailed,
    callFailedPrefix,
    failedRequestSeqs: Int32Array.from(
      requests.filter((request) => request.finishKind === 'error' || request.finishKind === 'aborted'),
      (request) => request.seq,
    ),
  };
}

/** The same log priced at another table (the time columns are kept). */
export function repriceCostIndex(index: CostIndex, table: PriceTable): CostIndex {
  return { ...index, table, ledger: buildCostLedger(index.ledger.requests, table) };
}

/** Totals of a seq range: CLI.md-comparable money and tokens, the wall time split, calls and errors. */
export interface RangeTotals extends CostTotals {
  firstSeq: number;
  lastSeq: number;
  time: TimeSplit;
  toolCalls: number;
  /** Failed tool calls (error, not started, outcome unknown) plus failed model requests. */
  errors: number;
}

/** Totals over seqs [firstSeq, lastSeq] (clamped to the log); O(log n + block) per call. */
export function deriveRangeTotals(index: CostIndex, firstSeq: number, lastSeq: number): RangeTotals {
  const last = index.time.eventCount - 1;
  const from = Math.max(0, Math.min(firstSeq, lastSeq));
  const to = Math.min(last, Math.max(firstSeq, lastSeq));
  const money = sumLedgerSeqs(index.ledger, from, to);
  const callFrom = findFirstAtOrAbove(index.callSeqs, from);
  const callTo = findFirstAtOrAbove(index.callSeqs, to + 1);
  const failedCalls = (index.callFailedPrefix[callTo] ?? 0) - (index.callFailedPrefix[callFrom] ?? 0);
  const failedRequests =
    findFirstAtOrAbove(index.failedRequestSeqs, to + 1) - findFirstAtOrAbove(index.failedRequestSeqs, from);
  return {
    ...money,
    firstSeq: from,
    lastSeq: to,
    time: sumTimeRange(index.time, from, to),
    toolCalls: Math.max(0, callTo - callFrom),
    errors: failedCalls + failedRequests,
  };
}

/** Totals of the session's own events (all of them but a fork's inherited prefix). */
export function deriveSessionTotals(index: CostIndex): RangeTotals {
  return deriveRangeTotals(index, index.ownFromSeq, Math.max(0, index.time.eventCount - 1));
}
