// The decoder's zstd input side (FORMAT.md §1.4): buffers bytes until frames are complete, decodes
// and verifies each complete frame within the text budget, and recovers a torn last frame.

import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import type { FastZstdLibrary, FrameBounds, FrameDecompressor } from '../container/zstd-decode.ts';
import { decodeZstdFrame, recoverTornZstdFrame } from '../container/zstd-decode.ts';
import type { ZstdFrameHeader } from '../container/zstd-frames.ts';
import { readUint32LE, scanZstdFrame } from '../container/zstd-frames.ts';
import type { ProblemKind } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import type { FileFacts } from './opened-log.ts';
import type { ProblemList } from './problem-list.ts';

/** Smallest buffer for the bytes of a frame that is not complete yet. */
const PENDING_MIN_BYTES = 64 * 1024;

/** What the feed hands to the decoder. */
export interface ZstdFeedSink {
  /**
   * The plaintext of the next complete frame, in file order, and the frame's bytes (which the
   * store keeps instead of the text). `file.frames` and `file.textBytes` already count it.
   */
  acceptFrame(text: Uint8Array, frame: Uint8Array): void;
  /**
   * Reading stops at the frame starting at file offset `byteOffset` because of one of the viewer's
   * own bounds: `too-large` when the text budget (`maxTextBytes`) ran out, `zstd-limit` when the
   * frame is over the frame bound (`maxFrameBytes`). `what` names the bound, as a sentence start.
   */
  stopAtViewerLimit(kind: 'too-large' | 'zstd-limit', byteOffset: number, what: string): void;
}

/** Where the feed decodes with, how much text it may produce in total, and per frame. */
export interface ZstdFeedOptions {
  decompressor: FrameDecompressor;
  checksum: ChecksumVerifier | null;
  maxTextBytes: number;
  maxFrameBytes: number;
}

/**
 * Frames are decoded as soon as they are complete: frames complete within a pushed chunk straight
 * from it, and only a partial frame is copied. Frame damage stops the feed with a `corrupt`
 * container problem; it updates `file` (frames, text bytes, verified checksums, torn tail).
 */
export class ZstdFeed {
  /** True once reading stopped: a damaged frame, a frame over our limits, or the text budget. */
  isStopped = false;
  /** The fast path's libraries that decoded at least one complete frame (FileFacts.decompressor). */
  readonly fastLibraries = new Set<FastZstdLibrary>();
  // zstd input not yet consumed as complete frames, and the file offset of its first byte.
  private pending = new Uint8Array(0);
  private pendingLength = 0;
  private framesByteOffset = 0;

  constructor(
    private readonly file: FileFacts,
    private readonly problems: ProblemList,
    private readonly options: ZstdFeedOptions,
    private readonly sink: ZstdFeedSink,
  ) {}

  /** Feeds the next bytes of the file (after sniffing), any chunk size. */
  push(bytes: Uint8Array): void {
    if (this.isStopped || bytes.length === 0) return;
    if (this.pendingLength === 0) {
      const used = this.consumeFrames(bytes);
      this.framesByteOffset += used;
      if (!this.isStopped && used < bytes.length) this.appendPending(bytes.subarray(used));
      return;
    }
    this.appendPending(bytes);
    const used = this.consumeFrames(this.pending.subarray(0, this.pendingLength));
    if (used > 0) {
      this.pending.copyWithin(0, used, this.pendingLength);
      this.pendingLength -= used;
      this.framesByteOffset += used;
    }
  }

  /**
   * End of input: the bytes after the last complete frame, if any, are a torn frame (the writer
   * stopped during an append). Returns null when there are none; otherwise the text recovered
   * from its complete blocks (null when its header is torn or it is not a frame at all), counted
   * in `file.textBytes`. A failure to decode the recoverable part is reported here.
   */
  takeTornFrame(): { recovered: Uint8Array | null } | null {
    const rest = this.pending.subarray(0, this.pendingLength);
    if (this.isStopped || rest.length === 0) return null;
    this.file.tornTail = true;
    const scan = scanZstdFrame(rest, 0);
    if (scan.kind !== 'torn' || scan.header === null) return { recovered: null };
    const recovered = recoverTornZstdFrame(
      rest,
      {
        header: scan.header,
        completeBlocksEnd: scan.completeBlocksEnd,
        lastCompleteBlockHeader: scan.lastCompleteBlockHeader,
        tornBlock: scan.tornBlock,
      },
      this.bounds(),
    );
    const failure = recovered.failure;
    if (failure !== null && failure.reason !== 'decode')
      this.sink.stopAtViewerLimit(
        failure.reason === 'limit' ? 'zstd-limit' : 'too-large',
        this.framesByteOffset,
        `In the torn last zstd frame: ${failure.message}`,
      );
    else if (failure !== null)
      this.problems.add('zstd-decode', 'corrupt', ValidationStage.CONTAINER, {
        byteOffset: this.framesByteOffset,
        message: `The torn last zstd frame could not be decoded: ${failure.message}`,
      });
    this.file.textBytes += recovered.text.length;
    return { recovered: recovered.text };
  }

  /** File offset where the torn last frame starts (the end of the complete frames). */
  get tornFrameByteOffset(): number {
    return this.framesByteOffset;
  }

  private appendPending(bytes: Uint8Array): void {
    const needed = this.pendingLength + bytes.length;
    if (needed > this.pending.length) {
      const next = new Uint8Array(Math.max(needed, this.pending.length * 2, PENDING_MIN_BYTES));
      next.set(this.pending.subarray(0, this.pendingLength));
      this.pending = next;
    }
    this.pending.set(bytes, this.pendingLength);
    this.pendingLength = needed;
  }

  /**
   * Decodes every complete frame at the start of `buffer` (whose first byte is at file offset
   * `framesByteOffset`); returns the bytes consumed.
   */
  private consumeFrames(buffer: Uint8Array): number {
    const { checksum, decompressor } = this.options;
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
        this.stopAtLimit(position, 'too-large', this.describeBudget(scan.header.contentSize ?? 0));
        break;
      }
      const decoded = decodeZstdFrame(frame, scan.header, this.bounds(), decompressor);
      if (!decoded.ok && decoded.reason !== 'decode') {
        this.stopAtLimit(position, decoded.reason === 'limit' ? 'zstd-limit' : 'too-large', decoded.message);
        break;
      }
      if (!decoded.ok) {
        this.stopAtFrame(position, 'zstd-decode', decoded.message);
        break;
      }
      if (scan.header.hasChecksum && checksum) {
        const stored = readUint32LE(buffer, scan.lastBlockEnd);
        if (checksum(decoded.text) !== stored) {
          this.stopAtFrame(
            position,
            'zstd-checksum',
            'The frame fails its content checksum: the file is damaged.',
          );
          break;
        }
        this.file.checksumsVerified++;
      }
      if (decoded.decompressor !== 'fzstd') this.fastLibraries.add(decoded.decompressor);
      position = scan.end;
      this.file.frames = (this.file.frames ?? 0) + 1;
      this.file.textBytes += decoded.text.length;
      this.sink.acceptFrame(decoded.text, frame);
    }
    return position;
  }

  /** The bounds of the next frame: the frame bound and the text budget left. */
  private bounds(): FrameBounds {
    return {
      maxFrameBytes: this.options.maxFrameBytes,
      maxOutputBytes: this.options.maxTextBytes - this.file.textBytes,
    };
  }

  /** A frame within the frame bound whose declared text would exceed the remaining budget. */
  private isFrameOverTextBudget(header: ZstdFrameHeader): boolean {
    return (
      header.contentSize !== null &&
      header.contentSize <= this.options.maxFrameBytes &&
      header.contentSize > this.options.maxTextBytes - this.file.textBytes
    );
  }

  private describeBudget(contentSize: number): string {
    const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
    return `The log text exceeds ${mib(this.options.maxTextBytes)}, more than this viewer holds (this frame declares ${mib(contentSize)} more)`;
  }

  private stopAtLimit(position: number, kind: 'too-large' | 'zstd-limit', what: string): void {
    this.isStopped = true;
    const byteOffset = this.framesByteOffset + position;
    this.sink.stopAtViewerLimit(
      kind,
      byteOffset,
      `At byte ${byteOffset} (zstd frame ${(this.file.frames ?? 0) + 1}): ${what}`,
    );
  }

  private stopAtFrame(position: number, kind: ProblemKind, message: string): void {
    this.isStopped = true;
    const byteOffset = this.framesByteOffset + position;
    const where = `At byte ${byteOffset} (zstd frame ${(this.file.frames ?? 0) + 1})`;
    this.problems.add(kind, 'corrupt', ValidationStage.CONTAINER, {
      byteOffset,
      message: `${where}: ${message} What the frames before it hold is shown; dsh would refuse this log.`,
    });
  }
}
