// Result shapes of the core's queries (model view, streaming state, transcript, event rows and
// links, triage, usage). Plain data: they cross the worker boundary by structured clone.

import type { ContentBlock, Message, SurfaceEventType, TokenUsage } from './event.ts';
import type { LogProblem, Verdict } from './problems.ts';
import type { ToolCallStatus } from './log-index-types.ts';

/** One message of the model view: a surface node that projects to a message (FORMAT.md §6.3). */
export interface ModelViewMessage {
  /** The surface node's event seq (CLI.md `sourceSeq`). */
  seq: number;
  type: SurfaceEventType;
  role: 'user' | 'assistant';
  /** The node entered the surface through a replace op (compaction checkpoint or pruned result). */
  isReplacement: boolean;
}

/**
 * deriveMessages() after every event with seq <= atSeq (FORMAT.md §6.2–6.3), as node references;
 * message bodies are read separately (readModelMessage) so a scrub never parses what is off screen.
 */
export interface ModelView {
  atSeq: number | null;
  /** Surface nodes, including empty assistant messages that project nothing. */
  nodeCount: number;
  messages: ModelViewMessage[];
  /** When atSeq is inside a model attempt: the assistant output assembled from its chunks so far. */
  streaming: StreamingState | null;
}

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
}

/** A message body for display, with the harness metadata the model view shows beside it. */
export interface ModelMessageDetail {
  seq: number;
  type: SurfaceEventType;
  message: Message;
  isInterrupted: boolean;
  usage: TokenUsage | null;
  /** tool/result only: the tool name looked up from the call, and the error code if any. */
  toolName: string | null;
  errorCode: string | null;
  /** For a replacement: the seqs it shadowed (compaction checkpoint, pruned result). */
  replacedSeqs: number[];
}

/** One entry of the human transcript (FORMAT.md §6.5). */
export type TranscriptEntry =
  | { kind: 'message'; seq: number; type: SurfaceEventType }
  | { kind: 'compaction'; seq: number; replacedSeqs: number[] }
  | { kind: 'pruned-result'; seq: number; replacedSeq: number }
  | { kind: 'turn-start'; seq: number; turn: number }
  | { kind: 'turn-end'; seq: number; turn: number; reason: string | null };

/** One row of the events pane. */
export interface EventRow {
  seq: number;
  time: number;
  type: string;
  /** One line, plain text, at most ~200 characters. */
  summary: string;
  turn: number;
  step: number;
  /** 1-based physical line of the file. */
  lineNumber: number;
  /** Member index inside a packed row, or -1. */
  member: number;
}

/** A link from one event to another (sources, consumer, pairings). */
export interface EventLink {
  label: string;
  seq: number;
}

export interface EventDetail {
  seq: number;
  type: string;
  time: number;
  lineNumber: number;
  member: number;
  /** Number of events expanded from the same packed row (1 for an ordinary line). */
  rowEventCount: number;
  /** The event as stored (packed members expanded), as an object for the JSON tree. */
  stored: unknown;
  links: EventLink[];
}

/** Triage findings in the reading order of seed 002 (issue 4). */
export interface TriageReport {
  header: {
    version: number | null;
    isVersionSupported: boolean;
    id: string | null;
    cwd: string | null;
    agentPreset: string | null;
    agentPresetSource: 'agent-preset/selected' | 'header' | null;
    delegationDepth: number | null;
    parentSession: string | null;
    createdAt: number | null;
  };
  verdict: Verdict;
  continuity: {
    isContiguous: boolean;
    eventCount: number;
    lineCount: number;
    packedRows: number;
    /** Seq-related problems (gaps, malformed rows, unparsable lines) with their lines. */
    gaps: LogProblem[];
  };
  /** Last tool call without a result or with an error (by callId), or null. */
  lastFailedCall: TriageCall | null;
  /** Every call that did not end ok, newest last. */
  failedCalls: TriageCall[];
  unfinishedCommands: { commandId: string; name: string; runSeq: number }[];
  unexpectedTools: { callId: string; name: string; seq: number; headerSeq: number | null }[];
  retries: { seq: number; retry: number; code: string | null; message: string | null }[];
  silentRequests: { turn: number; step: number; seq: number; reason: string }[];
  approvals: {
    id: string;
    toolName: string;
    callId: string | null;
    askedSeq: number;
    decidedSeq: number | null;
    outcome: string | null;
  }[];
  hangingTurns: { turn: number; startSeq: number }[];
  turnEndReasons: Record<string, number>;
  bugReport: string;
}

export interface TriageCall {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /** The seq to jump to: the result, else the tool/call, else the requesting assistant message. */
  seq: number;
  callSeq: number | null;
  resultSeq: number | null;
  turn: number | null;
  step: number | null;
  errorCode: string | null;
  /** TOOL_NOT_STARTED / TOOL_OUTCOME_UNKNOWN / error / ... and what it means for a retry. */
  classification: string;
  retryAdvice: string;
}

/** Per-step token usage (FORMAT.md §7.7) for the usage chart. */
export interface UsagePoint {
  turn: number;
  step: number;
  seq: number;
  time: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** input + cacheRead + cacheWrite. */
  contextTokens: number;
  /** request/context.contextWindow in force for the step, or null. */
  contextWindow: number | null;
}
