// The other pairs the index links (FORMAT.md §5.3, §7.5): command/run ↔ command/done, approval
// asked ↔ decided (and the approval/policy in force), a compaction's start, summary, replacing message and end, llm/retry ↔ started.

import { isRecord } from '../event.ts';

export interface CommandRecord {
  commandId: string;
  name: string;
  runSeq: number;
  doneSeq: number | null;
  outcome: 'success' | 'error' | null;
}

export interface ApprovalRecord {
  id: string;
  toolName: string;
  callId: string | null;
  /** approval/asked `reason`, or null when absent. */
  reason: string | null;
  askedSeq: number;
  decidedSeq: number | null;
  /** approval/decided `outcome` (allowed-once, rejected, cancelled, unavailable, or any other string). */
  outcome: string | null;
}

/** One approval/policy switch (FORMAT.md §5.3): a whole value, the last one at or before a seq is in force. */
export interface ApprovalPolicyRecord {
  seq: number;
  /** `ask`, `never`, or any other string the writer used; '' when the field is missing. */
  policy: string;
  /** `delegation` when seeded into a child at creation, else null. */
  source: string | null;
}

export interface CompactionRecord {
  compactionId: string;
  startSeq: number | null;
  summarySeq: number | null;
  /** The replacing user/message (surface replace). */
  replaceSeq: number | null;
  endSeq: number | null;
  error: string | null;
  /** Orphaned lock before the last session/end-seed (FORMAT.md §5.3). */
  isStale: boolean;
}

export interface RetryRecord {
  retryId: string;
  seq: number;
  startedSeq: number | null;
  turn: number;
  step: number;
  retry: number;
  failureCode: string | null;
  failureMessage: string | null;
}

/** The lists the tracker fills (owned by the LogIndex), in the order each pair was first seen. */
export interface PairingLists {
  commands: CommandRecord[];
  approvals: ApprovalRecord[];
  /** Every approval/policy, ascending by seq. */
  approvalPolicies: ApprovalPolicyRecord[];
  compactions: CompactionRecord[];
  retries: RetryRecord[];
}

/** Pairs events by their ids; the first event of each side counts, later duplicates are ignored. */
export class PairingTracker {
  private readonly commandById = new Map<string, CommandRecord>();
  private readonly approvalById = new Map<string, ApprovalRecord>();
  private readonly compactionById = new Map<string, CompactionRecord>();
  private readonly retryByKey = new Map<string, RetryRecord>();

  constructor(private readonly lists: PairingLists) {}

  acceptCommand(type: 'command/run' | 'command/done', seq: number, data: Record<string, unknown>): void {
    if (typeof data.commandId !== 'string') return;
    if (type === 'command/run') {
      const record: CommandRecord = {
        commandId: data.commandId,
        name: typeof data.name === 'string' ? data.name : '',
        runSeq: seq,
        doneSeq: null,
        outcome: null,
      };
      this.lists.commands.push(record);
      this.commandById.set(record.commandId, record);
      return;
    }
    const record = this.commandById.get(data.commandId);
    if (record === undefined || record.doneSeq !== null) return;
    record.doneSeq = seq;
    record.outcome = data.kind === 'success' || data.kind === 'error' ? data.kind : null;
  }

  acceptApproval(
    type: 'approval/asked' | 'approval/decided',
    seq: number,
    data: Record<string, unknown>,
  ): void {
    if (typeof data.id !== 'string') return;
    if (type === 'approval/asked') {
      const record: ApprovalRecord = {
        id: data.id,
        toolName: typeof data.toolName === 'string' ? data.toolName : '',
        callId: typeof data.callId === 'string' ? data.callId : null,
        reason: typeof data.reason === 'string' ? data.reason : null,
        askedSeq: seq,
        decidedSeq: null,
        outcome: null,
      };
      this.lists.approvals.push(record);
      this.approvalById.set(record.id, record);
      return;
    }
    const record = this.approvalById.get(data.id);
    if (record === undefined || record.decidedSeq !== null) return;
    record.decidedSeq = seq;
    record.outcome = typeof data.outcome === 'string' ? data.outcome : null;
  }

  acceptApprovalPolicy(seq: number, data: Record<string, unknown>): void {
    this.lists.approvalPolicies.push({
      seq,
      policy: typeof data.policy === 'string' ? data.policy : '',
      source: typeof data.source === 'string' ? data.source : null,
    });
  }

  acceptCompaction(
    type: 'compaction/start' | 'compaction/summary' | 'compaction/end',
    seq: number,
    data: Record<string, unknown>,
  ): void {
    if (typeof data.compactionId !== 'string') return;
    const record = this.compaction(data.compactionId);
    if (type === 'compaction/start') {
      if (record.startSeq === null) record.startSeq = seq;
    } else if (type === 'compaction/summary') {
      if (record.summarySeq === null) record.summarySeq = seq;
    } else if (record.endSeq === null) {
      record.endSeq = seq;
      record.error = typeof data.error === 'string' ? data.error : null;
    }
  }

  /** The user/message `seq` that replaced the compacted span (its `source.compactionId`). */
  acceptCompactionReplacement(compactionId: string, seq: number): void {
    this.compaction(compactionId).replaceSeq = seq;
  }

  acceptRetry(type: 'llm/retry' | 'llm/retry-started', seq: number, data: Record<string, unknown>): void {
    if (typeof data.retryId !== 'string' || typeof data.retry !== 'number') return;
    const key = `${data.retryId}\u0000${data.retry}`;
    if (type === 'llm/retry') {
      const failure = isRecord(data.failure) ? data.failure : {};
      const record: RetryRecord = {
        retryId: data.retryId,
        seq,
        startedSeq: null,
        turn: typeof data.turn === 'number' ? data.turn : 0,
        step: typeof data.step === 'number' ? data.step : 0,
        retry: data.retry,
        failureCode: typeof failure.code === 'string' ? failure.code : null,
        failureMessage: typeof failure.message === 'string' ? failure.message : null,
      };
      this.lists.retries.push(record);
      this.retryByKey.set(key, record);
      return;
    }
    const record = this.retryByKey.get(key);
    if (record !== undefined && record.startedSeq === null) record.startedSeq = seq;
  }

  /** End of the log: a compaction that never ended before the last session/end-seed is stale. */
  finish(lastEndSeedSeq: number): void {
    for (const compaction of this.lists.compactions) {
      compaction.isStale =
        compaction.endSeq === null && compaction.startSeq !== null && compaction.startSeq < lastEndSeedSeq;
    }
  }

  private compaction(compactionId: string): CompactionRecord {
    let record = this.compactionById.get(compactionId);
    if (record === undefined) {
      record = {
        compactionId,
        startSeq: null,
        summarySeq: null,
        replaceSeq: null,
        endSeq: null,
        error: null,
        isStale: false,
      };
      this.lists.compactions.push(record);
      this.compactionById.set(compactionId, record);
    }
    return record;
  }
}
