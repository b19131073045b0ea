// The shape of the structural index built from a log's events (FORMAT.md §6, §7): turns, steps,
// model attempts, tool calls and other pairings, surface history. Plain data, transferable as-is
// except the typed-array columns, which are transferred.

import type { Column } from '../base/columns.ts';
import type { TokenUsage } from '../event.ts';

/** Turn end reasons (FORMAT.md §5.1); the union is extensible, so any other string may appear. */
export type TurnEndReasonKind = 'completed' | 'aborted' | 'blocked' | 'error' | 'max-tokens' | 'interrupted';

/** One model attempt inside a step (FORMAT.md §7.4): chunks up to and including a `finish`. */
export interface AttemptSpan {
  firstChunkSeq: number;
  lastChunkSeq: number;
  /** `finish.reason.kind`, or null when the stream stopped without a finish (cancelled, crashed, still live). */
  finishKind: string | null;
  /** The assistant/message citing this attempt's chunks, or null (failed or cut-off attempt). */
  messageSeq: number | null;
}

export interface StepSpan {
  turn: number;
  step: number;
  startSeq: number;
  /** Seq of step/end, or null while open (hanging). */
  endSeq: number | null;
  attempts: AttemptSpan[];
  /** provider/model of the last request/header in force for this step, when known. */
  provider: string | null;
  model: string | null;
  /** The last usage report of the step (FORMAT.md §7.7), or null. */
  usage: TokenUsage | null;
  usageSeq: number | null;
}

export interface TurnSpan {
  turn: number;
  startSeq: number;
  /** Seq of turn/end, or null: a hanging turn (live, crashed or truncated copy). */
  endSeq: number | null;
  /** `reason.kind` of turn/end after legacy upgrade (see TurnEndReasonKind; extensible), or null while hanging. */
  reason: string | null;
  /** The full reason object (e.g. `{kind:'error', error:{message, code}}`), or null. */
  reasonDetail: unknown;
  steps: StepSpan[];
}

export type ToolCallStatus = 'ok' | 'error' | 'not-started' | 'outcome-unknown' | 'no-result';

/** One tool-call id, requested by an assistant message and/or seen in tool/call (CLI.md `toolCalls`). */
export interface ToolCallRecord {
  callId: string;
  name: string;
  turn: number | null;
  step: number | null;
  /** assistant/message whose content holds the tool-call block, or null. */
  requestSeq: number | null;
  /** tool/call seq, or null when none was recorded. */
  callSeq: number | null;
  /** First append tool/result for this id, or null. */
  resultSeq: number | null;
  /** Pruning replacements of the result (surface replace tool/results with this call id). */
  replacementSeqs: number[];
  status: ToolCallStatus;
  /** tool/result data.error.code, when present. */
  errorCode: string | null;
  /** Raw JSON text of the arguments, as the model produced it. */
  argumentsText: string;
}

export interface CommandRecord {
  commandId: string;
  name: string;
  runSeq: number;
  doneSeq: number | null;
  outcome: 'success' | 'error' | null;
}

export interface ApprovalRecord {
  id: string;
  toolName: string;
  callId: string | null;
  askedSeq: number;
  decidedSeq: number | null;
  outcome: string | null;
}

export interface CompactionRecord {
  compactionId: string;
  startSeq: number | null;
  summarySeq: number | null;
  /** The replacing user/message (surface replace). */
  replaceSeq: number | null;
  endSeq: number | null;
  error: string | null;
  /** Orphaned lock before the last session/end-seed (FORMAT.md §5.3). */
  isStale: boolean;
}

export interface RetryRecord {
  retryId: string;
  seq: number;
  startedSeq: number | null;
  turn: number;
  step: number;
  retry: number;
  failureCode: string | null;
  failureMessage: string | null;
}

/** One surface operation, in seq order (FORMAT.md §6.2). */
export interface SurfaceOpRecord {
  seq: number;
  /** Event type after upgrade: user/message, assistant/message or tool/result. */
  type: 'user/message' | 'assistant/message' | 'tool/result';
  op: 'append' | 'replace';
  /** For replace: the surface-node seqs bounding the shadowed span. */
  start: number | null;
  end: number | null;
  /** True for an assistant/message with empty content (a node that projects nothing, §6.3). */
  isEmpty: boolean;
  /** False when the lenient display fold skipped this op (reported as a surface problem). */
  isApplied: boolean;
  /** For an applied replace: the surface nodes it shadowed, in surface order; [] otherwise. */
  shadowedSeqs: number[];
  /** tool/result only: `message.source.callId`, or null. */
  callId: string | null;
}

/**
 * A copy of the display surface (CLI.md "Surface for display") after the first `opCount` entries
 * of `surfaceOps` were folded; the last of them has seq `seq`. Lets the model view at any seq be
 * answered from the nearest checkpoint instead of refolding from seq 0.
 */
export interface SurfaceCheckpoint {
  opCount: number;
  /** Seq of the last folded op, or -1 for the empty start. */
  seq: number;
  /** Surface node seqs in surface order. */
  nodes: Int32Array;
}

/**
 * Structural index of a log. Columns have one entry per event (seq); `-1`/`0` mean "none" as
 * documented per column. Everything here is derived from the events; nothing is stored twice.
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
  compactions: CompactionRecord[];
  retries: RetryRecord[];
  surfaceOps: SurfaceOpRecord[];
  /** Checkpoints of the display surface, ascending by opCount; the first is the empty surface. */
  surfaceCheckpoints: SurfaceCheckpoint[];
  /** Seqs of every request/header, in order. */
  requestHeaderSeqs: number[];
  /** Seqs of every request/context, in order. */
  requestContextSeqs: number[];
  /** Seqs of session/end-seed events. */
  endSeedSeqs: number[];
  /** agentPreset of the last agent-preset/selected, or null (the header value applies). */
  selectedAgentPreset: string | null;
  /** Latest session/title, or null. */
  title: string | null;
}
