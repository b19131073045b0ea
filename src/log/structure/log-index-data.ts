// The structural index of a log as plain data (FORMAT.md §6–§7): per-seq columns and the records
// the trackers build (turns.ts, tool-calls.ts, pairings.ts, surface.ts). log-index.ts fills it.

import { Column } from '../base/columns.ts';
import type {
  ApprovalPolicyRecord,
  ApprovalRecord,
  CommandRecord,
  CompactionRecord,
  RetryRecord,
} from './pairings.ts';
import type { SurfaceCheckpoint, SurfaceOpRecord } from './surface.ts';
import type { ToolCallRecord } from './tool-calls.ts';
import type { TurnSpan } from './turns.ts';

/**
 * Structural index of a log. Columns have one entry per event (seq); `-1`/`0` mean "none" as
 * documented per column. Everything here is derived from the events; nothing is stored twice.
 * Plain data, transferable as-is except the typed-array columns, which are transferred.
 */
export interface LogIndex {
  /** Enclosing turn number per seq (turn/start..turn/end inclusive), 0 outside any turn. */
  turnOf: Column<Int32Array>;
  /** Enclosing step number per seq (step/start..step/end inclusive), 0 outside any step. */
  stepOf: Column<Int32Array>;
  /** ChunkKind per seq (0 for non-chunks). */
  chunkKind: Column<Uint8Array>;
  /** The surface event whose sourceEventSeqs cite this seq (first citer), or -1. */
  consumedBy: Column<Int32Array>;

  turns: TurnSpan[];
  toolCalls: ToolCallRecord[];
  toolCallById: Map<string, ToolCallRecord>;
  commands: CommandRecord[];
  approvals: ApprovalRecord[];
  approvalPolicies: ApprovalPolicyRecord[];
  compactions: CompactionRecord[];
  retries: RetryRecord[];
  surfaceOps: SurfaceOpRecord[];
  /** The seq of each `surfaceOps` entry (ascending): the column `findOp` searches. */
  surfaceOpSeqs: number[];
  /** Checkpoints of the display surface, ascending by opCount; the first is the empty surface. */
  surfaceCheckpoints: SurfaceCheckpoint[];
  /** Seqs of every request/header, in order. */
  requestHeaderSeqs: number[];
  /**
   * Per request/header (same order as requestHeaderSeqs): characters of its `system` string (0
   * when absent) and of its `tools` as JSON (0 when absent), for the token estimates of a request.
   */
  requestHeaderSystemChars: number[];
  requestHeaderToolChars: number[];
  /** Seqs of every request/context, in order. */
  requestContextSeqs: number[];
  /** Seqs of session/end-seed events. */
  endSeedSeqs: number[];
  /** agentPreset of the last agent-preset/selected, or null (the header value applies). */
  selectedAgentPreset: string | null;
  /** Latest session/title, or null. */
  title: string | null;
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
    approvalPolicies: [],
    compactions: [],
    retries: [],
    surfaceOps: [],
    surfaceOpSeqs: [],
    surfaceCheckpoints: [],
    requestHeaderSeqs: [],
    requestHeaderSystemChars: [],
    requestHeaderToolChars: [],
    requestContextSeqs: [],
    endSeedSeqs: [],
    selectedAgentPreset: null,
    title: null,
  };
}
