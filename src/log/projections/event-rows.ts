// Row windows and single-event detail for the events pane: stored columns plus a summary, the
// stored JSON of one event and its links.

import { readStoredEventAt } from '../storage/chunk-reader.ts';
import { deriveEventLinks, deriveEventProvenance } from './event-links.ts';
import { summarizeEvent } from './event-summary.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { EventLink, EventProvenance } from './event-links.ts';
import { readCommandFacts } from './command-facts.ts';
import type { CommandFacts } from './command-facts.ts';

/** One row of the events pane. */
export interface EventRow {
  seq: number;
  time: number;
  type: string;
  /** One line, plain text, at most ~200 characters. */
  summary: string;
  turn: number;
  step: number;
  /** 1-based physical line of the file. */
  lineNumber: number;
  /** Member index inside a packed row, or -1. */
  member: number;
}

export interface EventDetail {
  seq: number;
  type: string;
  time: number;
  lineNumber: number;
  member: number;
  /** Number of events expanded from the same packed row (1 for an ordinary line). */
  rowEventCount: number;
  /** The event as stored (packed members expanded), as an object for the JSON tree. */
  stored: unknown;
  links: EventLink[];
  /** Many sources in one line ("built from 314 chunks, seq 735–1047"), or null (links list a few). */
  provenance: EventProvenance | null;
  /** For a command/run or command/done: the pair, its duration and outcome; else null. */
  command: CommandFacts | null;
}

/**
 * Rows for seqs `startSeq .. startSeq + count - 1`, clipped to the log (an empty array when the
 * range lies outside it). `type` is the stored type (before legacy upgrades).
 */
export function readEventRows(log: OpenedLog, startSeq: number, count: number): EventRow[] {
  const store = log.store;
  const first = Math.max(0, Math.floor(startSeq));
  const end = Math.min(store.eventCount, Math.floor(startSeq) + Math.max(0, Math.floor(count)));
  const rows: EventRow[] = [];
  for (let seq = first; seq < end; seq++) {
    const lineIndex = store.eventLine.get(seq);
    rows.push({
      seq,
      time: store.eventTime.get(seq),
      type: store.typeOf(seq),
      summary: summarizeEvent(log, seq),
      turn: log.index.turnOf.get(seq),
      step: log.index.stepOf.get(seq),
      lineNumber: store.lineNumber.get(lineIndex),
      member: store.eventMember.get(seq),
    });
  }
  return rows;
}

/** The stored event `seq` (a packed member expanded) with its links. Throws outside the log. */
export function readEventDetail(log: OpenedLog, seq: number): EventDetail {
  const store = log.store;
  if (seq < 0 || seq >= store.eventCount) throw new RangeError(`seq ${seq} is outside the log`);
  const lineIndex = store.eventLine.get(seq);
  return {
    seq,
    type: store.typeOf(seq),
    time: store.eventTime.get(seq),
    lineNumber: store.lineNumber.get(lineIndex),
    member: store.eventMember.get(seq),
    rowEventCount: Math.max(1, store.lineEventCount.get(lineIndex)),
    stored: readStoredEventAt(store, seq),
    links: deriveEventLinks(log, seq),
    provenance: deriveEventProvenance(log, seq),
    command: readCommandFacts(log, seq),
  };
}
