// The scan's damage state machine (FORMAT.md §3.3): the first damaged record, the ignored tail after
// it, and the escalation to a refused log when the damage turns out to be in committed history.

import type { LogProblem, ProblemKind } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import type { ProblemList } from './problem-list.ts';

/** Where a line is: its 1-based number and its bytes [byteOffset, byteEnd) of the text (LF excluded). */
export interface LinePlace {
  line: number;
  byteOffset: number;
  byteEnd: number;
}

/** The first damaged record of the scan (FORMAT.md §3.3 `issue`). */
interface Damage {
  problem: LogProblem;
  line: number;
  /** True once the log is known to be refused for it (inside complete zstd frames, or a later turn/end). */
  isFatal: boolean;
}

const TAIL_SUFFIX =
  '. dsh keeps the events before it and ignores the rest (a crash tail) unless a later line holds a turn/end.';
const STRICT_SUFFIX = '. It is inside a complete zstd frame, so dsh refuses the log.';

/**
 * Undamaged → damaged at one line → (optionally) fatal. Every line after the damage is ignored
 * (not an event) and reported as ranges of `ignored-tail` problems. Problems go to `problems`
 * outside its per-kind cap: there is one damage per log and one ignored range per close.
 */
export class DamageState {
  private damage: Damage | null = null;
  private ignoredFrom = 0;
  private ignoredTo = 0;
  private ignoredByteOffset = 0;
  private ignoredByteEnd = 0;

  constructor(private readonly problems: ProblemList) {}

  /** True once a record was damaged: every later line belongs to the ignored tail. */
  get isDamaged(): boolean {
    return this.damage !== null;
  }

  /** True once the log is known to be refused for the damage: no later line can change that. */
  get isFatal(): boolean {
    return this.damage?.isFatal ?? false;
  }

  /**
   * Records the first damaged record. `isStrict` says the damage is fatal from the start: the line
   * is inside complete zstd frames (FORMAT.md §1.4), or it is one dsh fails on wherever it is (a
   * `null` line). `message` gets the sentence saying what the scan rules make dsh do with it (a
   * caller with a reason of its own may ignore it).
   */
  start(
    kind: ProblemKind,
    place: LinePlace,
    seq: number | null,
    isStrict: boolean,
    message: (fatalSuffix: string) => string,
  ): void {
    const problem: LogProblem = {
      kind,
      effect: isStrict ? 'corrupt' : 'none',
      stage: ValidationStage.SCAN,
      line: place.line,
      seq,
      byteOffset: place.byteOffset,
      byteEnd: place.byteEnd,
      message: message(isStrict ? STRICT_SUFFIX : TAIL_SUFFIX),
    };
    this.problems.addUncapped(problem);
    this.damage = { problem, line: place.line, isFatal: isStrict };
  }

  /**
   * Lines `from`…`to` after the damage (consecutive, the text bytes [byteOffset, byteEnd)): they
   * join the ignored range. `isTurnEnd`: the last of them holds a turn/end, which escalates the damage.
   */
  ignoreLines(from: number, to: number, byteOffset: number, byteEnd: number, isTurnEnd = false): void {
    if (this.ignoredFrom === 0) {
      this.ignoredFrom = from;
      this.ignoredByteOffset = byteOffset;
    }
    this.ignoredTo = to;
    this.ignoredByteEnd = byteEnd;
    if (isTurnEnd) this.escalateAtTurnEnd(to);
  }

  /** A turn/end after the damage: the damage is in committed history and the log is refused. */
  escalateAtTurnEnd(turnEndLine: number): void {
    this.escalate(
      `. Line ${turnEndLine} holds a turn/end, so this is damage to committed history and dsh refuses the log.`,
    );
  }

  /**
   * A later line makes the log refused: the damage becomes corrupt, and `sentence` (which starts
   * with ". ") replaces the crash-tail sentence of its message. No-op once the damage is fatal.
   */
  escalate(sentence: string): void {
    const damage = this.damage;
    if (damage === null || damage.isFatal) return;
    damage.isFatal = true;
    damage.problem.effect = 'corrupt';
    damage.problem.message = damage.problem.message.replace(/\. dsh keeps the events before it.*$/, sentence);
  }

  /** Reports the ignored lines so far as one `ignored-tail` problem (none when there are none). */
  closeIgnoredRange(): void {
    const problem = this.openIgnoredRange();
    if (problem === null) return;
    this.ignoredFrom = 0;
    this.problems.addUncapped(problem);
  }

  /**
   * The problem closeIgnoredRange would report now, without closing the range (more lines may
   * join it): what a log being followed lists for the lines ignored so far. Null when none are.
   */
  openIgnoredRange(): LogProblem | null {
    if (this.ignoredFrom === 0 || !this.damage) return null;
    const from = this.ignoredFrom;
    const to = this.ignoredTo;
    return {
      kind: 'ignored-tail',
      effect: 'none',
      stage: ValidationStage.SCAN,
      line: from,
      lineEnd: to,
      seq: null,
      byteOffset: this.ignoredByteOffset,
      byteEnd: this.ignoredByteEnd,
      message:
        from === to
          ? `Line ${from} comes after the damaged line ${this.damage.line}; dsh ignores it, so it is not an event.`
          : `Lines ${from}–${to} come after the damaged line ${this.damage.line}; dsh ignores them, so they are not events.`,
    };
  }
}
