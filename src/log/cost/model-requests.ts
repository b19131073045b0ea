// Every model request of a log with its usage and its times: one per model attempt (FORMAT.md §7.4;
// a failed attempt was sent and is billed as its own usage report says) and one per compaction
// summary that reported usage (the compaction's own model call, §5.3).

import type { TokenUsage } from '../event.ts';
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { TimedChunk } from '../format/generations/stream-records.ts';
import { expandStream } from '../format/generations/stream-records.ts';
import type { AttemptSpan, StepSpan } from '../structure/turns.ts';
import { isNonEmptyDelta } from '../structure/turns.ts';
import type { RequestTokens } from './price-usage.ts';
import { readRequestTokens } from './price-usage.ts';

/** One request sent to a model. Times are the log's wall clock (ms since the epoch). */
export interface ModelRequest {
  kind: 'model' | 'compaction';
  /** Where the request is counted: its usage report's seq, else its last chunk (or the summary). */
  seq: number;
  /** First and last seq of the request's own events (chunks, or the event embedding its stream). */
  firstSeq: number;
  lastSeq: number;
  /** 0 outside a turn / step (a manual compaction). */
  turn: number;
  step: number;
  /** 1-based attempt within the step (0 for a compaction). */
  attempt: number;
  provider: string | null;
  model: string | null;
  /** The last usage report of the request, or null when none was logged. */
  tokens: RequestTokens | null;
  /** When it was sent: the time of the event logged just before its stream (FORMAT.md §7.3). */
  startTime: number;
  /** First non-empty delta (a tool-call delta with a name or arguments counts, §7.7), or null. */
  firstTokenTime: number | null;
  /** Its last chunk (or the summary event). */
  endTime: number;
  /** finish.reason.kind, or null when the stream stopped without a finish. */
  finishKind: string | null;
  /** The assistant/message it produced, or null. */
  messageSeq: number | null;
}

/** The timing figures of one request, in ms (null where the log has no first token). */
export interface RequestTiming {
  latencyMs: number;
  firstTokenMs: number | null;
  generationMs: number | null;
  /** Output tokens over the generation time; null without usage or with no generation time. */
  outputTokensPerSecond: number | null;
}

/** Latency, time to first token, generation time and output speed of one request. */
export function deriveRequestTiming(request: ModelRequest): RequestTiming {
  const latencyMs = Math.max(0, request.endTime - request.startTime);
  if (request.firstTokenTime === null)
    return { latencyMs, firstTokenMs: null, generationMs: null, outputTokensPerSecond: null };
  const firstTokenMs = Math.max(0, request.firstTokenTime - request.startTime);
  const generationMs = Math.max(0, request.endTime - request.firstTokenTime);
  const output = request.tokens?.outputTokens ?? null;
  return {
    latencyMs,
    firstTokenMs,
    generationMs,
    outputTokensPerSecond: output !== null && generationMs > 0 ? (output * 1000) / generationMs : null,
  };
}

/** Every request of the log, ascending by `seq`. Reads no chunk event (the index has their facts); embedded streams are read from their event. */
export function deriveModelRequests(log: OpenedLog): ModelRequest[] {
  const requests: ModelRequest[] = [];
  for (const turn of log.index.turns)
    for (const step of turn.steps)
      step.attempts.forEach((attempt, position) =>
        requests.push(readAttempt(log, step, attempt, position + 1)),
      );
  for (const compaction of log.index.compactions) {
    if (compaction.summarySeq === null) continue;
    const request = readCompaction(log, compaction.summarySeq, compaction.startSeq);
    if (request !== null) requests.push(request);
  }
  return requests.sort((a, b) => a.seq - b.seq);
}

function readAttempt(log: OpenedLog, step: StepSpan, attempt: AttemptSpan, number: number): ModelRequest {
  const { store } = log;
  const time = (seq: number): number => store.eventTime.get(seq);
  const previous = attempt.firstChunkSeq - 1;
  const startTime = time(previous >= step.startSeq ? previous : step.startSeq);
  const type = store.typeOf(attempt.firstChunkSeq);
  let tokens: RequestTokens | null = null;
  let firstTokenTime: number | null = null;
  let usageSeq: number | null = null;
  let endTime = time(attempt.lastChunkSeq);
  if (type === 'assistant/message' || type === 'assistant/attempt') {
    // Generation 2 and later: the stream is embedded in the event.
    const data = store.readEvent(attempt.firstChunkSeq).data;
    const record = isRecord(data) ? data : {};
    const chunks = expandStream(record.stream).chunks;
    firstTokenTime = firstTokenOf(chunks);
    const lastChunk = chunks.at(-1);
    if (lastChunk !== undefined) endTime = lastChunk.time;
    const streamUsage = lastUsageOf(chunks);
    const usage = streamUsage ?? (isUsage(record.usage) ? record.usage : null);
    if (usage !== null) {
      tokens = readRequestTokens(usage);
      usageSeq = attempt.firstChunkSeq;
    }
  } else {
    // A chunk stream: the index noted its first token and last usage while decoding (no re-read).
    if (attempt.firstTokenSeq !== undefined) firstTokenTime = time(attempt.firstTokenSeq);
    if (attempt.usageSeq !== undefined && attempt.usage !== undefined) {
      usageSeq = attempt.usageSeq;
      tokens = readRequestTokens(attempt.usage);
    } else if (attempt.messageSeq !== null) {
      // A message whose chunks carried no usage chunk (legacy writers): its own usage field.
      const data = store.readEvent(attempt.messageSeq).data;
      if (isRecord(data) && isUsage(data.usage)) {
        tokens = readRequestTokens(data.usage);
        usageSeq = attempt.messageSeq;
      }
    }
  }
  let { provider, model } = step;
  if ((provider === null || model === null) && attempt.messageSeq !== null) {
    const source = readMessageSource(log, attempt.messageSeq);
    provider ??= source.provider;
    model ??= source.model;
  }
  return {
    kind: 'model',
    seq: usageSeq ?? attempt.lastChunkSeq,
    firstSeq: attempt.firstChunkSeq,
    lastSeq: attempt.lastChunkSeq,
    turn: step.turn,
    step: step.step,
    attempt: number,
    provider,
    model,
    tokens,
    startTime,
    firstTokenTime,
    endTime: Math.max(endTime, startTime),
    finishKind: attempt.finishKind,
    messageSeq: attempt.messageSeq,
  };
}

function readCompaction(log: OpenedLog, summarySeq: number, startSeq: number | null): ModelRequest | null {
  const { store, index } = log;
  const data = store.readEvent(summarySeq).data;
  if (!isRecord(data) || !isUsage(data.usage)) return null;
  const endTime = store.eventTime.get(summarySeq);
  const startTime = startSeq === null ? endTime : store.eventTime.get(startSeq);
  return {
    kind: 'compaction',
    seq: summarySeq,
    firstSeq: startSeq ?? summarySeq,
    lastSeq: summarySeq,
    turn: index.turnOf.get(summarySeq),
    step: index.stepOf.get(summarySeq),
    attempt: 0,
    provider: typeof data.provider === 'string' ? data.provider : null,
    model: typeof data.model === 'string' ? data.model : null,
    tokens: readRequestTokens(data.usage),
    startTime: Math.min(startTime, endTime),
    firstTokenTime: null,
    endTime,
    finishKind: null,
    messageSeq: null,
  };
}

function firstTokenOf(chunks: readonly TimedChunk[]): number | null {
  for (const timed of chunks) if (isNonEmptyDelta(timed.chunk)) return timed.time;
  return null;
}

function lastUsageOf(chunks: readonly TimedChunk[]): TokenUsage | null {
  let usage: TokenUsage | null = null;
  for (const timed of chunks)
    if (timed.chunk.type === 'usage' && isUsage(timed.chunk.usage)) usage = timed.chunk.usage;
  return usage;
}

function readMessageSource(log: OpenedLog, seq: number): { provider: string | null; model: string | null } {
  const data = log.store.readEvent(seq).data;
  const message = isRecord(data) && isRecord(data.message) ? data.message : {};
  const source = isRecord(message.source) ? message.source : {};
  return {
    provider: typeof source.provider === 'string' ? source.provider : null,
    model: typeof source.model === 'string' ? source.model : null,
  };
}

function isUsage(value: unknown): value is TokenUsage {
  return isRecord(value) && typeof value.inputTokens === 'number' && typeof value.outputTokens === 'number';
}
