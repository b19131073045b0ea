// The decoder: file bytes (pushed in chunks of any size) → header, problems, verdict, the columnar
// LogStore and the events of the valid prefix handed to the index (FORMAT.md §1–§4, CLI.md). It
// sniffs the container, routes plain text or the zstd feed's frame text through the line splitter
// into the line scan, and validates the end of input (input-end.ts); each stage has its own module.

import { LineSplitter } from '../container/line-splitter.ts';
import { BOM_LENGTH_BYTES, sniffContainer } from '../container/sniff.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import type { FastDecompress } from '../container/zstd-decode.ts';
import { FrameDecompressor, MAX_FRAME_ALLOCATION_BYTES, fileDecompressor } from '../container/zstd-decode.ts';
import type { ProblemEffect, ProblemKind } from '../problems.ts';
import { ValidationStage, deriveVerdict } from '../problems.ts';
import { LogStore } from '../storage/log-store.ts';
import type { LogIndexBuilder } from '../structure/log-index.ts';
import { createLogIndexBuilder } from '../structure/log-index.ts';
import { LineScanner } from './line-scan.ts';
import type { FileFacts, OpenedLog } from './opened-log.ts';
import { forwardEvents, type DecodedEventListener } from './decoding-log.ts';
import { ProblemList, type ProblemPlace } from './problem-list.ts';
import { ZstdFeed } from './zstd-feed.ts';
import { finishPlainInput, finishZstdInput, type InputEnd } from './input-end.ts';
import { concatBytes, formatMiB } from '../base/bytes.ts';

export interface DecoderOptions {
  /** zstd content checksum (low 32 bits of XXH64 of the frame's plaintext); null/absent = not verified */
  checksum?: ChecksumVerifier | null;
  /**
   * The viewer's own bounds. Reading stops at the first one reached with a problem whose effect is
   * `none` (`too-large`, `zstd-limit`, `line-too-long`) and the verdict's `viewerLimit` says so: a
   * bound of ours is never a verdict on the file. `maxTextBytes`: decompressed text in all
   * (default 1.5 GiB); `maxFrameBytes`: one zstd frame's text or window (default 256 MiB);
   * `maxLineBytes`: one line (default 256 MiB; V8 strings hold about 512 Mi characters).
   */
  maxTextBytes?: number;
  maxFrameBytes?: number;
  maxLineBytes?: number;
  /** Lines after the first damage kept for their bytes (default 100,000); later ones are counted only. */
  maxIgnoredLinesKept?: number;
  /**
   * A faster one-shot zstd decompressor (the loaders inject @bokuweb/zstd-wasm) for complete frames
   * that declare their size within the limits, here and in the LogStore's on-demand frame reads;
   * null/absent = fzstd for everything. Frames without a declared size, a torn final frame and any
   * frame the fast path throws on are decoded by fzstd (so problem messages stay fzstd's).
   */
  fastDecompress?: FastDecompress | null;
  /** Each event as the decoder accepts it, in seq order (decoding-log.ts says what it is handed). */
  onEvent?: DecodedEventListener;
}

/** Counters of a running decode: input bytes consumed, text bytes produced, events and storage lines so far. */
interface DecodeProgress {
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
  /**
   * The log as read so far, settled (LogIndexBuilder.settle) but not finished: a torn tail stays
   * held back and no end-of-input check runs, so more bytes may still be pushed. What a follower
   * shows after each append; at a frame or line boundary its events, problems and index equal
   * finish()'s for the same bytes (follow/log-follower.test.ts).
   */
  settle(): OpenedLog;
  /** The live, partial log (events so far, verdict provisional, isComplete false) — the worker shows first rows from it. */
  readonly log: OpenedLog;
  readonly progress: DecodeProgress;
}

/** Default bound on decompressed text (1.5 GiB): beyond it the load stops with a problem instead of exhausting memory. */
const DEFAULT_MAX_TEXT_BYTES = 1.5 * 1024 * 1024 * 1024;
/** Default bound on one line (256 MiB): JSON.parse needs the line as one string, and V8's are at most ~512 Mi characters. */
const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

type Mode = 'sniffing' | 'jsonl' | 'zstd' | 'refused';

class Decoder implements LogDecoder {
  private readonly store: LogStore;
  private readonly problems = new ProblemList();
  private readonly builder: LogIndexBuilder;
  private readonly maxTextBytes: number;
  private readonly maxLineBytes: number;
  private readonly splitter: LineSplitter;
  private readonly lines: LineScanner;
  private readonly zstd: ZstdFeed;

  private mode: Mode = 'sniffing';
  private sniffBuffer: Uint8Array = new Uint8Array(0);
  private readonly file: FileFacts = {
    bytes: 0,
    container: 'unknown',
    frames: null,
    tornTail: false,
    textBytes: 0,
    checksumsVerified: 0,
    hasChecksumVerifier: false,
    hadBom: false,
  };
  /** Reading stopped at one of our bounds (a viewer limit); the zstd feed also stops on its own. */
  private isAtViewerLimit = false;
  private isFinished = false;
  private finishedLog: OpenedLog | null = null;

  /** The complete frame being split and its plaintext (the store keeps the frame, not the text). */
  private frameText: Uint8Array | null = null;
  private frameBytes: Uint8Array | null = null;

  constructor(options: DecoderOptions) {
    const decompressor = new FrameDecompressor(options.fastDecompress ?? null);
    const checksum = options.checksum ?? null;
    this.store = new LogStore(decompressor);
    this.maxTextBytes = options.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.file.hasChecksumVerifier = checksum !== null;
    this.builder = createLogIndexBuilder(this.store, (problem) => this.problems.report(problem));
    const scanOptions =
      options.maxIgnoredLinesKept === undefined ? {} : { maxIgnoredLinesKept: options.maxIgnoredLinesKept };
    this.lines = new LineScanner(this.store, this.builder, this.problems, scanOptions);
    this.zstd = new ZstdFeed(
      this.file,
      this.problems,
      {
        decompressor,
        checksum,
        maxTextBytes: this.maxTextBytes,
        maxFrameBytes: options.maxFrameBytes ?? MAX_FRAME_ALLOCATION_BYTES,
      },
      {
        acceptFrame: (text, frame) => this.acceptFrameText(text, frame),
        stopAtViewerLimit: (kind, byteOffset, what) => this.stopAtViewerLimit(kind, byteOffset, null, what),
      },
    );
    this.splitter = new LineSplitter(
      (bytes) =>
        bytes === this.frameText && this.frameBytes !== null
          ? this.store.addFrameSegment(this.frameBytes)
          : this.store.addSegment(bytes),
      (bytes, segment, start, end) => {
        if (end - start > this.maxLineBytes) this.stopAtLongLine(end - start);
        else this.lines.acceptLine(bytes, segment, start, end);
      },
      (lines, bytes) => this.lines.acceptCountedLines(lines, bytes),
    );
    this.lines.onCountOnly = () => this.splitter.startCounting();
    if (options.onEvent !== undefined)
      this.lines.onEvent = forwardEvents(options.onEvent, this.store, this.builder, this.lines);
  }

  get progress(): DecodeProgress {
    return {
      bytesIn: this.file.bytes,
      textBytes: this.file.textBytes,
      events: this.store.eventCount,
      lines: this.lines.linesRead,
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
      const joined = this.sniffBuffer.length === 0 ? bytes : concatBytes([this.sniffBuffer, bytes]);
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

  settle(): OpenedLog {
    if (this.finishedLog) return this.finishedLog;
    this.builder.settle();
    const log = this.snapshot(false);
    // The lines ignored after a damage so far, as finish() would list them (more may join the range).
    const ignored = this.lines.openIgnoredRange();
    if (ignored !== null) log.problems.push(ignored);
    return log;
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
    const input: InputEnd = {
      splitter: this.splitter,
      lines: this.lines,
      zstd: this.zstd,
      file: this.file,
      problems: this.problems,
      isStopped: () => this.isStopped,
    };
    if (this.mode === 'zstd') finishZstdInput(input);
    else if (this.mode === 'jsonl') finishPlainInput(input);
    this.lines.closeIgnoredRange();
    this.builder.finish();
    this.store.compact();
    this.problems.finish();
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
      const room = this.maxTextBytes - this.file.textBytes;
      // The lines that fit are read; the budget ends inside the rest.
      const fitting = bytes.length > room ? bytes.subarray(0, room) : bytes;
      this.file.textBytes += fitting.length;
      this.splitter.push(fitting);
      this.checkLineLength();
      if (!this.isStopped && fitting !== bytes)
        this.stopAtViewerLimit(
          'too-large',
          this.file.textBytes,
          null,
          `The log text exceeds ${formatMiB(this.maxTextBytes)}, more than this viewer holds`,
        );
    } else if (this.mode === 'zstd') this.zstd.push(bytes);
  }

  /** True once reading stopped (the rest of the file is not read). */
  private get isStopped(): boolean {
    return this.isAtViewerLimit || this.zstd.isStopped;
  }

  /** The unfinished line has grown past maxLineBytes: reading stops at it. */
  private checkLineLength(): void {
    const pending = this.splitter.pendingBytes;
    if (pending > this.maxLineBytes && !this.isStopped) this.stopAtLongLine(pending);
  }

  private stopAtLongLine(lineBytes: number): void {
    this.stopAtViewerLimit(
      'line-too-long',
      this.lines.nextByteOffset,
      this.lines.nextLineNumber,
      `Line ${this.lines.nextLineNumber} is longer than the ${formatMiB(this.maxLineBytes)} this viewer parses (${formatMiB(lineBytes)} or more)`,
    );
  }

  /**
   * One of our own bounds was reached (`what` says which, as a sentence without its end): the
   * rest of the file is not read, what was read stays. Effect `none`: it says nothing about what
   * dsh would do with the file; the verdict's viewerLimit carries this message, which says what
   * was read, so the verdict is known to cover only that.
   */
  private stopAtViewerLimit(
    kind: 'too-large' | 'zstd-limit' | 'line-too-long',
    byteOffset: number,
    line: number | null,
    what: string,
  ): void {
    this.isAtViewerLimit = true;
    this.splitter.halt();
    const events = this.store.eventCount;
    const read =
      events > 0
        ? `the ${events.toLocaleString('en-US')} events before it are shown`
        : this.lines.hasHeaderLine
          ? 'only the header was read before it (no events)'
          : 'nothing before it was read';
    this.addProblem(kind, 'none', ValidationStage.CONTAINER, {
      line,
      byteOffset,
      message: `${what}: too large for this viewer, so reading stopped there; ${read}. The verdict covers only that part; the CLI (npx dsh-replay inspect FILE) reads the whole file.`,
    });
  }

  /** `text` is the plaintext of the complete frame `frame` (whose bytes the store keeps instead of the text). */
  private acceptFrameText(text: Uint8Array, frame: Uint8Array): void {
    if (this.file.frames === 1 && (text.length === 0 || text.indexOf(0x0a) !== text.length - 1))
      this.addProblem('bad-header', 'corrupt', ValidationStage.HEADER_SHAPE, {
        line: 1,
        byteOffset: 0,
        message:
          'The first zstd frame does not hold exactly one LF-terminated line (the header); dsh refuses this log.',
      });
    this.lines.isStrict = true;
    this.frameText = text;
    this.frameBytes = frame;
    this.splitter.push(text);
    this.frameText = null;
    this.frameBytes = null;
    this.lines.isStrict = false;
    this.checkLineLength();
  }

  // ---- problems and results ----

  private addProblem(
    kind: ProblemKind,
    effect: ProblemEffect,
    stage: ValidationStage,
    place: ProblemPlace,
  ): void {
    this.problems.add(kind, effect, stage, place);
  }

  private snapshot(isComplete: boolean): OpenedLog {
    const file: FileFacts = { ...this.file };
    if (this.mode === 'zstd') file.decompressor = fileDecompressor(this.zstd.fastLibraries);
    return {
      file,
      header: this.lines.header,
      format: this.lines.format,
      verdict: deriveVerdict(this.problems.items),
      problems: isComplete ? this.problems.items : this.problems.items.slice(),
      notes: isComplete ? this.problems.notes : this.problems.notes.slice(),
      store: this.store,
      index: this.builder.index,
      lineCount: this.lines.linesRead,
      packedRows: this.lines.packedRows,
      isComplete,
    };
  }
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
