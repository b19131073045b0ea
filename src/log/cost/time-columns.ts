// Where the wall-clock time went, per gap between two consecutive events: waiting for an approval,
// a tool running, a model request in flight, or idle (the harness, the person between turns). The
// categories partition the wall time (parallel tool calls count once), so any seq range's time is
// the sum of its gaps: a Uint8 category per gap and block prefix sums answer it in O(block).

import type { OpenedLog } from '../open/opened-log.ts';
import type { ModelRequest } from './model-requests.ts';

/** The category of a gap, in priority order (an approval asked inside a running call is approval time). */
const TimeCategory = { IDLE: 0, MODEL: 1, TOOL: 2, APPROVAL: 3 } as const;
type TimeCategory = (typeof TimeCategory)[keyof typeof TimeCategory];
const CATEGORY_COUNT = 4;

/** Gaps per block of the prefix sums; a range query scans at most two partial blocks. */
const BLOCK_GAPS = 512;

/** Per-gap categories and block sums. Gap s is the time from event s − 1 to event s (s ≥ 1). */
export interface TimeColumns {
  eventCount: number;
  /** Category of gap s (index s; entry 0 unused). */
  category: Uint8Array;
  /** The events' times (the store's column, not copied). */
  times: Float64Array;
  /** blockSums[c * (blocks + 1) + b]: ms of category c over gaps [0, b * BLOCK_GAPS). */
  blockSums: Float64Array;
  blocks: number;
}

/** Wall time of a range split by category, in ms. A clock stepping back counts 0, never negative. */
export interface TimeSplit {
  wallMs: number;
  modelMs: number;
  toolMs: number;
  approvalMs: number;
  idleMs: number;
}

/**
 * Builds the columns from the index: tool calls (tool/call → its result, or the end of its step /
 * turn / log when none came), approvals (asked → decided, likewise), and the model requests
 * (the gap before their first event up to their last event).
 */
export function buildTimeColumns(log: OpenedLog, requests: readonly ModelRequest[]): TimeColumns {
  const count = log.store.eventCount;
  const lastSeq = count - 1;
  // Difference arrays over gap indexes: +1 where an interval's first gap is, −1 after its last.
  const tool = new Int32Array(count + 1);
  const approval = new Int32Array(count + 1);
  const model = new Int32Array(count + 1);
  const mark = (column: Int32Array, firstGap: number, lastGap: number): void => {
    if (lastGap < firstGap || firstGap > lastSeq) return;
    column[Math.max(1, firstGap)] = (column[Math.max(1, firstGap)] ?? 0) + 1;
    column[Math.min(lastGap, lastSeq) + 1] = (column[Math.min(lastGap, lastSeq) + 1] ?? 0) - 1;
  };
  const stepEnds = new Map<string, number>();
  const turnEnds = new Map<number, number>();
  for (const turn of log.index.turns) {
    turnEnds.set(turn.turn, turn.endSeq ?? lastSeq);
    for (const step of turn.steps)
      stepEnds.set(`${turn.turn}/${step.step}`, step.endSeq ?? turn.endSeq ?? lastSeq);
  }
  for (const call of log.index.toolCalls) {
    if (call.callSeq === null) continue;
    const end =
      call.resultSeq ??
      (call.turn !== null && call.step !== null ? stepEnds.get(`${call.turn}/${call.step}`) : undefined) ??
      lastSeq;
    mark(tool, call.callSeq + 1, end);
  }
  for (const ask of log.index.approvals) {
    const end = ask.decidedSeq ?? turnEnds.get(log.index.turnOf.get(ask.askedSeq)) ?? lastSeq;
    mark(approval, ask.askedSeq + 1, end);
  }
  // A compaction's first event is its compaction/start: the gap before it is not the model's.
  for (const request of requests)
    mark(model, request.kind === 'compaction' ? request.firstSeq + 1 : request.firstSeq, request.lastSeq);

  const category = new Uint8Array(Math.max(1, count));
  const times = log.store.eventTime.values;
  const blocks = Math.ceil(count / BLOCK_GAPS);
  const blockSums = new Float64Array(CATEGORY_COUNT * (blocks + 1));
  const running = new Float64Array(CATEGORY_COUNT);
  let toolDepth = 0;
  let approvalDepth = 0;
  let modelDepth = 0;
  // One tight pass over 1.3 M gaps: block by block (no modulo per gap), the sums kept in locals.
  let previousTime = times[0] ?? 0;
  for (let blockStart = 0; blockStart < count; blockStart += BLOCK_GAPS) {
    if (blockStart > 0) storeBlock(blockSums, blocks, blockStart / BLOCK_GAPS, running);
    const blockEnd = Math.min(count, blockStart + BLOCK_GAPS);
    let idleMs = 0;
    let modelMs = 0;
    let toolMs = 0;
    let approvalMs = 0;
    for (let gap = Math.max(1, blockStart); gap < blockEnd; gap++) {
      toolDepth += tool[gap] as number;
      approvalDepth += approval[gap] as number;
      modelDepth += model[gap] as number;
      const time = times[gap] as number;
      const delta = time - previousTime;
      previousTime = time;
      const ms = delta > 0 ? delta : 0;
      if (approvalDepth > 0) {
        category[gap] = TimeCategory.APPROVAL;
        approvalMs += ms;
      } else if (toolDepth > 0) {
        category[gap] = TimeCategory.TOOL;
        toolMs += ms;
      } else if (modelDepth > 0) {
        category[gap] = TimeCategory.MODEL;
        modelMs += ms;
      } else idleMs += ms; // category[gap] stays IDLE (0)
    }
    running[TimeCategory.IDLE] = (running[TimeCategory.IDLE] ?? 0) + idleMs;
    running[TimeCategory.MODEL] = (running[TimeCategory.MODEL] ?? 0) + modelMs;
    running[TimeCategory.TOOL] = (running[TimeCategory.TOOL] ?? 0) + toolMs;
    running[TimeCategory.APPROVAL] = (running[TimeCategory.APPROVAL] ?? 0) + approvalMs;
  }
  if (count > 0) storeBlock(blockSums, blocks, blocks, running);
  return { eventCount: count, category, times, blockSums, blocks };
}

function storeBlock(blockSums: Float64Array, blocks: number, block: number, running: Float64Array): void {
  for (let kind = 0; kind < CATEGORY_COUNT; kind++)
    blockSums[kind * (blocks + 1) + block] = running[kind] ?? 0;
}

function gapMs(times: Float64Array, gap: number): number {
  const delta = (times[gap] ?? 0) - (times[gap - 1] ?? 0);
  return delta > 0 ? delta : 0;
}

/** ms of each category over gaps [1, gapEnd): the block sum, then the rest of the block scanned. */
function sumGapsBelow(columns: TimeColumns, gapEnd: number, into: Float64Array, sign: number): void {
  const end = Math.max(0, Math.min(gapEnd, columns.eventCount));
  const block = Math.min(Math.floor(end / BLOCK_GAPS), columns.blocks);
  for (let kind = 0; kind < CATEGORY_COUNT; kind++)
    into[kind] = (into[kind] ?? 0) + sign * (columns.blockSums[kind * (columns.blocks + 1) + block] ?? 0);
  for (let gap = Math.max(1, block * BLOCK_GAPS); gap < end; gap++) {
    const kind = columns.category[gap] ?? 0;
    into[kind] = (into[kind] ?? 0) + sign * gapMs(columns.times, gap);
  }
}

/** Wall time of seqs [firstSeq, lastSeq] (event firstSeq's time to lastSeq's) by category. */
export function sumTimeRange(columns: TimeColumns, firstSeq: number, lastSeq: number): TimeSplit {
  const split = new Float64Array(CATEGORY_COUNT);
  if (lastSeq > firstSeq && columns.eventCount > 0) {
    sumGapsBelow(columns, lastSeq + 1, split, 1);
    sumGapsBelow(columns, firstSeq + 1, split, -1);
  }
  const modelMs = Math.max(0, split[TimeCategory.MODEL] ?? 0);
  const toolMs = Math.max(0, split[TimeCategory.TOOL] ?? 0);
  const approvalMs = Math.max(0, split[TimeCategory.APPROVAL] ?? 0);
  const idleMs = Math.max(0, split[TimeCategory.IDLE] ?? 0);
  return { wallMs: modelMs + toolMs + approvalMs + idleMs, modelMs, toolMs, approvalMs, idleMs };
}
