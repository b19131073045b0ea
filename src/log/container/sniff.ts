// Sniffing a file's container from its first bytes (FORMAT.md §1.2, CLI.md "Sniffing").

import { ZSTD_MAGIC_BYTES } from './zstd-frames.ts';

/**
 * What the first bytes say. `need-more` means fewer bytes than needed to decide were given
 * (only possible while a file is still being read); `empty` is a zero-byte file.
 */
export type SniffResult = 'zstd' | 'jsonl' | 'jsonl-bom' | 'zip' | 'not-a-log' | 'empty' | 'need-more';

const ZIP_MAGIC_BYTES = [0x50, 0x4b, 0x03, 0x04] as const;
const BOM_BYTES = [0xef, 0xbb, 0xbf] as const;

/** Length of a UTF-8 byte order mark. */
export const BOM_LENGTH_BYTES = BOM_BYTES.length;

function startsWith(bytes: Uint8Array, prefix: readonly number[], isFinal: boolean): boolean | 'need-more' {
  for (let i = 0; i < prefix.length; i++) {
    if (i >= bytes.length) return isFinal ? false : 'need-more';
    if (bytes[i] !== prefix[i]) return false;
  }
  return true;
}

/**
 * Classifies a file by its first bytes. `isFinal` says these are all the bytes there will be
 * (so a short prefix is decided instead of waiting for more).
 */
export function sniffContainer(bytes: Uint8Array, isFinal: boolean): SniffResult {
  if (bytes.length === 0) return isFinal ? 'empty' : 'need-more';
  const first = bytes[0];
  if (first === 0x7b) return 'jsonl';
  // A file cut inside the zstd magic is a torn header frame, not a foreign file (CLI.md "Torn zstd tail").
  if (
    isFinal &&
    bytes.length < ZSTD_MAGIC_BYTES.length &&
    bytes.every((byte, i) => byte === ZSTD_MAGIC_BYTES[i])
  )
    return 'zstd';
  const candidates: [readonly number[], SniffResult][] = [
    [ZSTD_MAGIC_BYTES, 'zstd'],
    [BOM_BYTES, 'jsonl-bom'],
    [ZIP_MAGIC_BYTES, 'zip'],
  ];
  for (const [prefix, result] of candidates) {
    const match = startsWith(bytes, prefix, isFinal);
    if (match === 'need-more') return 'need-more';
    if (match) return result;
  }
  return 'not-a-log';
}
