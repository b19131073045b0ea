// The model view: deriveMessages() at any seq (FORMAT.md §6.2–6.3, CLI.md `project`) as node
// references, and the body of one surface node for display.

import { deriveStreamingState } from './block-assembler.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import type { Message, MessageRole, SurfaceEventType, TokenUsage } from '../event.ts';
import type { StreamingState } from './block-assembler.ts';
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { findOp, foldSurfaceAt } from '../structure/surface.ts';
import { readToolCallFacts } from './tool-call-facts.ts';
import { readAttemptEnding, type AttemptEnding } from './attempt-ending.ts';
import type { ToolCallFacts } from './tool-call-facts.ts';

/** One message of the model view: a surface node that projects to a message (FORMAT.md §6.3). */
export interface ModelViewMessage {
  /** The surface node's event seq (CLI.md `sourceSeq`). */
  seq: number;
  type: SurfaceEventType;
  role: MessageRole;
  /** The node entered the surface through a replace op (compaction checkpoint or pruned result). */
  isReplacement: boolean;
}

/**
 * deriveMessages() after every event with seq <= atSeq (FORMAT.md §6.2–6.3), as node references;
 * message bodies are read separately (readModelMessage) so a scrub never parses what is off screen.
 */
export interface ModelView {
  atSeq: number | null;
  /** Surface nodes, including empty assistant messages that project nothing. */
  nodeCount: number;
  messages: ModelViewMessage[];
  /** When atSeq is inside a model attempt: the assistant output assembled from its chunks so far. */
  streaming: StreamingState | null;
}

/** A message body for display, with the harness metadata the model view shows beside it. */
export interface ModelMessageDetail {
  seq: number;
  type: SurfaceEventType;
  message: Message;
  isInterrupted: boolean;
  usage: TokenUsage | null;
  /** tool/result only: the tool name looked up from the call, and the error code if any. */
  toolName: string | null;
  errorCode: string | null;
  /** For a replacement: the seqs it shadowed (compaction checkpoint, pruned result). */
  replacedSeqs: number[];
  /**
   * The calls the cards link: for an assistant/message, one per tool-call block with a known id, in
   * block order; for a tool/result, its call (the link back). Empty otherwise. Cursor-independent,
   * so the body can be cached per seq (tool-call-status.ts says what a card shows at a cursor).
   */
  toolCalls: ToolCallFacts[];
  /** assistant/message only: how its model attempt ended, and the calls a max-tokens cut dropped. */
  ending: AttemptEnding | null;
}

/**
 * The display surface (CLI.md "Surface for display") after every event with seq <= atSeq, as node
 * seqs in surface order. `atSeq` past the last event means the last event; negative means none.
 */
function deriveSurfaceNodes(log: OpenedLog, atSeq: number): number[] {
  if (atSeq < 0) return [];
  return foldSurfaceAt(log.index.surfaceOps, log.index.surfaceCheckpoints, atSeq);
}

/**
 * deriveMessages() after every event with seq <= atSeq: one entry per surface node that projects
 * to a message, in surface order (empty assistant messages are nodes but not messages; interrupted
 * ones are messages). `atSeq` is clamped to the last event; `atSeq` is null in the result only
 * when the log has no events. `streaming` is set when atSeq lies inside a model attempt.
 */
export function deriveModelView(log: OpenedLog, atSeq: number): ModelView {
  const eventCount = log.store.eventCount;
  if (eventCount === 0) return { atSeq: null, nodeCount: 0, messages: [], streaming: null };
  const at = Math.min(Math.floor(atSeq), eventCount - 1);
  const ops = log.index.surfaceOps;
  const opSeqs = log.index.surfaceOpSeqs;
  const nodes = deriveSurfaceNodes(log, at);
  const messages: ModelViewMessage[] = [];
  for (const seq of nodes) {
    const op = findOp(ops, opSeqs, seq);
    if (op === null || op.isEmpty) continue;
    messages.push({
      seq,
      type: op.type,
      role: op.role,
      isReplacement: op.op === 'replace',
    });
  }
  return {
    atSeq: at,
    nodeCount: nodes.length,
    messages,
    streaming: at >= 0 ? deriveStreamingState(log, at) : null,
  };
}

/**
 * The message of surface event `seq` with display metadata, or null when `seq` is not a surface
 * event (or carries no message object). The message is the event's own data, freshly parsed.
 */
export function readModelMessage(log: OpenedLog, seq: number): ModelMessageDetail | null {
  if (seq < 0 || seq >= log.store.eventCount) return null;
  const op = findOp(log.index.surfaceOps, log.index.surfaceOpSeqs, seq);
  if (op === null) return null;
  const event = readUpgradedEventAt(log.store, seq);
  const data = isRecord(event.data) ? event.data : null;
  if (data === null) return null;
  const message = op.type === 'user/message' ? data : data.message;
  if (!isMessage(message)) return null;
  let toolName: string | null = null;
  let errorCode: string | null = null;
  const toolCalls: ToolCallFacts[] = [];
  if (op.type === 'assistant/message') {
    for (const block of message.content) {
      const id = (block as { id?: unknown }).id;
      if (block.type !== 'tool-call' || typeof id !== 'string') continue;
      const facts = readToolCallFacts(log, id);
      if (facts !== null) toolCalls.push(facts);
    }
  } else if (op.type === 'tool/result') {
    const call = op.callId !== null ? log.index.toolCallById.get(op.callId) : undefined;
    toolName = call !== undefined && call.name !== '' ? call.name : null;
    const error = data.error;
    errorCode = isRecord(error) && typeof error.code === 'string' ? error.code : null;
    const facts = op.callId !== null ? readToolCallFacts(log, op.callId) : null;
    if (facts !== null) toolCalls.push(facts);
  }
  const isInterrupted = op.type === 'assistant/message' && data.interrupted === true;
  return {
    seq,
    type: op.type,
    message,
    isInterrupted,
    usage:
      op.type === 'assistant/message' && isRecord(data.usage) ? (data.usage as unknown as TokenUsage) : null,
    toolName,
    errorCode,
    replacedSeqs: [...op.shadowedSeqs],
    toolCalls,
    ending: op.type === 'assistant/message' ? readAttemptEnding(log, seq, isInterrupted) : null,
  };
}

function isMessage(value: unknown): value is Message {
  return isRecord(value) && Array.isArray(value.content);
}
