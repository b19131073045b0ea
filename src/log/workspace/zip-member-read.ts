// Reading one admitted ZIP member (zip-index.ts) as a stream: deflate is inflated in small input
// slices with fflate's streaming Inflate, so a reader that stops early (a head read) stops the work,
// and output never passes the member's declared size (its budget). Read to the end, the length and
// the CRC-32 are checked; a member that inflates past or short of its size, or whose CRC differs,
// rejects with the reason.

import { Inflate, inflateSync } from 'fflate';
import type { ZipMember } from './zip-index.ts';

/** Compressed bytes pushed at once: at most MAX_DEFLATE_RATIO × this comes out of one push. */
const INPUT_SLICE_BYTES = 16 * 1024;
/** Members of at most one input slice that declare at most this are inflated in one call. */
const ONE_CALL_MAX_BYTES = 1024 * 1024;
/** Stored members are handed out in slices of this size. */
const STORED_SLICE_BYTES = 1024 * 1024;

/** Called between slices (the worker yields to its event loop there, so a cancel is heard). */
export type ZipPause = () => Promise<void> | void;

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** Continues a CRC-32 (ISO-HDLC, as ZIP uses) over `bytes`; start with 0. */
export function updateCrc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc;
  for (let index = 0; index < bytes.length; index++)
    c = (CRC_TABLE[(c ^ (bytes[index] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/** Why a member read failed: damaged bytes, a lying size or a CRC mismatch. */
class ZipMemberError extends Error {}

function describe(member: ZipMember, what: string): ZipMemberError {
  return new ZipMemberError(`ZIP member ${JSON.stringify(member.name)} ${what}`);
}

/** The stored (compressed) bytes of `member`, in slices of `sliceBytes`. */
function* compressedSlices(bytes: Uint8Array, member: ZipMember, sliceBytes: number): Generator<Uint8Array> {
  const end = member.dataStart + member.compressedSize;
  for (let at = member.dataStart; at < end; at += sliceBytes)
    yield bytes.subarray(at, Math.min(end, at + sliceBytes));
}

/**
 * The inflated bytes of `member` in order, never more than its declared size. Checks the length
 * and CRC-32 once the last byte is out (a consumer that stops early skips the check and the rest
 * of the work). Rejects with a ZipMemberError on damage or a lying size.
 */
export async function* inflateZipMember(
  bytes: Uint8Array,
  member: ZipMember,
  pause?: ZipPause,
): AsyncGenerator<Uint8Array> {
  let produced = 0;
  let crc = 0;
  if (member.method === 0) {
    for (const slice of compressedSlices(bytes, member, STORED_SLICE_BYTES)) {
      crc = updateCrc32(crc, slice);
      produced += slice.length;
      yield slice;
      await pause?.();
    }
  } else if (member.compressedSize <= INPUT_SLICE_BYTES && member.size <= ONE_CALL_MAX_BYTES) {
    // A small member (most of an export's): one call into a buffer of its declared size + 1, which
    // costs what one streaming slice may cost and skips the streaming state's 160 KiB of buffers
    // per member (100,000 members spent most of a listing there). fflate drops what does not fit
    // the buffer, so a byte beyond the declared size says the member lies.
    let whole: Uint8Array;
    try {
      whole = inflateSync(bytes.subarray(member.dataStart, member.dataStart + member.compressedSize), {
        out: new Uint8Array(member.size + 1),
      });
    } catch (error) {
      throw describe(member, `is damaged (${error instanceof Error ? error.message : String(error)})`);
    }
    if (whole.length > member.size)
      throw describe(member, `inflates past its declared ${member.size} bytes: refused`);
    crc = updateCrc32(crc, whole);
    produced = whole.length;
    yield whole;
  } else {
    let queue: Uint8Array[] = [];
    let isOver = false;
    const inflate = new Inflate((chunk) => {
      if (isOver) return;
      if (produced + chunk.length > member.size) {
        isOver = true;
        return;
      }
      produced += chunk.length;
      queue.push(chunk);
    });
    const end = member.dataStart + member.compressedSize;
    let at = member.dataStart;
    do {
      const next = Math.min(end, at + INPUT_SLICE_BYTES);
      try {
        inflate.push(bytes.subarray(at, next), next === end);
      } catch (error) {
        throw describe(member, `is damaged (${error instanceof Error ? error.message : String(error)})`);
      }
      at = next;
      if (isOver) throw describe(member, `inflates past its declared ${member.size} bytes: refused`);
      const out = queue;
      queue = [];
      for (const chunk of out) {
        crc = updateCrc32(crc, chunk);
        yield chunk;
      }
      await pause?.();
    } while (at < end);
  }
  if (produced !== member.size)
    throw describe(member, `holds ${produced} bytes but declares ${member.size}: refused`);
  if (crc !== member.crc32)
    throw describe(
      member,
      `fails its CRC-32 check (${crc.toString(16).padStart(8, '0')}, declared ${member.crc32.toString(16).padStart(8, '0')})`,
    );
}

/** The whole member (length and CRC checked), in one buffer of its declared size. */
export async function readZipMember(
  bytes: Uint8Array,
  member: ZipMember,
  pause?: ZipPause,
): Promise<Uint8Array> {
  const whole = new Uint8Array(member.size);
  let at = 0;
  for await (const chunk of inflateZipMember(bytes, member, pause)) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}

/** At least the first `count` bytes of the member (fewer when it is shorter); inflates no further. */
export async function readZipMemberHead(
  bytes: Uint8Array,
  member: ZipMember,
  count: number,
  pause?: ZipPause,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of inflateZipMember(bytes, member, pause)) {
    parts.push(chunk);
    length += chunk.length;
    if (length >= count) break;
  }
  const head = new Uint8Array(Math.min(length, count));
  let at = 0;
  for (const part of parts) {
    if (at >= head.length) break;
    const take = part.subarray(0, head.length - at);
    head.set(take, at);
    at += take.length;
  }
  return head;
}
