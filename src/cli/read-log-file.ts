// Reads a log for the CLI as a stream of chunks into the same incremental decoder the worker uses,
// so a file of any size is read (Node's readFile stops at 2 GiB) and one that is not a session log
// is refused after its first bytes instead of after reading it whole.

import { open } from 'node:fs/promises';
import { createLogDecoder, type DecoderOptions, type OpenedLog } from '../log/index.ts';
import { sniffLogBytes } from './cli-arguments.ts';

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

/**
 * What reading gave: the decoded log; or `not-a-log` (CLI.md "Sniffing" on the first bytes) or
 * `unreadable` (reading the bytes failed: the message says why), both exit 2 material.
 */
export type ReadLogResult =
  { ok: true; log: OpenedLog } | { ok: false; reason: 'not-a-log' | 'unreadable'; message: string };

function describeReadError(error: unknown): string {
  if (error instanceof Error && 'code' in error) return String(error.code);
  return error instanceof Error ? error.message : String(error);
}

/**
 * Decodes the log whose bytes `chunks` yields in order (chunks of any size; the decoder keeps the
 * bytes of plain text, so a chunk must not be reused), with `options` over CLI_READ_LIMITS. A read
 * that fails is `unreadable`; a decoder error (a bug) rejects.
 */
export async function readLogChunks(
  chunks: AsyncIterable<Uint8Array>,
  options: DecoderOptions,
): Promise<ReadLogResult> {
  const decoder = createLogDecoder({ ...CLI_READ_LIMITS, ...options });
  const iterator = chunks[Symbol.asyncIterator]();
  // The chunks until there are enough bytes to sniff, or the end.
  let head: Uint8Array[] | null = [];
  let headBytes = 0;
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        return { ok: false, reason: 'unreadable', message: describeReadError(error) };
      }
      if (head !== null) {
        if (!next.done) {
          head.push(next.value);
          headBytes += next.value.length;
          if (headBytes < SNIFF_BYTES) continue;
        }
        const sniff = sniffLogBytes(joinChunks(head));
        if (!sniff.ok) return { ok: false, reason: 'not-a-log', message: sniff.message };
        for (const part of head) decoder.push(part);
        head = null;
      } else if (!next.done) decoder.push(next.value);
      if (next.done) break;
    }
  } finally {
    // Stops a file stream that is refused early (its handle closes).
    await iterator.return?.();
  }
  return { ok: true, log: decoder.finish() };
}

/** The bytes of the file at `path`, `chunkBytes` at a time, each chunk a fresh buffer. */
export async function* readFileChunks(path: string, chunkBytes: number): AsyncIterable<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    for (;;) {
      const chunk = new Uint8Array(chunkBytes);
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
      if (bytesRead === 0) return;
      yield bytesRead === chunkBytes ? chunk : chunk.subarray(0, bytesRead);
    }
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
