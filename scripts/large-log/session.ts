// The state of the session being simulated (clock, next seq, surface, request header) and the two
// ways every part of the simulation writes an event: `emit` and `emitChunk`.

import type { Random } from '../lib/random.ts';
import type { LargeLogStats } from './stats.ts';
import type { ChunkEvent, LogicalEvent, PlainEvent } from './logical-event.ts';
import type { ToolDefinition } from './tools.ts';

/** A node of the surface (FORMAT.md §6): the event that put it there and its turn (-1: a checkpoint). */
export interface SurfaceNode {
  seq: number;
  turn: number;
}

/** A successful tool result kept as a pruning candidate: its seq and the data it was written with. */
export interface ToolResultRecord {
  seq: number;
  data: {
    turn: number;
    step: number;
    message: {
      source: unknown;
      content: { type: string; toolCallId: string; content: unknown[]; isError: boolean }[];
      role: string;
      id: string;
    };
    error?: unknown;
  };
}

/** Why the next `request/header` is written (FORMAT.md §5.1). */
type RequestHeaderReason = 'initial' | 'resume' | 'change';

/** The request header the next model request uses, and whether it still has to be written. */
export interface RequestHeaderState {
  /** Bumped at each header change; lengthens the system prompt and tool descriptions. */
  revision: number;
  model: string;
  /** The model of the last `request/context` written ('' before the first). */
  contextModel: string;
  isWritten: boolean;
  isDirty: boolean;
  reason: RequestHeaderReason;
  systemPrompt: string;
  tools: ToolDefinition[];
}

/** Everything the simulation reads and changes; one per generated log, owned by `generateLogBatches`. */
export interface Session {
  readonly random: Random;
  readonly stats: LargeLogStats;
  readonly cwd: string;
  readonly provider: string;
  /** The session clock (ms since the epoch): the time of the next event. */
  now: number;
  /** The seq of the next event. */
  seq: number;
  /** Receives every event, in seq order. */
  readonly write: (event: LogicalEvent) => void;
  /** The surface, oldest node first. */
  readonly surface: SurfaceNode[];
  /** Large successful tool results that pruning may shorten (at most 64, oldest first). */
  readonly recentToolResults: ToolResultRecord[];
  readonly header: RequestHeaderState;
  isTitleWritten: boolean;
  isManualCompactionDone: boolean;
}

/** Writes one event at the session clock and returns its seq. */
export function emit(
  session: Session,
  type: string,
  data: unknown,
  extra?: Pick<PlainEvent, 'sourceEventSeqs' | 'surfaceOp'>,
): number {
  const event: PlainEvent = { type, seq: session.seq, time: session.now, data };
  if (extra?.sourceEventSeqs !== undefined) event.sourceEventSeqs = extra.sourceEventSeqs;
  if (extra?.surfaceOp !== undefined) event.surfaceOp = extra.surfaceOp;
  session.write(event);
  session.seq += 1;
  return event.seq;
}

/** Writes one `assistant/chunk` of `turn`/`step` at the session clock and returns its seq. */
export function emitChunk(
  session: Session,
  turn: number,
  step: number,
  chunk: Record<string, unknown>,
): number {
  const event: ChunkEvent = {
    type: 'assistant/chunk',
    seq: session.seq,
    time: session.now,
    data: { turn, step, chunk },
  };
  session.write(event);
  session.seq += 1;
  return event.seq;
}

/** Records the surface size, so the stats hold the largest the surface ever was. */
export function trackSurface(session: Session): void {
  if (session.surface.length > session.stats.maxSurfaceNodes)
    session.stats.maxSurfaceNodes = session.surface.length;
}
