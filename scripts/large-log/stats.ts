// The counts that describe a generated log, all measured while writing it (not estimates).

import type { WriterCounts } from './batch-writer.ts';

/** Counts describing the generated log: the writer's (lines, rows, batches, bytes) and the session's. */
export interface LargeLogStats extends WriterCounts {
  /** Events in the log as stored (generation 4 stores no chunk events). */
  events: number;
  turns: number;
  steps: number;
  toolCalls: number;
  toolErrors: number;
  parallelToolSteps: number;
  retries: number;
  compactions: number;
  prunes: number;
  requestHeaders: number;
  resumes: number;
  interruptedTurns: number;
  approvals: number;
  hooks: number;
  /** Largest number of nodes the surface held at once (model-view size upper bound). */
  maxSurfaceNodes: number;
  /** Events the simulation wrote, chunks included: `events` of the same session as generation 0. */
  logicalEvents: number;
}

/** All counts at zero, in the key order the `.meta.json` cache file has always had (new keys last). */
export function createEmptyStats(): LargeLogStats {
  return {
    events: 0,
    storedLines: 0,
    packedRows: 0,
    packedEvents: 0,
    batches: 0,
    turns: 0,
    steps: 0,
    toolCalls: 0,
    toolErrors: 0,
    parallelToolSteps: 0,
    retries: 0,
    compactions: 0,
    prunes: 0,
    requestHeaders: 0,
    resumes: 0,
    interruptedTurns: 0,
    approvals: 0,
    hooks: 0,
    jsonlBytes: 0,
    longestLineBytes: 0,
    maxSurfaceNodes: 0,
    logicalEvents: 0,
  };
}
