// The decoder: file bytes (pushed in chunks of any size) → header, problems, verdict, the columnar
// LogStore and the events of the valid prefix handed to the index (FORMAT.md §1–§4, CLI.md).

import type { SessionHeader, StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';
import {
  checkEnvelope,
  checkMessageShape,
  checkObsoleteVocabulary,
  checkUnknownType,
} from '../format/envelope.ts';
import { checkHeader } from '../format/header.ts';
import { applyLegacyUpgrade } from '../format/legacy.ts';
import { LineSplitter } from '../container/line-splitter.ts';
import { createLogIndexBuilder } from '../structure/log-index.ts';
import type { LogIndexBuilder } from '../structure/log-index.ts';
import { LogStore } from '../storage/log-store.ts';
import type { FileFacts, OpenedLog } from './opened-log.ts';
import { isPackedRowType, validatePackedRow } from '../format/packed-rows.ts';
import type { LogProblem, ProblemEffect, ProblemKind } from '../problems.ts';
import { ValidationStage, deriveVerdict } from '../problems.ts';
import { BOM_LENGTH_BYTES, sniffContainer } from '../container/sniff.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import type { FastDecompress } from '../container/zstd-decode.ts';
import {
  FrameDecompressor,
  MAX_FRAME_ALLOCATION_BYTES,
  decodeZstdFrame,
  recoverTornZstdFrame,
} from '../container/zstd-decode.ts';
import { readUint32LE, scanZstdFrame } from '../container/zstd-frames.ts';

export interface DecoderOptions {
  /** zstd content checksum (low 32 bits of XXH64 of the frame's plaintext); null/absent = not verified */
  checksum?: ChecksumVerifier | null;
  /** stop with a 'zstd-limit' / 'too-large' problem beyond this many decompressed bytes (default 1.5 GiB) */
  maxTextBytes?: number;
  /**
   * A faster one-shot zstd decompressor (the loaders inject @bokuweb/zstd-wasm) for complete frames
   * that declare their size within the limits, here and in the LogStore's on-demand frame reads;
   * null/absent = fzstd for everything. Frames without a declared size, a torn final frame and any
   * frame the fast path throws on are decoded by fzstd (so problem messages stay fzstd's).
   */
  fastDecompress?: FastDecompress | null;
}

/** Counters of a running decode: input bytes consumed, text bytes produced, events and storage lines so far. */
export interface DecodeProgress {
  bytesIn: number;
  textBytes: number;
  events: number;
  lines: number;
}

export interface LogDecoder {
  /** Feed the next bytes of the file, any chunk size. Never throws for bad input (problems instead). */
  push(bytes: Uint8Array): void;
  /** End of input: recover a torn tail, run end-of-log validation, finish the index. Idempotent. */
  finish(): OpenedLog;
  /** The live, partial log (events so far, verdict provisional, isComplete false) — the worker shows first rows from it. */
  readonly log: OpenedLog;
  readonly progress: DecodeProgress;
}

/** Default bound on decompressed text (1.5 GiB): beyond it the load stops with a problem instead of exhausting memory. */
export const DEFAULT_MAX_TEXT_BYTES = 1.5 * 1024 * 1024 * 1024;

/** After this many problems of one kind, further ones are counted in a single summary problem. */
const MAX_PROBLEMS_PER_KIND = 1000;

/** Pieces up to this size are decoded to text once for all their lines (larger ones line by line). */
const WHOLE_PIECE_DECODE_MAX_BYTES = 16 * 1024 * 1024;

const LINE_FEED = 0x0a;
const BYTE_ORDER_MARK = 0xfeff;

/** Marker for a line whose JSON could not be parsed (JSON.parse never returns a symbol). */
const UNPARSABLE = Symbol('unparsable');

type Mode = 'sniffing' | 'jsonl' | 'zstd' | 'refused';

/** The first damaged record of the scan (FORMAT.md §3.3 `issue`). */
interface Damage {
  problem: LogProblem;
  line: number;
  /** True once the log is known to be refused for it (inside complete zstd frames, or a later turn/end). */
  isFatal: boolean;
}

class Decoder implements LogDecoder {
  private readonly frameDecompressor: FrameDecompressor;
  private readonly store: LogStore;
  /** Complete frames the fast path decoded (FileFacts.decompressor). */
  private fastFrames = 0;
  private readonly problems: LogProblem[] = [];
  private readonly builder: LogIndexBuilder;
  private readonly checksum: ChecksumVerifier | null;
  private readonly maxTextBytes: number;
  private readonly textDecoder = new TextDecoder('utf-8');
  private readonly splitter: LineSplitter;
  private readonly problemCounts = new Map<ProblemKind, number>();
  private readonly suppressed = new Map<ProblemKind, { count: number; first: LogProblem }>();
  private readonly legacyUpgradesSeen = new Set<string>();

  private mode: Mode = 'sniffing';
  private sniffBuffer: Uint8Array = new Uint8Array(0);
  private header: SessionHeader | null = null;
  private hasHeaderLine = false;
  private file: FileFacts = {
    bytes: 0,
    container: 'unknown',
    frames: null,
    tornTail: false,
    textBytes: 0,
    checksumsVerified: 0,
    hasChecksumVerifier: false,
    hadBom: false,
  };
  private nextLineNumber = 1;
  private nextLineOffset = 0;
  private packedRows = 0;
  private damage: Damage | null = null;
  private ignoredFrom = 0;
  private ignoredTo = 0;
  /** Lines are inside complete zstd frames: any damage is fatal (FORMAT.md §1.4). */
  private isStrict = false;
  private isStopped = false;
  private isFinished = false;
  private finishedLog: OpenedLog | null = null;

  /** The complete frame being split and its plaintext (the store keeps the frame, not the text). */
  private frameText: Uint8Array | null = null;
  private frameBytes: Uint8Array | null = null;
  /** The piece `lineText` last saw and its whole decoded text (null: decode line by line). */
  private textSource: Uint8Array | null = null;
  private textOfSource: string | null = null;
  /** Where the next line of `textSource` starts: byte offset and the matching char offset. */
  private sourceByte = 0;
  private sourceChar = 0;

  // zstd input not yet consumed as complete frames.
  private pending = new Uint8Array(0);
  private pendingLength = 0;

  constructor(options: DecoderOptions) {
    this.frameDecompressor = new FrameDecompressor(options.fastDecompress ?? null);
    this.store = new LogStore(this.frameDecompressor);
    this.checksum = options.checksum ?? null;
    this.maxTextBytes = options.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
    this.file.hasChecksumVerifier = this.checksum !== null;
    this.builder = createLogIndexBuilder(this.store, (problem) => this.report(problem));
    this.splitter = new LineSplitter(
      (bytes) =>
        bytes === this.frameText && this.frameBytes !== null
          ? this.store.addFrameSegment(this.frameBytes)
          : this.store.addSegment(bytes),
      (bytes, segment, start, end) => this.onLine(bytes, segment, start, end),
    );
  }

  get progress(): DecodeProgress {
    return {
      bytesIn: this.file.bytes,
      textBytes: this.file.textBytes,
      events: this.store.eventCount,
      lines: this.store.lineCount,
    };
  }

  get log(): OpenedLog {
    if (this.finishedLog) return this.finishedLog;
    return this.snapshot(false);
  }

  push(bytes: Uint8Array): void {
    if (this.isFinished || bytes.length === 0) return;
    this.file.bytes += bytes.length;
    if (this.mode === 'sniffing') {
      const joined = this.sniffBuffer.length === 0 ? bytes : concat(this.sniffBuffer, bytes);
      if (!this.decideMode(joined, false)) {
        this.sniffBuffer = joined.slice();
        return;
      }
      this.sniffBuffer = new Uint8Array(0);
      this.feed(this.file.hadBom ? joined.subarray(BOM_LENGTH_BYTES) : joined);
      return;
    }
    this.feed(bytes);
  }

  finish(): OpenedLog {
    if (this.finishedLog) return this.finishedLog;
    if (this.mode === 'sniffing') {
      const rest = this.sniffBuffer;
      this.sniffBuffer = new Uint8Array(0);
      this.decideMode(rest, true);
      this.feed(this.file.hadBom ? rest.subarray(BOM_LENGTH_BYTES) : rest);
    }
    this.isFinished = true;
    if (this.mode === 'zstd') this.finishZstd();
    else if (this.mode === 'jsonl') this.finishPlain();
    this.closeIgnoredRange();
    this.builder.finish();
    this.store.compact();
    for (const [kind, { count, first }] of this.suppressed) {
      this.problems.push({
        ...first,
        line: null,
        lineEnd: null,
        seq: null,
        byteOffset: null,
        effect: 'none',
        message: `${count} more "${kind}" problems are not listed.`,
      });
    }
    this.finishedLog = this.snapshot(true);
    return this.finishedLog;
  }

  // ---- container ----

  /** Sets the mode from the first bytes; returns false when more bytes are needed. */
  private decideMode(bytes: Uint8Array, isFinal: boolean): boolean {
    const sniffed = sniffContainer(bytes, isFinal);
    switch (sniffed) {
      case 'need-more':
        return false;
      case 'jsonl':
      case 'empty':
        this.mode = 'jsonl';
        this.file.container = 'jsonl';
        return true;
      case 'jsonl-bom':
        this.mode = 'jsonl';
        this.file.container = 'jsonl';
        this.file.hadBom = true;
        this.addProblem('bom', 'corrupt', ValidationStage.HEADER_SHAPE, {
          line: 1,
          byteOffset: 0,
          message:
            'The file starts with a UTF-8 byte order mark; dsh never writes one and refuses the log. The viewer skipped it and read on.',
        });
        return true;
      case 'zstd':
        this.mode = 'zstd';
        this.file.container = 'zstd';
        this.file.frames = 0;
        return true;
      case 'zip':
        this.mode = 'refused';
        this.addProblem('zip', 'corrupt', ValidationStage.CONTAINER, {
          byteOffset: 0,
          message:
            'This is a ZIP archive (a dsh session export), not a single log. Unzip it and open session.jsonl or one of subagents/*/session.jsonl.',
        });
        return true;
      case 'not-a-log':
        this.mode = 'refused';
        this.addProblem('not-a-log', 'corrupt', ValidationStage.CONTAINER, {
          byteOffset: 0,
          message:
            'This file is not a dsh session log: it starts with neither "{" (JSONL) nor the zstd magic bytes.',
        });
        return true;
    }
  }

  private feed(bytes: Uint8Array): void {
    if (this.isStopped || bytes.length === 0) return;
    if (this.mode === 'jsonl') {
      if (this.file.textBytes + bytes.length > this.maxTextBytes) {
        this.stopTooLarge();
        return;
      }
      this.file.textBytes += bytes.length;
      this.splitter.push(bytes);
    } else if (this.mode === 'zstd') {
      if (this.pendingLength === 0) {
        // Frames complete within this chunk are decoded straight from it; only a partial frame is copied.
        const used = this.consumeFrames(bytes);
        this.framesByteOffset += used;
        if (!this.isStopped && used < bytes.length) this.appendPending(bytes.subarray(used));
      } else {
        this.appendPending(bytes);
        const used = this.consumeFrames(this.pending.subarray(0, this.pendingLength));
        if (used > 0) {
          this.pending.copyWithin(0, used, this.pendingLength);
          this.pendingLength -= used;
          this.framesByteOffset += used;
        }
      }
    }
  }

  /**
   * Our own memory bound (maxTextBytes) was reached: the events before it are kept and the rest is
   * not read. Effect `none`: it says nothing about what dsh would do with the file (the verdict
   * covers only what was read, and the problem says so).
   */
  private stopTooLarge(): void {
    this.isStopped = true;
    this.addProblem('too-large', 'none', ValidationStage.CONTAINER, {
      byteOffset: this.file.textBytes,
      message: `The log text exceeds ${Math.round(this.maxTextBytes / (1024 * 1024))} MiB, more than this viewer holds: reading stopped there. The events before it are shown, and the verdict covers only them; use the CLI for the whole file.`,
    });
  }

  private appendPending(bytes: Uint8Array): void {
    const needed = this.pendingLength + bytes.length;
    if (needed > this.pending.length) {
      const next = new Uint8Array(Math.max(needed, this.pending.length * 2, 64 * 1024));
      next.set(this.pending.subarray(0, this.pendingLength));
      this.pending = next;
    }
    this.pending.set(bytes, this.pendingLength);
    this.pendingLength = needed;
  }

  /**
   * Decodes every complete frame at the start of `buffer` (whose first byte is at file offset
   * `framesByteOffset`) as soon as it is complete; returns the bytes consumed.
   */
  private consumeFrames(buffer: Uint8Array): number {
    let position = 0;
    while (!this.isStopped && position < buffer.length) {
      const scan = scanZstdFrame(buffer, position);
      if (scan.kind === 'torn') break;
      if (scan.kind === 'fatal') {
        this.stopAtFrame(position, 'zstd-frame', scan.message);
        break;
      }
      const frame = buffer.subarray(scan.start, scan.end);
      if (this.isFrameOverTextBudget(scan.header)) {
        this.stopTooLarge();
        break;
      }
      const decoded = decodeZstdFrame(
        frame,
        scan.header,
        this.maxTextBytes - this.file.textBytes,
        this.frameDecompressor,
      );
      if (!decoded.ok && decoded.reason === 'limit' && this.isWithinFrameLimits(scan.header)) {
        // The frame itself is acceptable; only the remaining text budget ran out while streaming it.
        this.stopTooLarge();
        break;
      }
      if (!decoded.ok) {
        this.stopAtFrame(
          position,
          decoded.reason === 'limit' ? 'zstd-limit' : 'zstd-decode',
          decoded.message,
        );
        break;
      }
      if (scan.header.hasChecksum && this.checksum) {
        const stored = readUint32LE(buffer, scan.lastBlockEnd);
        if (this.checksum(decoded.text) !== stored) {
          this.stopAtFrame(
            position,
            'zstd-checksum',
            'The frame fails its content checksum: the file is damaged.',
          );
          break;
        }
        this.file.checksumsVerified++;
      }
      if (decoded.decompressor === 'zstd-wasm') this.fastFrames++;
      position = scan.end;
      this.acceptFrameText(decoded.text, frame);
    }
    return position;
  }

  /** A frame of acceptable size whose declared text would exceed the remaining budget. */
  private isFrameOverTextBudget(header: { contentSize: number | null; windowSize: number }): boolean {
    return (
      header.contentSize !== null &&
      this.isWithinFrameLimits(header) &&
      header.contentSize > this.maxTextBytes - this.file.textBytes
    );
  }

  /** The frame's declared window and size are within what we allocate for one frame (not a bomb). */
  private isWithinFrameLimits(header: { contentSize: number | null; windowSize: number }): boolean {
    return (
      header.windowSize <= MAX_FRAME_ALLOCATION_BYTES &&
      (header.contentSize === null || header.contentSize <= MAX_FRAME_ALLOCATION_BYTES)
    );
  }

  /** File offset of `pending[0]`. */
  private framesByteOffset = 0;

  private stopAtFrame(position: number, kind: ProblemKind, message: string): void {
    this.isStopped = true;
    const byteOffset = this.framesByteOffset + position;
    this.addProblem(kind, 'corrupt', ValidationStage.CONTAINER, {
      byteOffset,
      message:
        kind === 'zstd-limit'
          ? `At byte ${byteOffset} (zstd frame ${(this.file.frames ?? 0) + 1}): ${message}`
          : `At byte ${byteOffset} (zstd frame ${(this.file.frames ?? 0) + 1}): ${message} Events from the frames before it are shown; dsh would refuse this log.`,
    });
  }

  /** `text` is the plaintext of the complete frame `frame` (whose bytes the store keeps instead of the text). */
  private acceptFrameText(text: Uint8Array, frame: Uint8Array): void {
    const frameNumber = (this.file.frames ?? 0) + 1;
    this.file.frames = frameNumber;
    this.file.textBytes += text.length;
    if (frameNumber === 1 && (text.length === 0 || text.indexOf(0x0a) !== text.length - 1))
      this.addProblem('bad-header', 'corrupt', ValidationStage.HEADER_SHAPE, {
        line: 1,
        byteOffset: 0,
        message:
          'The first zstd frame does not hold exactly one LF-terminated line (the header); dsh refuses this log.',
      });
    this.isStrict = true;
    this.frameText = text;
    this.frameBytes = frame;
    this.splitter.push(text);
    this.frameText = null;
    this.frameBytes = null;
    this.isStrict = false;
  }

  private finishZstd(): void {
    if (this.isStopped) return;
    const rest = this.pending.subarray(0, this.pendingLength);
    // Complete frames must end on a line boundary (FORMAT.md §1.4, §10.5).
    const unfinished = this.splitter.takeUnfinishedLine();
    if (unfinished) {
      this.file.tornTail = true;
      this.recordProblemLine(
        unfinished.bytes,
        unfinished.segment,
        'torn-record',
        'corrupt',
        (line) =>
          `The text of the complete zstd frames ends in the middle of line ${line} ("complete frame contains a torn JSONL record"); dsh refuses this log.`,
      );
    }
    if (rest.length > 0) {
      this.file.tornTail = true;
      const scan = scanZstdFrame(rest, 0);
      let recoveredLines = 0;
      let partialLine: number | null = null;
      if (scan.kind === 'torn' && scan.header !== null) {
        const recovered = recoverTornZstdFrame(
          rest,
          {
            header: scan.header,
            completeBlocksEnd: scan.completeBlocksEnd,
            lastCompleteBlockHeader: scan.lastCompleteBlockHeader,
            tornBlock: scan.tornBlock,
          },
          this.maxTextBytes - this.file.textBytes,
        );
        if (recovered.failure)
          this.addProblem(
            recovered.failure.reason === 'limit' ? 'zstd-limit' : 'zstd-decode',
            'corrupt',
            ValidationStage.CONTAINER,
            {
              byteOffset: this.framesByteOffset,
              message: `The torn last zstd frame could not be decoded: ${recovered.failure.message}`,
            },
          );
        const before = this.nextLineNumber;
        this.file.textBytes += recovered.text.length;
        this.splitter.push(recovered.text);
        recoveredLines = this.nextLineNumber - before;
        const partial = this.splitter.takeUnfinishedLine();
        if (partial) {
          partialLine = this.nextLineNumber;
          this.recordLine(partial.segment, 0, partial.bytes.length);
        }
      }
      const where = partialLine === null ? '' : ` The partial line ${partialLine} is dropped.`;
      this.addProblem('torn-tail', 'none', ValidationStage.CONTAINER, {
        line: partialLine,
        byteOffset: this.framesByteOffset,
        message: `The last zstd frame is incomplete (the writer stopped during an append); ${recoveredLines} complete line(s) were recovered from it, as dsh does.${where}`,
      });
    }
    if ((this.file.frames ?? 0) === 0)
      this.addProblem('empty', 'corrupt', ValidationStage.CONTAINER, {
        byteOffset: 0,
        message:
          'The file holds no complete zstd frame, so it has no header; dsh refuses it as empty or header-less.',
      });
    else if (!this.hasHeaderLine) this.reportMissingHeader();
  }

  private finishPlain(): void {
    if (this.isStopped) return;
    const unfinished = this.splitter.takeUnfinishedLine();
    if (unfinished && !this.hasHeaderLine) {
      this.file.tornTail = true;
      this.readHeaderLine(unfinished.bytes, 0, unfinished.bytes.length);
      this.addProblem('empty', 'corrupt', ValidationStage.CONTAINER, {
        line: 1,
        byteOffset: 0,
        message:
          'The file has no line feed, so its header line is incomplete; dsh refuses it as empty or header-less.',
      });
      return;
    }
    if (unfinished) {
      this.file.tornTail = true;
      this.recordProblemLine(
        unfinished.bytes,
        unfinished.segment,
        'torn-tail',
        'none',
        (line) =>
          `The last line (${line}) has no line feed: the writer stopped mid-append. dsh ignores it as a torn tail.`,
      );
    }
    if (!this.hasHeaderLine) this.reportMissingHeader();
  }

  private reportMissingHeader(): void {
    this.addProblem('empty', 'corrupt', ValidationStage.CONTAINER, {
      byteOffset: 0,
      message: 'The file is empty: there is no header line. dsh refuses it as empty or header-less.',
    });
  }

  /** Records an unfinished line as a storage line covered by a problem of `kind` (after closing any ignored range). */
  private recordProblemLine(
    bytes: Uint8Array,
    segment: number,
    kind: ProblemKind,
    effect: ProblemEffect,
    message: (line: number) => string,
  ): void {
    this.closeIgnoredRange();
    const line = this.nextLineNumber;
    const offset = this.nextLineOffset;
    if (!this.hasHeaderLine) {
      // The only line is the header itself.
      this.onLine(bytes, segment, 0, bytes.length);
    } else {
      this.recordLine(segment, 0, bytes.length);
    }
    this.addProblem(kind, effect, ValidationStage.CONTAINER, {
      line,
      byteOffset: offset,
      message: message(line),
    });
  }

  /** Adds a storage line to the store without scanning it (its status stays PROBLEM). */
  private recordLine(segment: number, start: number, end: number): number {
    const line = this.nextLineNumber++;
    this.nextLineOffset += end - start + 1;
    return this.store.addLine(line, segment, start, end - start);
  }

  // ---- lines ----

  /**
   * The text of the line `bytes[start, end)`, as decoding it alone gives it. The whole piece (a
   * frame's text, a read chunk) is decoded once and its lines are sliced from that text at its LFs:
   * an LF is never part of a multi-byte or invalid sequence, so the n-th LF of the bytes is the
   * n-th LF of the text. The one difference, a BOM at a line start (stripped when the line is
   * decoded alone), falls back to decoding the line alone, as do lines reached out of order.
   */
  private lineText(bytes: Uint8Array, start: number, end: number): string {
    if (bytes !== this.textSource) {
      this.textSource = bytes;
      this.textOfSource =
        bytes.length <= WHOLE_PIECE_DECODE_MAX_BYTES ? this.textDecoder.decode(bytes) : null;
      this.sourceByte = 0;
      this.sourceChar = 0;
    }
    const whole = this.textOfSource;
    if (whole !== null) {
      // Skip lines not handed to us (the end of a line joined across pieces).
      while (this.sourceByte < start) {
        const byteFeed = bytes.indexOf(LINE_FEED, this.sourceByte);
        const charFeed = whole.indexOf('\n', this.sourceChar);
        if (byteFeed < 0 || charFeed < 0) break;
        this.sourceByte = byteFeed + 1;
        this.sourceChar = charFeed + 1;
      }
      if (this.sourceByte === start) {
        const charFeed = whole.indexOf('\n', this.sourceChar);
        const charEnd = charFeed < 0 ? whole.length : charFeed;
        const text = whole.slice(this.sourceChar, charEnd);
        this.sourceByte = end + 1;
        this.sourceChar = charEnd + 1;
        if (text.charCodeAt(0) !== BYTE_ORDER_MARK) return text;
      } else this.textOfSource = null;
    }
    return this.textDecoder.decode(bytes.subarray(start, end));
  }

  private parse(bytes: Uint8Array, start: number, end: number): unknown {
    try {
      return JSON.parse(this.lineText(bytes, start, end)) as unknown;
    } catch {
      // Invalid JSON, a blank line, or nesting too deep for the engine: an unparsable line (§3.4).
      return UNPARSABLE;
    }
  }

  private readHeaderLine(bytes: Uint8Array, start: number, end: number): void {
    this.hasHeaderLine = true;
    this.nextLineNumber = 2;
    this.nextLineOffset = end - start + 1;
    const parsed = this.parse(bytes, start, end);
    const check = checkHeader(parsed === UNPARSABLE ? undefined : parsed);
    this.header = check.header;
    for (const problem of check.problems) this.report(problem);
    if (check.header && typeof check.header.id === 'string') this.store.sessionId = check.header.id;
  }

  private onLine(bytes: Uint8Array, segment: number, start: number, end: number): void {
    if (!this.hasHeaderLine) {
      this.readHeaderLine(bytes, start, end);
      return;
    }
    const line = this.nextLineNumber;
    const byteOffset = this.nextLineOffset;
    const lineIndex = this.recordLine(segment, start, end);
    const value = this.parse(bytes, start, end);
    const damage = this.damage;
    if (damage) {
      if (this.ignoredFrom === 0) this.ignoredFrom = line;
      this.ignoredTo = line;
      if (isRecord(value) && value['type'] === 'turn/end') this.escalate(damage, line);
      return;
    }
    if (value === UNPARSABLE || value === null) {
      this.startDamage('unparsable-line', line, byteOffset, null, (fatal) =>
        value === null
          ? `Line ${line} is \`null\`, not an event (upstream's scanner crashes on it)${fatal}`
          : `Line ${line} is not valid JSON (or is blank)${fatal}`,
      );
      return;
    }
    const expected = this.store.eventCount;
    if (isRecord(value) && isPackedRowType(value['type'])) {
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
      this.packedRows++;
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
      return;
    }
    const seq = isRecord(value) ? value['seq'] : undefined;
    if (!isRecord(value) || seq !== expected) {
      this.startDamage('seq-gap', line, byteOffset, typeof seq === 'number' ? seq : null, (fatal) =>
        isRecord(value)
          ? `Seq discontinuity at line ${line}: expected seq ${expected}, got ${showSeq(seq)}${fatal}`
          : `Line ${line} holds JSON that is not an object, so it has no seq (expected ${expected})${fatal}`,
      );
      if (isRecord(value) && value['type'] === 'turn/end' && this.damage) this.escalate(this.damage, line);
      return;
    }
    this.acceptEvent(value, lineIndex, line, byteOffset, expected);
  }

  /** Records the first damaged record; later lines become the ignored tail (FORMAT.md §3.3). */
  private startDamage(
    kind: ProblemKind,
    line: number,
    byteOffset: number,
    seq: number | null,
    message: (fatalSuffix: string) => string,
  ): void {
    const isFatal = this.isStrict;
    const suffix = isFatal
      ? '. It is inside a complete zstd frame, so dsh refuses the log.'
      : '. dsh keeps the events before it and ignores the rest (a crash tail) unless a later line holds a turn/end.';
    const problem: LogProblem = {
      kind,
      effect: isFatal ? 'corrupt' : 'none',
      stage: ValidationStage.SCAN,
      line,
      seq,
      byteOffset,
      message: message(suffix),
    };
    this.problems.push(problem);
    this.damage = { problem, line, isFatal };
  }

  /** A turn/end after the damage: the damage is in committed history and the log is refused. */
  private escalate(damage: Damage, turnEndLine: number): void {
    if (damage.isFatal) return;
    damage.isFatal = true;
    damage.problem.effect = 'corrupt';
    damage.problem.message = damage.problem.message.replace(
      /\. dsh keeps the events before it.*$/,
      `. Line ${turnEndLine} holds a turn/end, so this is damage to committed history and dsh refuses the log.`,
    );
  }

  private closeIgnoredRange(): void {
    if (this.ignoredFrom === 0 || !this.damage) return;
    const from = this.ignoredFrom;
    const to = this.ignoredTo;
    this.ignoredFrom = 0;
    this.problems.push({
      kind: 'ignored-tail',
      effect: 'none',
      stage: ValidationStage.SCAN,
      line: from,
      lineEnd: to,
      seq: null,
      byteOffset: null,
      message:
        from === to
          ? `Line ${from} comes after the damaged line ${this.damage.line}; dsh ignores it, so it is not an event.`
          : `Lines ${from}–${to} come after the damaged line ${this.damage.line}; dsh ignores them, so they are not events.`,
    });
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
    let event = (typeof storedType === 'string' ? value : { ...value, type }) as unknown as StoredEvent;

    const obsolete = checkObsoleteVocabulary(event);
    if (obsolete)
      this.addProblem('obsolete-type', 'corrupt', ValidationStage.OBSOLETE, {
        line,
        byteOffset,
        seq,
        message: obsolete,
      });

    const legacy = applyLegacyUpgrade(event, this.store.sessionId, (other) =>
      this.store.readStoredEvent(other),
    );
    if (legacy.malformed)
      this.addProblem('legacy', 'corrupt', ValidationStage.LEGACY, {
        line,
        byteOffset,
        seq,
        message: `Malformed ${type} at seq ${seq}: ${legacy.malformed}; dsh refuses the log.`,
      });
    else if (legacy.upgrade && !this.legacyUpgradesSeen.has(legacy.upgrade)) {
      this.legacyUpgradesSeen.add(legacy.upgrade);
      this.addProblem('legacy', 'none', ValidationStage.LEGACY, {
        line,
        byteOffset,
        seq,
        message: `Legacy v0 shape (${legacy.upgrade}) first seen at seq ${seq}; upgraded on read as dsh does.`,
      });
    }
    event = legacy.event;

    const shape = checkMessageShape(event);
    if (shape)
      this.addProblem('message-shape', 'corrupt', ValidationStage.MESSAGE_SHAPE, {
        line,
        byteOffset,
        seq,
        message: `Invalid ${event.type} at seq ${seq}: ${shape}; dsh refuses the log.`,
      });
    const unknown = checkUnknownType(event);
    if (unknown)
      this.addProblem('unknown-type', 'unsupported', ValidationStage.UNKNOWN_TYPE, {
        line,
        byteOffset,
        seq,
        message: unknown,
      });
    const envelope = checkEnvelope(value);
    if (envelope)
      this.addProblem('envelope', 'corrupt', ValidationStage.ENVELOPE, {
        line,
        byteOffset,
        seq,
        message: `Invalid event at seq ${seq}: ${envelope}; dsh refuses the log.`,
      });
    this.builder.acceptEvent(event);
  }

  // ---- problems and results ----

  private addProblem(
    kind: ProblemKind,
    effect: ProblemEffect,
    stage: ValidationStage,
    where: { line?: number | null; seq?: number | null; byteOffset?: number | null; message: string },
  ): void {
    this.report({
      kind,
      effect,
      stage,
      line: where.line ?? null,
      seq: where.seq ?? null,
      byteOffset: where.byteOffset ?? null,
      message: where.message,
    });
  }

  /** Adds a problem, keeping at most MAX_PROBLEMS_PER_KIND of each kind (the rest are counted). */
  private report(problem: LogProblem): void {
    const count = (this.problemCounts.get(problem.kind) ?? 0) + 1;
    this.problemCounts.set(problem.kind, count);
    if (count <= MAX_PROBLEMS_PER_KIND) {
      this.problems.push(problem);
      return;
    }
    const suppressed = this.suppressed.get(problem.kind);
    if (suppressed) suppressed.count++;
    else this.suppressed.set(problem.kind, { count: 1, first: problem });
  }

  private snapshot(isComplete: boolean): OpenedLog {
    const file: FileFacts = { ...this.file };
    if (this.mode === 'zstd') file.decompressor = this.fastFrames > 0 ? 'zstd-wasm' : 'fzstd';
    return {
      file,
      header: this.header,
      verdict: deriveVerdict(this.problems),
      problems: isComplete ? this.problems : this.problems.slice(),
      store: this.store,
      index: this.builder.index,
      lineCount: this.store.lineCount,
      packedRows: this.packedRows,
      isComplete,
    };
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

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

/** Creates an incremental decoder: push the file's bytes in order, then call finish(). */
export function createLogDecoder(options: DecoderOptions = {}): LogDecoder {
  return new Decoder(options);
}

/** Convenience for Node/tests: push everything, finish. */
export function decodeLog(bytes: Uint8Array, options: DecoderOptions = {}): OpenedLog {
  const decoder = createLogDecoder(options);
  decoder.push(bytes);
  return decoder.finish();
}
