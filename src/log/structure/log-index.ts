// The builder the decoder streams events into, filling the structural index of a log (its shape:
// log-index-data.ts; FORMAT.md §6–§7): per-seq columns here; turns/steps/attempts, tool calls, other pairings and the surface fold each
// in their own module (turns.ts, tool-calls.ts, pairings.ts, surface.ts), beside their types.

import { countContentChars, estimateJsonChars } from './content-chars.ts';
import type { ChunkRun, EventSink } from './event-sink.ts';
import type { StoredEvent } from '../event.ts';
import { ChunkKind, isRecord, isSurfaceEventType } from '../event.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { LogProblem } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import { PairingTracker } from './pairings.ts';
import { SurfaceFolder } from './surface.ts';
import { ToolCallTracker } from './tool-calls.ts';
import { TurnTracker } from './turns.ts';
import { createEmptyLogIndex, type LogIndex } from './log-index-data.ts';

/** Nesting problems reported one by one; after that a single summary problem counts the rest. */
const NESTING_PROBLEMS_MAX = 200;

/** The index under construction plus the decoder-facing sink that fills it. */
export interface LogIndexBuilder extends EventSink {
  readonly index: LogIndex;
  /**
   * Derives, for the events accepted so far, what finish() derives at the end (tool-call statuses
   * with crash repair, stale compactions) without ending the index: more events may follow (a log
   * being followed while dsh writes it). Idempotent; O(tool calls + compactions).
   */
  settle(): void;
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

const CHUNK_KIND_BY_ROW: Record<ChunkRun['rowType'], ChunkKind> = {
  'text-chunks': ChunkKind.TEXT_DELTA,
  'reasoning-chunks': ChunkKind.REASONING_DELTA,
  'tool-call-chunks': ChunkKind.TOOL_CALL_DELTA,
};

/** Routes each event to the trackers that build from it, and fills the per-seq columns. */
class IndexBuilder implements LogIndexBuilder {
  readonly index: LogIndex = createEmptyLogIndex();
  private readonly surface: SurfaceFolder;
  private readonly turns: TurnTracker;
  private readonly toolCalls: ToolCallTracker;
  private readonly pairings: PairingTracker;
  private nestingCount = 0;

  constructor(
    private readonly store: LogStore,
    private readonly report: (problem: LogProblem) => void,
  ) {
    const { index } = this;
    this.surface = new SurfaceFolder(
      index.surfaceOps,
      index.surfaceOpSeqs,
      index.surfaceCheckpoints,
      (seq, message) => this.problem('surface', seq, message),
      (seq) => this.store.readExactEvent(seq),
    );
    this.turns = new TurnTracker(index.turns, (seq, message) => this.nesting(seq, message));
    this.toolCalls = new ToolCallTracker(index.toolCalls, index.toolCallById);
    this.pairings = new PairingTracker(index);
  }

  acceptEvent(event: StoredEvent): void {
    const seq = event.seq;
    const data: Record<string, unknown> = isRecord(event.data) ? event.data : {};
    let turn = this.turns.openTurnNumber ?? 0;
    let step = this.turns.openStepNumber ?? 0;
    let chunkKind: ChunkKind = ChunkKind.NONE;
    this.index.consumedBy.push(-1);
    const type = event.type;
    if (!isSurfaceEventType(type)) {
      if (event.surfaceOp !== undefined || event.sourceEventSeqs !== undefined)
        this.surface.checkNonSurface(event);
    }
    switch (type) {
      case 'assistant/chunk':
        chunkKind = this.turns.acceptChunk(seq, data);
        break;
      case 'turn/start':
        turn = this.turns.startTurn(seq, data);
        this.toolCalls.startTurn(turn);
        step = 0;
        break;
      case 'turn/end':
        this.toolCalls.endTurn();
        this.turns.endTurn(seq, data);
        break;
      case 'step/start':
        step = this.turns.startStep(seq, data);
        turn = this.turns.openTurnNumber ?? 0;
        break;
      case 'step/end':
        this.toolCalls.endStep();
        this.turns.endStep(seq, data);
        break;
      case 'user/message':
        this.acceptUserMessage(event, data);
        break;
      case 'assistant/message':
        this.acceptAssistantMessage(event, data);
        break;
      case 'assistant/attempt':
        this.turns.acceptAttempt(seq, data);
        break;
      case 'system/message':
      case 'developer/message':
        this.acceptHeadMessage(event, type, data);
        break;
      case 'tool/call':
        if (typeof data.callId !== 'string') break;
        this.turns.checkInOpenStep(seq, 'tool/call', data);
        this.toolCalls.acceptCall(seq, data as Record<string, unknown> & { callId: string });
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
        this.pairings.acceptCommand(type, seq, data);
        break;
      case 'approval/asked':
      case 'approval/decided':
        this.pairings.acceptApproval(type, seq, data);
        break;
      case 'approval/policy':
        this.pairings.acceptApprovalPolicy(seq, data);
        break;
      case 'compaction/start':
      case 'compaction/summary':
      case 'compaction/end':
        this.pairings.acceptCompaction(type, seq, data);
        break;
      case 'llm/retry':
      case 'llm/retry-started':
        this.pairings.acceptRetry(type, seq, data);
        break;
      default:
        break;
    }
    this.index.turnOf.push(turn);
    this.index.stepOf.push(step);
    this.index.chunkKind.push(chunkKind);
  }

  acceptChunkRun(run: ChunkRun): void {
    this.index.turnOf.fill(this.turns.openTurnNumber ?? 0, run.count);
    this.index.stepOf.fill(this.turns.openStepNumber ?? 0, run.count);
    this.index.chunkKind.fill(CHUNK_KIND_BY_ROW[run.rowType], run.count);
    this.index.consumedBy.fill(-1, run.count);
    this.turns.acceptChunkRun(run);
  }

  settle(): void {
    this.toolCalls.finish();
    this.pairings.finish(this.index.endSeedSeqs.at(-1) ?? -1);
  }

  finish(): void {
    this.index.turnOf.shrink();
    this.index.stepOf.shrink();
    this.index.chunkKind.shrink();
    this.index.consumedBy.shrink();
    this.toolCalls.finish();
    this.pairings.finish(this.index.endSeedSeqs.at(-1) ?? -1);
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

  private acceptUserMessage(event: StoredEvent, data: Record<string, unknown>): void {
    const content = data.content;
    const record = this.surface.accept(
      event,
      'user/message',
      Array.isArray(content) && content.length === 0,
      null,
      'user',
      countContentChars(content),
    );
    this.markConsumed(event);
    const source = data.source;
    if (record !== null && isRecord(source) && typeof source.compactionId === 'string')
      this.pairings.acceptCompactionReplacement(source.compactionId, event.seq);
  }

  private acceptAssistantMessage(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    const message = isRecord(data.message) ? data.message : {};
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    this.surface.accept(
      event,
      'assistant/message',
      content.length === 0,
      null,
      'assistant',
      countContentChars(content),
    );
    this.markConsumed(event);
    const stepNumber = this.turns.openStepNumber;
    this.turns.acceptAssistantMessage(seq, data, event.sourceEventSeqs);
    this.toolCalls.acceptRequests(
      seq,
      content,
      typeof data.turn === 'number' ? data.turn : this.turns.openTurnNumber,
      typeof data.step === 'number' ? data.step : stepNumber,
    );
  }

  /**
   * system/message (generation 3 on) and developer/message (4): surface nodes of the system and
   * developer roles, inside a step. An empty one is a node that projects nothing (no system prompt).
   */
  private acceptHeadMessage(
    event: StoredEvent,
    type: 'system/message' | 'developer/message',
    data: Record<string, unknown>,
  ): void {
    const message = isRecord(data.message) ? data.message : {};
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    this.surface.accept(
      event,
      type,
      content.length === 0,
      null,
      type === 'system/message' ? 'system' : 'developer',
      countContentChars(content),
    );
    this.markConsumed(event);
    this.turns.checkInOpenStep(event.seq, type, data);
  }

  private acceptToolResult(event: StoredEvent, data: Record<string, unknown>): void {
    const message = isRecord(data.message) ? data.message : {};
    const source = isRecord(message.source) ? message.source : {};
    const callId = typeof source.callId === 'string' ? source.callId : null;
    const record = this.surface.accept(
      event,
      'tool/result',
      false,
      callId,
      message.role === 'tool' ? 'tool' : 'user',
      countContentChars(message.content),
    );
    this.markConsumed(event);
    if (callId === null) return;
    const isReplacement = isRecord(event.surfaceOp) || record?.op === 'replace';
    this.toolCalls.acceptResult(event.seq, callId, isReplacement, message, data);
  }

  private acceptRequestHeader(seq: number, data: Record<string, unknown>): void {
    this.index.requestHeaderSeqs.push(seq);
    const header = isRecord(data.header) ? data.header : {};
    this.index.requestHeaderSystemChars.push(typeof header.system === 'string' ? header.system.length : 0);
    this.index.requestHeaderToolChars.push(Array.isArray(header.tools) ? estimateJsonChars(header.tools) : 0);
    const config = isRecord(header.config) ? header.config : {};
    this.turns.setRoute(
      typeof config.provider === 'string' ? config.provider : null,
      typeof config.model === 'string' ? config.model : null,
    );
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
