// One run as a comparison sees it (issue 23): turns → steps → tool calls, each with content hashes
// (canonical.ts) and the seqs that show it. Built in one pass over the index's surface ops; message
// bodies are parsed once each. Plain data: it crosses postMessage and is what align.ts reads.

import { findLastAtOrBelow } from '../base/binary-search.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { isRecord } from '../event.ts';
import { inheritedPrefixLength } from '../projections/inherited-prefix.ts';
import { readRequestHeader } from '../projections/request-header.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import type { ToolCallStatus } from '../structure/tool-calls.ts';
import type { SurfaceOpRecord } from '../structure/surface.ts';
import {
  canonicalAnswer,
  canonicalArguments,
  canonicalMessage,
  combineHashes,
  hashText,
  stableJson,
} from './canonical.ts';

/** What a step asked for: the request/header in force (FORMAT.md §5.2) and the system prompt. */
export interface OutlineRequest {
  /** The request/header in force, or null (none logged yet). */
  headerSeq: number | null;
  provider: string | null;
  model: string | null;
  /** Sampling fields (reasoningEffort, temperature, maxTokens, stop) as one hash. */
  samplingHash: number;
  /** The system prompt: the header's `system` (generations 0–2) or the system nodes (3 on). */
  systemHash: number;
  /** Tool name → hash of its description and schema. */
  toolHashes: [name: string, hash: number][];
  hash: number;
}

export interface OutlineCall {
  callId: string;
  name: string;
  /** Canonical arguments' hash (canonical.ts): how calls match, never by id or seq. */
  argsHash: number;
  /** name + arguments: the LCS key of a call. */
  key: number;
  status: ToolCallStatus;
  /** The result's content and error flag as one hash, or null: no result. */
  resultHash: number | null;
  requestSeq: number | null;
  callSeq: number | null;
  resultSeq: number | null;
}

export interface OutlineStep {
  turn: number;
  step: number;
  startSeq: number;
  endSeq: number | null;
  request: OutlineRequest;
  /** Surface nodes that reached the model before this step's answer (user, developer, replacements). */
  inputSeqs: number[];
  inputHashes: number[];
  /** The step's assistant messages (its answer), in seq order. */
  answerSeqs: number[];
  answerHash: number;
  calls: OutlineCall[];
  /** The LCS key of a step: what the model answered (text and calls by name + arguments). */
  key: number;
  tokens: { input: number; output: number };
  durationMs: number;
}

export interface OutlineTurn {
  turn: number;
  startSeq: number;
  endSeq: number | null;
  reason: string | null;
  /** The LCS key of a turn: the messages that opened it (its first step's inputs). */
  key: number;
  steps: OutlineStep[];
  tokens: { input: number; output: number };
  durationMs: number;
  toolCalls: number;
  toolErrors: number;
}

export interface RunOutline {
  id: string | null;
  parentSession: string | null;
  generation: number | null;
  eventCount: number;
  /** Events inherited from the parent (seqs 0 … n-1), or null: not a fork (inherited-prefix.ts). */
  inheritedLength: number | null;
  turns: OutlineTurn[];
}

const EMPTY_HASH = hashText('');
const ERROR_STATUSES: ReadonlySet<ToolCallStatus> = new Set(['error', 'not-started', 'outcome-unknown']);

/** Tracks the system nodes on the surface as ops are walked in seq order (generation 3 on). */
class SystemNodes {
  private readonly texts: { seq: number; text: string }[] = [];
  private cached: number | null = EMPTY_HASH;

  apply(op: SurfaceOpRecord, text: string): void {
    const shadowed = new Set(op.shadowedSeqs);
    const at = this.texts.findIndex((node) => shadowed.has(node.seq));
    for (let index = this.texts.length - 1; index >= 0; index--)
      if (shadowed.has((this.texts[index] as { seq: number }).seq)) this.texts.splice(index, 1);
    if (op.role === 'system') this.texts.splice(at >= 0 ? at : this.texts.length, 0, { seq: op.seq, text });
    this.cached = null;
  }

  get hash(): number {
    this.cached ??= hashText(this.texts.map((node) => node.text).join('\n'));
    return this.cached;
  }
}

function systemText(message: unknown): string {
  if (!isRecord(message) || !Array.isArray(message.content)) return '';
  return (message.content as unknown[])
    .map((block) => (isRecord(block) && typeof block.text === 'string' ? block.text : ''))
    .join('');
}

function messageOf(log: OpenedLog, op: SurfaceOpRecord): unknown {
  const data = readUpgradedEventAt(log.store, op.seq).data;
  if (!isRecord(data)) return null;
  return op.type === 'user/message' ? data : data.message;
}

/** Request facts per header seq and system-prompt hash (a log has few headers, many steps). */
function requestReader(
  log: OpenedLog,
): (headerSeq: number | null, systemNodesHash: number) => OutlineRequest {
  const cache = new Map<string, OutlineRequest>();
  return (headerSeq, systemNodesHash) => {
    const cacheKey = `${headerSeq}:${systemNodesHash}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const header = headerSeq === null ? null : readRequestHeader(log, headerSeq);
    const config = header?.config ?? null;
    const samplingHash = hashText(
      stableJson([config?.reasoningEffort, config?.temperature, config?.maxTokens, config?.stop]),
    );
    const systemHash = typeof header?.system === 'string' ? hashText(header.system) : systemNodesHash;
    const toolHashes: [string, number][] = (header?.tools ?? []).map((tool) => [
      tool.name,
      hashText(stableJson([tool.description, tool.parameters])),
    ]);
    const request: OutlineRequest = {
      headerSeq,
      provider: config?.provider ?? null,
      model: config?.model ?? null,
      samplingHash,
      systemHash,
      toolHashes,
      hash: combineHashes([
        hashText(`${config?.provider ?? ''}\n${config?.model ?? ''}`),
        samplingHash,
        systemHash,
        ...toolHashes.map(([name, hash]) => combineHashes([hashText(name), hash])),
      ]),
    };
    cache.set(cacheKey, request);
    return request;
  };
}

function resultHashOf(log: OpenedLog, resultSeq: number | null): number | null {
  if (resultSeq === null) return null;
  const data = readUpgradedEventAt(log.store, resultSeq).data;
  return hashText(canonicalMessage(isRecord(data) ? data.message : null));
}

function finite(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The outline of a decoded log. Surface ops are walked in seq order: an assistant/message inside a
 * step is its answer; a tool/result belongs to its call; a system node changes the system prompt;
 * every other node (user, developer, a replacement) is an input of the next step to answer.
 */
export function buildRunOutline(log: OpenedLog): RunOutline {
  const { index, store } = log;
  const ops = index.surfaceOps;
  const callsByStep = new Map<string, typeof index.toolCalls>();
  for (const call of index.toolCalls) {
    if (call.turn === null || call.step === null) continue;
    const key = `${call.turn}:${call.step}`;
    const list = callsByStep.get(key);
    if (list === undefined) callsByStep.set(key, [call]);
    else list.push(call);
  }
  const readRequest = requestReader(log);
  const system = new SystemNodes();
  let opPosition = 0;
  let pendingSeqs: number[] = [];
  let pendingHashes: number[] = [];
  const lastSeq = store.eventCount - 1;

  /** Walks ops with seq <= untilSeq into inputs; stops before an assistant/message of `step` range. */
  const walkInputs = (untilSeq: number, answerFrom: number | null): void => {
    while (opPosition < ops.length) {
      const op = ops[opPosition] as SurfaceOpRecord;
      if (op.seq > untilSeq) return;
      if (answerFrom !== null && op.type === 'assistant/message' && op.seq >= answerFrom) return;
      opPosition++;
      if (!op.isApplied || op.type === 'tool/result') continue;
      const message = messageOf(log, op);
      if (op.role === 'system' || op.shadowedSeqs.length > 0) system.apply(op, systemText(message));
      if (op.role === 'system' || op.isEmpty) continue;
      pendingSeqs.push(op.seq);
      pendingHashes.push(hashText(canonicalMessage(message)));
    }
  };

  const turns: OutlineTurn[] = index.turns.map((span) => {
    const steps: OutlineStep[] = span.steps.map((stepSpan) => {
      const stepEnd = stepSpan.endSeq ?? span.endSeq ?? lastSeq;
      walkInputs(stepEnd, stepSpan.startSeq);
      const answerSeqs: number[] = [];
      const answerHashes: number[] = [];
      let requestAt = stepEnd;
      while (opPosition < ops.length && (ops[opPosition] as SurfaceOpRecord).seq <= stepEnd) {
        const op = ops[opPosition] as SurfaceOpRecord;
        if (op.type !== 'assistant/message') break;
        opPosition++;
        if (!op.isApplied) continue;
        if (answerSeqs.length === 0) requestAt = op.seq;
        answerSeqs.push(op.seq);
        answerHashes.push(hashText(canonicalAnswer(messageOf(log, op))));
      }
      const headerPosition = findLastAtOrBelow(index.requestHeaderSeqs, requestAt);
      const request = readRequest(
        headerPosition >= 0 ? (index.requestHeaderSeqs[headerPosition] as number) : null,
        system.hash,
      );
      const calls: OutlineCall[] = (callsByStep.get(`${stepSpan.turn}:${stepSpan.step}`) ?? []).map(
        (call) => {
          const argsHash = hashText(canonicalArguments(call.argumentsText));
          return {
            callId: call.callId,
            name: call.name,
            argsHash,
            key: combineHashes([hashText(call.name), argsHash]),
            status: call.status,
            resultHash: resultHashOf(log, call.resultSeq),
            requestSeq: call.requestSeq,
            callSeq: call.callSeq,
            resultSeq: call.resultSeq,
          };
        },
      );
      const answerHash = combineHashes(answerHashes);
      const step: OutlineStep = {
        turn: stepSpan.turn,
        step: stepSpan.step,
        startSeq: stepSpan.startSeq,
        endSeq: stepSpan.endSeq,
        request,
        inputSeqs: pendingSeqs,
        inputHashes: pendingHashes,
        answerSeqs,
        answerHash,
        calls,
        key: combineHashes([answerHash, ...calls.map((call) => call.key)]),
        tokens: { input: finite(stepSpan.usage?.inputTokens), output: finite(stepSpan.usage?.outputTokens) },
        durationMs: Math.max(0, store.eventTime.get(stepEnd) - store.eventTime.get(stepSpan.startSeq)),
      };
      pendingSeqs = [];
      pendingHashes = [];
      // Tool results and later nodes of the step: results are read with their calls; others wait.
      walkInputs(stepEnd, null);
      return step;
    });
    const turnEnd = span.endSeq ?? lastSeq;
    const first = steps[0];
    const calls = steps.flatMap((step) => step.calls);
    return {
      turn: span.turn,
      startSeq: span.startSeq,
      endSeq: span.endSeq,
      reason: span.reason,
      key: first === undefined ? EMPTY_HASH : combineHashes(first.inputHashes),
      steps,
      tokens: {
        input: steps.reduce((sum, step) => sum + step.tokens.input, 0),
        output: steps.reduce((sum, step) => sum + step.tokens.output, 0),
      },
      durationMs: Math.max(0, store.eventTime.get(turnEnd) - store.eventTime.get(span.startSeq)),
      toolCalls: calls.length,
      toolErrors: calls.filter((call) => ERROR_STATUSES.has(call.status)).length,
    };
  });
  const header = log.header;
  return {
    id: typeof header?.id === 'string' ? header.id : null,
    parentSession: typeof header?.parentSession === 'string' ? header.parentSession : null,
    generation: log.format.generation,
    eventCount: store.eventCount,
    inheritedLength: inheritedPrefixLength(log),
    turns,
  };
}
