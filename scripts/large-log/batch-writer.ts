// The writer's coalescing (FORMAT.md §1.4): a log format turns each event into the rows it stores,
// the rows go into 200 ms write batches, and the format turns the header and each batch into JSONL
// text, handed on batch by batch.

import type { LogicalEvent, SessionHeader } from './logical-event.ts';

/** The writer's coalescing window (FORMAT.md §1.4): one write batch, one zstd frame. */
const WRITE_BATCH_WINDOW_MS = 200;

/** What a format counts while it serializes (only ever added to). */
export interface RowCounts {
  /** Lines after the header (events stored verbatim plus packed rows). */
  storedLines: number;
  packedRows: number;
  /** Events that were stored inside packed rows. */
  packedEvents: number;
  /** Largest single line in bytes (LF excluded). */
  longestLineBytes: number;
}

/** What a format stores per event: anything with the time the write batches are cut by. */
export interface TimedRow {
  /** Milliseconds since the epoch. */
  readonly time: number;
}

/**
 * How one format generation stores a session: the header line, the rows each event becomes and the
 * lines of each write batch. A format may keep state, so each log gets its own instance.
 */
export interface LogFormat<Row extends TimedRow> {
  /** The header line, LF-terminated. */
  serializeHeader(header: SessionHeader): string;
  /**
   * Hands `put` the rows that store `event`, in order: the event itself (generation 0), or none
   * (held back, or folded into a later row), or several (rows the format adds).
   */
  store(event: LogicalEvent, put: (row: Row) => void): void;
  /** After the last event: hands on rows still held back, or throws if the session ended mid-row. */
  finish(put: (row: Row) => void): void;
  /** One write batch (rows in order) as LF-terminated lines; adds what it wrote to `counts`. */
  serializeBatch(rows: readonly Row[], counts: RowCounts): string;
}

/** What the writer counts on top of the format's counts. */
export interface WriterCounts extends RowCounts {
  /** Write batches = zstd frames after the header frame. */
  batches: number;
  /** Bytes of the JSONL text (header included). */
  jsonlBytes: number;
}

/** Takes the session's events in seq order; `onBatch` receives the header alone, then each batch. */
export interface BatchWriter {
  writeHeader(header: SessionHeader): void;
  write(event: LogicalEvent): void;
  /** Hands on the open batch, if any (call once at the end). */
  flush(): void;
}

/**
 * A writer that stores events in `format`, counts into `counts` and hands each text to `onBatch`.
 * Batches are cut by the times of the rows the format stores, not of the events it was given.
 */
export function createBatchWriter<Row extends TimedRow>(
  format: LogFormat<Row>,
  counts: WriterCounts,
  onBatch: (text: string) => void,
): BatchWriter {
  let batch: Row[] = [];
  let batchStart = 0;
  function flushBatch(): void {
    if (batch.length === 0) return;
    const text = format.serializeBatch(batch, counts);
    counts.jsonlBytes += Buffer.byteLength(text, 'utf8');
    counts.batches += 1;
    batch = [];
    onBatch(text);
  }
  function put(row: Row): void {
    if (batch.length > 0 && row.time >= batchStart + WRITE_BATCH_WINDOW_MS) flushBatch();
    if (batch.length === 0) batchStart = row.time;
    batch.push(row);
  }
  return {
    writeHeader(header) {
      const text = format.serializeHeader(header);
      counts.jsonlBytes += Buffer.byteLength(text, 'utf8');
      onBatch(text);
    },
    write(event) {
      format.store(event, put);
    },
    flush() {
      format.finish(put);
      flushBatch();
    },
  };
}
