// Following a log while dsh writes it (issue 22): one decoder kept open across appends. dsh only
// appends whole frames or whole lines and never rewrites what it wrote (FORMAT.md §1.3, §1.4), so
// the next read starts at the byte after the last one pushed; the decoder itself holds a torn tail
// (a partial line, a partial frame) back until the rest arrives. A file that shrinks or whose first
// bytes change is another file: the follower restarts from byte 0 with a fresh decoder, never
// mixing the two.

import { createLogDecoder, type DecoderOptions, type LogDecoder } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';

/**
 * Bytes of the file's start kept to tell a replaced file from a grown one: the header line (or
 * frame) of a real log fits, and a rotated file or a new session under the same name differs there.
 */
const HEAD_BYTES = 4096;

/** What one append added: events `fromSeq … toSeq-1`, problems `fromProblem … toProblem-1` of `log.problems`. */
export interface FollowBatch {
  log: OpenedLog;
  fromSeq: number;
  toSeq: number;
  fromProblem: number;
  toProblem: number;
}

/** Why a follow restarted from byte 0. */
export type RestartReason = 'shrank' | 'replaced';

/** A notice for people: what happened to the file and what the viewer did. */
export function describeRestart(reason: RestartReason): string {
  switch (reason) {
    case 'shrank':
      return 'The file became shorter than what was read (truncated or rotated): reading it again from the start.';
    case 'replaced':
      return 'The file was replaced (its first bytes, the header, changed: a new log): reading it from the start.';
  }
}

export class LogFollower {
  private decoder: LogDecoder;
  private pushed = 0;
  private head = new Uint8Array(0);
  private problemCount = 0;
  private restartCount = 0;

  constructor(private readonly options: DecoderOptions = {}) {
    this.decoder = createLogDecoder(options);
  }

  /** Bytes of the file consumed so far: the next read starts here. */
  get offset(): number {
    return this.pushed;
  }

  /** The first bytes of the file as read (at most HEAD_BYTES): a source compares them with the file's. */
  get headBytes(): Uint8Array {
    return this.head;
  }

  /** Restarts so far (each a new decoder). */
  get restarts(): number {
    return this.restartCount;
  }

  /** The log as it stands (settled, not finished). */
  get log(): OpenedLog {
    return this.decoder.settle();
  }

  /** Pushes the bytes that follow `offset` and returns what they added. */
  append(bytes: Uint8Array): FollowBatch {
    const fromSeq = this.decoder.log.store.eventCount;
    const fromProblem = this.problemCount;
    if (bytes.length > 0) {
      if (this.head.length < HEAD_BYTES) {
        const take = bytes.subarray(0, HEAD_BYTES - this.head.length);
        const joined = new Uint8Array(this.head.length + take.length);
        joined.set(this.head, 0);
        joined.set(take, this.head.length);
        this.head = joined;
      }
      this.pushed += bytes.length;
      this.decoder.push(bytes);
    }
    const log = this.decoder.settle();
    this.problemCount = log.problems.length;
    return { log, fromSeq, toSeq: log.store.eventCount, fromProblem, toProblem: this.problemCount };
  }

  /** Drops everything read: the next append starts a new log at byte 0. */
  restart(): void {
    this.decoder = createLogDecoder(this.options);
    this.pushed = 0;
    this.head = new Uint8Array(0);
    this.problemCount = 0;
    this.restartCount += 1;
  }
}
