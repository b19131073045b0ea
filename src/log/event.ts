// The vocabulary of a dsh session log (FORMAT.md §3, §5): stored events, messages, content blocks.

/** `surfaceOp` of a surface-eligible event (FORMAT.md §6.2). `start`/`end` are surface-node seqs. */
export type SurfaceOp = 'append' | { op: 'replace'; start: number; end: number };

/**
 * One event as stored on a line (or expanded from a packed row), before any typing of `data`.
 * Values come straight from JSON.parse of untrusted text: validate before trusting `data`.
 */
export interface StoredEvent {
  type: string;
  seq: number;
  time: number;
  data: unknown;
  ignorable?: true;
  surfaceOp?: SurfaceOp;
  sourceEventSeqs?: number[];
}

/** The header line (FORMAT.md §2.1), as parsed; fields are only trusted after header validation. */
export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  createdAt: number;
  cwd?: string;
  parentSession?: string;
  seedLength?: number;
  origin?: 'subagent';
  delegationDepth: number;
  agentPreset?: string;
  [key: string]: unknown;
}

/** Content blocks (FORMAT.md §5.1). The union is extensible: unknown `type`s must render generically. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | {
      type: 'image';
      attachment: {
        attachmentId: string;
        mediaType: string;
        bytes: number;
        width: number;
        height: number;
        name?: string;
      };
    }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'tool-result'; toolCallId: string; content: ContentBlock[]; isError?: boolean }
  | { type: string; [key: string]: unknown };

/** The role of a message: `system` from generation 3, `developer` and `tool` from 4 (docs/format-generations.md). */
export type MessageRole = 'user' | 'assistant' | 'system' | 'developer' | 'tool';

/** A model-visible message (FORMAT.md §5.1). `source` is harness metadata, never sent to the model. */
export interface Message {
  id: string;
  role: MessageRole;
  content: ContentBlock[];
  source: { kind: string; [key: string]: unknown };
}

/**
 * The surface-eligible event types: the three of FORMAT.md §6.1, then `system/message` (generation
 * 3 on) and `developer/message` (generation 4). The order is an index in packed model views.
 */
export const SURFACE_EVENT_TYPES = [
  'user/message',
  'assistant/message',
  'tool/result',
  'system/message',
  'developer/message',
] as const;
export type SurfaceEventType = (typeof SURFACE_EVENT_TYPES)[number];

/** True for the event types that carry a surfaceOp (SURFACE_EVENT_TYPES). */
export function isSurfaceEventType(type: string): type is SurfaceEventType {
  return (SURFACE_EVENT_TYPES as readonly string[]).includes(type);
}

/** Storage-only tags of packed chunk rows (FORMAT.md §4); never event types. */
export type PackedRowType = 'text-chunks' | 'reasoning-chunks' | 'tool-call-chunks';

/**
 * Kind of an `assistant/chunk`, as a small integer for the `chunkKind` column.
 * NONE is used for events that are not chunks; OTHER for unknown chunk variants (extensible union).
 */
export const ChunkKind = {
  NONE: 0,
  BLOCK_START: 1,
  TEXT_DELTA: 2,
  REASONING_DELTA: 3,
  TOOL_CALL_DELTA: 4,
  BLOCK_END: 5,
  USAGE: 6,
  FINISH: 7,
  OTHER: 8,
} as const;
export type ChunkKind = (typeof ChunkKind)[keyof typeof ChunkKind];

/** Token usage report (FORMAT.md §5.1). Billed input = input + cacheRead + cacheWrite. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  reasoningTokens?: number;
}

/** Returns true for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
