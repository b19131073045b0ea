// The text a log export starts from: a plain log's bytes as they are, a zstd log's complete frames
// decompressed and joined (FORMAT.md §1.4). A torn last frame is left out: its lines are not events
// (CLI.md "events" is the contiguous valid prefix), and an export is a copy of what was read.

import { sniffContainer } from '../container/sniff.ts';
import { FrameDecompressor, type FastDecompress } from '../container/zstd-decode.ts';
import { listCompleteZstdFrames } from '../container/zstd-frames.ts';

/**
 * The log's text. `fastDecompress` is the loaders' fast path (the decoder's): frames that declare
 * their size go through it, the others and any it fails on through fzstd (3-4x slower on the
 * benchmark log).
 */
export function readLogText(bytes: Uint8Array, fastDecompress: FastDecompress | null = null): Uint8Array {
  if (sniffContainer(bytes, true) !== 'zstd') return bytes;
  const { frames } = listCompleteZstdFrames(bytes);
  const decompressor = new FrameDecompressor(fastDecompress);
  const parts = frames.map(([start, end]) => decompressor.decompressRetained(bytes.subarray(start, end)));
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const text = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    text.set(part, at);
    at += part.length;
  }
  return text;
}
