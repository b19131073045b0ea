// What one check of a v4 log carries from line to line: the report, the failure counter, the text's
// lines, and the state the rules keep about the events read so far.

import { isObject, type Json, type JsonObject } from './json.ts';

/** Errors kept per rule (the count goes on). */
const ERRORS_KEPT_PER_RULE = 20;

/** What one check found. */
export interface CheckReport {
  file: string;
  events: number;
  /** Failures per rule: how many, and the first ones with their line numbers. */
  failures: Record<string, { count: number; first: string[] }>;
  eventTypes: Record<string, number>;
  streamRecords: Record<string, number>;
  /** Chunks the streams hold (what generation 0 stored as assistant/chunk events). */
  streamMembers: number;
  frames?: number;
}

/** One event as the rules see it, after the envelope is read. */
export interface CheckedEvent {
  event: JsonObject;
  type: string;
  seq: number;
  /** The envelope's `time` (ms), as stored; a non-number fails the envelope rule. */
  time: number;
  /** `event.data`, or `{}` when it is not an object. */
  data: JsonObject;
  /** `event.surfaceOp` as stored (undefined when absent). */
  op: Json | undefined;
  /** The decoded sourceEventSeqs; null when absent or not decodable. */
  cited: number[] | null;
}

/**
 * The state of one check. Rules read and update it in line order; `lineNumber` (1-based, 0 before
 * the first line) is the line a failure is reported on.
 */
export interface CheckContext {
  report: CheckReport;
  lineNumber: number;
  /** Lines of the text, header included (a final line without LF counts). */
  lineCount: number;
  /** Counts a failure of `rule` and keeps its message while fewer than ERRORS_KEPT_PER_RULE are kept. */
  fail: (rule: string, message: string) => void;
  /** Line `index` (0 = header) without its LF. */
  lineAt: (index: number) => string;
  /** The payload of an earlier event, parsed again when a check needs it. */
  dataAt: (seq: number) => JsonObject | undefined;
  /** The type of each event read, by seq. */
  typeAt: string[];
  /** The surface: seqs of the current nodes, in order. */
  surface: number[];
  /** The seq of the system head; -1 before it. */
  headSeq: number;
  firstStepStartSeq: number;
  /** Whether the last request/context said systemPromptUpdate "in-history". */
  systemInHistory: boolean;
  /** The open turn and step (0: none) and the last ones started. */
  openTurn: number;
  lastTurn: number;
  openStep: number;
  lastStep: number;
  /** Call ids the last assistant/message of the open step asked for, and the ones started. */
  askedCalls: Set<string>;
  /** tool/call seq by call id, for calls of the open step still without a result. */
  unsettled: Map<string, number>;
  settled: Set<string>;
  /** Events expected right after the one just read (compaction commits, prunes). */
  expectNext: ((event: JsonObject, seq: number) => void) | null;
  lastTaggedSeed: number;
}

/** A fresh context for `text`; a text that does not end with LF fails the line rule here. */
export function createCheckContext(text: string, file: string): CheckContext {
  const report: CheckReport = {
    file,
    events: 0,
    failures: {},
    eventTypes: {},
    streamRecords: {},
    streamMembers: 0,
  };
  const context: CheckContext = {
    report,
    lineNumber: 0,
    lineCount: 0,
    fail(rule, message) {
      const failure = (report.failures[rule] ??= { count: 0, first: [] });
      failure.count += 1;
      if (failure.first.length < ERRORS_KEPT_PER_RULE)
        failure.first.push(`line ${context.lineNumber}: ${message}`);
    },
    lineAt,
    dataAt(seq) {
      if (seq < 0 || seq + 1 >= context.lineCount) return undefined;
      try {
        const parsed: unknown = JSON.parse(lineAt(seq + 1));
        return isObject(parsed) && isObject(parsed.data) ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    typeAt: [],
    surface: [],
    headSeq: -1,
    firstStepStartSeq: -1,
    systemInHistory: false,
    openTurn: 0,
    lastTurn: 0,
    openStep: 0,
    lastStep: 0,
    askedCalls: new Set(),
    unsettled: new Map(),
    settled: new Set(),
    expectNext: null,
    lastTaggedSeed: -1,
  };

  // Line i is text[starts[i], starts[i + 1] - 1); lines are cut out when read, not kept.
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  if (starts[starts.length - 1] !== text.length) {
    context.fail('line', 'the text does not end with LF');
    starts.push(text.length + 1);
  }
  context.lineCount = starts.length - 1;
  function lineAt(index: number): string {
    return text.slice(starts[index], (starts[index + 1] as number) - 1);
  }
  return context;
}
