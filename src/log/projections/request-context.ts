// The request the model saw at a seq (FORMAT.md §5.2 request/header and request/context, §6.6):
// which header and route are in force, what changed since the previous header, and how the
// request's tokens split into system prompt, tools and messages against the context window.

import { findFirstAtOrAbove, findLastAtOrBelow } from '../base/binary-search.ts';
import type { TokenUsage } from '../event.ts';
import { ChunkKind, isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { findOp, foldSurfaceAt } from '../structure/surface.ts';
import type { StepSpan, TurnSpan } from '../structure/turns.ts';

/**
 * Characters per token of the estimate: the usual rule of thumb for English text and code with
 * BPE tokenizers. Only an estimate; a logged usage report rescales it (see RequestComposition).
 */
export const CHARS_PER_TOKEN = 4;

/** Where a number comes from: a usage report in the log, or the chars/4 estimate. */
type FigureSource = 'logged' | 'estimated';

/** A token count and where it comes from. */
interface TokenFigure {
  tokens: number;
  source: FigureSource;
}

/** The request/header in force at a seq, by reference (its body: readRequestHeader). */
interface RequestHeaderRef {
  seq: number;
  /** The header before it, or null when it is the log's first. */
  previousSeq: number | null;
}

/** The request/context in force (FORMAT.md §5.2): the resolved route and its capacity. */
interface RequestRoute {
  seq: number;
  provider: string | null;
  model: string | null;
  /** Context window in tokens; null when this record has none (an absent field clears an earlier one). */
  contextWindow: number | null;
}

/** The usage report the composition is calibrated with (FORMAT.md §5.1 TokenUsage, §7.7). */
interface LoggedUsage {
  /** The report: an assistant/message with usage, or a usage chunk of an attempt no message answered. */
  usageSeq: number;
  /** First seq of the model attempt it reports on: its request holds what the log had before this seq. */
  requestSeq: number;
  /** Billed input of that request: inputTokens + cacheReadTokens + cacheWriteTokens. */
  inputTokens: number;
  /** The chars/4 estimate of that same request, unscaled (to show how far the heuristic is off). */
  estimatedTokens: number;
  /**
   * Logged input over the chars/4 estimate of that same request, by which every part is scaled;
   * null when that request had no characters to estimate (the parts are then unscaled estimates).
   */
  scale: number | null;
  /**
   * True when the request at the cursor is that request (same header, no surface change since it
   * was sent): the total is then the logged number itself.
   */
  isCurrent: boolean;
}

/**
 * Tokens of the request at the cursor — the header in force plus the messages at the cursor (the
 * next request, FORMAT.md §6.6). The split is always an estimate (characters / CHARS_PER_TOKEN of
 * the system prompt, the tool schemas as JSON, the messages' text); with a usage report at or
 * before the cursor every part is multiplied by `logged.scale`, so the total equals the logged
 * input when the request is the logged one and is logged input plus the scaled growth since
 * otherwise. Images count nothing; reasoning text counts (an adapter may drop it).
 */
export interface RequestComposition {
  /** The system prompt: the header's `system` (generations 0–2) and the system nodes on the surface (3 on). */
  system: TokenFigure;
  tools: TokenFigure;
  /** Every other message on the surface (the message prefix). */
  messages: TokenFigure;
  /** system + tools + messages. */
  total: TokenFigure;
  /** Messages on the surface at the cursor, system nodes excluded. */
  messageCount: number;
  /** The route's context window in tokens, or null when none is known at the cursor. */
  contextWindow: number | null;
  logged: LoggedUsage | null;
}

/** What is in force at a seq: cheap to derive (index lookups and one small event read). */
export interface RequestContext {
  /** The seq answered for (clamped to the last event); null when the log has no events. */
  atSeq: number | null;
  /** The last request/header with seq <= atSeq, or null: no header yet. */
  header: RequestHeaderRef | null;
  /** The last request/context with seq <= atSeq, or null. */
  route: RequestRoute | null;
  /** Seqs of the system-role nodes on the surface at atSeq, in surface order (generation 3 on). */
  systemNodeSeqs: number[];
  /**
   * The latest system node that changed the system prompt (a replacement of the head, or a later
   * system node appended into the history), or null when the surface's system prompt never changed.
   */
  systemChangeSeq: number | null;
  composition: RequestComposition;
}

/** Characters on the surface at a seq, split into system nodes and the other messages. */
interface SurfaceChars {
  systemChars: number;
  messageChars: number;
  messageCount: number;
  systemNodeSeqs: number[];
  systemChangeSeq: number | null;
}

function measureSurface(log: OpenedLog, atSeq: number): SurfaceChars {
  const measured: SurfaceChars = {
    systemChars: 0,
    messageChars: 0,
    messageCount: 0,
    systemNodeSeqs: [],
    systemChangeSeq: null,
  };
  if (atSeq < 0) return measured;
  const { surfaceOps, surfaceOpSeqs, surfaceCheckpoints } = log.index;
  for (const seq of foldSurfaceAt(surfaceOps, surfaceCheckpoints, atSeq)) {
    const op = findOp(surfaceOps, surfaceOpSeqs, seq);
    if (op === null) continue;
    if (op.role === 'system') {
      measured.systemChars += op.contentChars;
      // The head replaced, or a system node after the head (`systemPromptUpdate: "in-history"`).
      if (op.op === 'replace' || measured.systemNodeSeqs.length > 0)
        measured.systemChangeSeq = Math.max(measured.systemChangeSeq ?? -1, seq);
      measured.systemNodeSeqs.push(seq);
      continue;
    }
    measured.messageChars += op.contentChars;
    if (!op.isEmpty) measured.messageCount += 1;
  }
  return measured;
}

function startSeqOf(span: { startSeq: number }): number {
  return span.startSeq;
}

/**
 * The last usage report at or before atSeq (FORMAT.md §7.7): a step's last report, or, in the step
 * whose last report is still ahead of atSeq, its latest usage chunk at or before atSeq (a failed or
 * still-streaming attempt). An embedded attempt's usage (generation 2 on) counts only as the step's
 * last report.
 */
function findLastUsage(
  log: OpenedLog,
  atSeq: number,
): { step: StepSpan; seq: number; usage: TokenUsage } | null {
  const turns = log.index.turns;
  for (let t = findLastAtOrBelow(turns, atSeq, startSeqOf); t >= 0; t--) {
    const steps = (turns[t] as TurnSpan).steps;
    for (let s = steps.length - 1; s >= 0; s--) {
      const step = steps[s] as StepSpan;
      if (step.startSeq > atSeq || step.usage === null || step.usageSeq === null) continue;
      if (step.usageSeq <= atSeq) return { step, seq: step.usageSeq, usage: step.usage };
      const chunkSeq = findUsageChunk(log, step.startSeq, atSeq);
      if (chunkSeq === null) continue;
      const usage = readChunkUsage(log, chunkSeq);
      if (usage !== null) return { step, seq: chunkSeq, usage };
    }
  }
  return null;
}

/** The last usage chunk in [fromSeq, toSeq], by the index's chunk-kind column; null when none. */
function findUsageChunk(log: OpenedLog, fromSeq: number, toSeq: number): number | null {
  const kinds = log.index.chunkKind.values;
  for (let seq = toSeq; seq >= fromSeq; seq--) if (kinds[seq] === ChunkKind.USAGE) return seq;
  return null;
}

function readChunkUsage(log: OpenedLog, seq: number): TokenUsage | null {
  const data = readUpgradedEventAt(log.store, seq).data;
  const chunk = isRecord(data) ? data.chunk : null;
  const usage = isRecord(chunk) ? chunk.usage : null;
  return isRecord(usage) && typeof usage.inputTokens === 'number' ? (usage as unknown as TokenUsage) : null;
}

/** First seq of the attempt a usage report belongs to; the report's own seq when no attempt holds it. */
function findRequestSeq(step: StepSpan, usageSeq: number): number {
  for (const attempt of step.attempts)
    if (
      attempt.messageSeq === usageSeq ||
      (attempt.firstChunkSeq <= usageSeq && usageSeq <= attempt.lastChunkSeq)
    )
      return attempt.firstChunkSeq;
  return usageSeq;
}

function finiteOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function readRoute(log: OpenedLog, seq: number): RequestRoute {
  const data = readUpgradedEventAt(log.store, seq).data;
  const record = isRecord(data) ? data : {};
  const window = record.contextWindow;
  return {
    seq,
    provider: typeof record.provider === 'string' ? record.provider : null,
    model: typeof record.model === 'string' ? record.model : null,
    contextWindow: typeof window === 'number' && Number.isFinite(window) && window > 0 ? window : null,
  };
}

/** Characters of a request: the header at `headerPosition` (-1: none) plus the surface measured. */
function requestChars(
  log: OpenedLog,
  headerPosition: number,
  surface: SurfaceChars,
): { system: number; tools: number; messages: number } {
  const index = log.index;
  return {
    system:
      (headerPosition >= 0 ? (index.requestHeaderSystemChars[headerPosition] ?? 0) : 0) + surface.systemChars,
    tools: headerPosition >= 0 ? (index.requestHeaderToolChars[headerPosition] ?? 0) : 0,
    messages: surface.messageChars,
  };
}

function sumOf(chars: { system: number; tools: number; messages: number }): number {
  return chars.system + chars.tools + chars.messages;
}

/**
 * The request in force after every event with seq <= atSeq (`atSeq` clamped to the last event):
 * header and route by FORMAT.md §5.2 ("latest wins"), the surface's system nodes, and the token
 * composition (RequestComposition). Index lookups, two surface folds and one request/context read;
 * no header body is parsed.
 */
export function deriveRequestContext(log: OpenedLog, atSeq: number): RequestContext {
  const eventCount = log.store.eventCount;
  const at = eventCount === 0 ? -1 : Math.min(Math.floor(atSeq), eventCount - 1);
  const { requestHeaderSeqs, requestContextSeqs } = log.index;
  const headerPosition = at < 0 ? -1 : findLastAtOrBelow(requestHeaderSeqs, at);
  const routePosition = at < 0 ? -1 : findLastAtOrBelow(requestContextSeqs, at);
  const surface = measureSurface(log, at);
  const route = routePosition >= 0 ? readRoute(log, requestContextSeqs[routePosition] as number) : null;
  return {
    atSeq: at < 0 ? null : at,
    header:
      headerPosition >= 0
        ? {
            seq: requestHeaderSeqs[headerPosition] as number,
            previousSeq: headerPosition > 0 ? (requestHeaderSeqs[headerPosition - 1] as number) : null,
          }
        : null,
    route,
    systemNodeSeqs: surface.systemNodeSeqs,
    systemChangeSeq: surface.systemChangeSeq,
    composition: deriveComposition(log, at, headerPosition, surface, route?.contextWindow ?? null),
  };
}

function deriveComposition(
  log: OpenedLog,
  at: number,
  headerPosition: number,
  surface: SurfaceChars,
  contextWindow: number | null,
): RequestComposition {
  const chars = requestChars(log, headerPosition, surface);
  const found = at < 0 ? null : findLastUsage(log, at);
  let logged: LoggedUsage | null = null;
  if (found !== null) {
    const usage = found.usage;
    const requestSeq = findRequestSeq(found.step, found.seq);
    const requestHeader = findLastAtOrBelow(log.index.requestHeaderSeqs, requestSeq - 1);
    const requestTotal = sumOf(requestChars(log, requestHeader, measureSurface(log, requestSeq - 1)));
    const opSeqs = log.index.surfaceOpSeqs;
    const nextOp = findFirstAtOrAbove(opSeqs, requestSeq);
    const inputTokens =
      finiteOrZero(usage?.inputTokens) +
      finiteOrZero(usage?.cacheReadTokens) +
      finiteOrZero(usage?.cacheWriteTokens);
    logged = {
      usageSeq: found.seq,
      requestSeq,
      inputTokens,
      estimatedTokens: Math.round(requestTotal / CHARS_PER_TOKEN),
      scale: requestTotal > 0 ? inputTokens / (requestTotal / CHARS_PER_TOKEN) : null,
      isCurrent:
        requestHeader === headerPosition && (nextOp >= opSeqs.length || (opSeqs[nextOp] as number) > at),
    };
  }
  const factor = (logged?.scale ?? 1) / CHARS_PER_TOKEN;
  const system = Math.round(chars.system * factor);
  const tools = Math.round(chars.tools * factor);
  // A logged total is exact: the rounding slack of the parts goes to the messages.
  const loggedTotal = logged !== null && logged.isCurrent ? logged.inputTokens : null;
  const messages =
    loggedTotal !== null ? Math.max(0, loggedTotal - system - tools) : Math.round(chars.messages * factor);
  return {
    system: { tokens: system, source: 'estimated' },
    tools: { tokens: tools, source: 'estimated' },
    messages: { tokens: messages, source: 'estimated' },
    total:
      loggedTotal !== null
        ? { tokens: loggedTotal, source: 'logged' }
        : { tokens: system + tools + messages, source: 'estimated' },
    messageCount: surface.messageCount,
    contextWindow,
    logged,
  };
}
