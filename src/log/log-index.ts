// PLACEHOLDER owned by the index work (issue 2, part "index"): replaced by the real builder.
// It keeps the decoder compiling and runnable until then; it fills the columns with "none".

import { Column } from './columns.ts';
import type { ChunkRun, EventSink } from './event-sink.ts';
import type { StoredEvent } from './event.ts';
import type { LogIndex } from './log-index-types.ts';
import type { LogStore } from './log-store.ts';
import type { LogProblem } from './problems.ts';

export interface LogIndexBuilder extends EventSink {
  readonly index: LogIndex;
}

export function createLogIndexBuilder(
  _store: LogStore,
  _report: (problem: LogProblem) => void,
): LogIndexBuilder {
  const index: LogIndex = {
    turnOf: new Column(Int32Array),
    stepOf: new Column(Int32Array),
    chunkKind: new Column(Uint8Array),
    consumedBy: new Column(Int32Array),
    turns: [],
    toolCalls: [],
    toolCallById: new Map(),
    commands: [],
    approvals: [],
    compactions: [],
    retries: [],
    surfaceOps: [],
    requestHeaderSeqs: [],
    requestContextSeqs: [],
    endSeedSeqs: [],
    selectedAgentPreset: null,
    title: null,
  };
  return {
    index,
    acceptEvent(_event: StoredEvent) {
      index.turnOf.push(0);
      index.stepOf.push(0);
      index.chunkKind.push(0);
      index.consumedBy.push(-1);
    },
    acceptChunkRun(run: ChunkRun) {
      index.turnOf.fill(0, run.count);
      index.stepOf.fill(0, run.count);
      index.chunkKind.fill(0, run.count);
      index.consumedBy.fill(-1, run.count);
    },
    finish() {},
  };
}
