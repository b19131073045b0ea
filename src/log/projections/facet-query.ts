// Faceted narrowing of the events list over the facet columns (facet-columns.ts): the counts each
// facet shows and the seqs that pass a selection, optionally within a candidate set (a search's
// matches). One pass over the events (or the candidates) answers either.

import {
  EVENT_SOURCES,
  EVENT_STATUSES,
  type EventSource,
  type EventStatus,
  type FacetColumns,
} from './facet-columns.ts';

/**
 * What the reader picked in each facet. An absent or empty list does not narrow; within a facet the
 * values are alternatives (any of them), across facets every facet must hold (all of them). A value
 * the log does not have matches nothing.
 */
export interface FacetSelection {
  /** Stored event types. */
  type?: readonly string[];
  /** Turn numbers (0: outside any turn). */
  turn?: readonly number[];
  tool?: readonly string[];
  /** An event passes when it has any of these statuses. */
  status?: readonly EventStatus[];
  source?: readonly EventSource[];
}

export type FacetName = keyof FacetSelection;
const FACET_NAMES: readonly FacetName[] = ['type', 'turn', 'tool', 'status', 'source'];

/** One value of a facet and how many events would show with it added (see FacetCounts). */
export interface FacetValueCount<T> {
  value: T;
  count: number;
}

/**
 * The counts of every facet. A facet's counts honour the selections of the *other* facets (and the
 * candidates), not its own, so they say how many events each value would add or keep: standard
 * faceted search. Every value the log has is listed, with a count of 0 when the others exclude it,
 * in a stable order: types and tools by their count in the whole log (most first, then by name),
 * turns ascending, statuses and sources in EVENT_STATUSES / EVENT_SOURCES order (those the log has).
 */
export interface FacetCounts {
  /** Events that pass every facet (and are candidates): the narrowed list's length. */
  matching: number;
  /** Events considered: the candidates inside the log, or every event. */
  considered: number;
  type: FacetValueCount<string>[];
  turn: FacetValueCount<number>[];
  tool: FacetValueCount<string>[];
  status: FacetValueCount<EventStatus>[];
  source: FacetValueCount<EventSource>[];
}

/** A selection compiled to per-id tables (null: the facet does not narrow). */
interface CompiledSelection {
  type: Uint8Array | null;
  turn: Uint8Array | null;
  tool: Uint8Array | null;
  statusMask: number | null;
  source: Uint8Array | null;
}

/** A table over ids `0 … size-1`, 1 where the id's value is selected; null when `values` is empty. */
function compileValues<T>(
  values: readonly T[] | undefined,
  size: number,
  idOf: (value: T) => number | undefined,
): Uint8Array | null {
  if (values === undefined || values.length === 0) return null;
  const table = new Uint8Array(size);
  for (const value of values) {
    const id = idOf(value);
    if (id !== undefined && id >= 0 && id < size) table[id] = 1;
  }
  return table;
}

function compileSelection(columns: FacetColumns, selection: FacetSelection): CompiledSelection {
  const indexOf = <T>(list: readonly T[]) => {
    const ids = new Map<T, number>();
    list.forEach((value, id) => {
      if (!ids.has(value)) ids.set(value, id);
    });
    return (value: T) => ids.get(value);
  };
  const statuses = selection.status ?? [];
  let statusMask: number | null = null;
  for (const status of statuses) {
    const bit = EVENT_STATUSES.indexOf(status);
    if (bit >= 0) statusMask = (statusMask ?? 0) | (1 << bit);
  }
  if (statuses.length > 0 && statusMask === null) statusMask = 0;
  const toolIds = indexOf(columns.toolNames);
  return {
    type: compileValues(selection.type, columns.typeNames.length, indexOf(columns.typeNames)),
    turn: compileValues(selection.turn, columns.turnNumbers.length, indexOf(Array.from(columns.turnNumbers))),
    tool: compileValues(selection.tool, columns.toolNames.length + 1, (name) => {
      const id = toolIds(name);
      return id === undefined ? undefined : id + 1;
    }),
    statusMask,
    source: compileValues(selection.source, EVENT_SOURCES.length, indexOf(EVENT_SOURCES)),
  };
}

/** True when `selection` narrows nothing (every facet absent or empty). */
export function isEmptySelection(selection: FacetSelection): boolean {
  return FACET_NAMES.every((name) => (selection[name]?.length ?? 0) === 0);
}

/**
 * The seqs to look at: `candidates` inside the log, ascending and without repeats (they are taken
 * as they are when already so, the search's sorted matches), or null for every event.
 */
function normalizeCandidates(candidates: Int32Array | undefined, eventCount: number): Int32Array | null {
  if (candidates === undefined) return null;
  let isClean = true;
  for (let i = 0; i < candidates.length; i++) {
    const seq = candidates[i] as number;
    if (seq < 0 || seq >= eventCount || (i > 0 && seq <= (candidates[i - 1] as number))) {
      isClean = false;
      break;
    }
  }
  if (isClean) return candidates;
  const sorted = candidates.filter((seq) => seq >= 0 && seq < eventCount).sort();
  return sorted.filter((seq, i) => i === 0 || seq !== sorted[i - 1]);
}

/** What failsOf says: the event passes every facet, fails exactly one (its position), or more. */
const PASSES = -1;
const TYPE = 0;
const TURN = 1;
const TOOL = 2;
const STATUS = 3;
const SOURCE = 4;
const FAILS_SEVERAL = 5;

/** Which facets of `compiled` event `seq` fails: PASSES, the one facet it fails, or FAILS_SEVERAL. */
function failsOf(columns: FacetColumns, compiled: CompiledSelection, seq: number): number {
  let failed = PASSES;
  if (compiled.type !== null && compiled.type[columns.typeId[seq] as number] !== 1) failed = TYPE;
  if (compiled.turn !== null && compiled.turn[columns.turnId[seq] as number] !== 1) {
    if (failed !== PASSES) return FAILS_SEVERAL;
    failed = TURN;
  }
  if (compiled.tool !== null && compiled.tool[columns.toolId[seq] as number] !== 1) {
    if (failed !== PASSES) return FAILS_SEVERAL;
    failed = TOOL;
  }
  if (compiled.statusMask !== null && ((columns.status[seq] as number) & compiled.statusMask) === 0) {
    if (failed !== PASSES) return FAILS_SEVERAL;
    failed = STATUS;
  }
  if (compiled.source !== null && compiled.source[columns.source[seq] as number] !== 1) {
    if (failed !== PASSES) return FAILS_SEVERAL;
    failed = SOURCE;
  }
  return failed;
}

/** Adds one to `counts[id]` (an id inside the table). */
function increment(counts: Int32Array, id: number): void {
  counts[id] = (counts[id] as number) + 1;
}

/** Orders ids by `counts` (most first), ties by `names`. */
function byCountThenName(counts: Int32Array, names: readonly string[]) {
  return (a: number, b: number) =>
    (counts[b] as number) - (counts[a] as number) || ((names[a] ?? '') < (names[b] ?? '') ? -1 : 1);
}

/**
 * The counts of every facet for `selection` (see FacetCounts), over `candidates` when given (seqs;
 * any order, repeats and seqs outside the log are ignored). O(events considered + values).
 */
export function countFacets(
  columns: FacetColumns,
  selection: FacetSelection,
  candidates?: Int32Array,
): FacetCounts {
  const seqs = normalizeCandidates(candidates, columns.eventCount);
  const compiled = compileSelection(columns, selection);
  const { typeId, turnId, toolId, status, source } = columns;
  const typeCounts = new Int32Array(columns.typeNames.length);
  const turnCounts = new Int32Array(columns.turnNumbers.length);
  const toolCounts = new Int32Array(columns.toolNames.length + 1);
  const statusCounts = new Int32Array(EVENT_STATUSES.length);
  const sourceCounts = new Int32Array(EVENT_SOURCES.length);
  let matching = 0;
  const length = seqs === null ? columns.eventCount : seqs.length;
  for (let i = 0; i < length; i++) {
    const seq = seqs === null ? i : (seqs[i] as number);
    const failed = failsOf(columns, compiled, seq);
    if (failed === FAILS_SEVERAL) continue;
    if (failed === PASSES) matching++;
    if (failed === PASSES || failed === TYPE) increment(typeCounts, typeId[seq] as number);
    if (failed === PASSES || failed === TURN) increment(turnCounts, turnId[seq] as number);
    if (failed === PASSES || failed === TOOL) increment(toolCounts, toolId[seq] as number);
    if (failed === PASSES || failed === STATUS) {
      let bits = status[seq] as number;
      for (let bit = 0; bits !== 0; bit++, bits >>= 1) if ((bits & 1) === 1) increment(statusCounts, bit);
    }
    if (failed === PASSES || failed === SOURCE) increment(sourceCounts, source[seq] as number);
  }

  const presence = logPresence(columns);
  const typeOrder = [...presence.types].sort(byCountThenName(presence.typeTotals, columns.typeNames));
  const toolOrder = [...presence.tools].sort(
    byCountThenName(presence.toolTotals, ['', ...columns.toolNames]),
  );
  return {
    matching,
    considered: seqs === null ? columns.eventCount : seqs.length,
    type: typeOrder.map((id) => ({ value: columns.typeNames[id] ?? '', count: typeCounts[id] as number })),
    turn: Array.from(columns.turnNumbers, (turn, id) => ({ value: turn, count: turnCounts[id] as number })),
    tool: toolOrder.map((id) => ({
      value: columns.toolNames[id - 1] ?? '',
      count: toolCounts[id] as number,
    })),
    status: EVENT_STATUSES.flatMap((value, bit) =>
      presence.statusBits & (1 << bit) ? [{ value, count: statusCounts[bit] as number }] : [],
    ),
    source: EVENT_SOURCES.flatMap((value, id) =>
      presence.sources & (1 << id) ? [{ value, count: sourceCounts[id] as number }] : [],
    ),
  };
}

/** Which values the whole log has, and the totals that order types and tools. */
interface LogPresence {
  types: number[];
  typeTotals: Int32Array;
  tools: number[];
  toolTotals: Int32Array;
  statusBits: number;
  sources: number;
}

const presenceByColumns = new WeakMap<FacetColumns, LogPresence>();

/** The log's own values (computed once per columns: a pass over every event). */
function logPresence(columns: FacetColumns): LogPresence {
  const cached = presenceByColumns.get(columns);
  if (cached !== undefined) return cached;
  const typeTotals = new Int32Array(columns.typeNames.length);
  const toolTotals = new Int32Array(columns.toolNames.length + 1);
  let statusBits = 0;
  let sources = 0;
  for (let seq = 0; seq < columns.eventCount; seq++) {
    increment(typeTotals, columns.typeId[seq] as number);
    increment(toolTotals, columns.toolId[seq] as number);
    statusBits |= columns.status[seq] as number;
    sources |= 1 << (columns.source[seq] as number);
  }
  const present = (totals: Int32Array, from: number) => {
    const ids: number[] = [];
    for (let id = from; id < totals.length; id++) if ((totals[id] as number) > 0) ids.push(id);
    return ids;
  };
  const presence = {
    types: present(typeTotals, 0),
    typeTotals,
    tools: present(toolTotals, 1),
    toolTotals,
    statusBits,
    sources,
  };
  presenceByColumns.set(columns, presence);
  return presence;
}

/**
 * The seqs that pass every facet of `selection`, ascending, within `candidates` when given (as for
 * countFacets). A fresh array the caller owns (the worker transfers it).
 */
export function filterSeqs(
  columns: FacetColumns,
  selection: FacetSelection,
  candidates?: Int32Array,
): Int32Array {
  const seqs = normalizeCandidates(candidates, columns.eventCount);
  const compiled = compileSelection(columns, selection);
  const length = seqs === null ? columns.eventCount : seqs.length;
  const passed = new Int32Array(length);
  let passedCount = 0;
  for (let i = 0; i < length; i++) {
    const seq = seqs === null ? i : (seqs[i] as number);
    if (failsOf(columns, compiled, seq) === PASSES) passed[passedCount++] = seq;
  }
  return passed.slice(0, passedCount);
}
