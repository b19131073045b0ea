// One run as a comparison sees it (issue 23): turns → steps → tool calls, each with content hashes
// (canonical.ts) and the seqs that show it. Built in one pass over the index's surface ops without
// reading message bodies: their hashes are computed when a comparison needs them (outline-content.ts).
// Plain data: it crosses postMessage and is what align-runs.ts reads.

import { findLastAtOrBelow } from '../base/binary-search.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { isRecord } from '../event.ts';
import { inheritedPrefixLength } from '../projections/inherited-prefix.ts';
import { readRequestHeader } from '../projections/request-header.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import type { ToolCallStatus } from '../structure/tool-calls.ts';
import type { SurfaceOpRecord } from '../structure/surface.ts';
import type { OutlineCall, OutlineRequest, OutlineStep, OutlineTurn, RunOutline } from './outline-types.ts';
import { canonicalArguments, combineHashes, hashText, stableJson } from './canonical.ts';
import { combineLineHashes, lineHashAt, registerRun, registerStep, registerTurn } from './outline-content.ts';

export type { OutlineCall, OutlineRequest, OutlineStep, OutlineTurn, RunOutline } from './outline-types.ts';

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
  let pendingLineHashes: number[] = [];
  const lastSeq = store.eventCount - 1;

  /** Walks ops with seq <= untilSeq into inputs; stops before an assistant/message of `step` range. */
  const walkInputs = (untilSeq: number, answerFrom: number | null): void => {
    while (opPosition < ops.length) {
      const op = ops[opPosition] as SurfaceOpRecord;
      if (op.seq > untilSeq) return;
      if (answerFrom !== null && op.type === 'assistant/message' && op.seq >= answerFrom) return;
      opPosition++;
      if (!op.isApplied || op.type === 'tool/result') continue;
      if (op.role === 'system' || op.shadowedSeqs.length > 0)
        system.apply(op, systemText(messageOf(log, op)));
      if (op.role === 'system' || op.isEmpty) continue;
      pendingSeqs.push(op.seq);
      pendingLineHashes.push(lineHashAt(log, op.seq));
    }
  };

  const turns: OutlineTurn[] = index.turns.map((span) => {
    let firstInputs: number | null = null;
    const steps: OutlineStep[] = span.steps.map((stepSpan) => {
      const stepEnd = stepSpan.endSeq ?? span.endSeq ?? lastSeq;
      walkInputs(stepEnd, stepSpan.startSeq);
      const answerSeqs: number[] = [];
      const answerLineHashes: number[] = [];
      let requestAt = stepEnd;
      while (opPosition < ops.length && (ops[opPosition] as SurfaceOpRecord).seq <= stepEnd) {
        const op = ops[opPosition] as SurfaceOpRecord;
        if (op.type !== 'assistant/message') break;
        opPosition++;
        if (!op.isApplied) continue;
        if (answerSeqs.length === 0) requestAt = op.seq;
        answerSeqs.push(op.seq);
        answerLineHashes.push(lineHashAt(log, op.seq));
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
            resultHash: call.resultSeq === null ? null : Number.NaN,
            requestSeq: call.requestSeq,
            callSeq: call.callSeq,
            resultSeq: call.resultSeq,
          };
        },
      );
      const answerLineHash = combineLineHashes(answerLineHashes);
      const step: OutlineStep = {
        turn: stepSpan.turn,
        step: stepSpan.step,
        startSeq: stepSpan.startSeq,
        endSeq: stepSpan.endSeq,
        request,
        inputSeqs: pendingSeqs,
        inputHashes: [],
        answerSeqs,
        answerHash: Number.NaN,
        calls,
        key: Number.NaN,
        tokens: { input: finite(stepSpan.usage?.inputTokens), output: finite(stepSpan.usage?.outputTokens) },
        durationMs: Math.max(0, store.eventTime.get(stepEnd) - store.eventTime.get(stepSpan.startSeq)),
      };
      registerStep(step, {
        log,
        inputs: combineLineHashes(pendingLineHashes),
        answer: answerLineHash,
        key: Number.isNaN(answerLineHash)
          ? Number.NaN
          : combineHashes([answerLineHash, ...calls.map((call) => call.key)]),
        results: calls.map((call) => (call.resultSeq === null ? null : lineHashAt(log, call.resultSeq))),
        isResolved: false,
      });
      firstInputs ??= combineLineHashes(pendingLineHashes);
      pendingSeqs = [];
      pendingLineHashes = [];
      // Tool results and later nodes of the step: results are read with their calls; others wait.
      walkInputs(stepEnd, null);
      return step;
    });
    const turnEnd = span.endSeq ?? lastSeq;
    const first = steps[0];
    const calls = steps.flatMap((step) => step.calls);
    const turn: OutlineTurn = {
      turn: span.turn,
      startSeq: span.startSeq,
      endSeq: span.endSeq,
      reason: span.reason,
      key: first === undefined ? EMPTY_HASH : Number.NaN,
      steps,
      tokens: {
        input: steps.reduce((sum, step) => sum + step.tokens.input, 0),
        output: steps.reduce((sum, step) => sum + step.tokens.output, 0),
      },
      durationMs: Math.max(0, store.eventTime.get(turnEnd) - store.eventTime.get(span.startSeq)),
      toolCalls: calls.length,
      toolErrors: calls.filter((call) => ERROR_STATUSES.has(call.status)).length,
    };
    if (firstInputs !== null) registerTurn(turn, firstInputs);
    return turn;
  });
  const header = log.header;
  const outline: RunOutline = {
    id: typeof header?.id === 'string' ? header.id : null,
    parentSession: typeof header?.parentSession === 'string' ? header.parentSession : null,
    generation: log.format.generation,
    eventCount: store.eventCount,
    inheritedLength: inheritedPrefixLength(log),
    turns,
  };
  registerRun(outline, log);
  return outline;
}
