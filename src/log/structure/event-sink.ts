// The contract between the decoder (bytes → valid events) and the index (events → structure).

import type { StoredEvent } from '../event.ts';

/**
 * A run of `assistant/chunk` events expanded from one packed row (FORMAT.md §4). The decoder
 * hands the row as a whole so the index can fill its columns without one object per member.
 * Member k has seq `seq0 + k`; its time is in the store's `eventTime` column.
 */
export interface ChunkRun {
  seq0: number;
  count: number;
  rowType: 'text-chunks' | 'reasoning-chunks' | 'tool-call-chunks';
  turn: number;
  step: number;
  index: number;
  /** Tool-call rows only: the call id shared by every member, and the name if every member had it. */
  callId?: string;
  name?: string;
  /** The first member with a non-empty delta (a name or text), if any: the attempt's first token. */
  firstTokenMember?: number;
}

/**
 * Receives the events of the contiguous valid prefix (FORMAT.md §3.3), in seq order, exactly once
 * each, after the decoder has written the event's row to the LogStore (type, time, line, member).
 * `event` is the legacy-upgraded form (FORMAT.md §3.6); the sink must not keep a reference to it.
 * Problems the sink finds (surface, nesting) go to the `report` callback it was created with.
 */
export interface EventSink {
  acceptEvent(event: StoredEvent): void;
  acceptChunkRun(run: ChunkRun): void;
  /** Called once after the last event of the prefix (end of file, or the load stopped). */
  finish(): void;
}
