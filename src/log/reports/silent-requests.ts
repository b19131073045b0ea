// Model attempts and steps that produced no assistant/message ("the model went silent", seed 002),
// each with the reason the log gives: a failed finish, a stream cut off, or no stream at all.

import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { StepSpan } from '../structure/turns.ts';

/** One model request without an answer; `seq` is the attempt's first chunk, or the step/start. */
export interface SilentRequest {
  turn: number;
  step: number;
  seq: number;
  /** Plain text. */
  reason: string;
}

/** "code: message" of the failure in an attempt's finish chunk, or null. */
function readFinishFailure(log: OpenedLog, seq: number): string | null {
  const data = log.store.readEvent(seq).data;
  if (!isRecord(data) || !isRecord(data.chunk) || data.chunk.type !== 'finish') return null;
  const reason = data.chunk.reason;
  if (!isRecord(reason) || !isRecord(reason.failure)) return null;
  const code = typeof reason.failure.code === 'string' ? reason.failure.code : null;
  const message = typeof reason.failure.message === 'string' ? reason.failure.message : null;
  return [code, message].filter((part) => part !== null).join(': ') || null;
}

function stepHasAssistantMessage(log: OpenedLog, step: StepSpan): boolean {
  const end = step.endSeq ?? log.store.eventCount - 1;
  for (let seq = step.startSeq; seq <= end; seq++)
    if (log.store.typeOf(seq) === 'assistant/message') return true;
  return false;
}

/** Model attempts and steps that produced no assistant/message ("the model went silent", seed 002). */
export function deriveSilentRequests(log: OpenedLog): SilentRequest[] {
  const silent: SilentRequest[] = [];
  for (const turn of log.index.turns) {
    for (const step of turn.steps) {
      if (step.attempts.length === 0) {
        if (!stepHasAssistantMessage(log, step)) {
          const why =
            turn.reason === null
              ? 'no model output yet (live, or crashed before the stream started)'
              : `no model output; the turn ended ${turn.reason}`;
          silent.push({ turn: turn.turn, step: step.step, seq: step.startSeq, reason: why });
        }
        continue;
      }
      for (const attempt of step.attempts) {
        if (attempt.messageSeq !== null) continue;
        let reason: string;
        if (attempt.finishKind === 'error' || attempt.finishKind === 'aborted') {
          const failure = readFinishFailure(log, attempt.lastChunkSeq);
          reason = `finish ${attempt.finishKind}${failure !== null ? ` ${failure}` : ''}`;
        } else if (attempt.finishKind === null)
          reason =
            turn.reason === null
              ? 'the stream stopped without a finish (live, or crashed mid-stream)'
              : `the stream stopped without a finish; the turn ended ${turn.reason}`;
        else reason = `finish ${attempt.finishKind} but no assistant/message`;
        silent.push({ turn: turn.turn, step: step.step, seq: attempt.firstChunkSeq, reason });
      }
    }
  }
  return silent;
}
