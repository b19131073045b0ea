// Reads a log file for the CLI as a stream of chunks into the same incremental decoder the worker
// uses, so a file of any size is read (Node's readFile stops at 2 GiB) and one that is not a session
// log is refused after its first chunk instead of after reading it whole.

import { open } from 'node:fs/promises';
import { createLogDecoder, type DecoderOptions, type OpenedLog } from '../log/index.ts';
import { sniffLogBytes } from './cli-arguments.ts';

/** Bytes read from the file at a time. */
const READ_CHUNK_BYTES = 1024 * 1024;
/** The most the sniffer looks at (the zstd magic). */
const SNIFF_BYTES = 4;

/**
 * The CLI's bounds: it reads the whole file, whatever its size (the machine's memory is the limit,
 * as for any tool), and frames up to 2 GiB (about zstd's largest window). Lines stay below V8's
 * longest string (2^29 − 24 characters): a longer one cannot be parsed by any JavaScript reader.
 */
export const CLI_READ_LIMITS: Pick<DecoderOptions, 'maxTextBytes' | 'maxFrameBytes' | 'maxLineBytes'> = {
  maxTextBytes: Number.POSITIVE_INFINITY,
  maxFrameBytes: 2 * 1024 * 1024 * 1024 - 1,
  maxLineBytes: 2 ** 29 - 24,
};

/** What reading a file gave: the decoded log, or why it is not a session log. */
export type ReadLogFileResult = { ok: true; log: OpenedLog } | { ok: false; notALog: string };

/**
 * Streams the file at `path` into a decoder with `options` (CLI_READ_LIMITS unless overridden),
 * `chunkBytes` at a time; each chunk is a fresh buffer, since the decoder keeps the bytes of plain
 * text. Rejects when the file cannot be read (the error's `code` says why).
 */
export async function readLogFile(
  path: string,
  options: DecoderOptions,
  chunkBytes = READ_CHUNK_BYTES,
): Promise<ReadLogFileResult> {
  const handle = await open(path, 'r');
  try {
    const decoder = createLogDecoder({ ...CLI_READ_LIMITS, ...options });
    // CLI.md "Sniffing" decides on the first bytes: the chunks until there are enough, or the end.
    let head: Uint8Array[] | null = [];
    let headBytes = 0;
    for (;;) {
      const chunk = new Uint8Array(chunkBytes);
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
      const bytes = bytesRead === chunkBytes ? chunk : chunk.subarray(0, bytesRead);
      if (head !== null) {
        if (bytesRead > 0) head.push(bytes);
        headBytes += bytesRead;
        if (headBytes < SNIFF_BYTES && bytesRead > 0) continue;
        const sniff = sniffLogBytes(joinChunks(head));
        if (!sniff.ok) return { ok: false, notALog: sniff.message };
        for (const part of head) decoder.push(part);
        head = null;
      } else if (bytesRead > 0) decoder.push(bytes);
      if (bytesRead === 0) break;
    }
    return { ok: true, log: decoder.finish() };
  } finally {
    await handle.close();
  }
}

function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}
