// The facet columns of a log: per event, which value it has in each facet the events list narrows by
// (event type, turn, tool name, status, source), as typed arrays built once from what the store and
// the index already hold. Counting and filtering over them is facet-query.ts.

import type { OpenedLog } from '../open/opened-log.ts';
import { isRecord } from '../event.ts';
import { isPersonSource } from '../format/message-sources.ts';
import { eventKindOf } from '../format/event-kinds/registry.ts';
import type { ToolCallStatus } from '../structure/tool-calls.ts';

/**
 * The status facet's values, in the order they are listed. The first five are a tool call's final
 * status (CLI.md "Tool-call status": the one derivation, ToolCallRecord.status), given to the call's
 * events; `problem` marks an event with a listed problem. An event may have several (a tool/result
 * that is an error and has a problem), or none.
 */
export const EVENT_STATUSES = [
  'error',
  'not-started',
  'outcome-unknown',
  'no-result',
  'ok',
  'problem',
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * The source facet's values: who produced an event.
 * - `user`: a person (a user/message whose `source.kind` is `user` or `user-question-reply`, or that has
 *   no source: FORMAT.md §5.1; format/message-sources.ts).
 * - `context`: any other user-role user/message: context the harness or a plugin injected (runtime
 *   context, instructions, skills, compaction checkpoints, subagent relays …).
 * - `assistant`: the model (assistant/message, assistant/chunk, assistant/attempt).
 * - `tool`: tool execution (tool/call, tool/result, the code-dispatch sub-calls: every `tool/…` type).
 * - `system`: system/message and developer/message (generations 3 and 4).
 * - `harness`: everything else: turn/step boundaries, requests, retries, approvals, commands, compaction …
 */
export const EVENT_SOURCES = ['user', 'context', 'assistant', 'tool', 'system', 'harness'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** Bit of a status in FacetColumns.status. */
function statusBit(status: EventStatus): number {
  return 1 << EVENT_STATUSES.indexOf(status);
}

const STATUS_OF_CALL: Record<ToolCallStatus, EventStatus> = {
  ok: 'ok',
  error: 'error',
  'not-started': 'not-started',
  'outcome-unknown': 'outcome-unknown',
  'no-result': 'no-result',
};

/**
 * One facet value per event and facet (status: a bit set), `eventCount` entries each. Owned by the
 * worker (or whoever built them); read-only once built. `typeId` is the store's own column (shared).
 */
export interface FacetColumns {
  eventCount: number;
  /** Index into `typeNames` (the store's interned stored type names). */
  typeId: Uint16Array;
  typeNames: readonly string[];
  /** Index into `turnNumbers`. */
  turnId: Uint16Array | Int32Array;
  /** Distinct turn numbers (the rows' `turn`; 0: outside any turn), ascending. */
  turnNumbers: Int32Array;
  /** 0: no tool call's event; k: `toolNames[k - 1]`. */
  toolId: Uint16Array | Int32Array;
  /** Distinct tool names of the calls, in first-call order. Untrusted log text. */
  toolNames: readonly string[];
  /** Bit set of EVENT_STATUSES (bit i: EVENT_STATUSES[i]). */
  status: Uint8Array;
  /** Index into EVENT_SOURCES. */
  source: Uint8Array;
}

/** user/message events read between two yields (each is a line parse, ≈ 0.05 ms). */
const MESSAGES_PER_STEP = 32;
/** Events mapped between two yields in the per-event loops (≈ 0.1 ms). The worker yields to its event loop only once WORK_SLICE_MS of steps ran. */
const EVENTS_PER_STEP = 16_384;

/** The smallest id column that holds ids `0 … maxId`. */
function idColumn(length: number, maxId: number): Uint16Array | Int32Array {
  return maxId <= 0xffff ? new Uint16Array(length) : new Int32Array(length);
}

/**
 * The source of every event of a stored type, or null when it depends on the event (user/message):
 * the registry's (format/event-kinds), else by the type's family for a type no release knows.
 */
export function sourceOfType(type: string): EventSource | null {
  const kind = eventKindOf(type);
  if (kind !== undefined) return kind.source === 'message' ? null : kind.source;
  if (type === 'steering/message') return null;
  if (type.startsWith('assistant/')) return 'assistant';
  if (type.startsWith('tool/')) return 'tool';
  return 'harness';
}

/** A user/message's source (`steering/message` is upgraded to one on read, FORMAT.md §3.6). */
export function sourceOfUserMessage(log: OpenedLog, seq: number): EventSource {
  const data = log.store.readEvent(seq).data;
  const source = isRecord(data) ? data.source : undefined;
  return isPersonSource(source) ? 'user' : 'context';
}

/** How many distinct tool names the calls have. */
function toolNameCount(calls: readonly { name: string }[]): number {
  return new Set(calls.map((call) => call.name)).size;
}

/**
 * Writes into `toolId` and `status` (zeroed, `eventCount` long) the tool name and status bits of
 * every event of a tool call (its tool/call, results, replacements, approvals) and the problem bit;
 * returns the tool names (in first-call order) the ids index from 1. O(calls + approvals + problems).
 */
export function markToolStatuses(
  log: OpenedLog,
  eventCount: number,
  toolId: Uint16Array | Int32Array,
  status: Uint8Array,
): string[] {
  const { index } = log;
  const toolNames: string[] = [];
  const toolIdOf = new Map<string, number>();
  for (const call of index.toolCalls) {
    if (!toolIdOf.has(call.name)) {
      toolNames.push(call.name);
      toolIdOf.set(call.name, toolNames.length);
    }
  }
  const mark = (seq: number | null, nameId: number, bit: number): void => {
    if (seq === null || seq < 0 || seq >= eventCount) return;
    toolId[seq] = nameId;
    status[seq] = (status[seq] as number) | bit;
  };
  for (const call of index.toolCalls) {
    const nameId = toolIdOf.get(call.name) ?? 0;
    const bit = statusBit(STATUS_OF_CALL[call.status]);
    mark(call.callSeq, nameId, bit);
    mark(call.resultSeq, nameId, bit);
    for (const seq of call.replacementSeqs) mark(seq, nameId, bit);
  }
  for (const approval of index.approvals) {
    const call = approval.callId === null ? undefined : index.toolCallById.get(approval.callId);
    if (call === undefined) continue;
    const nameId = toolIdOf.get(call.name) ?? 0;
    const bit = statusBit(STATUS_OF_CALL[call.status]);
    mark(approval.askedSeq, nameId, bit);
    mark(approval.decidedSeq, nameId, bit);
  }
  const problemBit = statusBit('problem');
  for (const problem of log.problems) {
    const seq = problem.seq;
    if (seq !== null && seq >= 0 && seq < eventCount) status[seq] = (status[seq] as number) | problemBit;
  }
  return toolNames;
}

/** buildFacetColumnsSteps drained at once (Node, tests, a query that cannot wait). */
export function buildFacetColumns(log: OpenedLog): FacetColumns {
  const steps = buildFacetColumnsSteps(log);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/**
 * Builds the facet columns of `log` as it stands (a log still loading gets the columns of the
 * events read so far), yielding between slices of a few ms so the worker answers queries between
 * them. O(events), plus one line parse per user/message for its source.
 */
export function* buildFacetColumnsSteps(log: OpenedLog): Generator<void, FacetColumns> {
  const { store, index } = log;
  const eventCount = Math.min(store.eventCount, index.turnOf.length);
  const typeId = store.eventType.view().subarray(0, eventCount);

  // Turns: turnOf changes only at boundaries, so the map is consulted once per run.
  const turnOf = index.turnOf.view();
  const distinctTurns = new Set<number>();
  let previousTurn = Number.NaN;
  for (let seq = 0; seq < eventCount; seq++) {
    const turn = turnOf[seq] as number;
    if (turn !== previousTurn) distinctTurns.add(turn);
    previousTurn = turn;
    if ((seq & (EVENTS_PER_STEP - 1)) === EVENTS_PER_STEP - 1) yield;
  }
  const turnNumbers = Int32Array.from(distinctTurns).sort();
  const turnIdOf = new Map<number, number>();
  turnNumbers.forEach((turn, id) => turnIdOf.set(turn, id));
  const turnId = idColumn(eventCount, turnNumbers.length - 1);
  previousTurn = Number.NaN;
  let currentTurnId = 0;
  for (let seq = 0; seq < eventCount; seq++) {
    const turn = turnOf[seq] as number;
    if (turn !== previousTurn) currentTurnId = turnIdOf.get(turn) ?? 0;
    previousTurn = turn;
    turnId[seq] = currentTurnId;
    if ((seq & (EVENTS_PER_STEP - 1)) === EVENTS_PER_STEP - 1) yield;
  }

  // Tool names and statuses: every event of a call (its tool/call, results, replacements, approvals).
  const toolId = idColumn(eventCount, toolNameCount(index.toolCalls));
  const status = new Uint8Array(eventCount);
  const toolNames = markToolStatuses(log, eventCount, toolId, status);
  yield;

  // Sources: by stored type, but a user/message by its message's source.
  const sourceByType = new Uint8Array(store.typeNames.length);
  const isUserMessageType = new Uint8Array(store.typeNames.length);
  store.typeNames.forEach((type, id) => {
    const source = sourceOfType(type);
    if (source === null) isUserMessageType[id] = 1;
    else sourceByType[id] = EVENT_SOURCES.indexOf(source);
  });
  const source = new Uint8Array(eventCount);
  let messagesRead = 0;
  for (let seq = 0; seq < eventCount; seq++) {
    const id = typeId[seq] as number;
    if (isUserMessageType[id] === 1) {
      source[seq] = EVENT_SOURCES.indexOf(sourceOfUserMessage(log, seq));
      if (++messagesRead % MESSAGES_PER_STEP === 0) yield;
    } else source[seq] = sourceByType[id] as number;
    if ((seq & (EVENTS_PER_STEP - 1)) === EVENTS_PER_STEP - 1) yield;
  }

  return {
    eventCount,
    typeId,
    typeNames: store.typeNames.slice(),
    turnId,
    turnNumbers,
    toolId,
    toolNames,
    status,
    source,
  };
}
