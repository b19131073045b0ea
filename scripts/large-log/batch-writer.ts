// The writer's coalescing (FORMAT.md §1.4): events go into 200 ms write batches, and a log format
// turns the header and each batch into JSONL text, handed on batch by batch.

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

/** How one format generation stores a session: the header line and the rows of each write batch. */
export interface LogFormat {
  /** The header line, LF-terminated. */
  serializeHeader(header: SessionHeader): string;
  /** One write batch (events in seq order) as LF-terminated lines; adds what it wrote to `counts`. */
  serializeBatch(events: readonly LogicalEvent[], counts: RowCounts): string;
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

/** A writer that stores events in `format`, counts into `counts` and hands each text to `onBatch`. */
export function createBatchWriter(
  format: LogFormat,
  counts: WriterCounts,
  onBatch: (text: string) => void,
): BatchWriter {
  let batch: LogicalEvent[] = [];
  let batchStart = 0;
  function flush(): void {
    if (batch.length === 0) return;
    const text = format.serializeBatch(batch, counts);
    counts.jsonlBytes += Buffer.byteLength(text, 'utf8');
    counts.batches += 1;
    batch = [];
    onBatch(text);
  }
  return {
    writeHeader(header) {
      const text = format.serializeHeader(header);
      counts.jsonlBytes += Buffer.byteLength(text, 'utf8');
      onBatch(text);
    },
    write(event) {
      if (batch.length > 0 && event.time >= batchStart + WRITE_BATCH_WINDOW_MS) flush();
      if (batch.length === 0) batchStart = event.time;
      batch.push(event);
    },
    flush,
  };
}
