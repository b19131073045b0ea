// A stored log as bytes: the .jsonl text, and the .jsonl.zstd with the header alone in frame 1 and
// one checksummed frame per write batch.

import { compress as zstdCompress } from '@bokuweb/zstd-wasm';
import xxhash from 'xxhash-wasm';
import { addContentChecksum, initZstdOnce } from '../../generate-large-log.ts';
import { isObject, type JsonObject, type StoredLog } from './stored-log.ts';

const ZSTD_LEVEL = 3;
/** The write-behind queue's coalescing window (FORMAT.md section 1.4; unchanged in later generations). */
const BATCH_WINDOW_MS = 200;

/**
 * Write batches: a new batch when the coalescing window since the batch's first event has passed,
 * and after every turn/end (the loop flushes at turn boundaries [inferred]). A seeded child's
 * inherited prefix, through its tagged session/end-seed, is one publication.
 */
function batches(log: StoredLog): JsonObject[][] {
  const out: JsonObject[][] = [];
  let current: JsonObject[] = [];
  let startTime = 0;
  const seededCut = log.events.findLastIndex(
    (event) =>
      event['type'] === 'session/end-seed' && isObject(event['data']) && event['data']['inherited'] === true,
  );
  for (const [index, event] of log.events.entries()) {
    const time = event['time'] as number;
    const inPrefix = index <= seededCut;
    if (current.length > 0 && !inPrefix && time - startTime >= BATCH_WINDOW_MS) {
      out.push(current);
      current = [];
    }
    if (current.length === 0) startTime = time;
    current.push(event);
    if ((event['type'] === 'turn/end' && !inPrefix) || index === seededCut) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** A log's bytes in both forms, and the frame count of the .zstd (header frame included). */
interface Encoded {
  jsonl: Uint8Array;
  zstd: Uint8Array;
  frames: number;
}

/** Encodes `log` deterministically (zstd level ZSTD_LEVEL, each frame with its content checksum). */
export async function encode(log: StoredLog): Promise<Encoded> {
  await initZstdOnce();
  const hasher = await xxhash();
  const encoder = new TextEncoder();
  const texts = [
    JSON.stringify(log.header) + '\n',
    ...batches(log).map((batch) => batch.map((e) => JSON.stringify(e) + '\n').join('')),
  ];
  const frames = texts.map((text) => {
    const plain = encoder.encode(text);
    return addContentChecksum(zstdCompress(plain, ZSTD_LEVEL), hasher.h64Raw(plain, 0n));
  });
  const concat = (parts: Uint8Array[]): Uint8Array => {
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  };
  return { jsonl: encoder.encode(texts.join('')), zstd: concat(frames), frames: frames.length };
}

/** The file name of a log of `generation` (role 0: the primary session; N: child `session.N`). */
export function logFileName(generation: number, role: number): string {
  const child = role > 0 ? `.${role}` : '';
  return generation === 0 ? `session${child}.jsonl` : `session${child}.v${generation}.jsonl`;
}
