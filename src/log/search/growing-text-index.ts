// The text index of a log that grows (issue 22: a followed log). Appended events extend the index
// instead of rebuilding it. One complication: the text an event shows can still change while its
// step is being written. An attempt that no message has answered yet shows its assembled text on
// its last chunk, which moves as chunks arrive. A message's tool-call blocks show their ids and
// arguments until the tool/call that runs them lands. Events before the open step are settled
// (stableFrontier): they join the runs once and stay. The open step's events form a small tail,
// indexed again for each snapshot. At every point a search gives the seqs buildTextIndex of the
// same log gives (growing-text-index.test.ts).

import type { OpenedLog } from '../open/opened-log.ts';
import type { LogStore } from '../storage/log-store.ts';
import { unansweredAttemptEnds } from './shown-text.ts';
import {
  TextRunBuilder,
  createDocumentAdder,
  runBytes,
  type DocumentAdder,
  type TextIndex,
} from './text-index.ts';

/**
 * The first seq whose shown text may still change: the start of the step being written (or of the
 * open turn before its first step, or right after the last ended step); the event count once the
 * last turn has ended or there is none.
 */
export function stableFrontier(log: OpenedLog): number {
  const eventCount = log.store.eventCount;
  const turn = log.index.turns.at(-1);
  if (turn === undefined || turn.endSeq !== null) return eventCount;
  const step = turn.steps.at(-1);
  const frontier =
    step === undefined ? turn.startSeq : step.endSeq === null ? step.startSeq : step.endSeq + 1;
  return Math.min(eventCount, frontier);
}

/** One store's text index, extended as its log grows. */
export class GrowingTextIndex {
  private readonly latin1 = new TextRunBuilder(true);
  private readonly wide = new TextRunBuilder(false);
  private readonly documents: DocumentAdder = createDocumentAdder(this.latin1, this.wide);
  /** Seqs below this are in the runs. */
  private indexed = 0;
  private snapshotOf: { log: OpenedLog; index: TextIndex } | null = null;

  constructor(readonly store: LogStore) {}

  /** The share of `log`'s settled events already in the runs, 0 … 1. */
  progressOf(log: OpenedLog): number {
    const frontier = stableFrontier(log);
    return frontier === 0 ? 1 : Math.min(1, this.indexed / frontier);
  }

  /**
   * Adds up to `maxEvents` settled events of `log` (whose store is this one's) to the runs; true
   * once every settled event is in them. Cheap when nothing was appended.
   */
  advance(log: OpenedLog, maxEvents: number): boolean {
    if (log.store !== this.store) throw new Error('GrowingTextIndex: another store');
    const frontier = stableFrontier(log);
    if (this.indexed >= frontier) return true;
    const end = Math.min(frontier, this.indexed + Math.max(1, maxEvents));
    const attemptEnds = unansweredAttemptEnds(log);
    for (; this.indexed < end; this.indexed++) this.documents.add(log, this.indexed, attemptEnds);
    return this.indexed >= frontier;
  }

  /**
   * The index of `log` as it stands: the runs (advance first, or the events not yet in them are
   * missing) and a tail of the events from there on, indexed now.
   */
  snapshot(log: OpenedLog): TextIndex {
    if (this.snapshotOf?.log === log) return this.snapshotOf.index;
    const runs = { latin1: this.latin1.snapshot(), wide: this.wide.snapshot() };
    const tailBuilders = { latin1: new TextRunBuilder(true), wide: new TextRunBuilder(false) };
    const tailDocuments = createDocumentAdder(tailBuilders.latin1, tailBuilders.wide);
    const eventCount = log.store.eventCount;
    const attemptEnds = this.indexed < eventCount ? unansweredAttemptEnds(log) : null;
    for (let seq = this.indexed; seq < eventCount; seq++)
      tailDocuments.add(log, seq, attemptEnds as ReadonlySet<number>);
    const tail = { latin1: tailBuilders.latin1.finish(), wide: tailBuilders.wide.finish() };
    const index: TextIndex = {
      ...runs,
      tail,
      retainedBytes:
        runBytes(runs.latin1, 1) + runBytes(runs.wide, 2) + runBytes(tail.latin1, 1) + runBytes(tail.wide, 2),
    };
    this.snapshotOf = { log, index };
    return index;
  }
}
