// Assembles streamed chunks into content blocks by upstream's BlockAssembler rules (FORMAT.md §5.1),
// and derives the streaming state of a model attempt at any seq.

import { findSpanAt } from '../base/span-lookup.ts';
import { readChunkData } from '../storage/chunk-reader.ts';
import { expandStream } from '../format/generations/stream-records.ts';
import type { ContentBlock, TokenUsage } from '../event.ts';
import { ChunkKind, isRecord } from '../event.ts';
import type { AttemptSpan, StepSpan, TurnSpan } from '../structure/turns.ts';
import type { OpenedLog } from '../open/opened-log.ts';

/** The partial assistant output of a model attempt at a seq (FORMAT.md §5.1 BlockAssembler rules). */
export interface StreamingState {
  turn: number;
  step: number;
  firstChunkSeq: number;
  atSeq: number;
  /** Blocks assembled so far, in first-seen order; unfinished blocks assembled from their deltas. */
  blocks: ContentBlock[];
  /** finish.reason.kind if the attempt already finished at atSeq, else null (still streaming). */
  finishKind: string | null;
  usage: TokenUsage | null;
  /** Chunks of this attempt applied so far. */
  chunkCount: number;
  /**
   * Wall-clock times (ms) of the first and the last applied chunk: event times of top-level chunks
   * (generations 0/1), or the stream records' own times when the stream is embedded (2 on).
   */
  startTime: number | null;
  endTime: number | null;
  /** The stream is embedded in one event (an assistant/attempt of generation 2 on), not top-level chunks. */
  isEmbedded: boolean;
}

interface BlockDraft {
  index: number;
  blockType: string;
  text: string;
  id: string | null;
  name: string | null;
  argumentsText: string;
  /** The authoritative block from the first block-end; later chunks for the index are ignored. */
  frozen: ContentBlock | null;
}

/**
 * Accumulates the chunks of one model attempt. Block order is first-seen index order; the first
 * block-end replaces and freezes a block; the last usage wins; a max-tokens finish drops tool
 * calls from the assembled blocks.
 */
export class BlockAssembler {
  private readonly blocks: BlockDraft[] = [];
  private readonly byIndex = new Map<number, BlockDraft>();
  usage: TokenUsage | null = null;
  /** `finish.reason.kind` once a finish chunk was applied, else null. */
  finishKind: string | null = null;
  chunkCount = 0;

  /** Applies one `chunk` object (the `data.chunk` of an assistant/chunk). Unknown chunks are counted only. */
  apply(chunk: unknown): void {
    this.chunkCount += 1;
    if (!isRecord(chunk)) return;
    switch (chunk.type) {
      case 'block-start': {
        const draft = this.draft(
          chunk.index,
          typeof chunk.blockType === 'string' ? chunk.blockType : 'unknown',
        );
        if (draft !== null && draft.frozen === null && typeof chunk.blockType === 'string')
          draft.blockType = chunk.blockType;
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const draft = this.draft(chunk.index, chunk.type === 'text-delta' ? 'text' : 'reasoning');
        if (draft !== null && draft.frozen === null && typeof chunk.text === 'string')
          draft.text += chunk.text;
        break;
      }
      case 'tool-call-delta': {
        const draft = this.draft(chunk.index, 'tool-call');
        if (draft === null || draft.frozen !== null) break;
        if (typeof chunk.id === 'string') draft.id = chunk.id;
        if (typeof chunk.name === 'string' && chunk.name !== '') draft.name = chunk.name;
        if (typeof chunk.argumentsDelta === 'string') draft.argumentsText += chunk.argumentsDelta;
        break;
      }
      case 'block-end': {
        const block = chunk.block;
        const draft = this.draft(
          chunk.index,
          isRecord(block) && typeof block.type === 'string' ? block.type : 'unknown',
        );
        if (draft !== null && draft.frozen === null && isRecord(block)) draft.frozen = block as ContentBlock;
        break;
      }
      case 'usage':
        if (isRecord(chunk.usage)) this.usage = chunk.usage as unknown as TokenUsage;
        break;
      case 'finish': {
        const reason = chunk.reason;
        this.finishKind = isRecord(reason) && typeof reason.kind === 'string' ? reason.kind : 'unknown';
        break;
      }
      default:
        break;
    }
  }

  /** The blocks assembled so far, as fresh objects (frozen blocks are copied). */
  snapshot(): ContentBlock[] {
    const result: ContentBlock[] = [];
    for (const draft of this.blocks) {
      const block = draft.frozen !== null ? (copyJsonValue(draft.frozen) as ContentBlock) : buildBlock(draft);
      if (this.finishKind === 'max-tokens' && block.type === 'tool-call') continue;
      result.push(block);
    }
    return result;
  }

  private draft(index: unknown, blockType: string): BlockDraft | null {
    if (typeof index !== 'number') return null;
    let draft = this.byIndex.get(index);
    if (draft === undefined) {
      draft = { index, blockType, text: '', id: null, name: null, argumentsText: '', frozen: null };
      this.byIndex.set(index, draft);
      this.blocks.push(draft);
    }
    return draft;
  }
}

function buildBlock(draft: BlockDraft): ContentBlock {
  switch (draft.blockType) {
    case 'text':
      return { type: 'text', text: draft.text };
    case 'reasoning':
      return { type: 'reasoning', text: draft.text };
    case 'tool-call':
      return {
        type: 'tool-call',
        id: draft.id ?? `call-${draft.index}`,
        name: draft.name ?? '',
        arguments: draft.argumentsText,
      };
    default:
      return { type: draft.blockType };
  }
}

type JsonContainer = Record<string, unknown> | unknown[];

/**
 * A deep copy of a parsed JSON value, without recursion: log data may nest to any depth JSON.parse
 * accepts (FORMAT.md §3.4), far beyond the stack. Keys such as `__proto__` stay own data.
 */
function copyJsonValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const emptyLike = (source: object): JsonContainer => (Array.isArray(source) ? [] : {});
  const root = emptyLike(value);
  const pending: [source: JsonContainer, target: JsonContainer][] = [[value as JsonContainer, root]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    for (const key of Object.keys(source)) {
      let child = (source as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) {
        const copy = emptyLike(child);
        pending.push([child as JsonContainer, copy]);
        child = copy;
      }
      Object.defineProperty(target, key, {
        value: child,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  }
  return root;
}

/** The attempt whose streaming window contains `atSeq`, with its step and turn, or null. */
function findAttemptAt(
  log: OpenedLog,
  atSeq: number,
): { turn: TurnSpan; step: StepSpan; attempt: AttemptSpan } | null {
  if (atSeq < 0 || atSeq >= log.index.turnOf.length || log.index.stepOf.get(atSeq) === 0) return null;
  const turn = findSpanAt(log.index.turns, atSeq);
  const step = turn === null ? null : findSpanAt(turn.steps, atSeq);
  if (turn === null || step === null) return null;
  for (const attempt of step.attempts) {
    if (attempt.firstChunkSeq > atSeq) break;
    const lastSeq = attempt.messageSeq !== null ? attempt.messageSeq - 1 : attempt.lastChunkSeq;
    if (atSeq <= lastSeq) return { turn, step, attempt };
  }
  return null;
}

interface AssemblyCache {
  firstChunkSeq: number;
  appliedThrough: number;
  assembler: BlockAssembler;
}

/** The last assembly per log, so scrubbing forward through one attempt applies each chunk once. */
const assemblyCache = new WeakMap<OpenedLog, AssemblyCache>();

/**
 * The partial assistant output at `atSeq` when it lies inside a model attempt (from its first
 * chunk up to the seq before its assistant/message, or its last chunk when it has none), else
 * null. Blocks are assembled from the attempt's chunks with seq <= atSeq.
 */
export function deriveStreamingState(log: OpenedLog, atSeq: number): StreamingState | null {
  const found = findAttemptAt(log, atSeq);
  if (found === null) return null;
  const { step, attempt } = found;
  if (log.index.chunkKind.get(attempt.firstChunkSeq) === ChunkKind.NONE)
    return deriveEmbeddedStreamingState(log, step, attempt.firstChunkSeq, atSeq);
  let cache = assemblyCache.get(log);
  if (cache === undefined || cache.firstChunkSeq !== attempt.firstChunkSeq || cache.appliedThrough > atSeq) {
    cache = {
      firstChunkSeq: attempt.firstChunkSeq,
      appliedThrough: attempt.firstChunkSeq - 1,
      assembler: new BlockAssembler(),
    };
    assemblyCache.set(log, cache);
  }
  const through = Math.min(atSeq, attempt.lastChunkSeq);
  const chunkKind = log.index.chunkKind;
  for (let seq = cache.appliedThrough + 1; seq <= through; seq++) {
    if (chunkKind.get(seq) === ChunkKind.NONE) continue;
    const data = readChunkData(log.store, seq);
    cache.assembler.apply(data?.chunk);
  }
  if (through > cache.appliedThrough) cache.appliedThrough = through;
  const assembler = cache.assembler;
  const times = log.store.eventTime;
  return {
    turn: step.turn,
    step: step.step,
    firstChunkSeq: attempt.firstChunkSeq,
    atSeq,
    blocks: assembler.snapshot(),
    finishKind: assembler.finishKind,
    usage: assembler.usage === null ? null : { ...assembler.usage },
    chunkCount: assembler.chunkCount,
    startTime: finiteOrNull(times.get(attempt.firstChunkSeq)),
    endTime: finiteOrNull(times.get(through)),
    isEmbedded: false,
  };
}

/** An attempt whose stream is `data.stream` of the event at `seq` (generation 2 on): assembled whole. */
function deriveEmbeddedStreamingState(
  log: OpenedLog,
  step: StepSpan,
  seq: number,
  atSeq: number,
): StreamingState {
  const event = log.store.readEvent(seq);
  const { chunks } = expandStream(isRecord(event.data) ? event.data.stream : undefined);
  const assembler = new BlockAssembler();
  for (const { chunk } of chunks) assembler.apply(chunk);
  return {
    turn: step.turn,
    step: step.step,
    firstChunkSeq: seq,
    atSeq,
    blocks: assembler.snapshot(),
    finishKind: assembler.finishKind,
    usage: assembler.usage === null ? null : { ...assembler.usage },
    chunkCount: assembler.chunkCount,
    startTime: chunks[0]?.time ?? null,
    endTime: chunks.at(-1)?.time ?? null,
    isEmbedded: true,
  };
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
