// Time per tool call (run time, approval wait), and per turn: the model / tool / approval / idle
// split and the critical path through parallel calls (what the turn waited on, step by step).

import { findFirstAtOrAbove } from '../base/binary-search.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { ApprovalRecord } from '../structure/pairings.ts';
import type { ToolCallRecord } from '../structure/tool-calls.ts';
import type { CostIndex } from './cost-index.ts';
import type { CostTotals } from './cost-ledger.ts';
import { sumLedgerSeqs } from './cost-ledger.ts';
import { deriveRequestTiming } from './model-requests.ts';
import type { TimeSplit } from './time-columns.ts';
import { sumTimeRange } from './time-columns.ts';

/** Times of one tool call, in ms; null where the log has no result (no end to measure to). */
export interface CallTiming {
  callId: string;
  name: string;
  callSeq: number;
  resultSeq: number | null;
  /** tool/call → tool/result. */
  totalMs: number | null;
  /** Asked → decided, summed over the call's approvals (an undecided ask counts to the result). */
  approvalWaitMs: number;
  /** totalMs − approvalWaitMs: the tool's own run time. */
  runMs: number | null;
}

/** A log's calls by turn and step, and its approvals by call: built once per log (no scan per turn). */
interface CallGroups {
  callsByStep: Map<string, ToolCallRecord[]>;
  approvalsByCall: Map<string, ApprovalRecord[]>;
}

const groupsByLog = new WeakMap<OpenedLog, { callCount: number; groups: CallGroups }>();

function callGroupsOf(log: OpenedLog): CallGroups {
  const cached = groupsByLog.get(log);
  if (cached !== undefined && cached.callCount === log.index.toolCalls.length) return cached.groups;
  const callsByStep = new Map<string, ToolCallRecord[]>();
  for (const call of log.index.toolCalls) {
    if (call.callSeq === null) continue;
    const key = `${call.turn ?? ''}/${call.step ?? ''}`;
    const calls = callsByStep.get(key) ?? [];
    calls.push(call);
    callsByStep.set(key, calls);
  }
  const approvalsByCall = new Map<string, ApprovalRecord[]>();
  for (const ask of log.index.approvals) {
    if (ask.callId === null) continue;
    const asks = approvalsByCall.get(ask.callId) ?? [];
    asks.push(ask);
    approvalsByCall.set(ask.callId, asks);
  }
  const groups = { callsByStep, approvalsByCall };
  groupsByLog.set(log, { callCount: log.index.toolCalls.length, groups });
  return groups;
}

/** The timing of the call `callId`, or null when it has no tool/call. */
export function deriveCallTiming(index: CostIndex, callId: string): CallTiming | null {
  const { log } = index;
  const call = log.index.toolCallById.get(callId);
  if (call === undefined || call.callSeq === null) return null;
  const time = (seq: number): number => log.store.eventTime.get(seq);
  const callTime = time(call.callSeq);
  const endTime = call.resultSeq === null ? null : time(call.resultSeq);
  let approvalWaitMs = 0;
  for (const ask of callGroupsOf(log).approvalsByCall.get(callId) ?? []) {
    const decided = ask.decidedSeq ?? call.resultSeq;
    if (decided !== null) approvalWaitMs += Math.max(0, time(decided) - time(ask.askedSeq));
  }
  const totalMs = endTime === null ? null : Math.max(0, endTime - callTime);
  return {
    callId,
    name: call.name,
    callSeq: call.callSeq,
    resultSeq: call.resultSeq,
    totalMs,
    approvalWaitMs,
    runMs: totalMs === null ? null : Math.max(0, totalMs - approvalWaitMs),
  };
}

/** One piece of a turn's critical path: a model request or the call its step waited on longest. */
interface PathSegment {
  kind: 'model' | 'tool';
  step: number;
  /** The request's first seq, or the call's tool/call seq. */
  seq: number;
  /** Model name, or tool name. */
  label: string;
  durationMs: number;
  /** Tool segments: how many calls ran beside it in the step, and their summed time. */
  parallelCalls: number;
  parallelMs: number;
}

export interface TurnBreakdown {
  turn: number;
  firstSeq: number;
  lastSeq: number;
  time: TimeSplit;
  money: CostTotals;
  /** Model requests then, per step, the call that finished last: what the turn's length is made of. */
  criticalPath: PathSegment[];
  /** Summed run time of every call of the turn (more than the wall's tool time when calls overlapped). */
  callTimeSumMs: number;
}

/** The breakdown of turn `turnNumber`, or null when the log has no such turn. */
export function deriveTurnBreakdown(index: CostIndex, turnNumber: number): TurnBreakdown | null {
  const { log } = index;
  const turn = log.index.turns.find((candidate) => candidate.turn === turnNumber);
  if (turn === undefined) return null;
  const lastSeq = turn.endSeq ?? log.store.eventCount - 1;
  const criticalPath: PathSegment[] = [];
  let callTimeSumMs = 0;
  const { requests, requestSeqs } = index.ledger;
  // The turn's requests are a run of the ledger (ascending seq): found by binary search, not a scan.
  const fromPosition = findFirstAtOrAbove(requestSeqs, turn.startSeq);
  const toPosition = findFirstAtOrAbove(requestSeqs, lastSeq + 1);
  const groups = callGroupsOf(log);
  for (const step of turn.steps) {
    for (let position = fromPosition; position < toPosition; position++) {
      const request = requests[position];
      if (request === undefined) continue;
      if (request.kind !== 'model' || request.turn !== turn.turn || request.step !== step.step) continue;
      if (request.firstSeq < turn.startSeq || request.lastSeq > lastSeq) continue;
      criticalPath.push({
        kind: 'model',
        step: step.step,
        seq: request.firstSeq,
        label: request.model ?? 'model',
        durationMs: deriveRequestTiming(request).latencyMs,
        parallelCalls: 0,
        parallelMs: 0,
      });
    }
    const calls = (groups.callsByStep.get(`${turn.turn}/${step.step}`) ?? [])
      .map((call) => deriveCallTiming(index, call.callId))
      .filter((timing): timing is CallTiming => timing !== null);
    let longest: CallTiming | null = null;
    let longestEnd = -Infinity;
    for (const timing of calls) {
      callTimeSumMs += timing.totalMs ?? 0;
      const end = timing.resultSeq === null ? Infinity : log.store.eventTime.get(timing.resultSeq);
      if (end > longestEnd) {
        longestEnd = end;
        longest = timing;
      }
    }
    if (longest !== null) {
      const others = calls.filter((timing) => timing !== longest);
      criticalPath.push({
        kind: 'tool',
        step: step.step,
        seq: longest.callSeq,
        label: longest.name,
        durationMs: longest.totalMs ?? 0,
        parallelCalls: others.length,
        parallelMs: others.reduce((sum, timing) => sum + (timing.totalMs ?? 0), 0),
      });
    }
  }
  return {
    turn: turn.turn,
    firstSeq: turn.startSeq,
    lastSeq,
    time: sumTimeRange(index.time, turn.startSeq, lastSeq),
    money: sumLedgerSeqs(index.ledger, turn.startSeq, lastSeq),
    criticalPath,
    callTimeSumMs,
  };
}
