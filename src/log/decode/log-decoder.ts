// The decoder: file bytes (pushed in chunks of any size) → header, problems, verdict, the columnar
// LogStore and the events of the valid prefix handed to the index (FORMAT.md §1–§4, CLI.md). It
// sniffs the container, routes plain text or the zstd feed's frame text through the line splitter
// into the line scan, and validates the end of input; each of those stages has its own module.

import { LineSplitter } from '../container/line-splitter.ts';
import { BOM_LENGTH_BYTES, sniffContainer } from '../container/sniff.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import type { FastDecompress } from '../container/zstd-decode.ts';
import { FrameDecompressor } from '../container/zstd-decode.ts';
import type { ProblemEffect, ProblemKind } from '../problems.ts';
import { ValidationStage, deriveVerdict } from '../problems.ts';
import { LogStore } from '../storage/log-store.ts';
import type { LogIndexBuilder } from '../structure/log-index.ts';
import { createLogIndexBuilder } from '../structure/log-index.ts';
import { LineScanner } from './line-scan.ts';
import type { FileFacts, OpenedLog } from './opened-log.ts';
import { ProblemList, type ProblemPlace } from './problem-list.ts';
import { ZstdFeed } from './zstd-feed.ts';

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
  /** The live, partial log (events so far, verdict provisional, isComplete false) — the worker shows first rows from it. */
  readonly log: OpenedLog;
  readonly progress: DecodeProgress;
}

/** Default bound on decompressed text (1.5 GiB): beyond it the load stops with a problem instead of exhausting memory. */
const DEFAULT_MAX_TEXT_BYTES = 1.5 * 1024 * 1024 * 1024;

type Mode = 'sniffing' | 'jsonl' | 'zstd' | 'refused';

class Decoder implements LogDecoder {
  private readonly store: LogStore;
  private readonly problems = new ProblemList();
  private readonly builder: LogIndexBuilder;
  private readonly maxTextBytes: number;
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
  /** Reading stopped at our text bound (`too-large`); the zstd feed also stops on its own for damage. */
  private isTooLarge = false;
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
    this.file.hasChecksumVerifier = checksum !== null;
    this.builder = createLogIndexBuilder(this.store, (problem) => this.problems.report(problem));
    this.lines = new LineScanner(this.store, this.builder, this.problems);
    this.zstd = new ZstdFeed(
      this.file,
      this.problems,
      { decompressor, checksum, maxTextBytes: this.maxTextBytes },
      {
        acceptFrame: (text, frame) => this.acceptFrameText(text, frame),
        stopTooLarge: () => this.stopTooLarge(),
      },
    );
    this.splitter = new LineSplitter(
      (bytes) =>
        bytes === this.frameText && this.frameBytes !== null
          ? this.store.addFrameSegment(this.frameBytes)
          : this.store.addSegment(bytes),
      (bytes, segment, start, end) => this.lines.acceptLine(bytes, segment, start, end),
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
      if (this.file.textBytes + bytes.length > this.maxTextBytes) {
        this.stopTooLarge();
        return;
      }
      this.file.textBytes += bytes.length;
      this.splitter.push(bytes);
    } else if (this.mode === 'zstd') this.zstd.push(bytes);
  }

  /** True once reading stopped (the rest of the file is not read). */
  private get isStopped(): boolean {
    return this.isTooLarge || this.zstd.isStopped;
  }

  /**
   * Our own memory bound (maxTextBytes) was reached: the events before it are kept and the rest is
   * not read. Effect `none`: it says nothing about what dsh would do with the file (the verdict
   * covers only what was read, and the problem says so).
   */
  private stopTooLarge(): void {
    this.isTooLarge = true;
    this.addProblem('too-large', 'none', ValidationStage.CONTAINER, {
      byteOffset: this.file.textBytes,
      message: `The log text exceeds ${Math.round(this.maxTextBytes / (1024 * 1024))} MiB, more than this viewer holds: reading stopped there. The events before it are shown, and the verdict covers only them; use the CLI for the whole file.`,
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
  }

  private finishZstd(): void {
    if (this.isStopped) return;
    // Complete frames must end on a line boundary (FORMAT.md §1.4, §10.5).
    const unfinished = this.splitter.takeUnfinishedLine();
    if (unfinished) {
      this.file.tornTail = true;
      this.lines.recordProblemLine(
        unfinished.bytes,
        unfinished.segment,
        'torn-record',
        'corrupt',
        (line) =>
          `The text of the complete zstd frames ends in the middle of line ${line} ("complete frame contains a torn JSONL record"); dsh refuses this log.`,
      );
    }
    const torn = this.zstd.takeTornFrame();
    if (torn !== null) {
      let recoveredLines = 0;
      let partialLine: number | null = null;
      if (torn.recovered !== null) {
        const before = this.lines.nextLineNumber;
        this.splitter.push(torn.recovered);
        recoveredLines = this.lines.nextLineNumber - before;
        const partial = this.splitter.takeUnfinishedLine();
        if (partial) {
          partialLine = this.lines.nextLineNumber;
          this.lines.recordLine(partial.segment, 0, partial.bytes.length);
        }
      }
      const where = partialLine === null ? '' : ` The partial line ${partialLine} is dropped.`;
      this.addProblem('torn-tail', 'none', ValidationStage.CONTAINER, {
        line: partialLine,
        byteOffset: this.zstd.tornFrameByteOffset,
        message: `The last zstd frame is incomplete (the writer stopped during an append); ${recoveredLines} complete line(s) were recovered from it, as dsh does.${where}`,
      });
    }
    if ((this.file.frames ?? 0) === 0)
      this.addProblem('empty', 'corrupt', ValidationStage.CONTAINER, {
        byteOffset: 0,
        message:
          'The file holds no complete zstd frame, so it has no header; dsh refuses it as empty or header-less.',
      });
    else if (!this.lines.hasHeaderLine) this.reportMissingHeader();
  }

  private finishPlain(): void {
    if (this.isStopped) return;
    const unfinished = this.splitter.takeUnfinishedLine();
    if (unfinished && !this.lines.hasHeaderLine) {
      this.file.tornTail = true;
      this.lines.readHeaderLine(unfinished.bytes, 0, unfinished.bytes.length);
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
      this.lines.recordProblemLine(
        unfinished.bytes,
        unfinished.segment,
        'torn-tail',
        'none',
        (line) =>
          `The last line (${line}) has no line feed: the writer stopped mid-append. dsh ignores it as a torn tail.`,
      );
    }
    if (!this.lines.hasHeaderLine) this.reportMissingHeader();
  }

  private reportMissingHeader(): void {
    this.addProblem('empty', 'corrupt', ValidationStage.CONTAINER, {
      byteOffset: 0,
      message: 'The file is empty: there is no header line. dsh refuses it as empty or header-less.',
    });
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
    if (this.mode === 'zstd') file.decompressor = this.zstd.fastFrames > 0 ? 'zstd-wasm' : 'fzstd';
    return {
      file,
      header: this.lines.header,
      format: this.lines.format,
      verdict: deriveVerdict(this.problems.items),
      problems: isComplete ? this.problems.items : this.problems.items.slice(),
      notes: isComplete ? this.problems.notes : this.problems.notes.slice(),
      store: this.store,
      index: this.builder.index,
      lineCount: this.store.lineCount,
      packedRows: this.lines.packedRows,
      isComplete,
    };
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
