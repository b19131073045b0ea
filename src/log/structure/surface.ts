// The surface fold (FORMAT.md §6.2): strict validation reported as problems (it decides the
// verdict), the lenient display fold (CLI.md "Surface for display"), and surface checkpoints so the
// surface after any seq is found without refolding from seq 0.

import { findFirstAtOrAbove, findLastAtOrBelow } from '../base/binary-search.ts';
import type { MessageRole, StoredEvent, SurfaceEventType } from '../event.ts';
import { isRecord } from '../event.ts';

/** One surface operation, in seq order (FORMAT.md §6.2). */
export interface SurfaceOpRecord {
  seq: number;
  /** Event type after upgrade (one of SURFACE_EVENT_TYPES). */
  type: SurfaceEventType;
  /** The role of the node's message (a tool/result is `user` up to generation 3, `tool` from 4). */
  role: MessageRole;
  op: 'append' | 'replace';
  /** For replace: the surface-node seqs bounding the shadowed span. */
  start: number | null;
  end: number | null;
  /** True for an assistant/message with empty content (a node that projects nothing, §6.3). */
  isEmpty: boolean;
  /** False when the lenient display fold skipped this op (reported as a surface problem). */
  isApplied: boolean;
  /** For an applied replace: the surface nodes it shadowed, in surface order; [] otherwise. */
  shadowedSeqs: number[];
  /** tool/result only: `message.source.callId`, or null. */
  callId: string | null;
  /** Characters of model-readable text in the node's content (content-chars.ts), for token estimates. */
  contentChars: number;
}

/**
 * A copy of the display surface (CLI.md "Surface for display") after the first `opCount` entries
 * of `surfaceOps` were folded; the last of them has seq `seq`. Lets the model view at any seq be
 * answered from the nearest checkpoint instead of refolding from seq 0.
 */
export interface SurfaceCheckpoint {
  opCount: number;
  /** Seq of the last folded op, or -1 for the empty start. */
  seq: number;
  /** Surface node seqs in surface order. */
  nodes: Int32Array;
}

/** Minimum number of ops between two checkpoints; the gap also grows with the surface size. */
const CHECKPOINT_MIN_OPS = 128;

type SurfaceType = SurfaceOpRecord['type'];

/**
 * Folds the surface-eligible events of a log, one at a time, in seq order. Owns the growing
 * `ops`, `opSeqs` and `checkpoints` lists (shared with the LogIndex). `reportViolation` receives every
 * strict-fold violation; `readEvent` reads an earlier event (upgraded) for replacement checks.
 */
export class SurfaceFolder {
  /** The display surface after the last accepted event. */
  readonly nodes: number[] = [];
  private opsSinceCheckpoint = 0;

  constructor(
    readonly ops: SurfaceOpRecord[],
    readonly opSeqs: number[],
    readonly checkpoints: SurfaceCheckpoint[],
    private readonly reportViolation: (seq: number, message: string) => void,
    private readonly readEvent: (seq: number) => StoredEvent,
  ) {
    if (checkpoints.length === 0) checkpoints.push({ opCount: 0, seq: -1, nodes: new Int32Array(0) });
  }

  /** Checks a non-surface event: it must carry neither surfaceOp nor sourceEventSeqs (§6.2 step 2). */
  checkNonSurface(event: StoredEvent): void {
    if (event.surfaceOp !== undefined)
      this.reportViolation(event.seq, `${event.type} carries a surfaceOp; only message events may.`);
    if (event.sourceEventSeqs !== undefined)
      this.reportViolation(event.seq, `${event.type} carries sourceEventSeqs; only message events may.`);
  }

  /**
   * Folds one surface-eligible event. Returns the op record, or null when `surfaceOp` is missing
   * or malformed (reported; the display fold skips it). `contentChars` goes into the record.
   */
  accept(
    event: StoredEvent,
    type: SurfaceType,
    isEmpty: boolean,
    callId: string | null,
    role: MessageRole,
    contentChars: number,
  ): SurfaceOpRecord | null {
    const seq = event.seq;
    this.checkSources(event, type);
    const surfaceOp: unknown = event.surfaceOp;
    if (surfaceOp === undefined) {
      this.reportViolation(seq, `${type} has no surfaceOp.`);
      return null;
    }
    if (surfaceOp === 'append') {
      const record = this.pushOp(
        seq,
        type,
        'append',
        null,
        null,
        isEmpty,
        true,
        [],
        callId,
        role,
        contentChars,
      );
      this.nodes.push(seq);
      this.afterOp(record);
      return record;
    }
    if (!isReplaceOp(surfaceOp)) {
      this.reportViolation(seq, `${type} has a malformed surfaceOp: ${describe(surfaceOp)}.`);
      if (isRecord(surfaceOp) && surfaceOp.op === 'replace') {
        const start = typeof surfaceOp.start === 'number' ? surfaceOp.start : null;
        const end = typeof surfaceOp.end === 'number' ? surfaceOp.end : null;
        return this.pushOp(seq, type, 'replace', start, end, isEmpty, false, [], callId, role, contentChars);
      }
      return null;
    }
    const { start, end } = surfaceOp;
    const i = this.nodes.indexOf(start);
    const j = this.nodes.indexOf(end);
    if (i < 0 || j < 0) {
      const missing = i < 0 ? start : end;
      this.reportViolation(seq, `replace ${start}..${end}: seq ${missing} is not on the surface.`);
      return this.pushOp(seq, type, 'replace', start, end, isEmpty, false, [], callId, role, contentChars);
    }
    if (i > j) {
      this.reportViolation(seq, `replace ${start}..${end}: start comes after end in surface order.`);
      return this.pushOp(seq, type, 'replace', start, end, isEmpty, false, [], callId, role, contentChars);
    }
    const shadowed = this.nodes.slice(i, j + 1);
    const sources = Array.isArray(event.sourceEventSeqs) ? new Set<unknown>(event.sourceEventSeqs) : null;
    const unlisted = shadowed.filter((node) => sources === null || !sources.has(node));
    if (unlisted.length > 0)
      this.reportViolation(
        seq,
        `replace ${start}..${end}: sourceEventSeqs misses shadowed ${unlisted.join(', ')}.`,
      );
    if (type === 'tool/result') this.checkToolResultReplacement(event, shadowed);
    this.nodes.splice(i, j - i + 1, seq);
    const record = this.pushOp(
      seq,
      type,
      'replace',
      start,
      end,
      isEmpty,
      true,
      shadowed,
      callId,
      role,
      contentChars,
    );
    this.afterOp(record);
    return record;
  }

  private checkSources(event: StoredEvent, type: SurfaceType): void {
    const sources: unknown = event.sourceEventSeqs;
    if (sources === undefined) return;
    if (!Array.isArray(sources)) {
      this.reportViolation(event.seq, 'sourceEventSeqs is not an array.');
      return;
    }
    if (sources.length === 0 && type !== 'assistant/message') {
      this.reportViolation(
        event.seq,
        `sourceEventSeqs is empty on ${type}; only assistant/message may cite nothing.`,
      );
      return;
    }
    // Sources are usually ascending (chunk seqs), which rules out duplicates without a Set.
    let previous = -1;
    let seen: Set<number> | null = null;
    for (let k = 0; k < sources.length; k++) {
      const value: unknown = sources[k];
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || Object.is(value, -0)) {
        this.reportViolation(
          event.seq,
          `sourceEventSeqs holds ${describe(value)}, not a non-negative integer.`,
        );
        return;
      }
      if (value >= event.seq) {
        this.reportViolation(event.seq, `sourceEventSeqs cites ${value}, not an earlier seq.`);
        return;
      }
      if (value <= previous) {
        seen ??= new Set<number>(sources.slice(0, k) as number[]);
        if (seen.has(value)) {
          this.reportViolation(event.seq, `sourceEventSeqs lists ${value} twice.`);
          return;
        }
      }
      seen?.add(value);
      previous = Math.max(previous, value);
    }
  }

  private checkToolResultReplacement(event: StoredEvent, shadowed: number[]): void {
    const seq = event.seq;
    if (shadowed.length !== 1) {
      this.reportViolation(
        seq,
        `tool/result replacement shadows ${shadowed.length} nodes; it may shadow one.`,
      );
      return;
    }
    const original = shadowed[0] as number;
    const originalOp = findOp(this.ops, this.opSeqs, original);
    if (originalOp === null || originalOp.type !== 'tool/result') {
      this.reportViolation(
        seq,
        `tool/result replacement shadows ${originalOp?.type ?? 'an unknown node'} ${original}.`,
      );
      return;
    }
    if (!isSameExceptResultContent(this.readEvent(original).data, event.data))
      this.reportViolation(
        seq,
        `tool/result replacement of ${original} changes more than the result content.`,
      );
  }

  private pushOp(
    seq: number,
    type: SurfaceType,
    op: 'append' | 'replace',
    start: number | null,
    end: number | null,
    isEmpty: boolean,
    isApplied: boolean,
    shadowedSeqs: number[],
    callId: string | null,
    role: MessageRole,
    contentChars: number,
  ): SurfaceOpRecord {
    const record: SurfaceOpRecord = {
      seq,
      type,
      role,
      op,
      start,
      end,
      isEmpty,
      isApplied,
      shadowedSeqs,
      callId,
      contentChars,
    };
    this.ops.push(record);
    this.opSeqs.push(seq);
    return record;
  }

  private afterOp(record: SurfaceOpRecord): void {
    this.opsSinceCheckpoint += 1;
    // Replaying costs one step per op plus one copy of the checkpoint, so a gap of about the
    // surface size keeps a query O(surface) while total checkpoint memory stays O(ops).
    if (this.opsSinceCheckpoint >= Math.max(CHECKPOINT_MIN_OPS, this.nodes.length)) {
      this.checkpoints.push({
        opCount: this.ops.length,
        seq: record.seq,
        nodes: Int32Array.from(this.nodes),
      });
      this.opsSinceCheckpoint = 0;
    }
  }
}

/**
 * The op record of surface event `seq`, or null. `opSeqs` is the seq of each op (the LogIndex's
 * `surfaceOpSeqs`): the model view looks up every node, and searching a number column is about
 * 40 % faster than searching the records through a key function (measured on the bench log).
 */
export function findOp(
  ops: readonly SurfaceOpRecord[],
  opSeqs: readonly number[],
  seq: number,
): SurfaceOpRecord | null {
  const index = findFirstAtOrAbove(opSeqs, seq);
  return opSeqs[index] === seq ? (ops[index] ?? null) : null;
}

/**
 * The display surface after every event with seq <= atSeq (CLI.md "Surface for display"): node
 * seqs in surface order. Starts from the nearest checkpoint and replays the applied ops after it.
 */
export function foldSurfaceAt(
  ops: readonly SurfaceOpRecord[],
  checkpoints: readonly SurfaceCheckpoint[],
  atSeq: number,
): number[] {
  const checkpoint = checkpoints[Math.max(0, findLastAtOrBelow(checkpoints, atSeq, seqOf))];
  const nodes = checkpoint ? Array.from(checkpoint.nodes) : [];
  for (let k = checkpoint ? checkpoint.opCount : 0; k < ops.length; k++) {
    const op = ops[k] as SurfaceOpRecord;
    if (op.seq > atSeq) break;
    if (!op.isApplied) continue;
    if (op.op === 'append') {
      nodes.push(op.seq);
      continue;
    }
    const i = nodes.indexOf(op.start ?? -1);
    const j = nodes.indexOf(op.end ?? -1);
    if (i < 0 || j < i) throw new Error(`surface replay diverged at seq ${op.seq}`);
    nodes.splice(i, j - i + 1, op.seq);
  }
  return nodes;
}

function seqOf(record: { seq: number }): number {
  return record.seq;
}

function isReplaceOp(value: unknown): value is { op: 'replace'; start: number; end: number } {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 3 && value.op === 'replace' && isSeqNumber(value.start) && isSeqNumber(value.end);
}

function isSeqNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);
}

/** §6.2: a tool/result replacement equals the original except `message.content[0].content`. */
function isSameExceptResultContent(original: unknown, replacement: unknown): boolean {
  return isDeepEqual(withoutResultContent(original), withoutResultContent(replacement));
}

/**
 * A tool/result's data without the result content a pruning replacement may change: the wrapper
 * block's `content` up to generation 3, the tool-role message's own `content` from generation 4.
 */
function withoutResultContent(data: unknown): unknown {
  if (!isRecord(data) || !isRecord(data.message) || !Array.isArray(data.message.content)) return data;
  if (data.message.role === 'tool') {
    const message: Record<string, unknown> = { ...data.message };
    delete message.content;
    return { ...data, message };
  }
  const content = data.message.content.map((block: unknown, index: number) => {
    if (index !== 0 || !isRecord(block)) return block;
    const rest: Record<string, unknown> = { ...block };
    delete rest.content;
    return rest;
  });
  return { ...data, message: { ...data.message, content } };
}

/** JSON-value equality with an explicit stack: log data may nest deeper than the call stack allows. */
function isDeepEqual(first: unknown, second: unknown): boolean {
  const pending: unknown[] = [first, second];
  while (pending.length > 0) {
    const b = pending.pop();
    const a = pending.pop();
    if (a === b) continue;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) pending.push(a[i], b[i]);
      continue;
    }
    if (!isRecord(a) || !isRecord(b) || Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
      pending.push(a[key], b[key]);
    }
  }
  return true;
}

function describe(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Nested deeper than JSON.stringify recurses.
    text = Array.isArray(value) ? '[…]' : '{…}';
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
