// Zstandard frame scanning (FORMAT.md §1.4): find complete frames, torn tails and fatal structure errors without decoding.

/** The four bytes every Zstandard frame starts with (RFC 8878 §3.1.1): the one definition of the magic. */
export const ZSTD_MAGIC_BYTES: readonly number[] = [0x28, 0xb5, 0x2f, 0xfd];

/** The same magic as the little-endian u32 a frame scan reads (`0xFD2FB528`). */
export const ZSTD_MAGIC = readUint32LE(Uint8Array.from(ZSTD_MAGIC_BYTES), 0);

/** Block types of a zstd block header (RFC 8878 §3.1.1.2). */
export const ZstdBlockType = { RAW: 0, RLE: 1, COMPRESSED: 2, RESERVED: 3 } as const;

/** Facts read from a frame header. Sizes are in bytes; `contentSize` is null when not declared. */
export interface ZstdFrameHeader {
  /** Offset of the first block header, relative to the frame start. */
  headerBytes: number;
  hasChecksum: boolean;
  isSingleSegment: boolean;
  dictionaryId: number;
  /** Declared frame content size in bytes, or null when the frame does not declare it. */
  contentSize: number | null;
  /** Window size in bytes (equals the content size for single-segment frames). */
  windowSize: number;
}

/** Where a torn frame stopped: the last block that is not complete (absent when the tear is elsewhere). */
export interface TornBlock {
  /** Offset of its 3-byte block header, relative to the frame start. */
  headerOffset: number;
  type: number;
  /** Declared payload length in bytes (1 for RLE). */
  payloadBytes: number;
}

/**
 * Result of scanning one frame starting at `offset`. Offsets are relative to the scanned buffer.
 * `complete`: `[start, end)` is a whole frame; `lastBlockEnd` is the offset after its last block (before the checksum).
 * `torn`: the buffer ends inside this frame (more bytes might complete it). `header` is null when
 * the tear is inside the frame header; `completeBlocksEnd` is the offset after the last whole block.
 * `fatal`: the bytes cannot be a frame upstream accepts (invalid magic, reserved bits or block type).
 */
export type ZstdFrameScan =
  | { kind: 'complete'; start: number; end: number; header: ZstdFrameHeader; lastBlockEnd: number }
  | {
      kind: 'torn';
      start: number;
      header: ZstdFrameHeader | null;
      completeBlocksEnd: number;
      /** True when every block is present, including the last (the tear is in the checksum). */
      hasAllBlocks: boolean;
      /** Offset (relative to the frame start) of the header of the last complete block, or -1. */
      lastCompleteBlockHeader: number;
      tornBlock: TornBlock | null;
    }
  | { kind: 'fatal'; start: number; message: string };

/** Reads the frame header at `start`, or returns null if the bytes end before it is complete. */
function readFrameHeader(bytes: Uint8Array, start: number): ZstdFrameHeader | 'reserved' | null {
  const descriptorAt = start + 4;
  if (descriptorAt >= bytes.length) return null;
  const descriptor = bytes[descriptorAt] as number;
  if ((descriptor & 0x18) !== 0) return 'reserved';
  const fcsFlag = descriptor >> 6;
  const isSingleSegment = (descriptor & 0x20) !== 0;
  const hasChecksum = (descriptor & 0x04) !== 0;
  const dictFlag = descriptor & 0x03;
  const dictBytes = dictFlag === 3 ? 4 : dictFlag;
  const fcsBytes = fcsFlag === 0 ? (isSingleSegment ? 1 : 0) : 1 << fcsFlag;
  const headerBytes = 5 + (isSingleSegment ? 0 : 1) + dictBytes + fcsBytes;
  if (start + headerBytes > bytes.length) return null;
  let at = descriptorAt + 1;
  let windowSize = 0;
  if (!isSingleSegment) {
    const windowDescriptor = bytes[at++] as number;
    const base = 2 ** (10 + (windowDescriptor >> 3));
    windowSize = base + (base / 8) * (windowDescriptor & 7);
  }
  const dictionaryId = readLittleEndian(bytes, at, dictBytes);
  at += dictBytes;
  let contentSize: number | null = null;
  if (fcsBytes > 0) {
    contentSize = readLittleEndian(bytes, at, fcsBytes) + (fcsBytes === 2 ? 256 : 0);
  }
  if (isSingleSegment) windowSize = contentSize ?? 0;
  return { headerBytes, hasChecksum, isSingleSegment, dictionaryId, contentSize, windowSize };
}

/** Unsigned little-endian integer of 1–8 bytes (8-byte values above 2^53 lose precision, which only makes them larger). */
function readLittleEndian(bytes: Uint8Array, at: number, count: number): number {
  let value = 0;
  for (let i = count - 1; i >= 0; i--) value = value * 256 + (bytes[at + i] as number);
  return value;
}

/** Reads a u32 LE at `at` (caller checks bounds). */
export function readUint32LE(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  );
}

/**
 * Scans the frame that starts at `start` exactly as upstream does (FORMAT.md §1.4 steps 1–6).
 * Never throws; reading stops at `bytes.length`.
 */
export function scanZstdFrame(bytes: Uint8Array, start: number): ZstdFrameScan {
  const torn = (
    header: ZstdFrameHeader | null,
    completeBlocksEnd: number,
    hasAllBlocks: boolean,
    lastCompleteBlockHeader: number,
    tornBlock: TornBlock | null,
  ): ZstdFrameScan => ({
    kind: 'torn',
    start,
    header,
    completeBlocksEnd,
    hasAllBlocks,
    lastCompleteBlockHeader,
    tornBlock,
  });
  if (bytes.length - start < 4) return torn(null, start, false, -1, null);
  const magic = readUint32LE(bytes, start);
  if (magic !== ZSTD_MAGIC) {
    const isSkippable = (magic & 0xfffffff0) === 0x184d2a50;
    return {
      kind: 'fatal',
      start,
      message: isSkippable
        ? 'Skippable zstd frame: dsh never writes one and refuses the file ("invalid frame magic").'
        : 'Invalid zstd frame magic: the file is damaged or has bytes appended after the last frame.',
    };
  }
  const header = readFrameHeader(bytes, start);
  if (header === null) return torn(null, start, false, -1, null);
  if (header === 'reserved')
    return {
      kind: 'fatal',
      start,
      message: 'The zstd frame sets reserved frame-header bits: the file is damaged.',
    };
  let at = start + header.headerBytes;
  let lastCompleteBlockHeader = -1;
  for (;;) {
    if (at + 3 > bytes.length) return torn(header, at, false, lastCompleteBlockHeader, null);
    const blockHeader =
      (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16);
    const isLast = (blockHeader & 1) === 1;
    const type = (blockHeader >> 1) & 3;
    const size = blockHeader >>> 3;
    if (type === ZstdBlockType.RESERVED)
      return {
        kind: 'fatal',
        start,
        message: `The zstd frame has a block of reserved type ${at - start} bytes in: the file is damaged.`,
      };
    const payloadBytes = type === ZstdBlockType.RLE ? 1 : size;
    if (at + 3 + payloadBytes > bytes.length)
      return torn(header, at, false, lastCompleteBlockHeader, {
        headerOffset: at - start,
        type,
        payloadBytes,
      });
    lastCompleteBlockHeader = at - start;
    at += 3 + payloadBytes;
    if (isLast) break;
  }
  const lastBlockEnd = at;
  if (header.hasChecksum) {
    if (at + 4 > bytes.length) return torn(header, at, true, lastCompleteBlockHeader, null);
    at += 4;
  }
  return { kind: 'complete', start, end: at, header, lastBlockEnd };
}

/**
 * The leading complete frames of `bytes` as `[start, end)` offsets, by the same scan the decoder
 * uses; `end` is where they stop (bytes.length unless a torn or invalid frame follows). For tools
 * that inspect a file's write batches; the decoder itself handles torn and invalid frames.
 */
export function listCompleteZstdFrames(bytes: Uint8Array): { frames: [number, number][]; end: number } {
  const frames: [number, number][] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const scan = scanZstdFrame(bytes, offset);
    if (scan.kind !== 'complete') break;
    frames.push([scan.start, scan.end]);
    offset = scan.end;
  }
  return { frames, end: offset };
}
