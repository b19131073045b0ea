// The compare view's queries (issue 23), part of the worker protocol (protocol.ts unions them in):
// open several runs beside the open log, then read each run's model view, request and messages at
// a seq. Type-only, like protocol.ts.

import type { CompareMessageText, DiffReport, RequestConfig, RunColumns, RunOutline } from '../log/index.ts';

/** A run to compare: the open log, a dropped or listed file, or a session of the open workspace. */
export type CompareRunSource =
  { kind: 'open' } | { kind: 'file'; file: File } | { kind: 'workspace-session'; sessionId: string };

interface CompareRunInfo {
  name: string;
  sessionId: string | null;
  generation: number | null;
  eventCount: number;
}

/** The runs outlined and aligned: every run against the first (reports[i] is run 0 against run i+1). */
export interface CompareOpened {
  compareId: number;
  runs: CompareRunInfo[];
  outlines: RunOutline[];
  columns: RunColumns;
  reports: DiffReport[];
}

/** One message of a run's model view at a seq, as the compare view shows and pairs it. */
export interface CompareMessage extends CompareMessageText {
  seq: number;
}

export interface CompareViewAnswer {
  atSeq: number | null;
  messages: CompareMessage[];
}

/** The request in force at a seq: route and sampling, the system prompt, the tools with their schemas. */
export interface CompareRequestAnswer {
  headerSeq: number | null;
  config: RequestConfig | null;
  system: string;
  tools: { name: string; text: string }[];
}

export type CompareQuery =
  /** Opens `runs` (the first is the base, usually `{kind:'open'}`); replaces any earlier compare. */
  | { kind: 'compare-open'; runs: CompareRunSource[]; names: string[] }
  | { kind: 'compare-view'; compareId: number; run: number; seq: number }
  | { kind: 'compare-request'; compareId: number; run: number; seq: number }
  | { kind: 'compare-messages'; compareId: number; run: number; seqs: number[] }
  /** Lets the compared logs go. */
  | { kind: 'compare-close' };

export interface CompareQueryResults {
  'compare-open': CompareOpened;
  'compare-view': CompareViewAnswer;
  'compare-request': CompareRequestAnswer;
  'compare-messages': CompareMessage[];
  'compare-close': null;
}
