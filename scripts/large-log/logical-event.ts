// What the generator writes, before a format stores it: one event per seq with its envelope fields,
// and the session header. A format (format-v0.ts) decides how these become lines.

/** How an event changes the surface (FORMAT.md §6): appended, or replacing the nodes `start`…`end`. */
type SurfaceOp = 'append' | { op: 'replace'; start: number; end: number };

/** One streamed `assistant/chunk`: the events a format may pack into chunk rows. */
export interface ChunkEvent {
  type: 'assistant/chunk';
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  data: { turn: number; step: number; chunk: Record<string, unknown> };
}

/** Any other event. Optional fields are absent (not undefined) when the event has none. */
export interface PlainEvent {
  type: string;
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  data: unknown;
  sourceEventSeqs?: number[];
  surfaceOp?: SurfaceOp;
}

/** An event of the generated session. Key order is the envelope's (type, seq, time, data, …). */
export type LogicalEvent = ChunkEvent | PlainEvent;

/** The facts of the session header line. */
export interface SessionHeader {
  id: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  cwd: string;
}
