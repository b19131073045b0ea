// How a model attempt ended (issue 20: "finish reasons everywhere"), from the log's own finish chunk,
// the message's `interrupted` flag and its turn's end, and the tool calls it streamed that never
// became a tool/call: dsh drops every tool call of a reply cut off by max-tokens (FORMAT.md §5.1
// BlockAssembler, §7.5). The model view's assistant cards and triage's truncated calls both read
// the drafts from here, so a card and a triage sentence can never disagree about a dropped call.

import { ChunkKind, isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { findSpanStartingAtOrBefore } from '../base/span-lookup.ts';
import { expandStream } from '../format/generations/stream-records.ts';
import { readChunkData } from '../storage/chunk-reader.ts';
import type { AttemptSpan, StepSpan, TurnSpan } from '../structure/turns.ts';

/** What dsh's cut means for a retry: the same words on the struck-out card and in triage. */
export const MAX_TOKENS_RETRY_ADVICE =
  'Nothing ran: the model reached its output limit (max-tokens) in the reply that asked for this call, and dsh drops every tool call of a cut-off reply (it may be incomplete, so it cannot be run safely); the turn ended max-tokens. Retrying the same request will likely be cut off again: raise the output limit, or ask for smaller steps (for example, a large file in parts).';

/** One tool-call block as an attempt's chunks built it up. */
interface CallDraft {
  id: string | null;
  name: string | null;
  firstSeq: number;
  lastSeq: number;
  /** The arguments text received (the whole block's, or the deltas up to the cut). */
  argumentsText: string;
  /** A block-end delivered the finished block: the call was written out whole. */
  isComplete: boolean;
}

/** A tool call the attempt streamed that never reached the tool (no tool/call for its id). */
export interface DroppedCall {
  callId: string | null;
  name: string | null;
  argumentsText: string;
  isBlockComplete: boolean;
  /** Where its chunks are (the message's own seq for an embedded stream). */
  firstSeq: number;
  lastSeq: number;
}

/** The ending of the attempt an assistant/message answered. Plain data (crosses to the UI). */
export interface AttemptEnding {
  /**
   * How the attempt ended, in the log's words (`finish.reason.kind`: stop, tool-calls, max-tokens,
   * content-filter, error, other …), or `interrupted` / `aborted` / `none` without a finish chunk.
   */
  kind: string;
  /** True when `kind` comes from a finish chunk; false when it is read from the flag or the turn. */
  isFromFinish: boolean;
  /** The finish chunk's seq (the message's seq for an embedded stream), or null. */
  finishSeq: number | null;
  /** Earlier attempts of the same step that no message answered (retried or failed). */
  earlierAttempts: number;
  /** Calls dropped at a max-tokens cut, in block order (empty for every other ending). */
  droppedCalls: DroppedCall[];
}

/** Applies one chunk to the tool-call drafts by block index (the BlockAssembler's rules, FORMAT.md §5.1). */
function applyChunk(drafts: Map<number, CallDraft>, chunk: unknown, seq: number): void {
  if (!isRecord(chunk) || typeof chunk.index !== 'number') return;
  const isCallStart = chunk.type === 'block-start' && chunk.blockType === 'tool-call';
  const isCallDelta = chunk.type === 'tool-call-delta';
  const block = chunk.type === 'block-end' && isRecord(chunk.block) ? chunk.block : null;
  let draft = drafts.get(chunk.index);
  if (draft === undefined) {
    if (!isCallStart && !isCallDelta && block?.type !== 'tool-call') return;
    draft = { id: null, name: null, firstSeq: seq, lastSeq: seq, argumentsText: '', isComplete: false };
    drafts.set(chunk.index, draft);
  }
  if (draft.isComplete) return;
  draft.lastSeq = seq;
  if (isCallDelta) {
    if (typeof chunk.id === 'string' && chunk.id !== '') draft.id = chunk.id;
    if (typeof chunk.name === 'string' && chunk.name !== '') draft.name = chunk.name;
    if (typeof chunk.argumentsDelta === 'string') draft.argumentsText += chunk.argumentsDelta;
  } else if (block !== null) {
    draft.isComplete = true;
    if (typeof block.id === 'string' && block.id !== '') draft.id = block.id;
    if (typeof block.name === 'string' && block.name !== '') draft.name = block.name;
    if (typeof block.arguments === 'string') draft.argumentsText = block.arguments;
  }
}

/** The tool-call drafts of one attempt, from its top-level chunks or its embedded stream. */
function readAttemptCalls(log: OpenedLog, attempt: AttemptSpan): Map<number, CallDraft> {
  const drafts = new Map<number, CallDraft>();
  const chunkKind = log.index.chunkKind;
  if (chunkKind.get(attempt.firstChunkSeq) === ChunkKind.NONE) {
    const data = log.store.readEvent(attempt.firstChunkSeq).data;
    const { chunks } = expandStream(isRecord(data) ? data.stream : undefined);
    for (const { chunk } of chunks) applyChunk(drafts, chunk, attempt.firstChunkSeq);
    return drafts;
  }
  for (let seq = attempt.firstChunkSeq; seq <= attempt.lastChunkSeq; seq++) {
    if (chunkKind.get(seq) === ChunkKind.NONE) continue;
    applyChunk(drafts, readChunkData(log.store, seq)?.chunk, seq);
  }
  return drafts;
}

/** The calls of an attempt that never got a tool/call: what a max-tokens cut dropped. */
export function readDroppedCalls(log: OpenedLog, attempt: AttemptSpan): DroppedCall[] {
  const dropped: DroppedCall[] = [];
  for (const draft of readAttemptCalls(log, attempt).values()) {
    const record = draft.id === null ? undefined : log.index.toolCallById.get(draft.id);
    if (record !== undefined && record.callSeq !== null) continue;
    dropped.push({
      callId: draft.id,
      name: draft.name,
      argumentsText: draft.argumentsText,
      isBlockComplete: draft.isComplete,
      firstSeq: draft.firstSeq,
      lastSeq: draft.lastSeq,
    });
  }
  return dropped;
}

/** The attempt an assistant/message at `seq` answered, with its step and turn, or null. */
function findAnsweredAttempt(
  log: OpenedLog,
  seq: number,
): { turn: TurnSpan; step: StepSpan; attempt: AttemptSpan; index: number } | null {
  const turn = findSpanStartingAtOrBefore(log.index.turns, seq);
  if (turn === null) return null;
  for (const step of turn.steps)
    for (const [index, attempt] of step.attempts.entries())
      if (attempt.messageSeq === seq) return { turn, step, attempt, index };
  return null;
}

/**
 * How the attempt behind the assistant/message at `seq` ended. `isInterrupted`: the message's own
 * `interrupted` flag (generation 2 on), which says more than a missing finish.
 */
export function readAttemptEnding(log: OpenedLog, seq: number, isInterrupted: boolean): AttemptEnding {
  const found = findAnsweredAttempt(log, seq);
  if (found === null)
    return {
      kind: isInterrupted ? 'interrupted' : 'none',
      isFromFinish: false,
      finishSeq: null,
      earlierAttempts: 0,
      droppedCalls: [],
    };
  const { turn, attempt, index } = found;
  const isEmbedded = log.index.chunkKind.get(attempt.firstChunkSeq) === ChunkKind.NONE;
  const hasFinish = attempt.finishKind !== null;
  let kind: string = attempt.finishKind ?? 'none';
  if (!hasFinish) {
    if (isInterrupted) kind = 'interrupted';
    else if (turn.reason === 'aborted' || turn.reason === 'interrupted') kind = turn.reason;
  }
  return {
    kind,
    isFromFinish: hasFinish,
    finishSeq: hasFinish ? (isEmbedded ? attempt.firstChunkSeq : attempt.lastChunkSeq) : null,
    earlierAttempts: index,
    droppedCalls: attempt.finishKind === 'max-tokens' ? readDroppedCalls(log, attempt) : [],
  };
}
