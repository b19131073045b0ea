// What ended turns badly without a failed tool call to show for it: turns that ended with an error
// (FORMAT.md §5.1 TurnEndReason `error`), and tool calls the model was still writing when its output
// hit max-tokens, which dsh drops (§5.1 BlockAssembler, §7.5) so they never become a tool/call.

import { ChunkKind, isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { MAX_TOKENS_RETRY_ADVICE, readDroppedCalls } from '../projections/attempt-ending.ts';
import type { AttemptSpan, StepSpan } from '../structure/turns.ts';

/** A turn whose turn/end reason is `error`, with the failure it carries (`reason.error`). */
export interface TurnError {
  turn: number;
  /** The turn/end seq (where the failure is recorded). */
  seq: number;
  startSeq: number;
  /** `reason.error.code` (non-LLM errors are flattened to UNKNOWN by dsh), null when absent. Plain text. */
  code: string | null;
  /** `reason.error.message`, null when absent. Plain text. */
  message: string | null;
}

/**
 * A tool call that exists only in the chunks of a max-tokens attempt: the model was cut off while
 * writing it, dsh dropped it, and no tool/call (nor an index toolCalls entry, CLI.md) exists for it.
 */
export interface TruncatedCall {
  /** The id the chunks streamed, or null when none was streamed before the cut. Plain text. */
  callId: string | null;
  /** The tool name the chunks streamed, or null. Plain text. */
  name: string | null;
  /** Where the call was cut: its last chunk, or the event whose embedded stream holds it (generation 2 on). */
  seq: number;
  /** The call's first chunk (or, embedded, the same event). */
  firstSeq: number;
  /** The attempt's finish chunk with reason max-tokens (or, embedded, the same event). */
  finishSeq: number;
  /** The attempt's assistant/message (tool calls removed), or null when it has none. */
  messageSeq: number | null;
  turn: number;
  step: number;
  /** UTF-16 length of the arguments text received before the cut. */
  argumentsChars: number;
  /** A block-end delivered the whole call before the cut (dsh drops it all the same). */
  isBlockComplete: boolean;
  /** What the cut means for a retry. Plain text. */
  retryAdvice: string;
}

/** Every turn that ended with reason `error`, in seq order (legacy shapes read upgraded, §3.6). */
export function deriveTurnErrors(log: OpenedLog): TurnError[] {
  const errors: TurnError[] = [];
  for (const turn of log.index.turns) {
    if (turn.reason !== 'error' || turn.endSeq === null) continue;
    const detail = turn.reasonDetail;
    const failure = isRecord(detail) && isRecord(detail.error) ? detail.error : {};
    errors.push({
      turn: turn.turn,
      seq: turn.endSeq,
      startSeq: turn.startSeq,
      code: typeof failure.code === 'string' ? failure.code : null,
      message: typeof failure.message === 'string' ? failure.message : null,
    });
  }
  return errors;
}

/**
 * Tool calls cut off by max-tokens: every tool-call block streamed by an attempt that finished
 * max-tokens whose call id never got a tool/call (dsh drops them all, finished or not, since the
 * message is cut; §5.1). Reads only the chunks of max-tokens attempts.
 */
export function deriveTruncatedCalls(log: OpenedLog): TruncatedCall[] {
  const truncated: TruncatedCall[] = [];
  const visit = (step: StepSpan, attempt: AttemptSpan): void => {
    const isEmbedded = log.index.chunkKind.get(attempt.firstChunkSeq) === ChunkKind.NONE;
    for (const draft of readDroppedCalls(log, attempt)) {
      truncated.push({
        callId: draft.callId,
        name: draft.name,
        seq: draft.lastSeq,
        firstSeq: draft.firstSeq,
        finishSeq: isEmbedded ? attempt.firstChunkSeq : attempt.lastChunkSeq,
        messageSeq: attempt.messageSeq,
        turn: step.turn,
        step: step.step,
        argumentsChars: draft.argumentsText.length,
        isBlockComplete: draft.isBlockComplete,
        retryAdvice: MAX_TOKENS_RETRY_ADVICE,
      });
    }
  };
  for (const turn of log.index.turns)
    for (const step of turn.steps)
      for (const attempt of step.attempts) if (attempt.finishKind === 'max-tokens') visit(step, attempt);
  return truncated;
}
