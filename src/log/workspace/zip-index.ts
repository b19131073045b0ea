// The central directory of a ZIP read once into an index (APPNOTE 6.3.10 §4.3), with every member
// that a careful reader refuses set apart with its reason: work on a hostile archive is bounded by
// its bytes. The same code lists an export ZIP in the worker and in the CLI (zip-entries.ts).
//
// Refused, each as a problem naming the member:
// - a record whose local header or data lies outside the archive, or overlaps the central directory
//   or another member's bytes (an overlapping-entries "zip bomb": every party of an overlap is refused,
//   as Python's zipfile and Info-ZIP UnZip 6.0 refuse such archives);
// - a declared size its compressed bytes cannot give: stored members must declare their compressed
//   size; deflate members at most MAX_DEFLATE_RATIO × the compressed size (+ a small allowance), the
//   largest expansion DEFLATE itself allows (a 258-byte match costs at least 2 bits);
// - a member over the per-member budget, or past the workspace's budget (the sum of the admitted
//   members' declared sizes), encrypted members, methods other than stored and deflate, and a second
//   member of the same name (the first is kept; dsh's export writes each name once).
// What is admitted is read by zip-member-read.ts, which never inflates more than the declared size
// and checks each member's length and CRC-32.

/** DEFLATE's largest expansion: 258 output bytes from a 2-bit code is ≈ 1032 : 1. */
export const MAX_DEFLATE_RATIO = 1032;
/** Allowance over the ratio for tiny members (a 2-byte stream may still stand for a few bytes). */
const RATIO_SLACK_BYTES = 1024;

/** The budgets of ZIP reading; the same defaults in the browser and the CLI. */
export interface ZipLimits {
  /** Largest declared (inflated) size of one member. */
  maxMemberBytes: number;
  /** Records read from one central directory at most; the rest are one problem. */
  maxMembers: number;
}

/** Shared by every ZIP of one workspace: what the admitted members may still declare together. */
export interface ZipBudget {
  remainingBytes: number;
}

/** 2 GiB: past the viewer's 1.5 GiB text limit (the decoder stops there with a problem of its own). */
const DEFAULT_ZIP_LIMITS: ZipLimits = { maxMemberBytes: 2 * 1024 ** 3, maxMembers: 1_000_000 };
/** The default per-workspace budget: 16 GiB of declared member bytes over all its ZIPs. */
export const DEFAULT_WORKSPACE_ZIP_BYTES = 16 * 1024 ** 3;

/** One admitted member: where its compressed bytes are, and what they must inflate to. */
export interface ZipMember {
  /** The name as stored (decoded), before any path clean-up. */
  name: string;
  method: 0 | 8;
  /** Byte range of the compressed data in the archive. */
  dataStart: number;
  compressedSize: number;
  /** Declared inflated size and CRC-32 (both checked when the member is read whole). */
  size: number;
  crc32: number;
}

interface ZipIndex {
  members: ZipMember[];
  /** Directory records (names ending in `/`), skipped. */
  directories: number;
  /** Members refused, by stored name, with the reason (plain text; names are escaped where shown). */
  refused: { name: string; reason: string }[];
}

export type ZipIndexRead = { ok: true; index: ZipIndex } | { ok: false; reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
}

/** A little-endian u64 as a number (exact to 2^53, far past any archive a browser holds). */
function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) + u32(bytes, at + 4) * 2 ** 32;
}

/** Where the end-of-central-directory record starts, searching back over at most one comment. */
function findEndRecord(bytes: Uint8Array): number {
  const last = bytes.length - EOCD_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let at = last; at >= first; at--)
    if (u32(bytes, at) === EOCD_SIGNATURE && at + EOCD_BYTES + u16(bytes, at + 20) === bytes.length)
      return at;
  for (let at = last; at >= first; at--) if (u32(bytes, at) === EOCD_SIGNATURE) return at;
  return -1;
}

/** The directory's place and count, from the EOCD (and its ZIP64 record when the EOCD says so). */
function readDirectoryPlace(
  bytes: Uint8Array,
  end: number,
): { offset: number; size: number; count: number } | string {
  if (u16(bytes, end + 4) !== 0 || u16(bytes, end + 6) !== 0) return 'it spans several disks';
  let count = u16(bytes, end + 10);
  let size = u32(bytes, end + 12);
  let offset = u32(bytes, end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || u32(bytes, locator) !== ZIP64_LOCATOR_SIGNATURE)
      return 'its ZIP64 end record is missing';
    const record = u64(bytes, locator + 8);
    if (record + 56 > locator || u32(bytes, record) !== ZIP64_EOCD_SIGNATURE)
      return 'its ZIP64 end record is out of range';
    count = u64(bytes, record + 32);
    size = u64(bytes, record + 40);
    offset = u64(bytes, record + 48);
  }
  if (offset + size > end) return 'its central directory lies outside the archive';
  return { offset, size, count };
}

const utf8 = new TextDecoder('utf-8');

function decodeName(raw: Uint8Array, isUtf8: boolean): string {
  if (isUtf8) return utf8.decode(raw);
  let name = '';
  for (const byte of raw) name += String.fromCharCode(byte);
  return name;
}

/** A member's sizes and offset, with ZIP64's extra field (0x0001) for the ones stored as 0xFFFFFFFF. */
function zip64Values(
  bytes: Uint8Array,
  extraStart: number,
  extraEnd: number,
  values: { size: number; compressedSize: number; localOffset: number },
): void {
  for (let at = extraStart; at + 4 <= extraEnd;) {
    const id = u16(bytes, at);
    const length = u16(bytes, at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const take = (): number => {
        const value = field + 8 <= at + 4 + length ? u64(bytes, field) : -1;
        field += 8;
        return value;
      };
      if (values.size === 0xffffffff) values.size = take();
      if (values.compressedSize === 0xffffffff) values.compressedSize = take();
      if (values.localOffset === 0xffffffff) values.localOffset = take();
      return;
    }
    at += 4 + length;
  }
}

/** What the budgets and the ratio bound say of a member, or null when it is admitted. */
function sizeRefusal(member: ZipMember, limits: ZipLimits): string | null {
  if (member.method === 0 && member.size !== member.compressedSize)
    return `declares ${member.size} bytes but stores ${member.compressedSize} (a stored member holds its bytes as they are)`;
  if (member.method === 8 && member.size > member.compressedSize * MAX_DEFLATE_RATIO + RATIO_SLACK_BYTES)
    return `declares ${member.size} bytes from ${member.compressedSize} compressed, more than DEFLATE can give (at most ${MAX_DEFLATE_RATIO} : 1)`;
  if (member.size > limits.maxMemberBytes)
    return `declares ${member.size} bytes, over the ${limits.maxMemberBytes}-byte limit of one member`;
  return null;
}

interface Candidate {
  member: ZipMember;
  /** Local header offset and the end of its data: the bytes this member claims. */
  start: number;
  end: number;
  isRefused: boolean;
}

/** Marks every candidate whose bytes overlap another's (sorted by start, one pass). */
function refuseOverlaps(candidates: Candidate[], refused: ZipIndex['refused']): void {
  const sorted = [...candidates].sort((a, b) => a.start - b.start || a.end - b.end);
  let reach: Candidate | null = null;
  for (const candidate of sorted) {
    if (reach !== null && candidate.start < reach.end) {
      candidate.isRefused = true;
      reach.isRefused = true;
    }
    if (reach === null || candidate.end > reach.end) reach = candidate;
  }
  for (const candidate of candidates)
    if (candidate.isRefused)
      refused.push({
        name: candidate.member.name,
        reason: 'its bytes overlap another member (an overlapping-entries ZIP bomb?): refused',
      });
}

/**
 * Reads the central directory of `bytes` once and validates every record against the archive's
 * bytes, the ratio bound and the budgets (see the file comment). `budget` is shared by the ZIPs of
 * one workspace and is spent by the admitted members' declared sizes. Never throws.
 */
export function readZipIndex(
  bytes: Uint8Array,
  budget: ZipBudget = { remainingBytes: DEFAULT_WORKSPACE_ZIP_BYTES },
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): ZipIndexRead {
  if (bytes.length < EOCD_BYTES) return { ok: false, reason: 'it is too short to be a ZIP' };
  const end = findEndRecord(bytes);
  if (end < 0) return { ok: false, reason: 'it has no end-of-central-directory record' };
  const place = readDirectoryPlace(bytes, end);
  if (typeof place === 'string') return { ok: false, reason: place };
  const refused: ZipIndex['refused'] = [];
  const candidates: Candidate[] = [];
  const seenNames = new Set<string>();
  let directories = 0;
  let at = place.offset;
  const directoryEnd = place.offset + place.size;
  for (let record = 0; record < place.count; record++) {
    if (record >= limits.maxMembers) {
      refused.push({
        name: '',
        reason: `${place.count - record} more records past the ${limits.maxMembers}-member limit: not read`,
      });
      break;
    }
    if (at + 46 > directoryEnd || u32(bytes, at) !== CENTRAL_SIGNATURE)
      return { ok: false, reason: `its central directory is damaged at record ${record + 1}` };
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > directoryEnd)
      return { ok: false, reason: `its central directory is damaged at record ${record + 1}` };
    const name = decodeName(bytes.subarray(at + 46, nameEnd), (flags & 0x0800) !== 0);
    const values = {
      size: u32(bytes, at + 24),
      compressedSize: u32(bytes, at + 20),
      localOffset: u32(bytes, at + 42),
    };
    zip64Values(bytes, nameEnd, nameEnd + extraLength, values);
    const crc32 = u32(bytes, at + 16);
    at = nameEnd + extraLength + commentLength;
    if (name.endsWith('/')) {
      directories += 1;
      continue;
    }
    const refuse = (reason: string): void => void refused.push({ name, reason });
    if (seenNames.has(name)) {
      refuse('a second member of this name (the first is read; dsh writes each name once)');
      continue;
    }
    seenNames.add(name);
    if ((flags & 0x0001) !== 0) {
      refuse('it is encrypted');
      continue;
    }
    if (method !== 0 && method !== 8) {
      refuse(`ZIP compression method ${method} is not supported`);
      continue;
    }
    const local = values.localOffset;
    if (values.size < 0 || values.compressedSize < 0 || local < 0 || local + 30 > place.offset) {
      refuse('its local header lies outside the archive');
      continue;
    }
    if (u32(bytes, local) !== LOCAL_SIGNATURE) {
      refuse('no local header where the directory says it is');
      continue;
    }
    const dataStart = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    const dataEnd = dataStart + values.compressedSize;
    if (dataEnd > place.offset) {
      refuse('its data runs past the end of the members (into the central directory or beyond)');
      continue;
    }
    const member: ZipMember = {
      name,
      method,
      dataStart,
      compressedSize: values.compressedSize,
      size: values.size,
      crc32,
    };
    const tooBig = sizeRefusal(member, limits);
    if (tooBig !== null) {
      refuse(tooBig);
      continue;
    }
    candidates.push({ member, start: local, end: dataEnd, isRefused: false });
  }
  refuseOverlaps(candidates, refused);
  const members: ZipMember[] = [];
  for (const candidate of candidates) {
    if (candidate.isRefused) continue;
    if (candidate.member.size > budget.remainingBytes) {
      refused.push({
        name: candidate.member.name,
        reason: `declares ${candidate.member.size} bytes, past the workspace's ZIP budget (${budget.remainingBytes} bytes left of what its members may declare together)`,
      });
      continue;
    }
    budget.remainingBytes -= candidate.member.size;
    members.push(candidate.member);
  }
  return { ok: true, index: { members, directories, refused } };
}
