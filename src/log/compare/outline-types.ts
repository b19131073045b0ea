// The outline of a run as a comparison reads it (run-outline.ts builds it): plain data, so it crosses
// postMessage; the content hashes in it are filled when a comparison needs them (outline-content.ts).

import type { ToolCallStatus } from '../structure/tool-calls.ts';

/** What a step asked for: the request/header in force (FORMAT.md §5.2) and the system prompt. */
export interface OutlineRequest {
  /** The request/header in force, or null (none logged yet). */
  headerSeq: number | null;
  provider: string | null;
  model: string | null;
  /** Sampling fields (reasoningEffort, temperature, maxTokens, stop) as one hash. */
  samplingHash: number;
  /** The system prompt: the header's `system` (generations 0–2) or the system nodes (3 on). */
  systemHash: number;
  /** Tool name → hash of its description and schema. */
  toolHashes: [name: string, hash: number][];
  hash: number;
}

export interface OutlineCall {
  callId: string;
  name: string;
  /** Canonical arguments' hash (canonical.ts): how calls match, never by id or seq. */
  argsHash: number;
  /** name + arguments: the LCS key of a call. */
  key: number;
  status: ToolCallStatus;
  /** The result's content and error flag as one hash (NaN until compared), or null: no result. */
  resultHash: number | null;
  requestSeq: number | null;
  callSeq: number | null;
  resultSeq: number | null;
}

export interface OutlineStep {
  turn: number;
  step: number;
  startSeq: number;
  endSeq: number | null;
  request: OutlineRequest;
  /** Surface nodes that reached the model before this step's answer (user, developer, replacements). */
  inputSeqs: number[];
  /** Their canonical hashes; [] until a comparison needs them (outline-content.ts resolveStep). */
  inputHashes: number[];
  /** The step's assistant messages (its answer), in seq order. */
  answerSeqs: number[];
  /** NaN until a comparison needs it, as `key` (outline-content.ts). */
  answerHash: number;
  calls: OutlineCall[];
  /** The LCS key of a step: what the model answered (text and calls by name + arguments). */
  key: number;
  tokens: { input: number; output: number };
  durationMs: number;
}

export interface OutlineTurn {
  turn: number;
  startSeq: number;
  endSeq: number | null;
  reason: string | null;
  /** The LCS key of a turn: the messages that opened it (its first step's inputs); NaN until compared. */
  key: number;
  steps: OutlineStep[];
  tokens: { input: number; output: number };
  durationMs: number;
  toolCalls: number;
  toolErrors: number;
}

export interface RunOutline {
  id: string | null;
  parentSession: string | null;
  generation: number | null;
  eventCount: number;
  /** Events inherited from the parent (seqs 0 … n-1), or null: not a fork (inherited-prefix.ts). */
  inheritedLength: number | null;
  turns: OutlineTurn[];
}
