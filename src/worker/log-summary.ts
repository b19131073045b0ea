// Builds the small LogSummary the main thread keeps (no per-event data) from an OpenedLog.

import type {
  FormatVerdicts,
  LogIndex,
  MigrationAudit,
  OpenedLog,
  ToolCallStatus,
  TurnSpan,
} from '../log/index.ts';
import { deriveFormatVerdicts, deriveFormatVerdictsSteps, inheritedPrefixLength } from '../log/index.ts';
import { runStepsInSlices, type YieldToEventLoop } from './work-slices.ts';
import type { LogSummary, ToolSpans } from './protocol.ts';

/** Problem marks a summary carries at most (LogSummary.problemMarks). */
const PROBLEM_MARKS_MAX = 10_000;

/** Tool-call statuses (CLI.md `toolCalls`) in the order ToolSpans.status codes them. */
export const TOOL_SPAN_STATUSES: readonly ToolCallStatus[] = [
  'ok',
  'error',
  'not-started',
  'outcome-unknown',
  'no-result',
];

/** The format verdicts of each finished log, derived once (they read events back): the load loop (in slices) and triage ask. */
const formatVerdictsByLog = new WeakMap<OpenedLog, FormatVerdicts>();

/**
 * The migration audit run while a finished log was decoded (DecodeTimeMigrationAudit, the load
 * loop): its format verdicts then read no event back. A log without one is audited over its store.
 */
const decodeTimeAuditByLog = new WeakMap<OpenedLog, MigrationAudit>();

/** Keeps `audit`, the migration audit of finished `log` made while it was decoded (null: none). */
export function noteDecodeTimeAudit(log: OpenedLog, audit: MigrationAudit | null): void {
  if (audit !== null && log.isComplete) decodeTimeAuditByLog.set(log, audit);
}

/** The format verdicts of a finished log (cached per log), or null while it is still loading. */
export function formatVerdictsOf(log: OpenedLog): FormatVerdicts | null {
  if (!log.isComplete) return null;
  let verdicts = formatVerdictsByLog.get(log);
  if (verdicts === undefined) {
    verdicts = deriveFormatVerdicts(log, decodeTimeAuditByLog.get(log));
    formatVerdictsByLog.set(log, verdicts);
  }
  return verdicts;
}

/**
 * formatVerdictsOf in slices of WORK_SLICE_MS with the event loop in between: without a decode-time
 * audit (noteDecodeTimeAudit), the migration audit reads a generation-0 log's events back (≈ 0.5–1 s
 * for 1.3 M events), and queries (the model view the cursor lands on) must not wait behind it. Resolves to null when `isCancelled`
 * turns true between slices.
 */
export async function sliceFormatVerdicts(
  log: OpenedLog,
  yieldToEventLoop: YieldToEventLoop,
  isCancelled: () => boolean,
): Promise<FormatVerdicts | null> {
  if (!log.isComplete) return null;
  const cached = formatVerdictsByLog.get(log);
  if (cached !== undefined) return cached;
  const derived = await runStepsInSlices(
    deriveFormatVerdictsSteps(log, decodeTimeAuditByLog.get(log)),
    yieldToEventLoop,
    isCancelled,
  );
  if (derived === null) return null;
  // A query may have derived them meanwhile (formatVerdictsOf): keep the first.
  const verdicts = formatVerdictsByLog.get(log) ?? derived;
  formatVerdictsByLog.set(log, verdicts);
  return verdicts;
}

/**
 * The format verdicts of one settled state of a followed log (provisional: the log grows), derived
 * in slices like sliceFormatVerdicts and kept for that state (triage of the same state reads them).
 * Resolves to null when `isCancelled` turns true between slices.
 */
export async function sliceLiveFormatVerdicts(
  log: OpenedLog,
  yieldToEventLoop: YieldToEventLoop,
  isCancelled: () => boolean,
): Promise<FormatVerdicts | null> {
  const cached = formatVerdictsByLog.get(log);
  if (cached !== undefined) return cached;
  const derived = await runStepsInSlices(deriveFormatVerdictsSteps(log), yieldToEventLoop, isCancelled);
  if (derived !== null && !formatVerdictsByLog.has(log)) formatVerdictsByLog.set(log, derived);
  return formatVerdictsByLog.get(log) ?? null;
}

/** The format verdicts already derived for `log` (finished or one state of a followed log), else null. */
export function knownFormatVerdictsOf(log: OpenedLog): FormatVerdicts | null {
  return formatVerdictsByLog.get(log) ?? null;
}

/** Options of buildLogSummary. */
export interface LogSummaryOptions {
  /** At most this many (first) turns are included (partial summaries during a load); default all. */
  turnsMax?: number;
}

/**
 * Summarizes a (possibly still loading) log. `name` is the file name shown in the header.
 * O(events) for the type counts; called a few times per load, not per event. With `turnsMax`,
 * `turns` holds only the first turns and `isTurnsPartial` says so. The format verdicts are not in
 * it: they follow in a message of their own (sliceFormatVerdicts), once the page shows the log.
 */
export function buildLogSummary(log: OpenedLog, name: string, options: LogSummaryOptions = {}): LogSummary {
  const { store, index, header } = log;
  const eventCount = store.eventCount;
  const typeCounts = new Uint32Array(store.typeNames.length);
  const typeIds = store.eventType.view();
  for (let seq = 0; seq < eventCount; seq++) {
    const typeId = typeIds[seq] as number;
    typeCounts[typeId] = (typeCounts[typeId] ?? 0) + 1;
  }
  const byType: Record<string, number> = {};
  store.typeNames.forEach((typeName, typeId) => {
    const count = typeCounts[typeId] ?? 0;
    if (count > 0) byType[typeName] = count;
  });

  const problemMarks: LogSummary['problemMarks'] = [];
  for (const problem of log.problems) {
    if (problem.seq === null || problem.seq < 0) continue;
    problemMarks.push({ seq: problem.seq, kind: problem.kind });
    if (problemMarks.length >= PROBLEM_MARKS_MAX) break;
  }
  problemMarks.sort((a, b) => a.seq - b.seq);

  const turnsMax = options.turnsMax ?? Number.POSITIVE_INFINITY;
  const isTurnsPartial = index.turns.length > turnsMax;
  const sessionId = header && typeof header.id === 'string' && header.id !== '' ? header.id : null;
  const headerPreset = header && typeof header.agentPreset === 'string' ? header.agentPreset : null;
  return {
    name,
    file: log.file,
    header,
    sessionId,
    verdict: log.verdict,
    eventCount,
    lineCount: log.lineCount,
    packedRows: log.packedRows,
    problemCount: log.problems.length,
    problemMarks,
    notes: log.notes,
    byType,
    firstTime: eventCount > 0 ? store.eventTime.get(0) : null,
    lastTime: eventCount > 0 ? store.eventTime.get(eventCount - 1) : null,
    turns: isTurnsPartial ? index.turns.slice(0, turnsMax) : index.turns,
    isTurnsPartial,
    title: index.title,
    effectiveAgentPreset: index.selectedAgentPreset ?? headerPreset,
    inheritedEvents: inheritedPrefixLength(log),
    isComplete: log.isComplete,
    isTruncated: log.verdict.viewerLimit !== undefined,
    contentKey: null,
    toolSpans: buildToolSpans(index),
  };
}

/**
 * The tool executions of an index for the timeline: every call with a tool/call event (calls only
 * requested by the model have nothing executed to draw), sorted by callSeq. A call without a result
 * ends at its step's step/end, or -1 (still open). O(steps + calls·log calls).
 */
export function buildToolSpans(index: LogIndex): ToolSpans {
  const stepEnds = new Map<string, number | null>();
  for (const turn of index.turns) {
    for (const step of turn.steps) stepEnds.set(`${turn.turn}:${step.step}`, step.endSeq);
  }
  const calls = index.toolCalls.filter((call) => call.callSeq !== null);
  calls.sort((a, b) => (a.callSeq ?? 0) - (b.callSeq ?? 0));
  const count = calls.length;
  const spans: ToolSpans = {
    callSeq: new Int32Array(count),
    resultSeq: new Int32Array(count),
    endSeq: new Int32Array(count),
    status: new Uint8Array(count),
    nameId: new Uint32Array(count),
    names: [],
  };
  const nameIds = new Map<string, number>();
  calls.forEach((call, position) => {
    const callSeq = call.callSeq ?? 0;
    const stepEnd =
      call.turn !== null && call.step !== null ? stepEnds.get(`${call.turn}:${call.step}`) : null;
    const end = call.resultSeq ?? stepEnd ?? -1;
    let nameId = nameIds.get(call.name);
    if (nameId === undefined) {
      nameId = spans.names.length;
      nameIds.set(call.name, nameId);
      spans.names.push(call.name);
    }
    spans.callSeq[position] = callSeq;
    spans.resultSeq[position] = call.resultSeq ?? -1;
    spans.endSeq[position] = end < 0 ? -1 : Math.max(callSeq, end);
    spans.status[position] = Math.max(0, TOOL_SPAN_STATUSES.indexOf(call.status));
    spans.nameId[position] = nameId;
  });
  return spans;
}

/**
 * Splits a summary's turns for posting: `parts` are its leading turns in order, at most `turnsPerPart`
 * (≥ 1) each, and `summary` keeps the rest (the last part's worth or fewer). Concatenating `parts` and
 * `summary.turns` gives the original turns; the worker posts each part as a 'turns' message.
 */
export function splitSummaryTurns(
  summary: LogSummary,
  turnsPerPart: number,
): { parts: TurnSpan[][]; summary: LogSummary } {
  const size = Math.max(1, Math.floor(turnsPerPart));
  const parts: TurnSpan[][] = [];
  let start = 0;
  while (summary.turns.length - start > size) {
    parts.push(summary.turns.slice(start, start + size));
    start += size;
  }
  return { parts, summary: start === 0 ? summary : { ...summary, turns: summary.turns.slice(start) } };
}
