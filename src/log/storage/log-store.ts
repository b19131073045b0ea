// Columnar storage of a decoded log: the bytes of every line, and one typed-array row per event.
// Payloads are not kept as objects: an event is re-parsed from its line on demand (zstd frames stay
// compressed and are decompressed through a small LRU of frames).

import { Column } from '../base/columns.ts';
import { boundValueDepth } from '../base/deep-values.ts';
import { dataMemberCut } from '../base/json-member-span.ts';
import type { StoredEvent } from '../event.ts';
import { expandPackedRowMember } from '../format/packed-rows.ts';
import { upgradeLegacyEvent } from '../format/legacy.ts';
import type { GenerationRules } from '../format/generations/generation-rules.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import { normalizeEvent } from '../format/generations/normalize-event.ts';
import { FrameDecompressor } from '../container/zstd-decode.ts';

/** Decodes one line's bytes (no stream state: one decoder serves every store). */
const LINE_DECODER = new TextDecoder('utf-8');
/** How many decompressed zstd frames the store keeps for on-demand reads (model view, event detail, search). */
const DECODED_FRAME_CACHE_FRAMES = 64;
/**
 * …and how much of their text at most (128 MiB; the newest frame is kept whatever its size): a
 * few frames of hundreds of MiB each (a bomb's, read for the raw view) must not pile up.
 */
const DECODED_FRAME_CACHE_BYTES = 128 * 1024 * 1024;

/** Size of one block that holds retained compressed frames back to back (4 MiB). */
const FRAME_ARENA_BYTES = 4 * 1024 * 1024;
/**
 * Size of a log's first block (64 KiB); each next one doubles up to FRAME_ARENA_BYTES. A small log
 * (or a head read of one frame) does not allocate 4 MiB: listing 500 sessions decodes 500 logs.
 */
const FIRST_FRAME_ARENA_BYTES = 64 * 1024;

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
  /**
   * Text pieces that lines point into (a read chunk, a joined line, a recovered torn frame), or
   * null for a complete zstd frame: its compressed bytes are kept instead and decompressed on
   * demand (a small LRU), so a .zstd log retains ≈ 0.4× its text. Read through `lineBytes`.
   */
  readonly segments: (Uint8Array | null)[] = [];

  /** Compressed frames, per segment (-1 when the segment is plain text): arena, start, length. */
  private readonly segmentArena = new Column(Int32Array);
  private readonly segmentStart = new Column(Int32Array);
  private readonly segmentLength = new Column(Int32Array);
  private readonly arenas: Uint8Array[] = [];
  private arenaUsed = 0;
  private readonly decodedFrames = new Map<number, Uint8Array>();
  private decodedFrameBytes = 0;

  readonly lineNumber = new Column(Int32Array);
  readonly lineSegment = new Column(Int32Array);
  readonly lineStart = new Column(Int32Array);
  readonly lineLength = new Column(Int32Array);
  readonly lineStatus = new Column(Uint8Array);
  /** First seq produced by the line, or -1. */
  readonly lineFirstSeq = new Column(Int32Array);
  /** Number of events the line produced: 1 for an event line, k for a packed row, 0 for a problem line. */
  readonly lineEventCount = new Column(Int32Array);
  /**
   * hashBytes of a message line's bytes (a surface event: what a comparison of runs reads), set by
   * the line scan while it has the bytes; NaN for every other line.
   */
  readonly lineHash = new Column(Float64Array);

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

  /** The rules of the log's format generation (set from the header; generation 0 until then). */
  rules: GenerationRules = rulesOfGeneration(0);

  /** Decompresses retained frames on demand: the decoder's (with its fast path, if any), or fzstd alone. */
  private readonly frameDecompressor: FrameDecompressor;

  constructor(frameDecompressor: FrameDecompressor | null = null) {
    this.frameDecompressor = frameDecompressor ?? new FrameDecompressor(null);
  }

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

  /** Registers text that lines point into; returns its segment index. The store keeps `bytes` (do not mutate it). */
  addSegment(bytes: Uint8Array): number {
    this.segments.push(bytes);
    this.segmentArena.push(-1);
    this.segmentStart.push(0);
    this.segmentLength.push(0);
    return this.segments.length - 1;
  }

  /**
   * Registers a complete zstd frame: a copy of `frame` (its compressed bytes, already decoded
   * once without error) is kept instead of its text, which is decompressed again when a line of
   * it is read. Returns the segment index.
   */
  addFrameSegment(frame: Uint8Array): number {
    let arena = this.arenas[this.arenas.length - 1];
    if (arena === undefined || this.arenaUsed + frame.length > arena.length) {
      const blockBytes = Math.min(FRAME_ARENA_BYTES, FIRST_FRAME_ARENA_BYTES * 2 ** this.arenas.length);
      arena = new Uint8Array(Math.max(blockBytes, frame.length));
      this.trimLastArena();
      this.arenas.push(arena);
      this.arenaUsed = 0;
    }
    arena.set(frame, this.arenaUsed);
    this.segments.push(null);
    this.segmentArena.push(this.arenas.length - 1);
    this.segmentStart.push(this.arenaUsed);
    this.segmentLength.push(frame.length);
    this.arenaUsed += frame.length;
    return this.segments.length - 1;
  }

  /** The decode is over: trims spare capacity of every column and of the last frame block. */
  compact(): void {
    this.trimLastArena();
    for (const column of [
      this.lineNumber,
      this.lineSegment,
      this.lineStart,
      this.lineLength,
      this.lineStatus,
      this.lineFirstSeq,
      this.lineEventCount,
      this.eventType,
      this.eventTime,
      this.eventLine,
      this.eventMember,
      this.segmentArena,
      this.segmentStart,
      this.segmentLength,
    ])
      column.shrink();
  }

  /** Bytes retained for the text: plain segments plus compressed frames (not the decoded-frame cache). */
  get retainedTextBytes(): number {
    let total = 0;
    for (const segment of this.segments) if (segment) total += segment.length;
    for (let i = 0; i < this.arenas.length; i++)
      total += i === this.arenas.length - 1 ? this.arenaUsed : (this.arenas[i] as Uint8Array).length;
    return total;
  }

  private trimLastArena(): void {
    const last = this.arenas.length - 1;
    const arena = this.arenas[last];
    if (arena !== undefined && this.arenaUsed < arena.length)
      this.arenas[last] = arena.slice(0, this.arenaUsed);
  }

  private rememberFrame(segment: number, text: Uint8Array): void {
    const previous = this.decodedFrames.get(segment);
    if (previous !== undefined) {
      this.decodedFrames.delete(segment);
      this.decodedFrameBytes -= previous.length;
    }
    this.decodedFrames.set(segment, text);
    this.decodedFrameBytes += text.length;
    while (
      this.decodedFrames.size > 1 &&
      (this.decodedFrames.size > DECODED_FRAME_CACHE_FRAMES ||
        this.decodedFrameBytes > DECODED_FRAME_CACHE_BYTES)
    ) {
      const [oldest, oldestText] = this.decodedFrames.entries().next().value as [number, Uint8Array];
      this.decodedFrames.delete(oldest);
      this.decodedFrameBytes -= oldestText.length;
    }
  }

  /** The text of a segment (a compressed frame is decompressed, or taken from the LRU). */
  private segmentBytes(segment: number): Uint8Array | null {
    const plain = this.segments[segment];
    if (plain !== null) return plain ?? null;
    const cached = this.decodedFrames.get(segment);
    if (cached !== undefined) {
      this.rememberFrame(segment, cached);
      return cached;
    }
    const arena = this.arenas[this.segmentArena.get(segment)];
    if (arena === undefined) return null;
    const start = this.segmentStart.get(segment);
    // The frame decoded without error when it was read, so this is the same text again.
    const text = this.frameDecompressor.decompressRetained(
      arena.subarray(start, start + this.segmentLength.get(segment)),
    );
    this.rememberFrame(segment, text);
    return text;
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
    this.lineHash.push(Number.NaN);
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
    const segment = this.segmentBytes(this.lineSegment.get(lineIndex));
    if (!segment) return new Uint8Array(0);
    const start = this.lineStart.get(lineIndex);
    return segment.subarray(start, start + this.lineLength.get(lineIndex));
  }

  /** The line's text (invalid UTF-8 becomes U+FFFD, like upstream; a trailing CR is kept). */
  lineText(lineIndex: number): string {
    return LINE_DECODER.decode(this.lineBytes(lineIndex));
  }

  /**
   * The event exactly as stored (a packed member expanded per FORMAT.md §4.3), freshly parsed,
   * with parts nested deeper than MAX_VALUE_DEPTH as deep-value markers unless `isExact`.
   */
  readStoredEvent(seq: number, isExact = false): StoredEvent {
    const lineIndex = this.eventLine.get(seq);
    const parsed = this.parseLine(lineIndex, isExact);
    const member = this.eventMember.get(seq);
    if (member >= 0) return expandPackedRowMember(parsed, member);
    return parsed as StoredEvent;
  }

  /**
   * The event in the reading shape projections use: the legacy v0 upgrades of FORMAT.md §3.6 (in
   * generations 0 and 1), then the generation's envelope normalization (docs/format-generations.md).
   * Safe to hand out: nothing in it nests deeper than MAX_VALUE_DEPTH (base/deep-values.ts).
   */
  readEvent(seq: number): StoredEvent {
    return this.readUpgradedEvent(seq, false);
  }

  /**
   * readEvent without the depth bound: the event exactly as parsed, for checks that compare values
   * (a replacement against its original). Never hand it out: it may not clone or serialize.
   */
  readExactEvent(seq: number): StoredEvent {
    return this.readUpgradedEvent(seq, true);
  }

  /**
   * readEvent with member `name` of the event's `data` left out, cut from the line's bytes before
   * the parse (base/json-member-span.ts): for a reader that never reads that member (the compare's
   * content hashes skip a v2+ assistant message's `stream`, most of its line). A packed member, or
   * a line without such a member, reads as readEvent.
   */
  readEventWithoutDataMember(seq: number, name: string): StoredEvent {
    if (this.eventMember.get(seq) >= 0) return this.readEvent(seq);
    const bytes = this.lineBytes(this.eventLine.get(seq));
    const cut = dataMemberCut(bytes, name);
    if (cut === null) return this.readEvent(seq);
    // Cuts fall on ASCII bytes, so each side decodes as it would inside the whole line.
    const text = LINE_DECODER.decode(bytes.subarray(0, cut[0])) + LINE_DECODER.decode(bytes.subarray(cut[1]));
    return this.upgrade(boundValueDepth(JSON.parse(text)) as StoredEvent, false);
  }

  /**
   * The reading shape (readEvent) of an event already read with readStoredEvent, so a caller that
   * needs both (the text index: the detail shows the stored event, the row the upgraded one) parses
   * the line once. The result may share parts with `stored` and the upgrade may change it: read
   * what is needed of `stored` first.
   */
  upgradeStoredEvent(stored: StoredEvent): StoredEvent {
    return this.upgrade(stored, false);
  }

  private readUpgradedEvent(seq: number, isExact: boolean): StoredEvent {
    return this.upgrade(this.readStoredEvent(seq, isExact), isExact);
  }

  private upgrade(stored: StoredEvent, isExact: boolean): StoredEvent {
    const upgraded =
      this.rules.generation <= 1
        ? upgradeLegacyEvent(stored, this.sessionId, (replacedSeq) =>
            this.readStoredEvent(replacedSeq, isExact),
          )
        : stored;
    return normalizeEvent(upgraded, this.rules).event;
  }

  /**
   * A fresh parse of the line on every read: callers may keep or mutate what they get, and a
   * parse (unlike a recursive copy of a cached value) has no depth limit (FORMAT.md §3.4 allows
   * any nesting JSON.parse accepts). Lines are short; the frame cache makes the text cheap. Parts
   * nested deeper than MAX_VALUE_DEPTH become deep-value markers (base/deep-values.ts), so what is
   * read can be cloned to the page, serialized and rendered.
   */
  private parseLine(lineIndex: number, isExact: boolean): unknown {
    const parsed = JSON.parse(this.lineText(lineIndex)) as unknown;
    return isExact ? parsed : boundValueDepth(parsed);
  }
}
