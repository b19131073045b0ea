// ZIP archives built byte by byte for tests and benchmarks, honest or hostile: members whose
// directory records lie about sizes or CRCs, several records sharing one local header (an
// overlapping-entries bomb), offsets out of range. fflate's zipSync cannot write any of these.

import { Deflate, deflateSync } from 'fflate';
import { updateCrc32 } from '../workspace/zip-member-read.ts';

export interface BuiltMember {
  name: string;
  /** The bytes as stored (already deflated when method is 8). */
  stored: Uint8Array;
  method: 0 | 8;
  size: number;
  crc32: number;
}

/** A member of `content`, deflated (method 8) or stored (0), with its true size and CRC. */
export function zipMember(name: string, content: string | Uint8Array, method: 0 | 8 = 8): BuiltMember {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return {
    name,
    stored: method === 8 ? deflateSync(bytes) : bytes,
    method,
    size: bytes.length,
    crc32: updateCrc32(0, bytes),
  };
}

/** A deflated member of `size` zero bytes, made in 1 MiB pushes (a 1 GiB member in ~1 MB, little memory). */
function zeroBombMember(name: string, size: number): BuiltMember {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const block = new Uint8Array(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = updateCrc32(crc, piece);
    deflate.push(piece, left <= block.length);
  }
  if (size === 0) deflate.push(new Uint8Array(0), true);
  return { name, stored: concat(parts), method: 8, size, crc32: crc };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** What a directory record says, where it may differ from the member written. */
export interface DirectoryRecord {
  name: string;
  /** Index of the member (local header + data) the record points at. */
  member: number;
  size?: number;
  compressedSize?: number;
  crc32?: number;
  localOffset?: number;
}

const utf8 = new TextEncoder();

/**
 * An archive of `members` (local header + data each, in order) and a central directory of
 * `records` (one per member when omitted), each pointing at its member unless it overrides.
 */
export function buildZip(members: readonly BuiltMember[], records?: readonly DirectoryRecord[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const member of members) {
    const name = utf8.encode(member.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true);
    local.setUint16(8, member.method, true);
    local.setUint32(14, member.crc32, true);
    local.setUint32(18, member.stored.length, true);
    local.setUint32(22, member.size, true);
    local.setUint16(26, name.length, true);
    offsets.push(at);
    parts.push(new Uint8Array(local.buffer), name, member.stored);
    at += 30 + name.length + member.stored.length;
  }
  const directoryStart = at;
  const list: readonly DirectoryRecord[] =
    records ?? members.map((member, index) => ({ name: member.name, member: index }));
  for (const record of list) {
    const member = members[record.member] as BuiltMember;
    const name = utf8.encode(record.name);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, member.method, true);
    central.setUint32(16, record.crc32 ?? member.crc32, true);
    central.setUint32(20, record.compressedSize ?? member.stored.length, true);
    central.setUint32(24, record.size ?? member.size, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, record.localOffset ?? (offsets[record.member] as number), true);
    parts.push(new Uint8Array(central.buffer), name);
    at += 46 + name.length;
  }
  const directorySize = at - directoryStart;
  // Past 65,535 records the count needs ZIP64's end record and locator (APPNOTE §4.3.14–15),
  // as Info-ZIP and Python write them; the EOCD then says 0xFFFF.
  if (list.length >= 0xffff) {
    const record = new DataView(new ArrayBuffer(56 + 20));
    record.setUint32(0, 0x06064b50, true);
    record.setBigUint64(4, 44n, true);
    record.setUint16(12, 45, true);
    record.setUint16(14, 45, true);
    record.setBigUint64(24, BigInt(list.length), true);
    record.setBigUint64(32, BigInt(list.length), true);
    record.setBigUint64(40, BigInt(directorySize), true);
    record.setBigUint64(48, BigInt(directoryStart), true);
    record.setUint32(56, 0x07064b50, true);
    record.setBigUint64(56 + 8, BigInt(at), true);
    record.setUint32(56 + 16, 1, true);
    parts.push(new Uint8Array(record.buffer));
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, Math.min(list.length, 0xffff), true);
  end.setUint16(10, Math.min(list.length, 0xffff), true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, directoryStart, true);
  parts.push(new Uint8Array(end.buffer));
  return concat(parts);
}

/** The overlapping-entries bomb of issue 27: `records` directory records sharing one member of `size` zeros. */
export function overlappingBombZip(records: number, size: number): Uint8Array {
  const member = zeroBombMember('session.jsonl', size);
  return buildZip(
    [member],
    Array.from({ length: records }, (_, index) => ({
      name: index === 0 ? 'session.jsonl' : `subagents/s${index}/session.jsonl`,
      member: 0,
    })),
  );
}
