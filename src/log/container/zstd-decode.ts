// Per-frame zstd decompression: an optional injected fast one-shot decompressor (WebAssembly) for
// complete frames of declared size, fzstd for everything else and as the fallback; refuses frames
// over the viewer's frame bound before allocating, bounds total output, checks that a frame holds
// exactly the content it declares, and recovers the complete blocks (plus a partly written raw
// block) of a torn final frame.

import { Decompress, decompress } from 'fzstd';
import type { TornBlock, ZstdFrameHeader } from './zstd-frames.ts';
import { ZSTD_MAGIC_BYTES, ZstdBlockType, scanZstdFrame } from './zstd-frames.ts';
import { concatBytes, formatMiB } from '../base/bytes.ts';
import { describeError } from '../base/errors.ts';

/** Default largest frame window or declared content size we decode (256 MiB): the viewer's frame bound. */
export const MAX_FRAME_ALLOCATION_BYTES = 256 * 1024 * 1024;

/**
 * The largest window any zstd decoder accepts: libzstd refuses a window log above 31 (2 GiB) in
 * every mode, and fzstd a window above about 2 GiB. A frame needing more cannot be decoded by dsh
 * either, so it is damage, not a limit of ours.
 */
const ZSTD_WINDOW_MAX_BYTES = 2 ** 31;

/**
 * Why a frame produced no text. `limit`: the frame is bigger than this viewer's frame bound
 * (`maxFrameBytes`); `budget`: the text budget left for the file ran out inside it — both are
 * viewer limits, not damage. `decode`: damaged data (dsh would refuse the log too).
 */
export type FrameDecodeFailure = { ok: false; reason: 'limit' | 'budget' | 'decode'; message: string };
export type FrameDecodeResult =
  { ok: true; text: Uint8Array; decompressor: ZstdDecompressorName } | FrameDecodeFailure;

/** The bounds of one frame's decode: the viewer's frame bound and the file's text budget left. */
export interface FrameBounds {
  maxFrameBytes: number;
  maxOutputBytes: number;
}

/** The library behind an injected fast path: Node's own libzstd (`node-zlib`) or @bokuweb/zstd-wasm. */
export type FastZstdLibrary = 'node-zlib' | 'zstd-wasm';

/** Which decompressor produced a frame's text: the injected fast path's library, or `fzstd`. */
export type ZstdDecompressorName = FastZstdLibrary | 'fzstd';

/** What decoded a file's complete frames, as its facts name it: both libraries when both did. */
export type FileDecompressorName = ZstdDecompressorName | 'node-zlib+zstd-wasm';

/** The file's decompressor from the fast libraries that decoded at least one of its frames. */
export function fileDecompressor(fastLibraries: ReadonlySet<FastZstdLibrary>): FileDecompressorName {
  if (fastLibraries.size === 2) return 'node-zlib+zstd-wasm';
  for (const library of fastLibraries) return library;
  return 'fzstd';
}

/**
 * An injected one-shot zstd decompressor (the browser loader passes @bokuweb/zstd-wasm; the Node
 * loader Node's zlib zstd where the running Node has it, else the same wasm). `frame` holds exactly
 * one complete frame whose header declares `contentSize` bytes of text (at most
 * MAX_FRAME_ALLOCATION_BYTES, never 0); returns that text. It may throw on anything: the caller
 * then decodes the frame with fzstd, whose error message is the one reported. `library` names what
 * decodes a frame of `contentSize` bytes, for the file facts (`zstd-wasm` when absent).
 */
export type FastDecompress = {
  (frame: Uint8Array, contentSize: number): Uint8Array;
  readonly library?: (contentSize: number) => FastZstdLibrary;
};

/** A complete one-byte frame ("x"): single segment, declared size 1, one raw block. */
const PROBE_FRAME = new Uint8Array([...ZSTD_MAGIC_BYTES, 0x20, 0x01, 0x09, 0x00, 0x00, 0x78]);

/**
 * Whether a one-shot decompressor decodes a known frame correctly: the loaders' check that a
 * WebAssembly module is initialized and working before they inject it (its exports throw before).
 */
export function decompressesProbeFrame(decompress: (frame: Uint8Array) => Uint8Array): boolean {
  try {
    const text = decompress(PROBE_FRAME);
    return text.length === 1 && text[0] === 0x78;
  } catch {
    return false;
  }
}

/**
 * fzstd plus an optional fast path, shared by the decoder and the LogStore's on-demand frame reads.
 * After the fast path's first error (or text of the wrong length) it is not used again for this
 * log: its WebAssembly heap may be in a bad state, and fzstd gives the same text.
 */
export class FrameDecompressor {
  private fast: FastDecompress | null;

  constructor(fast: FastDecompress | null) {
    this.fast = fast;
  }

  /** True while the fast path is available (injected and not yet failed). */
  get hasFastPath(): boolean {
    return this.fast !== null;
  }

  /**
   * Decompresses a complete frame that declares `contentSize` bytes (already checked against the
   * allocation limits). Throws fzstd's error when both paths fail.
   */
  decompressSized(
    frame: Uint8Array,
    contentSize: number,
  ): { text: Uint8Array; decompressor: ZstdDecompressorName } {
    const fast = this.fast;
    if (fast !== null && contentSize > 0) {
      try {
        const text = fast(frame, contentSize);
        if (text.length === contentSize)
          return { text, decompressor: fast.library?.(contentSize) ?? 'zstd-wasm' };
      } catch {
        // Damaged frame, failed allocation or a broken module: fzstd decodes it (or names the damage).
      }
      this.fast = null;
    }
    return { text: decompressExactly(frame, contentSize), decompressor: 'fzstd' };
  }

  /**
   * Decompresses a complete frame that decoded without error before (a LogStore re-read): the
   * fast path when its header declares a size within the limits, fzstd otherwise. Throws on damage.
   */
  decompressRetained(frame: Uint8Array): Uint8Array {
    const scan = scanZstdFrame(frame, 0);
    if (scan.kind === 'complete' && hasDeclaredSize(scan.header))
      return this.decompressSized(frame, scan.header.contentSize ?? 0).text;
    return decompress(frame);
  }
}

/**
 * fzstd's decode of a frame that declares `contentSize` bytes, checked to produce exactly that
 * many. fzstd's one-shot call allocates the declared size and returns it whole, so a frame whose
 * blocks hold less comes back padded with zero bytes (and one holding more, cut): libzstd fails
 * on both, and so must we (FORMAT.md §1.4: a failed decompression in a complete frame). Streaming
 * the blocks gives the real length. Throws on damage.
 */
function decompressExactly(frame: Uint8Array, contentSize: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > contentSize) throw new ContentSizeMismatch(contentSize, total);
    if (chunk.length > 0) parts.push(chunk);
  });
  stream.push(frame, true);
  if (total !== contentSize) throw new ContentSizeMismatch(contentSize, total);
  return concatBytes(parts, total);
}

/** A frame whose blocks do not hold the content size its header declares. */
class ContentSizeMismatch extends Error {
  constructor(declared: number, produced: number) {
    super(
      produced > declared
        ? `the frame declares ${declared} bytes of content but its blocks hold more`
        : `the frame declares ${declared} bytes of content but its blocks hold ${produced}`,
    );
  }
}

/** True when the frame header declares its content size (every frame dsh writes does). */
function hasDeclaredSize(header: ZstdFrameHeader): boolean {
  return header.contentSize !== null && (header.contentSize > 0 || header.isSingleSegment);
}

/** Thrown inside fzstd's `ondata` to stop a decompression bomb; caught right here. */
class OutputLimitReached extends Error {}

/**
 * Checks a frame header before anything is allocated: a failure (`decode` for a frame no zstd
 * decoder reads, `limit` for one over this viewer's frame bound), or null when it may be decoded.
 */
function checkAllocation(header: ZstdFrameHeader, maxFrameBytes: number): FrameDecodeFailure | null {
  if (header.dictionaryId !== 0)
    return {
      ok: false,
      reason: 'decode',
      message:
        'The zstd frame needs a dictionary; dsh never writes one, so the file is not a dsh log or is damaged.',
    };
  if (!header.isSingleSegment && header.windowSize > ZSTD_WINDOW_MAX_BYTES)
    return {
      ok: false,
      reason: 'decode',
      message: `The zstd frame needs a ${formatMiB(header.windowSize)} window, more than any zstd decoder accepts (${formatMiB(ZSTD_WINDOW_MAX_BYTES)}): the file is damaged.`,
    };
  if (header.contentSize !== null && header.contentSize > maxFrameBytes)
    return {
      ok: false,
      reason: 'limit',
      message: `A zstd frame declares ${formatMiB(header.contentSize)} of text, more than this viewer decodes at once (${formatMiB(maxFrameBytes)})`,
    };
  if (header.windowSize > maxFrameBytes)
    return {
      ok: false,
      reason: 'limit',
      message: `A zstd frame needs a ${formatMiB(header.windowSize)} window, more than this viewer allocates (${formatMiB(maxFrameBytes)})`,
    };
  return null;
}

/**
 * Streams `frame` through fzstd block by block, stopping once output exceeds the frame bound
 * (`limit`) or the text budget left (`budget`), whichever is smaller.
 */
function decodeStreaming(frame: Uint8Array, bounds: FrameBounds): FrameDecodeResult {
  const parts: Uint8Array[] = [];
  const maxBytes = Math.min(bounds.maxFrameBytes, bounds.maxOutputBytes);
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw new OutputLimitReached();
    if (chunk.length > 0) parts.push(chunk);
  });
  try {
    stream.push(frame, true);
  } catch (error) {
    if (error instanceof OutputLimitReached)
      return bounds.maxFrameBytes <= bounds.maxOutputBytes
        ? {
            ok: false,
            reason: 'limit',
            message: `A zstd frame expands to more than ${formatMiB(bounds.maxFrameBytes)} of text, more than this viewer decodes at once`,
          }
        : {
            ok: false,
            reason: 'budget',
            message: `A zstd frame expands past the ${formatMiB(bounds.maxOutputBytes)} of text this viewer had left`,
          };
    return { ok: false, reason: 'decode', message: `zstd decompression failed: ${describeError(error)}.` };
  }
  return { ok: true, text: concatBytes(parts, total), decompressor: 'fzstd' };
}

/**
 * Decompresses one complete frame (`frame` holds exactly its bytes) within `bounds`. Frames that
 * declare their size (every frame dsh writes) take the one-shot path — `decompressor`'s fast path
 * when it has one, else fzstd, checked to give exactly the declared size; others are streamed
 * through fzstd so output stays bounded. Never throws.
 */
export function decodeZstdFrame(
  frame: Uint8Array,
  header: ZstdFrameHeader,
  bounds: FrameBounds,
  decompressor: FrameDecompressor | null = null,
): FrameDecodeResult {
  const refused = checkAllocation(header, bounds.maxFrameBytes);
  if (refused) return refused;
  if (!hasDeclaredSize(header)) return decodeStreaming(frame, bounds);
  try {
    const contentSize = header.contentSize ?? 0;
    if (decompressor !== null) return { ok: true, ...decompressor.decompressSized(frame, contentSize) };
    return { ok: true, text: decompressExactly(frame, contentSize), decompressor: 'fzstd' };
  } catch (error) {
    return { ok: false, reason: 'decode', message: `zstd decompression failed: ${describeError(error)}.` };
  }
}

/** What the torn scan knows about the frame (see `scanZstdFrame`), offsets relative to the frame start. */
export interface TornFrameLayout {
  header: ZstdFrameHeader;
  /** Offset after the last complete block. */
  completeBlocksEnd: number;
  /** Offset of the last complete block's header, or -1 when no block is complete. */
  lastCompleteBlockHeader: number;
  tornBlock: TornBlock | null;
}

/**
 * Recovers the text of a torn final frame the way libzstd's streaming decoder would give it
 * (CLI.md "Torn zstd tail"): the output of every complete block, plus the available bytes of a
 * partly written raw block. `bytes` starts at the frame start and ends at the end of the file.
 * On a decode error the text decoded so far is kept and the failure is returned alongside.
 */
export function recoverTornZstdFrame(
  bytes: Uint8Array,
  layout: TornFrameLayout,
  bounds: FrameBounds,
): { text: Uint8Array; failure: FrameDecodeFailure | null } {
  const refused = checkAllocation(layout.header, bounds.maxFrameBytes);
  if (refused) return { text: new Uint8Array(0), failure: refused };
  const parts: Uint8Array[] = [];
  let failure: FrameDecodeFailure | null = null;
  if (layout.lastCompleteBlockHeader >= 0) {
    // A copy of the frame cut after its last complete block, marked as the last block and without
    // a checksum, so fzstd decodes exactly the complete blocks.
    const synthetic = bytes.slice(0, layout.completeBlocksEnd);
    synthetic[4] = (synthetic[4] as number) & ~0x04;
    synthetic[layout.lastCompleteBlockHeader] = (synthetic[layout.lastCompleteBlockHeader] as number) | 1;
    const decoded = decodeStreaming(synthetic, bounds);
    if (decoded.ok) parts.push(decoded.text);
    else failure = decoded;
  }
  const torn = layout.tornBlock;
  if (failure === null && torn !== null && torn.type === ZstdBlockType.RAW) {
    const available = bytes.subarray(
      torn.headerOffset + 3,
      Math.min(bytes.length, torn.headerOffset + 3 + torn.payloadBytes),
    );
    const used = parts.reduce((sum, part) => sum + part.length, 0);
    const room = Math.min(bounds.maxFrameBytes, bounds.maxOutputBytes) - used;
    parts.push(available.subarray(0, Math.max(0, Math.min(available.length, room))));
  }
  return { text: concatBytes(parts), failure };
}
