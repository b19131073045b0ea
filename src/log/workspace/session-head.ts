// The header of one log, read from its first bytes only (FORMAT.md §2; the whole first zstd frame,
// §1.4): what discovery and the lineage tree need before any summary pass. The decoder itself reads
// the head, so a header reads here exactly as it does when the log is opened; the common case (a
// plain first line that starts with `{`) runs the decoder's own header steps without a decoder.

import { boundValueDepth } from '../base/deep-values.ts';
import type { SessionHeader } from '../event.ts';
import { checkHeader } from '../format/header.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { ZSTD_MAGIC_BYTES, scanZstdFrame } from '../container/zstd-frames.ts';
import { createLogDecoder } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { WorkspaceEntry } from './workspace-entry.ts';
import { readEntryHead } from './workspace-entry.ts';

/** The header facts of a session, each null (or 0/false) when the header lacks it or holds a wrong type. */
export interface SessionHeadFacts {
  id: string;
  /** The header `version` as stored when it is a number, else null. */
  version: number | null;
  /** The generation the decoder reads it as (null: malformed or newer than this viewer, docs/format-generations.md §1). */
  generation: FormatGeneration | null;
  createdAt: number | null;
  cwd: string | null;
  parentSession: string | null;
  origin: string | null;
  /** 0 when absent or not a non-negative safe integer (the in-memory default, FORMAT.md §2.2). */
  delegationDepth: number;
  /** Generations 0/1: the header `seedLength` (a positive safe integer), else null. */
  seedLength: number | null;
  /** The log starts with events copied from its parent: `seedLength` > 0, or `isSeeded` (generation 2 on). */
  isSeeded: boolean;
  agentPreset: string | null;
  container: 'jsonl' | 'zstd';
}

/** The header of one entry, or why there is none (`isZip`: the bytes are a ZIP archive, to be listed instead). */
export type SessionHeadRead =
  { ok: true; head: SessionHeadFacts } | { ok: false; isZip: boolean; reason: string };

/** First read of a head; it doubles while the header line (or first frame) is still incomplete. */
const FIRST_HEAD_BYTES = 16 * 1024;
/** Beyond this, a log whose first line has not ended is refused here (dsh headers are a few hundred bytes). */
const MAX_HEAD_BYTES = 4 * 1024 * 1024;

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function safeCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The facts of a header as the decoder parsed it (null when it has no string id). */
function factsOfHeader(
  value: SessionHeader | null,
  generation: FormatGeneration | null,
  container: SessionHeadFacts['container'],
): SessionHeadFacts | null {
  const header = value as Record<string, unknown> | null;
  if (header === null || typeof header.id !== 'string') return null;
  const seedLength = safeCount(header.seedLength);
  return {
    id: header.id,
    version: typeof header.version === 'number' ? header.version : null,
    generation,
    createdAt:
      typeof header.createdAt === 'number' && Number.isFinite(header.createdAt) ? header.createdAt : null,
    cwd: stringOrNull(header.cwd),
    parentSession: stringOrNull(header.parentSession),
    origin: stringOrNull(header.origin),
    delegationDepth: safeCount(header.delegationDepth) ?? 0,
    seedLength: seedLength !== null && seedLength > 0 ? seedLength : null,
    isSeeded: (seedLength !== null && seedLength > 0) || header.isSeeded === true,
    agentPreset: stringOrNull(header.agentPreset),
    container,
  };
}

/** The facts of a header the decoder parsed (null when it has no string id). */
export function headFactsOf(log: OpenedLog): SessionHeadFacts | null {
  return factsOfHeader(log.header, log.format.generation, log.file.container === 'zstd' ? 'zstd' : 'jsonl');
}

const headerText = new TextDecoder('utf-8');

/**
 * The decoder's steps for a plain log's first line, without a decoder (its store, index and
 * problem list cost more than the line when a workspace reads 100,000 heads): `line` is the
 * header's bytes up to its LF and starts with `{` (sniffed as JSONL, no BOM). The line's text as
 * the line scan decodes it, JSON.parse, the depth bound and checkHeader; null when that yields no
 * header with a string id, for the decoder to say why (session-head.test.ts compares the two).
 */
function readPlainHeaderFacts(line: Uint8Array): SessionHeadFacts | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(headerText.decode(line)) as unknown;
  } catch {
    // Not JSON (or nested past the engine's limit): the decoder reports it as a bad header.
    return null;
  }
  const check = checkHeader(boundValueDepth(parsed));
  return factsOfHeader(check.header, check.generation, 'jsonl');
}

/** Why a finished log yields no header: the first problem that says so, in plain text. */
function describeMissingHeader(log: OpenedLog): { isZip: boolean; reason: string } {
  const problem = log.problems.find((candidate) =>
    ['not-a-log', 'zip', 'empty', 'bad-header', 'zstd-frame', 'zstd-decode', 'unsupported-version'].includes(
      candidate.kind,
    ),
  );
  if (log.header !== null)
    return { isZip: false, reason: 'the header has no session id (a string "id" field)' };
  return { isZip: problem?.kind === 'zip', reason: problem?.message ?? 'no session header' };
}

/**
 * The bytes of the header alone when `head` holds all of it: up to the first line feed (plain), or
 * the first frame (zstd). `isComplete` is false while more bytes could still complete it; a fatal
 * frame or a line that ended is complete, for the decoder to say what is wrong with it. Decoding only
 * these keeps a head read from parsing the events that follow in the same bytes.
 */
function headerBytes(head: Uint8Array): { bytes: Uint8Array; isComplete: boolean } {
  if (ZSTD_MAGIC_BYTES.every((byte, index) => head[index] === byte)) {
    const frame = scanZstdFrame(head, 0);
    if (frame.kind === 'complete') return { bytes: head.subarray(0, frame.end), isComplete: true };
    return { bytes: head, isComplete: frame.kind === 'fatal' };
  }
  const lineEnd = head.indexOf(0x0a);
  if (lineEnd >= 0) return { bytes: head.subarray(0, lineEnd + 1), isComplete: true };
  // Not a log at all (no brace, BOM or zstd magic): the decoder refuses it from the first bytes.
  return { bytes: head, isComplete: head.length > 0 && head[0] !== 0x7b && head[0] !== 0xef };
}

/**
 * Reads the header of `entry` from its first bytes (16 KiB, doubling to 4 MiB while the first line
 * or zstd frame is incomplete; the whole file when it is shorter). Never throws: a read that
 * rejects, a file that is not a log and a header without an id are `{ ok: false }` with the reason.
 */
export async function readSessionHead(entry: WorkspaceEntry): Promise<SessionHeadRead> {
  let want = FIRST_HEAD_BYTES;
  for (;;) {
    let head: Uint8Array;
    try {
      head = await readEntryHead(entry, want);
    } catch (error) {
      return {
        ok: false,
        isZip: false,
        reason: `cannot be read (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    const isWhole = head.length < want || head.length >= entry.size;
    const { bytes, isComplete } = headerBytes(head);
    if (isComplete && bytes[0] === 0x7b && bytes[bytes.length - 1] === 0x0a) {
      const facts = readPlainHeaderFacts(bytes.subarray(0, bytes.length - 1));
      if (facts !== null) return { ok: true, head: facts };
    }
    if (isComplete || isWhole) {
      const decoder = createLogDecoder();
      decoder.push(bytes);
      const log = decoder.finish();
      const facts = log.header === null ? null : headFactsOf(log);
      return facts !== null ? { ok: true, head: facts } : { ok: false, ...describeMissingHeader(log) };
    }
    if (want >= MAX_HEAD_BYTES)
      return {
        ok: false,
        isZip: false,
        reason: `no complete header line in the first ${MAX_HEAD_BYTES / (1024 * 1024)} MiB`,
      };
    want *= 2;
  }
}
