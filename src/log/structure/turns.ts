// Turns, steps and model attempts (FORMAT.md §7.1–§7.4, §7.7): the spans the index builds from
// turn/step boundaries and assistant chunks, with every nesting violation reported, never fatal.

import type { TokenUsage } from '../event.ts';
import { ChunkKind, isRecord } from '../event.ts';
import type { ChunkRun } from './event-sink.ts';

/** One model attempt inside a step (FORMAT.md §7.4): chunks up to and including a `finish`. */
export interface AttemptSpan {
  firstChunkSeq: number;
  lastChunkSeq: number;
  /** `finish.reason.kind`, or null when the stream stopped without a finish (cancelled, crashed, still live). */
  finishKind: string | null;
  /** The assistant/message citing this attempt's chunks, or null (failed or cut-off attempt). */
  messageSeq: number | null;
  /**
   * Chunk streams only, set while indexing so money and time never re-read a chunk: the first chunk
   * with a non-empty delta (FORMAT.md §7.7's first token) and the last usage chunk with its usage.
   * Absent when the attempt has none (and on embedded streams, which are read from their event).
   */
  firstTokenSeq?: number;
  usageSeq?: number;
  usage?: TokenUsage;
}

export interface StepSpan {
  turn: number;
  step: number;
  startSeq: number;
  /** Seq of step/end, or null while open (hanging). */
  endSeq: number | null;
  attempts: AttemptSpan[];
  /** provider/model of the last request/header in force for this step, when known. */
  provider: string | null;
  model: string | null;
  /** The last usage report of the step (FORMAT.md §7.7), or null. */
  usage: TokenUsage | null;
  usageSeq: number | null;
}

export interface TurnSpan {
  turn: number;
  startSeq: number;
  /** Seq of turn/end, or null: a hanging turn (live, crashed or truncated copy). */
  endSeq: number | null;
  /**
   * `reason.kind` of turn/end after legacy upgrade, or null while hanging: completed, aborted,
   * blocked, error, max-tokens, interrupted (FORMAT.md §5.1), or any other string (the union is open).
   */
  reason: string | null;
  /** The full reason object (e.g. `{kind:'error', error:{message, code}}`), or null. */
  reasonDetail: unknown;
  steps: StepSpan[];
}

const CHUNK_KIND_BY_TYPE: Record<string, ChunkKind> = {
  'block-start': ChunkKind.BLOCK_START,
  'text-delta': ChunkKind.TEXT_DELTA,
  'reasoning-delta': ChunkKind.REASONING_DELTA,
  'tool-call-delta': ChunkKind.TOOL_CALL_DELTA,
  'block-end': ChunkKind.BLOCK_END,
  usage: ChunkKind.USAGE,
  finish: ChunkKind.FINISH,
};

/**
 * Builds `turns` (owned by the LogIndex) event by event. A turn/start while a turn is open, a
 * step/start while a step is open, and the like leave the earlier span open (endSeq null) and
 * start the new one; `reportNesting` receives one sentence per violation.
 */
export class TurnTracker {
  private openTurn: TurnSpan | null = null;
  private openStep: StepSpan | null = null;
  private openAttempt: AttemptSpan | null = null;
  private lastTurnNumber: number | null = null;
  private provider: string | null = null;
  private model: string | null = null;

  constructor(
    private readonly turns: TurnSpan[],
    private readonly reportNesting: (seq: number, message: string) => void,
  ) {}

  /** The open turn's number, or null between turns. */
  get openTurnNumber(): number | null {
    return this.openTurn ? this.openTurn.turn : null;
  }

  /** The open step's number, or null outside a step. */
  get openStepNumber(): number | null {
    return this.openStep ? this.openStep.step : null;
  }

  /** turn/start: opens a turn; returns its number (`data.turn`, else one more than the last). */
  startTurn(seq: number, data: Record<string, unknown>): number {
    const number = typeof data.turn === 'number' ? data.turn : (this.lastTurnNumber ?? 0) + 1;
    if (this.openTurn !== null) {
      this.reportNesting(seq, `turn/start ${number} while turn ${this.openTurn.turn} is still open.`);
    } else if (this.lastTurnNumber !== null && number !== this.lastTurnNumber + 1) {
      this.reportNesting(
        seq,
        `turn/start ${number} after turn ${this.lastTurnNumber}; turn numbers skip or repeat.`,
      );
    }
    const turn: TurnSpan = {
      turn: number,
      startSeq: seq,
      endSeq: null,
      reason: null,
      reasonDetail: null,
      steps: [],
    };
    this.turns.push(turn);
    this.openTurn = turn;
    this.openStep = null;
    this.openAttempt = null;
    this.lastTurnNumber = number;
    return number;
  }

  /** turn/end: closes the open turn with its reason (an open step stays open, reported). */
  endTurn(seq: number, data: Record<string, unknown>): void {
    const turn = this.openTurn;
    if (turn === null) {
      this.reportNesting(seq, `turn/end ${show(data.turn)} without an open turn.`);
      return;
    }
    if (data.turn !== turn.turn)
      this.reportNesting(seq, `turn/end names turn ${show(data.turn)}; open is ${turn.turn}.`);
    if (this.openStep !== null)
      this.reportNesting(seq, `turn/end while step ${this.openStep.step} is open (no step/end).`);
    turn.endSeq = seq;
    const reason = data.reason;
    turn.reason = isRecord(reason) && typeof reason.kind === 'string' ? reason.kind : null;
    turn.reasonDetail = reason ?? null;
    this.openTurn = null;
    this.openStep = null;
    this.openAttempt = null;
  }

  /** step/start: opens a step in the open turn; returns its number (0 outside a turn: no step). */
  startStep(seq: number, data: Record<string, unknown>): number {
    const turn = this.openTurn;
    const number = typeof data.step === 'number' ? data.step : 0;
    if (turn === null) {
      this.reportNesting(seq, `step/start ${number} outside a turn.`);
      return 0;
    }
    if (this.openStep !== null)
      this.reportNesting(seq, `step/start ${number} while step ${this.openStep.step} is open.`);
    const expected = (turn.steps.at(-1)?.step ?? 0) + 1;
    if (number !== expected)
      this.reportNesting(seq, `step/start ${number} in turn ${turn.turn}; expected step ${expected}.`);
    if (data.turn !== turn.turn)
      this.reportNesting(seq, `step/start names turn ${show(data.turn)}; open is ${turn.turn}.`);
    const step: StepSpan = {
      turn: turn.turn,
      step: number,
      startSeq: seq,
      endSeq: null,
      attempts: [],
      provider: this.provider,
      model: this.model,
      usage: null,
      usageSeq: null,
    };
    turn.steps.push(step);
    this.openStep = step;
    this.openAttempt = null;
    return number;
  }

  /** step/end: closes the open step. */
  endStep(seq: number, data: Record<string, unknown>): void {
    const step = this.openStep;
    if (step === null) {
      this.reportNesting(seq, `step/end ${show(data.step)} without an open step.`);
      return;
    }
    if (data.step !== step.step || data.turn !== step.turn)
      this.reportNesting(
        seq,
        `step/end names ${show(data.turn)}/${show(data.step)}; open is ${step.turn}/${step.step}.`,
      );
    step.endSeq = seq;
    this.openStep = null;
    this.openAttempt = null;
  }

  /**
   * An unpacked assistant/chunk: extends (or starts) the open step's attempt; a `finish` ends the
   * attempt, a `usage` chunk sets the step's usage. Returns the chunk's kind for the index column.
   */
  acceptChunk(seq: number, data: Record<string, unknown>): ChunkKind {
    const chunk = data.chunk;
    const chunkType = isRecord(chunk) && typeof chunk.type === 'string' ? chunk.type : '';
    const kind = CHUNK_KIND_BY_TYPE[chunkType] ?? ChunkKind.OTHER;
    const step = this.openStep;
    if (step === null) {
      this.reportNesting(seq, 'assistant/chunk outside a step.');
      return kind;
    }
    if (data.turn !== step.turn || data.step !== step.step)
      this.reportNesting(
        seq,
        `assistant/chunk names turn ${show(data.turn)} step ${show(data.step)}; open is ${step.turn}/${step.step}.`,
      );
    const attempt = this.extendAttempt(step, seq, seq);
    if (kind === ChunkKind.FINISH) {
      const reason = isRecord(chunk) ? chunk.reason : undefined;
      attempt.finishKind = isRecord(reason) && typeof reason.kind === 'string' ? reason.kind : 'unknown';
      this.openAttempt = null;
    } else if (kind === ChunkKind.USAGE && isRecord(chunk) && isUsage(chunk.usage)) {
      step.usage = chunk.usage;
      step.usageSeq = seq;
      attempt.usage = chunk.usage;
      attempt.usageSeq = seq;
    } else if (
      attempt.firstTokenSeq === undefined &&
      (kind === ChunkKind.TEXT_DELTA ||
        kind === ChunkKind.REASONING_DELTA ||
        kind === ChunkKind.TOOL_CALL_DELTA) &&
      isRecord(chunk) &&
      isNonEmptyDelta(chunk)
    )
      attempt.firstTokenSeq = seq;
    return kind;
  }

  /** A packed row of chunk deltas (never a finish or usage): extends the open step's attempt. */
  acceptChunkRun(run: ChunkRun): void {
    const step = this.openStep;
    if (step === null) {
      this.reportNesting(run.seq0, `assistant/chunk outside a step (packed row of ${run.count}).`);
      return;
    }
    if (run.turn !== step.turn || run.step !== step.step)
      this.reportNesting(
        run.seq0,
        `packed chunks name turn ${run.turn} step ${run.step}; open is ${step.turn}/${step.step}.`,
      );
    const attempt = this.extendAttempt(step, run.seq0, run.seq0 + run.count - 1);
    if (attempt.firstTokenSeq === undefined && run.firstTokenMember !== undefined)
      attempt.firstTokenSeq = run.seq0 + run.firstTokenMember;
  }

  /**
   * assistant/message: checked against the open step, whose usage it may set and whose attempt it
   * answers (the one holding its first source seq, else the latest unclaimed one). Ends the attempt.
   */
  acceptAssistantMessage(seq: number, data: Record<string, unknown>, sources: unknown): void {
    this.checkInOpenStep(seq, 'assistant/message', data);
    const step = this.openStep;
    if (step !== null) {
      if (isUsage(data.usage)) {
        step.usage = data.usage;
        step.usageSeq = seq;
      }
      if (Array.isArray(data.stream)) this.addEmbeddedAttempt(step, seq, data.stream, seq);
      else this.linkAttempt(step, seq, sources);
    }
    this.openAttempt = null;
  }

  /**
   * assistant/attempt (generation 2 and later): a model attempt no message answered — failed,
   * retried or cancelled — whose stream is embedded in the event. It is an attempt of the open step.
   */
  acceptAttempt(seq: number, data: Record<string, unknown>): void {
    this.checkInOpenStep(seq, 'assistant/attempt', data);
    const step = this.openStep;
    if (step !== null) this.addEmbeddedAttempt(step, seq, data.stream, null);
    this.openAttempt = null;
  }

  /** An attempt whose chunks are embedded in one event (`data.stream`): it spans that event's seq. */
  private addEmbeddedAttempt(step: StepSpan, seq: number, stream: unknown, messageSeq: number | null): void {
    const facts = readStreamEnd(stream);
    step.attempts.push({ firstChunkSeq: seq, lastChunkSeq: seq, finishKind: facts.finishKind, messageSeq });
    if (facts.usage !== null && messageSeq === null) {
      step.usage = facts.usage;
      step.usageSeq = seq;
    }
  }

  /** Reports an event of `type` that belongs in a step but is outside one, or names another one. */
  checkInOpenStep(seq: number, type: string, data: Record<string, unknown>): void {
    const step = this.openStep;
    if (step === null) this.reportNesting(seq, `${type} outside a step.`);
    else if (data.turn !== step.turn || data.step !== step.step)
      this.reportNesting(
        seq,
        `${type} names ${show(data.turn)}/${show(data.step)}; open is ${step.turn}/${step.step}.`,
      );
  }

  /** request/header: the provider/model of the steps from here on (and of the open step). */
  setRoute(provider: string | null, model: string | null): void {
    this.provider = provider;
    this.model = model;
    if (this.openStep !== null) {
      this.openStep.provider = provider;
      this.openStep.model = model;
    }
  }

  private extendAttempt(step: StepSpan, firstSeq: number, lastSeq: number): AttemptSpan {
    let attempt = this.openAttempt;
    if (attempt === null) {
      attempt = { firstChunkSeq: firstSeq, lastChunkSeq: lastSeq, finishKind: null, messageSeq: null };
      step.attempts.push(attempt);
      this.openAttempt = attempt;
    }
    attempt.lastChunkSeq = lastSeq;
    return attempt;
  }

  private linkAttempt(step: StepSpan, seq: number, sources: unknown): void {
    if (Array.isArray(sources)) {
      const first: unknown = sources[0];
      if (typeof first !== 'number') return;
      const turn = this.openTurn;
      const steps = turn ? turn.steps : [step];
      for (let s = steps.length - 1; s >= 0; s--) {
        for (const attempt of (steps[s] as StepSpan).attempts) {
          if (attempt.firstChunkSeq <= first && first <= attempt.lastChunkSeq) {
            if (attempt.messageSeq === null) attempt.messageSeq = seq;
            return;
          }
        }
      }
      return;
    }
    // sourceEventSeqs absent ("not recorded", legacy writers): the step's latest unclaimed attempt.
    const attempt = step.attempts.at(-1);
    if (attempt !== undefined && attempt.messageSeq === null) attempt.messageSeq = seq;
  }
}

/** Whether a delta chunk carries a token (FORMAT.md §7.7): text, or a tool call's name or arguments. */
export function isNonEmptyDelta(chunk: Record<string, unknown>): boolean {
  if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta')
    return typeof chunk.text === 'string' && chunk.text !== '';
  if (chunk.type === 'tool-call-delta')
    return (
      (typeof chunk.name === 'string' && chunk.name !== '') ||
      (typeof chunk.argumentsDelta === 'string' && chunk.argumentsDelta !== '')
    );
  return false;
}

/** The finish kind and last usage of an embedded stream's single-chunk records (streams are short: one pass). */
function readStreamEnd(stream: unknown): { finishKind: string | null; usage: TokenUsage | null } {
  let finishKind: string | null = null;
  let usage: TokenUsage | null = null;
  if (!Array.isArray(stream)) return { finishKind, usage };
  for (const record of stream as unknown[]) {
    if (!isRecord(record) || record.type !== 'chunk' || !isRecord(record.chunk)) continue;
    const chunk = record.chunk;
    if (chunk.type === 'finish') {
      const reason = chunk.reason;
      finishKind = isRecord(reason) && typeof reason.kind === 'string' ? reason.kind : 'unknown';
    } else if (chunk.type === 'usage' && isUsage(chunk.usage)) usage = chunk.usage;
  }
  return { finishKind, usage };
}

function isUsage(value: unknown): value is TokenUsage {
  return isRecord(value) && typeof value.inputTokens === 'number' && typeof value.outputTokens === 'number';
}

/** A JSON value for a nesting message, bounded; never throws. */
function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  try {
    return (JSON.stringify(value) ?? 'undefined').slice(0, 40);
  } catch {
    // Nested deeper than JSON.stringify recurses.
    return Array.isArray(value) ? '[…]' : '{…}';
  }
}
