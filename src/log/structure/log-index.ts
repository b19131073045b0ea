// Builds the structural index of a log from its events as the decoder streams them (FORMAT.md
// §6–§7): per-seq columns, turns/steps/attempts, pairings, tool-call status and the surface fold.

import { Column } from '../base/columns.ts';
import type { ChunkRun, EventSink } from './event-sink.ts';
import type { StoredEvent, TokenUsage } from '../event.ts';
import { ChunkKind, isRecord } from '../event.ts';
import type {
  ApprovalRecord,
  AttemptSpan,
  CommandRecord,
  CompactionRecord,
  LogIndex,
  RetryRecord,
  StepSpan,
  ToolCallRecord,
  TurnSpan,
} from './log-index-types.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { LogProblem } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import { SurfaceFolder } from './surface.ts';

/** Nesting problems reported one by one; after that a single summary problem counts the rest. */
const NESTING_PROBLEMS_MAX = 200;

/** The index under construction plus the decoder-facing sink that fills it. */
export interface LogIndexBuilder extends EventSink {
  readonly index: LogIndex;
}

/** An empty LogIndex (no events). */
export function createEmptyLogIndex(): LogIndex {
  return {
    turnOf: new Column(Int32Array),
    stepOf: new Column(Int32Array),
    chunkKind: new Column(Uint8Array),
    consumedBy: new Column(Int32Array),
    turns: [],
    toolCalls: [],
    toolCallById: new Map(),
    commands: [],
    approvals: [],
    compactions: [],
    retries: [],
    surfaceOps: [],
    surfaceCheckpoints: [],
    requestHeaderSeqs: [],
    requestContextSeqs: [],
    endSeedSeqs: [],
    selectedAgentPreset: null,
    title: null,
  };
}

/**
 * Creates the index builder the decoder feeds. `store` must already hold each event's row when
 * the event is accepted (it is used for line numbers and to re-read earlier events). Surface
 * violations are reported as `surface` problems (stage SURFACE, effect corrupt); turn/step nesting
 * violations as `nesting` problems (stage STRUCTURE, effect none).
 */
export function createLogIndexBuilder(
  store: LogStore,
  report: (problem: LogProblem) => void,
): LogIndexBuilder {
  return new IndexBuilder(store, report);
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

const CHUNK_KIND_BY_ROW: Record<ChunkRun['rowType'], ChunkKind> = {
  'text-chunks': ChunkKind.TEXT_DELTA,
  'reasoning-chunks': ChunkKind.REASONING_DELTA,
  'tool-call-chunks': ChunkKind.TOOL_CALL_DELTA,
};

interface ResultFacts {
  isError: boolean;
  errorCode: string | null;
}

class IndexBuilder implements LogIndexBuilder {
  readonly index: LogIndex = createEmptyLogIndex();
  private readonly surface: SurfaceFolder;
  private openTurn: TurnSpan | null = null;
  private openStep: StepSpan | null = null;
  private openAttempt: AttemptSpan | null = null;
  private lastTurnNumber: number | null = null;
  private provider: string | null = null;
  private model: string | null = null;
  private readonly resultFacts = new Map<string, ResultFacts>();
  // FORMAT.md §7.6 crash-repair scan, kept exactly as upstream's algorithm (independent of nesting).
  private repairOpenTurn: number | null = null;
  private readonly repairPending = new Map<string, { callSeq: number | null }>();
  private readonly commandById = new Map<string, CommandRecord>();
  private readonly approvalById = new Map<string, ApprovalRecord>();
  private readonly compactionById = new Map<string, CompactionRecord>();
  private readonly retryByKey = new Map<string, RetryRecord>();
  private nestingCount = 0;

  constructor(
    private readonly store: LogStore,
    private readonly report: (problem: LogProblem) => void,
  ) {
    this.surface = new SurfaceFolder(
      this.index.surfaceOps,
      this.index.surfaceCheckpoints,
      (seq, message) => this.problem('surface', seq, message),
      (seq) => this.store.readEvent(seq),
    );
  }

  acceptEvent(event: StoredEvent): void {
    const seq = event.seq;
    const data: Record<string, unknown> = isRecord(event.data) ? event.data : {};
    let turn = this.openTurn ? this.openTurn.turn : 0;
    let step = this.openStep ? this.openStep.step : 0;
    let chunkKind: ChunkKind = ChunkKind.NONE;
    this.index.consumedBy.push(-1);
    const type = event.type;
    if (type !== 'user/message' && type !== 'assistant/message' && type !== 'tool/result') {
      if (event.surfaceOp !== undefined || event.sourceEventSeqs !== undefined)
        this.surface.checkNonSurface(event);
    }
    switch (type) {
      case 'assistant/chunk':
        chunkKind = this.acceptChunk(seq, data);
        break;
      case 'turn/start':
        turn = this.startTurn(seq, data);
        step = 0;
        break;
      case 'turn/end':
        this.endTurn(seq, data);
        break;
      case 'step/start':
        step = this.startStep(seq, data);
        turn = this.openTurn ? this.openTurn.turn : 0;
        break;
      case 'step/end':
        this.endStep(seq, data);
        break;
      case 'user/message':
        this.acceptUserMessage(event, data);
        break;
      case 'assistant/message':
        this.acceptAssistantMessage(event, data);
        break;
      case 'tool/call':
        this.acceptToolCall(seq, data);
        break;
      case 'tool/result':
        this.acceptToolResult(event, data);
        break;
      case 'request/header':
        this.acceptRequestHeader(seq, data);
        break;
      case 'request/context':
        this.index.requestContextSeqs.push(seq);
        break;
      case 'session/end-seed':
        this.index.endSeedSeqs.push(seq);
        break;
      case 'agent-preset/selected':
        if (typeof data.agentPreset === 'string') this.index.selectedAgentPreset = data.agentPreset;
        break;
      case 'session/title':
        if (typeof data.title === 'string') this.index.title = data.title;
        break;
      case 'command/run':
      case 'command/done':
        this.acceptCommand(type, seq, data);
        break;
      case 'approval/asked':
      case 'approval/decided':
        this.acceptApproval(type, seq, data);
        break;
      case 'compaction/start':
      case 'compaction/summary':
      case 'compaction/end':
        this.acceptCompaction(type, seq, data);
        break;
      case 'llm/retry':
      case 'llm/retry-started':
        this.acceptRetry(type, seq, data);
        break;
      default:
        break;
    }
    this.index.turnOf.push(turn);
    this.index.stepOf.push(step);
    this.index.chunkKind.push(chunkKind);
  }

  acceptChunkRun(run: ChunkRun): void {
    const turn = this.openTurn ? this.openTurn.turn : 0;
    const step = this.openStep ? this.openStep.step : 0;
    this.index.turnOf.fill(turn, run.count);
    this.index.stepOf.fill(step, run.count);
    this.index.chunkKind.fill(CHUNK_KIND_BY_ROW[run.rowType], run.count);
    this.index.consumedBy.fill(-1, run.count);
    if (this.openStep === null) {
      this.nesting(run.seq0, `assistant/chunk outside a step (packed row of ${run.count}).`);
      return;
    }
    if (run.turn !== turn || run.step !== step)
      this.nesting(
        run.seq0,
        `packed chunks name turn ${run.turn} step ${run.step}; open is ${turn}/${step}.`,
      );
    this.extendAttempt(this.openStep, run.seq0, run.seq0 + run.count - 1);
  }

  finish(): void {
    this.index.turnOf.shrink();
    this.index.stepOf.shrink();
    this.index.chunkKind.shrink();
    this.index.consumedBy.shrink();
    const isRepairPending = this.repairOpenTurn !== null;
    for (const record of this.index.toolCalls) {
      if (record.resultSeq !== null) {
        const facts = this.resultFacts.get(record.callId);
        record.errorCode = facts?.errorCode ?? null;
        if (record.errorCode === 'TOOL_NOT_STARTED') record.status = 'not-started';
        else if (record.errorCode === 'TOOL_OUTCOME_UNKNOWN') record.status = 'outcome-unknown';
        else record.status = facts?.isError ? 'error' : 'ok';
      } else if (isRepairPending && this.repairPending.has(record.callId)) {
        record.status = record.callSeq !== null ? 'outcome-unknown' : 'not-started';
      } else record.status = 'no-result';
    }
    const lastEndSeed = this.index.endSeedSeqs.at(-1) ?? -1;
    for (const compaction of this.index.compactions) {
      compaction.isStale =
        compaction.endSeq === null && compaction.startSeq !== null && compaction.startSeq < lastEndSeed;
    }
    if (this.nestingCount > NESTING_PROBLEMS_MAX)
      this.report({
        kind: 'nesting',
        effect: 'none',
        stage: ValidationStage.STRUCTURE,
        line: null,
        seq: null,
        byteOffset: null,
        message: `${this.nestingCount - NESTING_PROBLEMS_MAX} more turn/step nesting problems were not listed.`,
      });
  }

  private acceptChunk(seq: number, data: Record<string, unknown>): ChunkKind {
    const chunk = data.chunk;
    const chunkType = isRecord(chunk) && typeof chunk.type === 'string' ? chunk.type : '';
    const kind = CHUNK_KIND_BY_TYPE[chunkType] ?? ChunkKind.OTHER;
    const step = this.openStep;
    if (step === null) {
      this.nesting(seq, 'assistant/chunk outside a step.');
      return kind;
    }
    if (data.turn !== step.turn || data.step !== step.step)
      this.nesting(
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
    }
    return kind;
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

  private startTurn(seq: number, data: Record<string, unknown>): number {
    const number = typeof data.turn === 'number' ? data.turn : (this.lastTurnNumber ?? 0) + 1;
    if (this.openTurn !== null) {
      this.nesting(seq, `turn/start ${number} while turn ${this.openTurn.turn} is still open.`);
    } else if (this.lastTurnNumber !== null && number !== this.lastTurnNumber + 1) {
      this.nesting(
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
    this.index.turns.push(turn);
    this.openTurn = turn;
    this.openStep = null;
    this.openAttempt = null;
    this.lastTurnNumber = number;
    this.repairOpenTurn = number;
    this.repairPending.clear();
    return number;
  }

  private endTurn(seq: number, data: Record<string, unknown>): void {
    this.repairOpenTurn = null;
    this.repairPending.clear();
    const turn = this.openTurn;
    if (turn === null) {
      this.nesting(seq, `turn/end ${show(data.turn)} without an open turn.`);
      return;
    }
    if (data.turn !== turn.turn)
      this.nesting(seq, `turn/end names turn ${show(data.turn)}; open is ${turn.turn}.`);
    if (this.openStep !== null)
      this.nesting(seq, `turn/end while step ${this.openStep.step} is open (no step/end).`);
    turn.endSeq = seq;
    const reason = data.reason;
    turn.reason = isRecord(reason) && typeof reason.kind === 'string' ? reason.kind : null;
    turn.reasonDetail = reason ?? null;
    this.openTurn = null;
    this.openStep = null;
    this.openAttempt = null;
  }

  private startStep(seq: number, data: Record<string, unknown>): number {
    const turn = this.openTurn;
    const number = typeof data.step === 'number' ? data.step : 0;
    if (turn === null) {
      this.nesting(seq, `step/start ${number} outside a turn.`);
      return 0;
    }
    if (this.openStep !== null)
      this.nesting(seq, `step/start ${number} while step ${this.openStep.step} is open.`);
    const expected = (turn.steps.at(-1)?.step ?? 0) + 1;
    if (number !== expected)
      this.nesting(seq, `step/start ${number} in turn ${turn.turn}; expected step ${expected}.`);
    if (data.turn !== turn.turn)
      this.nesting(seq, `step/start names turn ${show(data.turn)}; open is ${turn.turn}.`);
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

  private endStep(seq: number, data: Record<string, unknown>): void {
    this.repairPending.clear();
    const step = this.openStep;
    if (step === null) {
      this.nesting(seq, `step/end ${show(data.step)} without an open step.`);
      return;
    }
    if (data.step !== step.step || data.turn !== step.turn)
      this.nesting(
        seq,
        `step/end names ${show(data.turn)}/${show(data.step)}; open is ${step.turn}/${step.step}.`,
      );
    step.endSeq = seq;
    this.openStep = null;
    this.openAttempt = null;
  }

  private acceptUserMessage(event: StoredEvent, data: Record<string, unknown>): void {
    const content = data.content;
    const record = this.surface.accept(
      event,
      'user/message',
      Array.isArray(content) && content.length === 0,
      null,
    );
    this.markConsumed(event);
    const source = data.source;
    if (record !== null && isRecord(source) && typeof source.compactionId === 'string') {
      this.compaction(source.compactionId).replaceSeq = event.seq;
    }
  }

  private acceptAssistantMessage(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    const message = isRecord(data.message) ? data.message : {};
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    this.surface.accept(event, 'assistant/message', content.length === 0, null);
    this.markConsumed(event);
    const step = this.openStep;
    if (step === null) this.nesting(seq, 'assistant/message outside a step.');
    else if (data.turn !== step.turn || data.step !== step.step)
      this.nesting(
        seq,
        `assistant/message names ${show(data.turn)}/${show(data.step)}; open is ${step.turn}/${step.step}.`,
      );
    if (step !== null) {
      if (isUsage(data.usage)) {
        step.usage = data.usage;
        step.usageSeq = seq;
      }
      this.linkAttempt(step, seq, event.sourceEventSeqs);
    }
    this.openAttempt = null;
    const turn = typeof data.turn === 'number' ? data.turn : (this.openTurn?.turn ?? null);
    const stepNumber = typeof data.step === 'number' ? data.step : (step?.step ?? null);
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'tool-call' || typeof block.id !== 'string') continue;
      const record = this.toolCall(
        block.id,
        typeof block.name === 'string' ? block.name : '',
        turn,
        stepNumber,
      );
      if (record.requestSeq === null) {
        record.requestSeq = seq;
        if (typeof block.arguments === 'string' && record.callSeq === null)
          record.argumentsText = block.arguments;
      }
      if (this.repairOpenTurn !== null) this.repairPending.set(block.id, { callSeq: null });
    }
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

  private acceptToolCall(seq: number, data: Record<string, unknown>): void {
    if (typeof data.callId !== 'string') return;
    const step = this.openStep;
    if (step === null) this.nesting(seq, 'tool/call outside a step.');
    else if (data.turn !== step.turn || data.step !== step.step)
      this.nesting(
        seq,
        `tool/call names ${show(data.turn)}/${show(data.step)}; open is ${step.turn}/${step.step}.`,
      );
    const record = this.toolCall(
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

  private acceptToolResult(event: StoredEvent, data: Record<string, unknown>): void {
    const message = isRecord(data.message) ? data.message : {};
    const source = isRecord(message.source) ? message.source : {};
    const callId = typeof source.callId === 'string' ? source.callId : null;
    const record = this.surface.accept(event, 'tool/result', false, callId);
    this.markConsumed(event);
    if (callId === null) return;
    this.repairPending.delete(callId);
    const call = this.index.toolCallById.get(callId);
    if (call === undefined) return;
    const isReplacement = isRecord(event.surfaceOp) || record?.op === 'replace';
    if (isReplacement) {
      call.replacementSeqs.push(event.seq);
      return;
    }
    if (call.resultSeq !== null) return;
    call.resultSeq = event.seq;
    const block = Array.isArray(message.content) ? (message.content[0] as unknown) : undefined;
    const error = data.error;
    const errorCode = isRecord(error) && typeof error.code === 'string' ? error.code : null;
    const isError = (isRecord(block) && block.isError === true) || error !== undefined;
    this.resultFacts.set(callId, { isError, errorCode });
  }

  private acceptRequestHeader(seq: number, data: Record<string, unknown>): void {
    this.index.requestHeaderSeqs.push(seq);
    const header = isRecord(data.header) ? data.header : {};
    const config = isRecord(header.config) ? header.config : {};
    this.provider = typeof config.provider === 'string' ? config.provider : null;
    this.model = typeof config.model === 'string' ? config.model : null;
    if (this.openStep !== null) {
      this.openStep.provider = this.provider;
      this.openStep.model = this.model;
    }
  }

  private acceptCommand(type: string, seq: number, data: Record<string, unknown>): void {
    if (typeof data.commandId !== 'string') return;
    if (type === 'command/run') {
      const record: CommandRecord = {
        commandId: data.commandId,
        name: typeof data.name === 'string' ? data.name : '',
        runSeq: seq,
        doneSeq: null,
        outcome: null,
      };
      this.index.commands.push(record);
      this.commandById.set(record.commandId, record);
      return;
    }
    const record = this.commandById.get(data.commandId);
    if (record === undefined || record.doneSeq !== null) return;
    record.doneSeq = seq;
    record.outcome = data.kind === 'success' || data.kind === 'error' ? data.kind : null;
  }

  private acceptApproval(type: string, seq: number, data: Record<string, unknown>): void {
    if (typeof data.id !== 'string') return;
    if (type === 'approval/asked') {
      const record: ApprovalRecord = {
        id: data.id,
        toolName: typeof data.toolName === 'string' ? data.toolName : '',
        callId: typeof data.callId === 'string' ? data.callId : null,
        askedSeq: seq,
        decidedSeq: null,
        outcome: null,
      };
      this.index.approvals.push(record);
      this.approvalById.set(record.id, record);
      return;
    }
    const record = this.approvalById.get(data.id);
    if (record === undefined || record.decidedSeq !== null) return;
    record.decidedSeq = seq;
    record.outcome = typeof data.outcome === 'string' ? data.outcome : null;
  }

  private acceptCompaction(type: string, seq: number, data: Record<string, unknown>): void {
    if (typeof data.compactionId !== 'string') return;
    const record = this.compaction(data.compactionId);
    if (type === 'compaction/start') {
      if (record.startSeq === null) record.startSeq = seq;
    } else if (type === 'compaction/summary') {
      if (record.summarySeq === null) record.summarySeq = seq;
    } else if (record.endSeq === null) {
      record.endSeq = seq;
      record.error = typeof data.error === 'string' ? data.error : null;
    }
  }

  private compaction(compactionId: string): CompactionRecord {
    let record = this.compactionById.get(compactionId);
    if (record === undefined) {
      record = {
        compactionId,
        startSeq: null,
        summarySeq: null,
        replaceSeq: null,
        endSeq: null,
        error: null,
        isStale: false,
      };
      this.index.compactions.push(record);
      this.compactionById.set(compactionId, record);
    }
    return record;
  }

  private acceptRetry(type: string, seq: number, data: Record<string, unknown>): void {
    if (typeof data.retryId !== 'string' || typeof data.retry !== 'number') return;
    const key = `${data.retryId}\u0000${data.retry}`;
    if (type === 'llm/retry') {
      const failure = isRecord(data.failure) ? data.failure : {};
      const record: RetryRecord = {
        retryId: data.retryId,
        seq,
        startedSeq: null,
        turn: typeof data.turn === 'number' ? data.turn : 0,
        step: typeof data.step === 'number' ? data.step : 0,
        retry: data.retry,
        failureCode: typeof failure.code === 'string' ? failure.code : null,
        failureMessage: typeof failure.message === 'string' ? failure.message : null,
      };
      this.index.retries.push(record);
      this.retryByKey.set(key, record);
      return;
    }
    const record = this.retryByKey.get(key);
    if (record !== undefined && record.startedSeq === null) record.startedSeq = seq;
  }

  private toolCall(callId: string, name: string, turn: number | null, step: number | null): ToolCallRecord {
    let record = this.index.toolCallById.get(callId);
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
      this.index.toolCalls.push(record);
      this.index.toolCallById.set(callId, record);
    }
    return record;
  }

  /** consumedBy: the first surface event citing each seq. */
  private markConsumed(event: StoredEvent): void {
    const sources: unknown = event.sourceEventSeqs;
    if (!Array.isArray(sources)) return;
    const consumedBy = this.index.consumedBy;
    for (const source of sources) {
      if (typeof source !== 'number' || !Number.isInteger(source) || source < 0 || source >= event.seq)
        continue;
      if (consumedBy.get(source) === -1) consumedBy.set(source, event.seq);
    }
  }

  private nesting(seq: number, message: string): void {
    this.nestingCount += 1;
    if (this.nestingCount > NESTING_PROBLEMS_MAX) return;
    this.problem('nesting', seq, message);
  }

  private problem(kind: 'nesting' | 'surface', seq: number, message: string): void {
    const lineIndex = seq < this.store.eventCount ? this.store.eventLine.get(seq) : -1;
    const line =
      lineIndex >= 0 && lineIndex < this.store.lineCount ? this.store.lineNumber.get(lineIndex) : null;
    this.report({
      kind,
      effect: kind === 'surface' ? 'corrupt' : 'none',
      stage: kind === 'surface' ? ValidationStage.SURFACE : ValidationStage.STRUCTURE,
      line,
      seq,
      byteOffset: null,
      message:
        kind === 'surface' ? `Surface fold at seq ${seq}: ${message} Upstream rejects this log.` : message,
    });
  }
}

function isUsage(value: unknown): value is TokenUsage {
  return isRecord(value) && typeof value.inputTokens === 'number' && typeof value.outputTokens === 'number';
}

function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  try {
    return (JSON.stringify(value) ?? 'undefined').slice(0, 40);
  } catch {
    // Nested deeper than JSON.stringify recurses.
    return Array.isArray(value) ? '[…]' : '{…}';
  }
}
