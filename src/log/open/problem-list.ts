// The decoder's problem bookkeeping: the list in the order found, capped per kind, with one summary
// problem per kind for what the cap left out; and the notes, which are information, not problems.

import type { LogNote, LogProblem, ProblemEffect, ProblemKind, ValidationStage } from '../problems.ts';

/** After this many problems of one kind, further ones are counted in a single summary problem. */
const MAX_PROBLEMS_PER_KIND = 1000;

/** Where a problem is, and what it says; absent fields are null. */
export interface ProblemPlace {
  line?: number | null;
  seq?: number | null;
  byteOffset?: number | null;
  /** End of the problem's bytes (see LogProblem.byteEnd); absent when not known. */
  byteEnd?: number | null;
  message: string;
}

/**
 * The problems of one decode. `items` is the list an OpenedLog carries (owned here; copy it to
 * hand out a snapshot while decoding goes on).
 */
export class ProblemList {
  readonly items: LogProblem[] = [];
  /**
   * Notes (information, not defects) in the order found. Uncapped: each kind is reported a bounded
   * number of times (a legacy shape once per log, the header once).
   */
  readonly notes: LogNote[] = [];
  private readonly counts = new Map<ProblemKind, number>();
  private readonly suppressed = new Map<ProblemKind, { count: number; first: LogProblem }>();

  /** Adds a problem, keeping at most MAX_PROBLEMS_PER_KIND of each kind (the rest are counted). */
  report(problem: LogProblem): void {
    const count = (this.counts.get(problem.kind) ?? 0) + 1;
    this.counts.set(problem.kind, count);
    if (count <= MAX_PROBLEMS_PER_KIND) {
      this.items.push(problem);
      return;
    }
    const suppressed = this.suppressed.get(problem.kind);
    if (suppressed) suppressed.count++;
    else this.suppressed.set(problem.kind, { count: 1, first: problem });
  }

  /** Adds a note: information that is listed but is neither a problem nor a verdict. */
  note(note: LogNote): void {
    this.notes.push(note);
  }

  /** `report` of a problem built from its parts. */
  add(kind: ProblemKind, effect: ProblemEffect, stage: ValidationStage, place: ProblemPlace): void {
    this.report({
      kind,
      effect,
      stage,
      line: place.line ?? null,
      seq: place.seq ?? null,
      byteOffset: place.byteOffset ?? null,
      ...(place.byteEnd === undefined ? {} : { byteEnd: place.byteEnd }),
      message: place.message,
    });
  }

  /**
   * Adds a problem outside the per-kind cap (at most one per damage and per ignored range, so
   * they cannot flood the list). The caller may still update it in place (a damage escalates).
   */
  addUncapped(problem: LogProblem): void {
    this.items.push(problem);
  }

  /** End of the decode: one summary problem (effect none, no place) per kind the cap cut short. */
  finish(): void {
    for (const [kind, { count, first }] of this.suppressed) {
      this.items.push({
        ...first,
        line: null,
        lineEnd: null,
        seq: null,
        byteOffset: null,
        effect: 'none',
        message: `${count} more "${kind}" problems are not listed.`,
      });
    }
  }
}
