// The v1 → v2 chunk-citation rules of the migration (generations 0 and 1): each assistant/message
// cites exactly the chunks of its attempt, and nothing else cites a chunk (chunks disappear in v2).

import { ChunkKind, isRecord } from '../event.ts';
import type { StoredEvent } from '../event.ts';
import type { AuditedLog, RefusalList } from './migration-refusals.ts';

/** Events that end a model attempt in the v1 → v2 grouping of chunks. */
const ATTEMPT_CLOSERS: ReadonlySet<string> = new Set([
  'turn/end',
  'step/end',
  'llm/retry',
  'llm/retry-started',
]);

/** The chunks since the last attempt boundary, as the v1 → v2 edge groups them. */
interface PendingAttempt {
  turn: number;
  step: number;
  /** Inclusive runs of consecutive chunk seqs. */
  runs: [number, number][];
  isTerminal: boolean;
}

function addChunk(attempt: PendingAttempt, seq: number): void {
  const last = attempt.runs.at(-1);
  if (last !== undefined && last[1] === seq - 1) last[1] = seq;
  else attempt.runs.push([seq, seq]);
}

function citesExactly(attempt: PendingAttempt, sources: readonly number[]): boolean {
  let index = 0;
  for (const [first, last] of attempt.runs)
    for (let seq = first; seq <= last; seq++) {
      if (sources[index] !== seq) return false;
      index += 1;
    }
  return index === sources.length;
}

/**
 * The seqs of a `sourceEventSeqs`-like list, with `[start, end]` pairs expanded; null when it is not a
 * list. Not normalize-event's expandSeqRanges: this one keeps any number (the callers filter seqs
 * themselves), accepts a list that does not increase, and refuses a pair spanning over 1,000,000 seqs.
 */
function expandSeqList(value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  const seqs: number[] = [];
  for (const member of value as unknown[]) {
    if (typeof member === 'number') seqs.push(member);
    else if (Array.isArray(member) && member.length === 2) {
      const [start, end] = member as unknown[];
      if (typeof start !== 'number' || typeof end !== 'number' || end < start || end - start > 1_000_000)
        return null;
      for (let seq = start; seq <= end; seq++) seqs.push(seq);
    } else return null;
  }
  return seqs;
}

/**
 * The attempt being grouped and the citation rules over it. The caller passes chunks, attempt
 * boundaries, assistant/messages and every other parsed event in seq order.
 */
export class ChunkCitationAudit {
  private pending: PendingAttempt | null = null;

  constructor(
    private readonly log: AuditedLog,
    private readonly refusals: RefusalList,
  ) {}

  /** Adds the chunk at `seq` to the pending attempt of its turn and step, or starts a new one. */
  acceptChunk(seq: number): void {
    const { index } = this.log;
    const turn = index.turnOf.get(seq);
    const step = index.stepOf.get(seq);
    let pending = this.pending;
    if (pending !== null && (pending.isTerminal || pending.turn !== turn || pending.step !== step))
      pending = null;
    if (pending === null) {
      pending = { turn, step, runs: [], isTerminal: false };
      this.pending = pending;
    }
    addChunk(pending, seq);
    // A finish chunk ends the attempt's stream: the next chunk starts another attempt.
    if (index.chunkKind.get(seq) === ChunkKind.FINISH) pending.isTerminal = true;
  }

  /** Drops the pending attempt when an event of (current) `type` ends it. */
  acceptBoundary(type: string): void {
    if (ATTEMPT_CLOSERS.has(type)) this.pending = null;
  }

  /** Refuses an assistant/message that does not cite exactly the chunks of the pending attempt of its step; ends that attempt. */
  auditProvenance(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    const pending = this.pending;
    this.pending = null;
    if (pending !== null && (pending.turn !== data.turn || pending.step !== data.step)) return;
    const sources = event.sourceEventSeqs;
    if (sources === undefined) {
      if (pending !== null)
        this.refusals.add(
          'assistant-provenance',
          seq,
          `the assistant/message at seq ${seq} follows chunks of its step (from seq ${pending.runs[0]?.[0] ?? '?'}) but does not cite them in sourceEventSeqs, so the migration cannot tell which attempt it answers.`,
        );
      return;
    }
    const seqs = expandSeqList(sources);
    if (seqs !== null && seqs.length === 0) return;
    if (pending === null || seqs === null || !citesExactly(pending, seqs))
      this.refusals.add(
        'assistant-provenance',
        seq,
        `the sourceEventSeqs of the assistant/message at seq ${seq} are not exactly the chunks of one complete attempt before it.`,
      );
  }

  /** Refuses an event (other than an assistant/message's own sources) that cites a chunk seq: the v1 → v2 edge removes chunks. */
  auditReferences(event: StoredEvent, type: string, data: Record<string, unknown>): void {
    const lists: [string, unknown][] = [];
    if (type !== 'assistant/message' && event.sourceEventSeqs !== undefined)
      lists.push(['sourceEventSeqs', event.sourceEventSeqs]);
    if (isRecord(event.surfaceOp)) lists.push(['surfaceOp', [event.surfaceOp.start, event.surfaceOp.end]]);
    if (type === 'command/done' && data.sourceEventSeq !== undefined)
      lists.push(['sourceEventSeq', [data.sourceEventSeq]]);
    if (type === 'compaction/summary' || type === 'compaction/prune') {
      lists.push(['shadowedSeqs', data.shadowedSeqs]);
      const range = isRecord(data.shadowedRange) ? data.shadowedRange : {};
      lists.push(['shadowedRange', [range.start, range.end]]);
    }
    if (type === 'session/title' || type === 'session/title-llm-request')
      lists.push(['messageSeqs', data.messageSeqs]);
    for (const [field, value] of lists) {
      const seqs = expandSeqList(value) ?? [];
      const chunkSeq = seqs.find(
        (cited) =>
          Number.isSafeInteger(cited) &&
          cited >= 0 &&
          cited < event.seq &&
          this.log.store.typeOf(cited) === 'assistant/chunk',
      );
      if (chunkSeq !== undefined) {
        this.refusals.add(
          'chunk-reference',
          event.seq,
          `the ${type} at seq ${event.seq} cites the assistant/chunk at seq ${chunkSeq} in ${field}, and chunks do not survive the migration.`,
        );
        return;
      }
    }
  }
}
