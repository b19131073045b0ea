// Columnar storage of a decoded log: the bytes of every line, and one typed-array row per event.
// Payloads are not kept as objects: an event is re-parsed from its line on demand (small LRU).

import { Column } from './columns.ts';
import type { StoredEvent } from './event.ts';
import { isRecord } from './event.ts';
import { expandPackedRowMember } from './packed-rows.ts';
import { upgradeLegacyEvent } from './legacy.ts';

/** How many parsed lines the store keeps for on-demand reads (model view, event detail). */
const PARSED_LINE_CACHE_LINES = 512;

/**
 * Line status in the `lineStatus` column.
 * EVENTS: the line produced events (see lineFirstSeq/lineEventCount).
 * PROBLEM: the line is listed as a problem (unparsable, malformed row, gap, ignored tail …).
 */
export const LineStatus = { EVENTS: 0, PROBLEM: 1 } as const;
export type LineStatus = (typeof LineStatus)[keyof typeof LineStatus];

/**
 * Owns the decompressed bytes (as segments) and the event/line columns. Written only by the
 * decoder; read by the index, the projections, the worker and the CLI. Line indexes count the
 * storage lines after the header (0-based); `lineNumber` gives the 1-based physical line.
 */
export class LogStore {
  /** Decompressed text, in pieces (one per zstd frame or read chunk). Never copied into one string. */
  readonly segments: Uint8Array[] = [];

  readonly lineNumber = new Column(Int32Array);
  readonly lineSegment = new Column(Int32Array);
  readonly lineStart = new Column(Int32Array);
  readonly lineLength = new Column(Int32Array);
  readonly lineStatus = new Column(Uint8Array);
  /** First seq produced by the line, or -1. */
  readonly lineFirstSeq = new Column(Int32Array);
  /** Number of events the line produced: 1 for an event line, k for a packed row, 0 for a problem line. */
  readonly lineEventCount = new Column(Int32Array);

  /** Interned stored type names; `typeId` indexes this list. */
  readonly typeNames: string[] = [];
  private readonly typeIds = new Map<string, number>();

  readonly eventType = new Column(Uint16Array);
  readonly eventTime = new Column(Float64Array);
  readonly eventLine = new Column(Int32Array);
  /** Member index inside a packed row, or -1 for an event stored on its own line. */
  readonly eventMember = new Column(Int32Array);

  /** Session id used by legacy upgrades (FORMAT.md §3.6 `legacy-message:<sid>:<seq>`). */
  sessionId = '';

  private readonly parsedLines = new Map<number, unknown>();
  private readonly decoder = new TextDecoder('utf-8');

  get eventCount(): number {
    return this.eventType.length;
  }

  get lineCount(): number {
    return this.lineNumber.length;
  }

  typeIdOf(name: string): number {
    let id = this.typeIds.get(name);
    if (id === undefined) {
      id = this.typeNames.length;
      this.typeNames.push(name);
      this.typeIds.set(name, id);
    }
    return id;
  }

  /** Stored type name of an event (before legacy upgrades: `steering/message` stays itself). */
  typeOf(seq: number): string {
    return this.typeNames[this.eventType.get(seq)] ?? '';
  }

  addSegment(bytes: Uint8Array): number {
    this.segments.push(bytes);
    return this.segments.length - 1;
  }

  /** Records a storage line; returns its line index. */
  addLine(lineNumber: number, segment: number, start: number, length: number): number {
    this.lineNumber.push(lineNumber);
    this.lineSegment.push(segment);
    this.lineStart.push(start);
    this.lineLength.push(length);
    this.lineStatus.push(LineStatus.PROBLEM);
    this.lineFirstSeq.push(-1);
    this.lineEventCount.push(0);
    return this.lineNumber.length - 1;
  }

  /** Marks a line as the source of `count` events starting at `firstSeq`. */
  markLineEvents(lineIndex: number, firstSeq: number, count: number): void {
    this.lineStatus.set(lineIndex, LineStatus.EVENTS);
    this.lineFirstSeq.set(lineIndex, firstSeq);
    this.lineEventCount.set(lineIndex, count);
  }

  addEvent(typeId: number, time: number, lineIndex: number, member: number): void {
    this.eventType.push(typeId);
    this.eventTime.push(time);
    this.eventLine.push(lineIndex);
    this.eventMember.push(member);
  }

  /** Removes events from `count` on (a packed row rejected half-way is dropped whole, §3.3). */
  truncateEvents(count: number): void {
    this.eventType.truncate(count);
    this.eventTime.truncate(count);
    this.eventLine.truncate(count);
    this.eventMember.truncate(count);
  }

  lineBytes(lineIndex: number): Uint8Array {
    const segment = this.segments[this.lineSegment.get(lineIndex)];
    if (!segment) return new Uint8Array(0);
    const start = this.lineStart.get(lineIndex);
    return segment.subarray(start, start + this.lineLength.get(lineIndex));
  }

  /** The line's text (invalid UTF-8 becomes U+FFFD, like upstream; a trailing CR is kept). */
  lineText(lineIndex: number): string {
    return this.decoder.decode(this.lineBytes(lineIndex));
  }

  /** The event exactly as stored (a packed member expanded per FORMAT.md §4.3), freshly parsed. */
  readStoredEvent(seq: number): StoredEvent {
    const lineIndex = this.eventLine.get(seq);
    const parsed = this.parseLine(lineIndex);
    const member = this.eventMember.get(seq);
    if (member >= 0) return expandPackedRowMember(parsed, member);
    return parsed as StoredEvent;
  }

  /** The event after the legacy v0 upgrades of FORMAT.md §3.6 (what projections use). */
  readEvent(seq: number): StoredEvent {
    return upgradeLegacyEvent(this.readStoredEvent(seq), this.sessionId, (replacedSeq) =>
      this.readStoredEvent(replacedSeq),
    );
  }

  private parseLine(lineIndex: number): unknown {
    const cached = this.parsedLines.get(lineIndex);
    if (cached !== undefined) {
      // Refresh LRU position.
      this.parsedLines.delete(lineIndex);
      this.parsedLines.set(lineIndex, cached);
      return structuredCloneJson(cached);
    }
    const value: unknown = JSON.parse(this.lineText(lineIndex));
    this.parsedLines.set(lineIndex, value);
    if (this.parsedLines.size > PARSED_LINE_CACHE_LINES) {
      const oldest = this.parsedLines.keys().next().value;
      if (oldest !== undefined) this.parsedLines.delete(oldest);
    }
    return structuredCloneJson(value);
  }
}

/**
 * Callers may keep or mutate what they read (upgrades rewrite in place), so cached values are
 * handed out as copies. JSON values only: a recursive copy is enough and cheaper than a reparse.
 */
function structuredCloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (isRecord(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = structuredCloneJson(value[key]);
      // A `__proto__` key from JSON.parse is an own property; assigning it would set the prototype.
      if (key === '__proto__')
        Object.defineProperty(copy, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else copy[key] = item;
    }
    return copy;
  }
  return value;
}
