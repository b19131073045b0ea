// The line scan (FORMAT.md §2.2, §3.3–§3.5): each complete line of the text becomes the header, an
// event (or the members of a packed row) handed to the store and the index, or damage.

import type { SessionHeader, StoredEvent } from '../event.ts';
import { isRecord, SURFACE_EVENT_TYPES } from '../event.ts';
import { boundValueDepth } from '../base/deep-values.ts';
import { hashBytes } from '../base/hash-bytes.ts';
import { checkHeader } from '../format/header.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { LogFormatFacts } from './opened-log.ts';
import { isPackedRowType, validatePackedRow } from '../format/packed-rows.ts';
import type { LogProblem, ProblemEffect, ProblemKind } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { LogIndexBuilder } from '../structure/log-index.ts';
import { DamageState, type LinePlace } from './damage-state.ts';
import { EventChecker } from './event-checks.ts';
import { LineTextReader } from './line-text.ts';
import { isNullLine, mayHoldTurnEnd } from './line-bytes.ts';
import type { ProblemList } from './problem-list.ts';

/** Why a `null` line refuses the log (FORMAT.md §1.5, §10.13): the end of a damage message. */
const NULL_LINE_FAILS =
  ": upstream's scanner throws a TypeError on it, so dsh fails to load the log (FORMAT.md §1.5).";

/** Marker for a line whose JSON could not be parsed (JSON.parse never returns a symbol). */
const UNPARSABLE = Symbol('unparsable');

/**
 * Stored types whose lines get a fingerprint (LogStore.lineHash): the surface events, and the
 * legacy steering/message that upgrades to one. Chunks, the bulk of a log, are left out.
 */
const FINGERPRINTED_TYPES: ReadonlySet<string> = new Set<string>([
  ...SURFACE_EVENT_TYPES,
  'steering/message',
]);

/** Default of LineScannerOptions.maxIgnoredLinesKept: 100,000 lines (≈ 2.5 MB of columns). */
const DEFAULT_MAX_IGNORED_LINES_KEPT = 100_000;

/** Bounds of the scan. */
export interface LineScannerOptions {
  /**
   * Lines of the ignored tail kept as storage lines (their bytes, for the raw view of ignored
   * lines); later ones are only counted. Bounds what a tail of millions of blank lines costs.
   */
  maxIgnoredLinesKept?: number;
}

/**
 * Scans the lines of one log in order. Every line becomes a storage line of `store` (so line
 * numbers and byte offsets stay exact); the valid prefix's events go to the store and `builder`;
 * problems to `problems`.
 */
export class LineScanner {
  /** Lines are inside complete zstd frames: any damage is fatal (FORMAT.md §1.4). Set by the decoder. */
  isStrict = false;
  /**
   * Called once when no later line can matter line by line: the damage is fatal and the ignored
   * lines kept are at their bound. The decoder then has its splitter count lines (acceptCountedLines).
   */
  onCountOnly: (() => void) | null = null;
  /** Each accepted event once the index has it, in seq order (DecoderOptions.onEvent). */
  onEvent: ((seq: number, event: StoredEvent | null) => void) | null = null;
  private isCountingOnly = false;
  private ignoredLinesKept = 0;
  private readonly maxIgnoredLinesKept: number;
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
    options: LineScannerOptions = {},
  ) {
    this.maxIgnoredLinesKept = options.maxIgnoredLinesKept ?? DEFAULT_MAX_IGNORED_LINES_KEPT;
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

  /** Physical lines read after the header (events, rows, problem lines, counted ignored lines). */
  get linesRead(): number {
    return this.isHeaderRead ? this.lineNumber - 2 : 0;
  }

  /** Offset in the text where the next line starts. */
  get nextByteOffset(): number {
    return this.nextLineOffset;
  }

  /** Packed chunk rows accepted so far. */
  get packedRows(): number {
    return this.packedRowCount;
  }

  /** The ignored-tail problem of the range still open, without closing it (DamageState.openIgnoredRange). */
  openIgnoredRange(): LogProblem | null {
    return this.damage.openIgnoredRange();
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
      byteEnd: offset + bytes.length,
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
    // The header is kept and handed out as parsed (summary, inspect report): bound its nesting.
    const check = checkHeader(parsed === UNPARSABLE ? undefined : boundValueDepth(parsed));
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
    if (this.damage.isDamaged) {
      this.acceptIgnoredLine(bytes, segment, start, end);
      return;
    }
    const line = this.lineNumber;
    const byteOffset = this.nextLineOffset;
    const place: LinePlace = { line, byteOffset, byteEnd: byteOffset + end - start };
    const lineIndex = this.recordLine(segment, start, end);
    const value = this.parse(bytes, start, end);
    if (value === UNPARSABLE) {
      this.startDamage(
        'unparsable-line',
        place,
        null,
        (fatal) => `Line ${line} is not valid JSON (or is blank)${fatal}`,
      );
      return;
    }
    if (value === null) {
      // Not a crash tail: upstream's scanner throws a TypeError on `null` and the load fails (§10.13).
      this.damage.start(
        'unparsable-line',
        place,
        null,
        true,
        () => `Line ${line} is \`null\`, not an event${NULL_LINE_FAILS}`,
      );
      this.checkCountOnly();
      return;
    }
    const expected = this.store.eventCount;
    if (this.store.rules.hasPackedRows && isRecord(value) && isPackedRowType(value['type'])) {
      this.acceptPackedRow(value, lineIndex, place);
      return;
    }
    const seq = isRecord(value) ? value['seq'] : undefined;
    if (!isRecord(value) || seq !== expected) {
      this.startDamage('seq-gap', place, typeof seq === 'number' ? seq : null, (fatal) =>
        isRecord(value)
          ? `Seq discontinuity at line ${line}: expected seq ${expected}, got ${showSeq(seq)}${fatal}`
          : `Line ${line} holds JSON that is not an object, so it has no seq (expected ${expected})${fatal}`,
      );
      if (isRecord(value) && value['type'] === 'turn/end') this.damage.escalateAtTurnEnd(line);
      this.checkCountOnly();
      return;
    }
    this.acceptEvent(value, lineIndex, line, byteOffset, expected);
    if (FINGERPRINTED_TYPES.has(value['type'] as string))
      this.store.lineHash.set(lineIndex, hashBytes(bytes, start, end));
  }

  /**
   * A line after the damage (FORMAT.md §3.3): not an event. Its bytes are kept (for the raw view)
   * while fewer than maxIgnoredLinesKept are; it is parsed only while the damage is not yet fatal
   * and only if it may be a `null` or a turn/end, the two things that change the verdict.
   */
  private acceptIgnoredLine(bytes: Uint8Array, segment: number, start: number, end: number): void {
    const line = this.lineNumber;
    const byteOffset = this.nextLineOffset;
    if (this.ignoredLinesKept < this.maxIgnoredLinesKept) {
      this.recordLine(segment, start, end);
      this.ignoredLinesKept++;
    } else {
      this.lineNumber++;
      this.nextLineOffset += end - start + 1;
    }
    let isTurnEnd = false;
    let isNull = false;
    if (!this.damage.isFatal) {
      isNull = isNullLine(bytes, start, end);
      if (!isNull && mayHoldTurnEnd(bytes, start, end)) {
        const value = this.parse(bytes, start, end);
        isTurnEnd = isRecord(value) && value['type'] === 'turn/end';
      }
    }
    this.damage.ignoreLines(line, line, byteOffset, byteOffset + end - start, isTurnEnd);
    // Upstream's scanner reads `null` as an event and throws a TypeError, ignored tail or not (FORMAT.md §1.5).
    if (isNull) this.damage.escalate(`. Line ${line} is \`null\`${NULL_LINE_FAILS}`);
    this.checkCountOnly();
  }

  /** Complete lines the splitter only counted (after onCountOnly): `bytes` of text including their LFs. */
  acceptCountedLines(lines: number, bytes: number): void {
    const from = this.lineNumber;
    const byteOffset = this.nextLineOffset;
    this.lineNumber += lines;
    this.nextLineOffset += bytes;
    this.damage.ignoreLines(from, this.lineNumber - 1, byteOffset, this.nextLineOffset - 1);
  }

  /** Calls onCountOnly once no later line can change anything line by line. */
  private checkCountOnly(): void {
    if (this.isCountingOnly || !this.damage.isFatal || this.ignoredLinesKept < this.maxIgnoredLinesKept)
      return;
    this.isCountingOnly = true;
    this.onCountOnly?.();
  }

  /** A packed chunk row (FORMAT.md §4): its members become events, or the row is damage as a whole. */
  private acceptPackedRow(value: Record<string, unknown>, lineIndex: number, place: LinePlace): void {
    const { line } = place;
    const check = validatePackedRow(value);
    if (!check.ok) {
      this.startDamage(
        'malformed-packed-row',
        place,
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
        place,
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
    const firstTokenMember = firstNonEmptyMember(value, row.name);
    if (firstTokenMember >= 0) run.firstTokenMember = firstTokenMember;
    this.builder.acceptChunkRun(run);
    if (this.onEvent !== null) for (let k = 0; k < row.count; k++) this.onEvent(row.seq0 + k, null);
  }

  /** Records the first damaged record; later lines become the ignored tail (FORMAT.md §3.3). */
  private startDamage(
    kind: ProblemKind,
    place: LinePlace,
    seq: number | null,
    message: (fatalSuffix: string) => string,
  ): void {
    this.damage.start(kind, place, seq, this.isStrict, message);
    this.checkCountOnly();
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
    const checked = this.events.check(value, event, seq, line, byteOffset);
    this.builder.acceptEvent(checked);
    this.onEvent?.(seq, checked);
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

/** The first member of a validated packed row that carries a token (a tool name counts on every member); −1: none. */
function firstNonEmptyMember(value: Record<string, unknown>, name: string | undefined): number {
  if (name !== undefined && name !== '') return 0;
  const data = value['data'] as Record<string, unknown>;
  const members = (data['texts'] ?? data['args']) as string[];
  return members.findIndex((member) => member !== '');
}
