// Token usage per step and per turn (FORMAT.md §7.7) and context occupancy against the window.

import { findLastAtOrBelow } from '../base/binary-search.ts';
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../decode/opened-log.ts';

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

/** Usage summed over the steps of one turn (session totals sum per-step values, FORMAT.md §7.7). */
export interface TurnUsage {
  turn: number;
  /** Seq of the turn's first usage report. */
  seq: number;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Context occupancy of the turn's last step (not a sum), and its window or null. */
  lastContextTokens: number;
  contextWindow: number | null;
}

/** Groups per-step points into per-turn totals, in turn order of appearance. */
export function sumUsageByTurn(points: readonly UsagePoint[]): TurnUsage[] {
  const turns: TurnUsage[] = [];
  for (const point of points) {
    let current = turns.at(-1);
    if (current === undefined || current.turn !== point.turn) {
      current = {
        turn: point.turn,
        seq: point.seq,
        steps: 0,
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        lastContextTokens: 0,
        contextWindow: null,
      };
      turns.push(current);
    }
    current.steps++;
    current.inputTokens += point.inputTokens;
    current.outputTokens += point.outputTokens;
    current.cacheReadTokens += point.cacheReadTokens;
    current.cacheWriteTokens += point.cacheWriteTokens;
    current.lastContextTokens = point.contextTokens;
    current.contextWindow = point.contextWindow;
  }
  return turns;
}

/** Index of the usage point of the step containing `seq` (or the last one before it), or -1. */
export function findUsagePointAt(points: readonly UsagePoint[], seq: number): number {
  return findLastAtOrBelow(points, seq, (point) => point.seq);
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
