// Per-frame zstd decompression: an optional injected fast one-shot decompressor (WebAssembly) for
// complete frames of declared size, fzstd for everything else and as the fallback; refuses oversized
// frames before allocating, bounds total output, and recovers the complete blocks (plus a partly
// written raw block) of a torn final frame.

import { Decompress, decompress } from 'fzstd';
import type { TornBlock, ZstdFrameHeader } from './zstd-frames.ts';
import { ZSTD_MAGIC_BYTES, ZstdBlockType, scanZstdFrame } from './zstd-frames.ts';

/** Largest frame window or declared content size we let fzstd allocate up front (256 MiB). */
export const MAX_FRAME_ALLOCATION_BYTES = 256 * 1024 * 1024;

/** Why a frame produced no text: `limit` = bigger than we allow (memory bound), `decode` = damaged data. */
export type FrameDecodeFailure = { ok: false; reason: 'limit' | 'decode'; message: string };
export type FrameDecodeResult =
  { ok: true; text: Uint8Array; decompressor: ZstdDecompressorName } | FrameDecodeFailure;

/** Which decompressor produced a frame's text: the injected fast path (`zstd-wasm`) or `fzstd`. */
export type ZstdDecompressorName = 'zstd-wasm' | 'fzstd';

/**
 * An injected one-shot zstd decompressor (the Node and browser loaders pass @bokuweb/zstd-wasm).
 * `frame` holds exactly one complete frame whose header declares `contentSize` bytes of text (at
 * most MAX_FRAME_ALLOCATION_BYTES, never 0); returns that text. It may throw on anything: the
 * caller then decodes the frame with fzstd, whose error message is the one reported.
 */
export type FastDecompress = (frame: Uint8Array, contentSize: number) => Uint8Array;

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
        if (text.length === contentSize) return { text, decompressor: 'zstd-wasm' };
      } catch {
        // Damaged frame, failed allocation or a broken module: fzstd decodes it (or names the damage).
      }
      this.fast = null;
    }
    return { text: decompress(frame), decompressor: 'fzstd' };
  }

  /**
   * Decompresses a complete frame that decoded without error before (a LogStore re-read): the
   * fast path when its header declares a size within the limits, fzstd otherwise. Throws on damage.
   */
  decompressRetained(frame: Uint8Array): Uint8Array {
    const scan = scanZstdFrame(frame, 0);
    if (
      scan.kind === 'complete' &&
      hasDeclaredSize(scan.header) &&
      checkAllocation(scan.header, MAX_FRAME_ALLOCATION_BYTES) === null
    )
      return this.decompressSized(frame, scan.header.contentSize ?? 0).text;
    return decompress(frame);
  }
}

/** True when the frame header declares its content size (every frame dsh writes does). */
function hasDeclaredSize(header: ZstdFrameHeader): boolean {
  return header.contentSize !== null && (header.contentSize > 0 || header.isSingleSegment);
}

/** Thrown inside fzstd's `ondata` to stop a decompression bomb; caught right here. */
class OutputLimitReached extends Error {}

function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Checks what fzstd would allocate for this frame header; returns a failure or null when acceptable. */
function checkAllocation(header: ZstdFrameHeader, maxOutputBytes: number): FrameDecodeFailure | null {
  if (header.dictionaryId !== 0)
    return {
      ok: false,
      reason: 'decode',
      message:
        'The zstd frame needs a dictionary; dsh never writes one, so the file is not a dsh log or is damaged.',
    };
  if (
    header.contentSize !== null &&
    header.contentSize > Math.min(MAX_FRAME_ALLOCATION_BYTES, maxOutputBytes)
  )
    return {
      ok: false,
      reason: 'limit',
      message: `A zstd frame declares ${formatMiB(header.contentSize)} of text, more than this viewer decodes at once (${formatMiB(Math.min(MAX_FRAME_ALLOCATION_BYTES, maxOutputBytes))}); decompress the file with the zstd command line and open the .jsonl instead.`,
    };
  if (header.windowSize > MAX_FRAME_ALLOCATION_BYTES)
    return {
      ok: false,
      reason: 'limit',
      message: `A zstd frame needs a ${formatMiB(header.windowSize)} window, more than this viewer allocates (${formatMiB(MAX_FRAME_ALLOCATION_BYTES)}); decompress the file with the zstd command line and open the .jsonl instead.`,
    };
  return null;
}

/** Streams `frame` through fzstd block by block, stopping once output exceeds `maxOutputBytes`. */
function decodeStreaming(frame: Uint8Array, maxOutputBytes: number): FrameDecodeResult {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > maxOutputBytes) throw new OutputLimitReached();
    if (chunk.length > 0) parts.push(chunk);
  });
  try {
    stream.push(frame, true);
  } catch (error) {
    if (error instanceof OutputLimitReached)
      return {
        ok: false,
        reason: 'limit',
        message: `A zstd frame expands to more than ${formatMiB(maxOutputBytes)} of text; reading stopped there to bound memory.`,
      };
    return { ok: false, reason: 'decode', message: `zstd decompression failed: ${describeError(error)}.` };
  }
  return { ok: true, text: concatBytes(parts, total), decompressor: 'fzstd' };
}

/** Joins byte arrays into one (no copy when there is a single part). */
function concatBytes(parts: readonly Uint8Array[], totalBytes?: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const total = totalBytes ?? parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/**
 * Decompresses one complete frame (`frame` holds exactly its bytes). `maxOutputBytes` is the text
 * budget left. Frames that declare their size (every frame dsh writes) take the one-shot path —
 * `decompressor`'s fast path when it has one, else fzstd; others are streamed through fzstd so
 * output stays bounded. Never throws.
 */
export function decodeZstdFrame(
  frame: Uint8Array,
  header: ZstdFrameHeader,
  maxOutputBytes: number,
  decompressor: FrameDecompressor | null = null,
): FrameDecodeResult {
  const refused = checkAllocation(header, maxOutputBytes);
  if (refused) return refused;
  if (!hasDeclaredSize(header)) return decodeStreaming(frame, maxOutputBytes);
  try {
    if (decompressor !== null)
      return { ok: true, ...decompressor.decompressSized(frame, header.contentSize ?? 0) };
    return { ok: true, text: decompress(frame), decompressor: 'fzstd' };
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
  maxOutputBytes: number,
): { text: Uint8Array; failure: FrameDecodeFailure | null } {
  const refused = checkAllocation(layout.header, maxOutputBytes);
  if (refused) return { text: new Uint8Array(0), failure: refused };
  const parts: Uint8Array[] = [];
  let failure: FrameDecodeFailure | null = null;
  if (layout.lastCompleteBlockHeader >= 0) {
    // A copy of the frame cut after its last complete block, marked as the last block and without
    // a checksum, so fzstd decodes exactly the complete blocks.
    const synthetic = bytes.slice(0, layout.completeBlocksEnd);
    synthetic[4] = (synthetic[4] as number) & ~0x04;
    synthetic[layout.lastCompleteBlockHeader] = (synthetic[layout.lastCompleteBlockHeader] as number) | 1;
    const decoded = decodeStreaming(synthetic, maxOutputBytes);
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
    parts.push(available.subarray(0, Math.max(0, Math.min(available.length, maxOutputBytes - used))));
  }
  return { text: concatBytes(parts), failure };
}
