// The context window over time: tokens sent per model request (uncached + cached input, FORMAT.md
// §7.7) against the window in force — the log's request/context, else the price table's — with
// every compaction marked, so a person sees a run approach its limit and what relieved it.

import { isRecord } from '../event.ts';
import type { CostIndex } from './cost-index.ts';

interface ContextPoint {
  seq: number;
  time: number;
  turn: number;
  step: number;
  /** input + cacheRead + cacheWrite of the request. */
  contextTokens: number;
  /** The window in tokens, or null when neither the log nor the table names one. */
  contextWindow: number | null;
  windowSource: 'log' | 'table' | null;
}

interface CompactionMark {
  /** The replacing message's seq, else the compaction's end or start. */
  seq: number;
  time: number;
  /** compaction/summary's shadowedTokenCount (a heuristic), or null. */
  shadowedTokens: number | null;
  isFailed: boolean;
}

export interface ContextSeries {
  points: ContextPoint[];
  compactions: CompactionMark[];
}

/** One point per model request with usage, ascending by seq, and the compactions. */
export function deriveContextSeries(index: CostIndex): ContextSeries {
  const { log, ledger } = index;
  const contextSeqs = log.index.requestContextSeqs;
  const windows = contextSeqs.map((seq) => {
    const data = log.store.readEvent(seq).data;
    const window = isRecord(data) ? data.contextWindow : undefined;
    return typeof window === 'number' && Number.isFinite(window) && window > 0 ? window : null;
  });
  const points: ContextPoint[] = [];
  let position = -1;
  ledger.requests.forEach((request, requestPosition) => {
    if (request.kind !== 'model' || request.tokens === null) return;
    while (position + 1 < contextSeqs.length && (contextSeqs[position + 1] ?? Infinity) < request.firstSeq)
      position++;
    const logged = position >= 0 ? (windows[position] ?? null) : null;
    const table = ledger.prices[requestPosition]?.contextWindow ?? null;
    const tokens = request.tokens;
    points.push({
      seq: request.seq,
      time: request.startTime,
      turn: request.turn,
      step: request.step,
      contextTokens: tokens.inputTokens + tokens.cacheReadTokens + tokens.cacheWriteTokens,
      contextWindow: logged ?? table,
      windowSource: logged !== null ? 'log' : table !== null ? 'table' : null,
    });
  });
  const compactions: CompactionMark[] = [];
  for (const compaction of log.index.compactions) {
    const seq = compaction.replaceSeq ?? compaction.endSeq ?? compaction.startSeq ?? compaction.summarySeq;
    if (seq === null) continue;
    let shadowedTokens: number | null = null;
    if (compaction.summarySeq !== null) {
      const data = log.store.readEvent(compaction.summarySeq).data;
      if (isRecord(data) && typeof data.shadowedTokenCount === 'number')
        shadowedTokens = data.shadowedTokenCount;
    }
    compactions.push({
      seq,
      time: log.store.eventTime.get(seq),
      shadowedTokens,
      isFailed: compaction.error !== null,
    });
  }
  compactions.sort((a, b) => a.seq - b.seq);
  return { points, compactions };
}
