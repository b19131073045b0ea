// Token usage per step (FORMAT.md §7.7) and context occupancy against the window.

import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';

/** Per-step token usage (FORMAT.md §7.7) for the usage chart. */
export interface UsagePoint {
  turn: number;
  step: number;
  seq: number;
  time: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** input + cacheRead + cacheWrite. */
  contextTokens: number;
  /** request/context.contextWindow in force for the step, or null. */
  contextWindow: number | null;
}

/**
 * One point per step that reported usage, in seq order. The step's usage is its LAST report
 * (usage chunk or assistant/message.usage, FORMAT.md §7.7), taken from the index. `contextWindow`
 * is the one of the last request/context before the report (an absent field clears it), or null.
 */
export function deriveUsage(log: OpenedLog): UsagePoint[] {
  const contextSeqs = log.index.requestContextSeqs;
  const windows = contextSeqs.map((seq) => readContextWindow(log, seq));
  const points: UsagePoint[] = [];
  let contextPosition = -1;
  for (const turn of log.index.turns) {
    for (const step of turn.steps) {
      if (step.usage === null || step.usageSeq === null) continue;
      const seq = step.usageSeq;
      // Steps come in seq order, so the request/context in force only moves forward.
      while (contextPosition + 1 < contextSeqs.length && (contextSeqs[contextPosition + 1] as number) < seq)
        contextPosition++;
      const inputTokens = finiteOrZero(step.usage.inputTokens);
      const cacheReadTokens = finiteOrZero(step.usage.cacheReadTokens);
      const cacheWriteTokens = finiteOrZero(step.usage.cacheWriteTokens);
      points.push({
        turn: turn.turn,
        step: step.step,
        seq,
        time: log.store.eventTime.get(seq),
        inputTokens,
        outputTokens: finiteOrZero(step.usage.outputTokens),
        cacheReadTokens,
        cacheWriteTokens,
        contextTokens: inputTokens + cacheReadTokens + cacheWriteTokens,
        contextWindow: contextPosition >= 0 ? (windows[contextPosition] ?? null) : null,
      });
    }
  }
  return points;
}

function readContextWindow(log: OpenedLog, seq: number): number | null {
  const data = log.store.readEvent(seq).data;
  if (!isRecord(data)) return null;
  const window = data.contextWindow;
  return typeof window === 'number' && Number.isFinite(window) && window > 0 ? window : null;
}

function finiteOrZero(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
