// The line scan (FORMAT.md §2.2, §3.3–§3.5): each complete line of the text becomes the header, an
// event (or the members of a packed row) handed to the store and the index, or damage.

import type { SessionHeader, StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';
import { checkHeader } from '../format/header.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { LogFormatFacts } from './opened-log.ts';
import { isPackedRowType, validatePackedRow } from '../format/packed-rows.ts';
import type { ProblemEffect, ProblemKind } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { LogIndexBuilder } from '../structure/log-index.ts';
import { DamageState } from './damage-state.ts';
import { EventChecker } from './event-checks.ts';
import { LineTextReader } from './line-text.ts';
import type { ProblemList } from './problem-list.ts';

/** Why a `null` line refuses the log (FORMAT.md §1.5, §10.13): the end of a damage message. */
const NULL_LINE_FAILS =
  ": upstream's scanner throws a TypeError on it, so dsh fails to load the log (FORMAT.md §1.5).";

/** Marker for a line whose JSON could not be parsed (JSON.parse never returns a symbol). */
const UNPARSABLE = Symbol('unparsable');

/**
 * Scans the lines of one log in order. Every line becomes a storage line of `store` (so line
 * numbers and byte offsets stay exact); the valid prefix's events go to the store and `builder`;
 * problems to `problems`.
 */
export class LineScanner {
  /** Lines are inside complete zstd frames: any damage is fatal (FORMAT.md §1.4). Set by the decoder. */
  isStrict = false;
  private headerValue: SessionHeader | null = null;
  private formatFacts: LogFormatFacts = { generation: null, newerVersion: null };
  private isHeaderRead = false;
  private lineNumber = 1;
  private nextLineOffset = 0;
  private packedRowCount = 0;
  private readonly lineTexts = new LineTextReader();
  private readonly damage: DamageState;
  private readonly events: EventChecker;

  constructor(
    private readonly store: LogStore,
    private readonly builder: LogIndexBuilder,
    private readonly problems: ProblemList,
  ) {
    this.damage = new DamageState(problems);
    this.events = new EventChecker(store, problems);
  }

  /** The generation the header names (both null until the header is read). */
  get format(): LogFormatFacts {
    return this.formatFacts;
  }

  /** The parsed header (null until read, or when the first line is not a JSON object). */
  get header(): SessionHeader | null {
    return this.headerValue;
  }

  /** True once the first line was read as the header. */
  get hasHeaderLine(): boolean {
    return this.isHeaderRead;
  }

  /** The 1-based number the next line gets. */
  get nextLineNumber(): number {
    return this.lineNumber;
  }

  /** Packed chunk rows accepted so far. */
  get packedRows(): number {
    return this.packedRowCount;
  }

  /** Reports the lines ignored since the damage (call before a line that is not scanned, and at the end). */
  closeIgnoredRange(): void {
    this.damage.closeIgnoredRange();
  }

  /** Records an unfinished line as a storage line covered by a problem of `kind` (after closing any ignored range). */
  recordProblemLine(
    bytes: Uint8Array,
    segment: number,
    kind: ProblemKind,
    effect: ProblemEffect,
    message: (line: number) => string,
  ): void {
    this.damage.closeIgnoredRange();
    const line = this.lineNumber;
    const offset = this.nextLineOffset;
    if (!this.isHeaderRead) {
      // The only line is the header itself.
      this.acceptLine(bytes, segment, 0, bytes.length);
    } else {
      this.recordLine(segment, 0, bytes.length);
    }
    this.problems.add(kind, effect, ValidationStage.CONTAINER, {
      line,
      byteOffset: offset,
      message: message(line),
    });
  }

  /** Adds a storage line to the store without scanning it (its status stays PROBLEM). */
  recordLine(segment: number, start: number, end: number): number {
    const line = this.lineNumber++;
    this.nextLineOffset += end - start + 1;
    return this.store.addLine(line, segment, start, end - start);
  }

  private parse(bytes: Uint8Array, start: number, end: number): unknown {
    try {
      return JSON.parse(this.lineTexts.read(bytes, start, end)) as unknown;
    } catch {
      // Invalid JSON, a blank line, or nesting too deep for the engine: an unparsable line (§3.4).
      return UNPARSABLE;
    }
  }

  /** Reads the header line (the first line of the text, FORMAT.md §2.2) and reports its problems. */
  readHeaderLine(bytes: Uint8Array, start: number, end: number): void {
    this.isHeaderRead = true;
    this.lineNumber = 2;
    this.nextLineOffset = end - start + 1;
    const parsed = this.parse(bytes, start, end);
    const check = checkHeader(parsed === UNPARSABLE ? undefined : parsed);
    this.headerValue = check.header;
    this.formatFacts = { generation: check.generation, newerVersion: check.newerVersion };
    // A log of unknown generation is read as generation 0 (the problem above says why it is refused).
    this.store.rules = rulesOfGeneration(check.generation ?? 0);
    for (const problem of check.problems) this.problems.report(problem);
    for (const note of check.notes) this.problems.note(note);
    if (check.header && typeof check.header.id === 'string') this.store.sessionId = check.header.id;
  }

  /**
   * One complete line of the text, `bytes[start, end)` of storage segment `segment`: the header,
   * an event, a packed row, or damage (the first damaged line, then the ignored tail after it).
   */
  acceptLine(bytes: Uint8Array, segment: number, start: number, end: number): void {
    if (!this.isHeaderRead) {
      this.readHeaderLine(bytes, start, end);
      return;
    }
    const line = this.lineNumber;
    const byteOffset = this.nextLineOffset;
    const lineIndex = this.recordLine(segment, start, end);
    const value = this.parse(bytes, start, end);
    if (this.damage.isDamaged) {
      this.damage.ignoreLine(line, isRecord(value) && value['type'] === 'turn/end');
      // Upstream's scanner reads `null` as an event and throws a TypeError, ignored tail or not (FORMAT.md §1.5).
      if (value === null) this.damage.escalate(`. Line ${line} is \`null\`${NULL_LINE_FAILS}`);
      return;
    }
    if (value === UNPARSABLE) {
      this.startDamage(
        'unparsable-line',
        line,
        byteOffset,
        null,
        (fatal) => `Line ${line} is not valid JSON (or is blank)${fatal}`,
      );
      return;
    }
    if (value === null) {
      // Not a crash tail: upstream's scanner throws a TypeError on `null` and the load fails (§10.13).
      this.damage.start(
        'unparsable-line',
        line,
        byteOffset,
        null,
        true,
        () => `Line ${line} is \`null\`, not an event${NULL_LINE_FAILS}`,
      );
      return;
    }
    const expected = this.store.eventCount;
    if (this.store.rules.hasPackedRows && isRecord(value) && isPackedRowType(value['type'])) {
      this.acceptPackedRow(value, lineIndex, line, byteOffset);
      return;
    }
    const seq = isRecord(value) ? value['seq'] : undefined;
    if (!isRecord(value) || seq !== expected) {
      this.startDamage('seq-gap', line, byteOffset, typeof seq === 'number' ? seq : null, (fatal) =>
        isRecord(value)
          ? `Seq discontinuity at line ${line}: expected seq ${expected}, got ${showSeq(seq)}${fatal}`
          : `Line ${line} holds JSON that is not an object, so it has no seq (expected ${expected})${fatal}`,
      );
      if (isRecord(value) && value['type'] === 'turn/end') this.damage.escalateAtTurnEnd(line);
      return;
    }
    this.acceptEvent(value, lineIndex, line, byteOffset, expected);
  }

  /** A packed chunk row (FORMAT.md §4): its members become events, or the row is damage as a whole. */
  private acceptPackedRow(
    value: Record<string, unknown>,
    lineIndex: number,
    line: number,
    byteOffset: number,
  ): void {
    const check = validatePackedRow(value);
    if (!check.ok) {
      this.startDamage(
        'malformed-packed-row',
        line,
        byteOffset,
        null,
        (fatal) => `Line ${line} is a malformed packed chunk row (${check.message})${fatal}`,
      );
      return;
    }
    const row = check.row;
    const expected = this.store.eventCount;
    if (row.seq0 !== expected) {
      this.startDamage(
        'seq-gap',
        line,
        byteOffset,
        row.seq0,
        (fatal) =>
          `Line ${line} is a packed row starting at seq ${row.seq0}, but seq ${expected} comes next${fatal}`,
      );
      return;
    }
    const typeId = this.store.typeIdOf('assistant/chunk');
    let time = row.time0;
    for (let k = 0; k < row.count; k++) {
      if (k > 0) time += row.dt[k - 1] as number;
      this.store.addEvent(typeId, time, lineIndex, k);
    }
    this.store.markLineEvents(lineIndex, row.seq0, row.count);
    this.packedRowCount++;
    const run: Parameters<LogIndexBuilder['acceptChunkRun']>[0] = {
      seq0: row.seq0,
      count: row.count,
      rowType: row.rowType,
      turn: row.turn,
      step: row.step,
      index: row.index,
    };
    if (row.callId !== undefined) run.callId = row.callId;
    if (row.name !== undefined) run.name = row.name;
    this.builder.acceptChunkRun(run);
  }

  /** Records the first damaged record; later lines become the ignored tail (FORMAT.md §3.3). */
  private startDamage(
    kind: ProblemKind,
    line: number,
    byteOffset: number,
    seq: number | null,
    message: (fatalSuffix: string) => string,
  ): void {
    this.damage.start(kind, line, byteOffset, seq, this.isStrict, message);
  }

  private acceptEvent(
    value: Record<string, unknown>,
    lineIndex: number,
    line: number,
    byteOffset: number,
    seq: number,
  ): void {
    const storedType = value['type'];
    const type = typeof storedType === 'string' ? storedType : '';
    const time = value['time'];
    this.store.addEvent(
      this.store.typeIdOf(type),
      typeof time === 'number' ? time : Number.NaN,
      lineIndex,
      -1,
    );
    this.store.markLineEvents(lineIndex, seq, 1);
    const event = (typeof storedType === 'string' ? value : { ...value, type }) as unknown as StoredEvent;
    this.builder.acceptEvent(this.events.check(value, event, seq, line, byteOffset));
  }
}

/** A stored `seq` value for a message, bounded; never throws (the value may nest beyond JSON.stringify's reach). */
function showSeq(value: unknown): string {
  if (value === undefined) return 'none';
  try {
    const text = JSON.stringify(value) ?? 'none';
    return text.length > 40 ? `${text.slice(0, 37)}...` : text;
  } catch {
    return Array.isArray(value) ? 'a deeply nested array' : 'a deeply nested object';
  }
}
