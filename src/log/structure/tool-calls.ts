// Tool calls (CLI.md `toolCalls`, FORMAT.md §7.5–§7.6): one record per call id, from the assistant
// message that asked for it, its tool/call and its first result, with the status CLI.md defines,
// including the crash-repair scan of a hanging last turn.

import { readToolResultFacts } from '../format/generations/tool-result-facts.ts';
import { isRecord } from '../event.ts';

export type ToolCallStatus = 'ok' | 'error' | 'not-started' | 'outcome-unknown' | 'no-result';

/** One tool-call id, requested by an assistant message and/or seen in tool/call (CLI.md `toolCalls`). */
export interface ToolCallRecord {
  callId: string;
  name: string;
  turn: number | null;
  step: number | null;
  /** assistant/message whose content holds the tool-call block, or null. */
  requestSeq: number | null;
  /** tool/call seq, or null when none was recorded. */
  callSeq: number | null;
  /** First append tool/result for this id, or null. */
  resultSeq: number | null;
  /** Pruning replacements of the result (surface replace tool/results with this call id). */
  replacementSeqs: number[];
  status: ToolCallStatus;
  /** tool/result data.error.code, when present. */
  errorCode: string | null;
  /** Raw JSON text of the arguments, as the model produced it. */
  argumentsText: string;
}

interface ResultFacts {
  isError: boolean;
  errorCode: string | null;
}

/**
 * Builds `toolCalls` and `toolCallById` (owned by the LogIndex). A call's status is set when its
 * first result arrives (so a log still loading shows answered calls as they are); an unanswered
 * call says `no-result` until `finish()` runs the crash-repair classification.
 */
export class ToolCallTracker {
  private readonly resultFacts = new Map<string, ResultFacts>();
  // FORMAT.md §7.6 crash-repair scan, kept exactly as upstream's algorithm (independent of nesting).
  private repairOpenTurn: number | null = null;
  private readonly repairPending = new Map<string, { callSeq: number | null }>();

  constructor(
    private readonly toolCalls: ToolCallRecord[],
    private readonly toolCallById: Map<string, ToolCallRecord>,
  ) {}

  /** turn/start: the crash-repair scan restarts in this turn. */
  startTurn(turn: number): void {
    this.repairOpenTurn = turn;
    this.repairPending.clear();
  }

  /** turn/end: the turn is closed, so nothing in it is repaired. */
  endTurn(): void {
    this.repairOpenTurn = null;
    this.repairPending.clear();
  }

  /** step/end: calls of a closed step are not repaired. */
  endStep(): void {
    this.repairPending.clear();
  }

  /** The tool-call blocks of assistant/message `seq`, asked for in turn/step `turn`/`step` (null: unknown). */
  acceptRequests(seq: number, content: readonly unknown[], turn: number | null, step: number | null): void {
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'tool-call' || typeof block.id !== 'string') continue;
      const record = this.record(block.id, typeof block.name === 'string' ? block.name : '', turn, step);
      if (record.requestSeq === null) {
        record.requestSeq = seq;
        if (typeof block.arguments === 'string' && record.callSeq === null)
          record.argumentsText = block.arguments;
      }
      if (this.repairOpenTurn !== null) this.repairPending.set(block.id, { callSeq: null });
    }
  }

  /** tool/call `seq` with a string `data.callId`. */
  acceptCall(seq: number, data: Record<string, unknown> & { callId: string }): void {
    const record = this.record(
      data.callId,
      typeof data.name === 'string' ? data.name : '',
      typeof data.turn === 'number' ? data.turn : null,
      typeof data.step === 'number' ? data.step : null,
    );
    if (record.callSeq === null) {
      record.callSeq = seq;
      if (typeof data.arguments === 'string') record.argumentsText = data.arguments;
      if (record.name === '' && typeof data.name === 'string') record.name = data.name;
    }
    const pending = this.repairPending.get(data.callId);
    if (pending !== undefined) pending.callSeq = seq;
  }

  /**
   * tool/result `seq` for `callId` (`message.source.callId`). A replacement (pruning) is listed with
   * the call; otherwise the first result counts, with its error facts. Unrequested ids make no record.
   */
  acceptResult(
    seq: number,
    callId: string,
    isReplacement: boolean,
    message: Record<string, unknown>,
    data: Record<string, unknown>,
  ): void {
    this.repairPending.delete(callId);
    const call = this.toolCallById.get(callId);
    if (call === undefined) return;
    if (isReplacement) {
      call.replacementSeqs.push(seq);
      return;
    }
    if (call.resultSeq !== null) return;
    call.resultSeq = seq;
    const error = data.error;
    const errorCode = isRecord(error) && typeof error.code === 'string' ? error.code : null;
    const isError = readToolResultFacts(message).isError || error !== undefined;
    this.resultFacts.set(callId, { isError, errorCode });
    applyResultStatus(call, { isError, errorCode });
  }

  /** Sets every record's final status (CLI.md "Tool-call status", first match wins). */
  finish(): void {
    const isRepairPending = this.repairOpenTurn !== null;
    for (const record of this.toolCalls) {
      if (record.resultSeq !== null) {
        applyResultStatus(record, this.resultFacts.get(record.callId) ?? { isError: false, errorCode: null });
      } else if (isRepairPending && this.repairPending.has(record.callId)) {
        record.status = record.callSeq !== null ? 'outcome-unknown' : 'not-started';
      } else record.status = 'no-result';
    }
  }

  private record(callId: string, name: string, turn: number | null, step: number | null): ToolCallRecord {
    let record = this.toolCallById.get(callId);
    if (record === undefined) {
      record = {
        callId,
        name,
        turn,
        step,
        requestSeq: null,
        callSeq: null,
        resultSeq: null,
        replacementSeqs: [],
        status: 'no-result',
        errorCode: null,
        argumentsText: '',
      };
      this.toolCalls.push(record);
      this.toolCallById.set(callId, record);
    }
    return record;
  }
}

/** The status a first result gives its call (CLI.md "Tool-call status"; FORMAT.md §7.6 error codes). */
function applyResultStatus(record: ToolCallRecord, facts: ResultFacts): void {
  record.errorCode = facts.errorCode;
  if (facts.errorCode === 'TOOL_NOT_STARTED') record.status = 'not-started';
  else if (facts.errorCode === 'TOOL_OUTCOME_UNKNOWN') record.status = 'outcome-unknown';
  else record.status = facts.isError ? 'error' : 'ok';
}
