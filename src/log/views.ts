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

/** Triage findings in the reading order of seed 002 (issue 4). Plain data; text fields are plain text. */
export interface TriageReport {
  header: {
    version: number | null;
    /** True when this build reads the version (FORMAT.md §2.2: only 0). */
    isVersionSupported: boolean;
    id: string | null;
    cwd: string | null;
    /** Effective preset: the last agent-preset/selected, else the header value (FORMAT.md §2.3). */
    agentPreset: string | null;
    agentPresetSource: 'agent-preset/selected' | 'header' | null;
    delegationDepth: number | null;
    parentSession: string | null;
    createdAt: number | null;
    origin: string | null;
    seedLength: number | null;
    /** delegationDepth > 0 (FORMAT.md §8.1): tool names not in the parent's preset may come from here. */
    isDelegatedChild: boolean;
    /** One sentence per noteworthy header fact (version, delegation, fork), for people. */
    notes: string[];
  };
  verdict: Verdict;
  continuity: {
    isContiguous: boolean;
    eventCount: number;
    lineCount: number;
    packedRows: number;
    /** Seq-related problems (gaps, malformed rows, unparsable lines) with their lines. */
    gaps: LogProblem[];
    /** Why lines and seqs differ (packed rows), and what a gap usually means. Plain text. */
    explanation: string;
  };
  /** Last tool call without a result or with an error (by callId), or null. */
  lastFailedCall: TriageCall | null;
  /** Every call that did not end ok, newest last. */
  failedCalls: TriageCall[];
  unfinishedCommands: { commandId: string; name: string; runSeq: number }[];
  unexpectedTools: { callId: string; name: string; seq: number; headerSeq: number | null }[];
  /** Tool calls compared with a request/header's tools, and calls with no request/header before them (not checked). */
  toolNameCheck: { checkedCalls: number; uncheckedCalls: number };
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
  /** The log's problems (first TRIAGE_PROBLEMS_MAX), as in OpenedLog.problems; `problemCount` is the total. */
  problems: LogProblem[];
  problemCount: number;
  /** Every finding that has a seq, in seq order: what n / N step through. */
  findings: TriageFinding[];
  bugReport: string;
}

/** One stop for next/previous-problem navigation. `label` is one line of plain text. */
export interface TriageFinding {
  seq: number;
  kind:
    | 'failed-call'
    | 'unfinished-command'
    | 'unexpected-tool'
    | 'retry'
    | 'silent-request'
    | 'unanswered-approval'
    | 'hanging-turn'
    | 'problem';
  label: string;
}

export interface TriageCall {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /** The seq to jump to: the result, else the tool/call, else the requesting assistant message. */
  seq: number;
  /** The assistant/message whose tool-call block asked for the call, or null. */
  requestSeq: number | null;
  callSeq: number | null;
  resultSeq: number | null;
  turn: number | null;
  step: number | null;
  errorCode: string | null;
  /** TOOL_NOT_STARTED / TOOL_OUTCOME_UNKNOWN / error / no-result. */
  classification: 'TOOL_NOT_STARTED' | 'TOOL_OUTCOME_UNKNOWN' | 'error' | 'no-result';
  /** True when dsh already wrote the crash-repair result (error.code), false for a raw crashed log. */
  isRepaired: boolean;
  /** What the classification means for a retry (FORMAT.md §7.6). Plain text. */
  retryAdvice: string;
  /** provider/model of the step the call belongs to, when known. */
  provider: string | null;
  model: string | null;
  /** reason.kind of the enclosing turn's turn/end, or null while the turn hangs. */
  turnEndReason: string | null;
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
