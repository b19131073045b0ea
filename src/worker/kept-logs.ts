// The workspace sessions the worker keeps fully opened after the reader moves on, so switching back
// to one is a pointer swap, not a second decode (issue 13, "Memory"). Least recently used first out.
//
// The bound: at most KEPT_LOGS_MAX logs, and at most KEPT_LOGS_BUDGET_BYTES of them by
// estimateLogBytes (the retained text plus the typed columns); a log larger than the budget on its
// own is never kept. With the log on screen (which may be one of these) and, during a load, the log
// shown before it, the worker holds at most KEPT_LOGS_MAX + 1 opened logs, and never more than
// budget + the open log's own size.

import type { FormatVerdicts, OpenedLog, TextIndex } from '../log/index.ts';
import type { LogSummary } from './protocol.ts';

/** Fully opened workspace logs kept besides the open one. */
const KEPT_LOGS_MAX = 3;
/** What the kept logs may hold together, by estimateLogBytes. */
const KEPT_LOGS_BUDGET_BYTES = 512 * 1024 * 1024;

/** One kept log: what a switch back to it hands to the queries and to the page. */
export interface KeptLog {
  log: OpenedLog;
  /** Its final summary (with the content key), as 'loaded' posted it. */
  summary: LogSummary;
  /** Its format verdicts once derived (they follow 'loaded'), else null. */
  verdicts: FormatVerdicts | null;
  /** Its text index once built (it follows 'loaded' too), else null: a switch back searches at once. */
  index: TextIndex | null;
  /** estimateLogBytes of the log, plus the index's retainedBytes once it is here. */
  bytes: number;
}

/**
 * A log's memory, roughly: the text it retains (plain segments and compressed frames) and its
 * per-event and per-line columns (about 30 and 25 bytes each: log-store.ts), with the index's
 * columns counted as much again as the events'.
 */
export function estimateLogBytes(log: OpenedLog): number {
  return log.store.retainedTextBytes + log.store.eventCount * 60 + log.store.lineCount * 25;
}

/** A bounded LRU of kept logs by session id. Plain logic, so its eviction is tested without a worker. */
export class KeptLogs {
  private readonly entries = new Map<string, KeptLog>();
  private totalBytes = 0;

  constructor(
    private readonly maxLogs: number = KEPT_LOGS_MAX,
    private readonly budgetBytes: number = KEPT_LOGS_BUDGET_BYTES,
  ) {}

  /** Keeps `entry` as the most recently used (replacing one of the same id); evicts from the least recent. */
  keep(sessionId: string, entry: KeptLog): void {
    this.drop(sessionId);
    if (entry.bytes > this.budgetBytes || this.maxLogs < 1) return;
    this.entries.set(sessionId, entry);
    this.totalBytes += entry.bytes;
    for (const [oldest, kept] of this.entries) {
      if (this.entries.size <= this.maxLogs && this.totalBytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.totalBytes -= kept.bytes;
    }
  }

  /** The kept log of `sessionId`, now the most recently used; undefined when it is not kept. */
  take(sessionId: string): KeptLog | undefined {
    const entry = this.entries.get(sessionId);
    if (entry === undefined) return undefined;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry;
  }

  /** Adds the verdicts to a kept log (they arrive after it is kept). */
  setVerdicts(sessionId: string, log: OpenedLog, verdicts: FormatVerdicts): void {
    const entry = this.entries.get(sessionId);
    if (entry !== undefined && entry.log === log) entry.verdicts = verdicts;
  }

  /**
   * Adds the text index to a kept log; its bytes count from now on, so the least recently used may
   * be let go to stay within the budget (the log itself too, when log and index exceed it).
   */
  setIndex(sessionId: string, log: OpenedLog, index: TextIndex): void {
    const entry = this.entries.get(sessionId);
    if (entry === undefined || entry.log !== log || entry.index !== null) return;
    this.keep(sessionId, { ...entry, index, bytes: entry.bytes + index.retainedBytes });
  }

  drop(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (entry === undefined) return;
    this.entries.delete(sessionId);
    this.totalBytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  /** The kept session ids, least recently used first (what the page may switch to without a load). */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  get bytes(): number {
    return this.totalBytes;
  }
}
