// The refusal rules current dsh (generation 4) applies when it migrates an older log, checked over
// the header, the index and the events read back from the store (docs/format-generations.md §8,
// GENERATIONS.md §2.0, §2.7, §3, §4). Which rules are checked and which are not: format-verdicts.ts.

import { ChunkKind, isRecord } from '../event.ts';
import type { StoredEvent } from '../event.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { REQUIRED_HEADER_KEYS, rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { OpenedLog } from '../decode/opened-log.ts';
import {
  LEGACY_RENAMED_TYPES,
  MIGRATABLE_CONTENT_KINDS,
  MIGRATABLE_SOURCE_KINDS,
  RELEASED_V0_MEMBERS,
  RELEASED_V1_EXTRA_MEMBERS,
  TOOL_NOT_STARTED_REPAIR_TEXT,
} from './released-v0-members.ts';

/** One refusal rule of the migration (the names are ours; each maps to one upstream check). */
export type MigrationRule =
  /** v0/v1 header key outside the exact set of the frozen v0 codec. */
  | 'header-unknown-key'
  /** A header field of the wrong type or value (id, createdAt, delegationDepth, origin, …). */
  | 'header-field'
  /** A header `cwd` that is not an absolute path. */
  | 'header-relative-cwd'
  /** `request/header-delta` or `mode/set`: retired before the migrations existed. */
  | 'obsolete-type'
  /** `request/header.reason: "fallback"`. */
  | 'fallback-reason'
  /** An event type the migration does not know (v0–v2: even when ignorable; v3: unless ignorable). */
  | 'unknown-type'
  /** `subagent/descriptor` with a `version` other than 3 (generation 0). */
  | 'descriptor-version'
  /** A top-level `data` member outside the frozen v0 inventory of its type (generations 0 and 1). */
  | 'unexpected-member'
  /** A message source kind or content block type the v2 → v3 edge cannot carry. */
  | 'unclassified-message'
  /** An assistant/message that does not cite exactly the chunks of its attempt (generations 0 and 1). */
  | 'assistant-provenance'
  /** A reference to an assistant/chunk seq from any other event (the chunks disappear in v2). */
  | 'chunk-reference'
  /** turn/start that does not open the next turn, turn/end without its open turn. */
  | 'turn-order'
  /** step/start out of order, step/end without its open step, turn/end over an open step. */
  | 'step-order'
  /** An event that must be inside a turn (request/header, …) or a step (chunk, message, call) is not. */
  | 'outside-step'
  /** A tool/call or tool/result that does not match one advertised, unsettled call of the step. */
  | 'tool-call-lifecycle'
  /** A step/end or turn/end while an advertised or started call of the step has no result. */
  | 'unresolved-tool-call'
  /** command/done without an earlier command/run, or a command/run id used twice. */
  | 'command-order'
  /** A surface event before the first step/start (generations 0–2: no place for the system head). */
  | 'surface-before-first-step'
  /** A changed system prompt in a request/header outside an open step (generations 0–2). */
  | 'prompt-outside-step'
  /** The release that wrote the log refuses it already; current dsh refuses it too. */
  | 'writer-refuses';

/** One reason current dsh would refuse the log: which rule, where, and one plain sentence. */
export interface FormatRefusal {
  rule: MigrationRule;
  /** The event the rule fired on, or null for the header. */
  seq: number | null;
  /** Its 1-based physical line (the header is line 1), or null when unknown. */
  line: number | null;
  message: string;
}

/** At most this many refusals per rule are kept (the count of all of them is kept too). */
const REFUSALS_PER_RULE_MAX = 20;

/** The order upstream runs its checks in: the first refusal of the lowest stage is the one it reports. */
const STAGE: Readonly<Record<MigrationRule, number>> = {
  'header-unknown-key': 0,
  'header-field': 0,
  'header-relative-cwd': 0,
  'writer-refuses': 0,
  'obsolete-type': 1,
  'fallback-reason': 1,
  'unknown-type': 1,
  'descriptor-version': 1,
  'unexpected-member': 1,
  'assistant-provenance': 1,
  'chunk-reference': 1,
  'turn-order': 2,
  'step-order': 2,
  'outside-step': 2,
  'tool-call-lifecycle': 2,
  'unresolved-tool-call': 2,
  'command-order': 2,
  'surface-before-first-step': 3,
  'prompt-outside-step': 3,
  'unclassified-message': 3,
};

/** How every refusal message starts. */
export const REFUSAL_PREFIX = 'current dsh (0.2.x) would refuse to migrate this log:';

const SURFACE_TYPES: ReadonlySet<string> = new Set(['user/message', 'assistant/message', 'tool/result']);
const OBSOLETE_TYPES: ReadonlySet<string> = new Set(['request/header-delta', 'mode/set']);
/** Events that end a model attempt in the v1 → v2 grouping of chunks. */
const ATTEMPT_CLOSERS: ReadonlySet<string> = new Set([
  'turn/end',
  'step/end',
  'llm/retry',
  'llm/retry-started',
]);
/** Events the relationship check wants inside an open turn. */
const IN_TURN_TYPES: ReadonlySet<string> = new Set([
  'request/header',
  'request/context',
  'tool/code-dispatch-start',
  'tool/code-dispatch',
  'tool/ptc-dispatch-start',
  'tool/ptc-dispatch',
]);
/** Events the generation-2/3 pass reads (the relationship check and the v2 → v3 edge need their payloads). */
const RELATIONSHIP_TYPES: ReadonlySet<string> = new Set([
  'turn/start',
  'turn/end',
  'step/start',
  'step/end',
  'assistant/message',
  'tool/call',
  'tool/result',
  'command/run',
  'command/done',
  'agent/inbox/spliced',
  'user/message',
]);

/** The refusals found, capped per rule, in upstream's order (stage, then seq). */
export interface MigrationAudit {
  refusals: FormatRefusal[];
  /** Every refusal found, including those beyond the per-rule cap. */
  refusalCount: number;
}

class RefusalList {
  private readonly items: FormatRefusal[] = [];
  private readonly countByRule = new Map<MigrationRule, number>();
  count = 0;

  constructor(private readonly log: OpenedLog) {}

  add(rule: MigrationRule, seq: number | null, what: string): void {
    this.count += 1;
    const count = (this.countByRule.get(rule) ?? 0) + 1;
    this.countByRule.set(rule, count);
    if (count > REFUSALS_PER_RULE_MAX) return;
    this.items.push({
      rule,
      seq,
      line: seq === null ? 1 : lineOf(this.log, seq),
      message: `${REFUSAL_PREFIX} ${what}`,
    });
  }

  /** Whether a rule fired at least once. */
  has(rule: MigrationRule): boolean {
    return this.countByRule.has(rule);
  }

  sorted(): FormatRefusal[] {
    return this.items
      .map((refusal, order) => ({ refusal, order }))
      .sort(
        (a, b) =>
          STAGE[a.refusal.rule] - STAGE[b.refusal.rule] ||
          (a.refusal.seq ?? -1) - (b.refusal.seq ?? -1) ||
          a.order - b.order,
      )
      .map(({ refusal }) => refusal);
  }
}

function lineOf(log: OpenedLog, seq: number): number | null {
  const { store } = log;
  if (seq < 0 || seq >= store.eventCount) return null;
  const lineIndex = store.eventLine.get(seq);
  return lineIndex >= 0 && lineIndex < store.lineCount ? store.lineNumber.get(lineIndex) : null;
}

/** A value for a sentence: short, never throws. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return 'nothing';
  return Array.isArray(value) ? 'an array' : 'an object';
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);
}

/** The header rules of the migration (generations 0–3): key set, field types, absolute cwd. */
function auditHeader(log: OpenedLog, generation: FormatGeneration, refusals: RefusalList): void {
  const header: Record<string, unknown> = isRecord(log.header) ? log.header : {};
  const rules = rulesOfGeneration(generation);
  if (!rules.isHeaderKeySetExact) {
    const allowed = new Set<string>([...REQUIRED_HEADER_KEYS, ...rules.headerOptionalKeys]);
    for (const key of Object.keys(header))
      if (!allowed.has(key))
        refusals.add(
          'header-unknown-key',
          null,
          `the header has the key ${show(key)}, and the generation-${generation} codec admits no key beyond ${[...allowed].join(', ')}.`,
        );
  }
  if (typeof header.id !== 'string') refusals.add('header-field', null, 'the header id is not a string.');
  for (const key of ['createdAt', 'delegationDepth'])
    if (!isCount(header[key]))
      refusals.add(
        'header-field',
        null,
        `the header ${key} is ${show(header[key])}, not a non-negative integer.`,
      );
  for (const key of ['cwd', 'parentSession', 'agentPreset'])
    if (header[key] !== undefined && typeof header[key] !== 'string')
      refusals.add('header-field', null, `the header ${key} is ${show(header[key])}, not a string.`);
  if (header.origin !== undefined && header.origin !== 'subagent')
    refusals.add(
      'header-field',
      null,
      `the header origin is ${show(header.origin)}; only "subagent" is allowed.`,
    );
  if (typeof header.cwd === 'string' && !header.cwd.startsWith('/'))
    refusals.add(
      'header-relative-cwd',
      null,
      `the header cwd ${show(header.cwd)} is not an absolute path, and the migrated header must name an absolute working directory.`,
    );
}

/** The seqs of a `sourceEventSeqs`-like list, with `[start, end]` pairs expanded; null when it is not a list. */
function expandSeqList(value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  const seqs: number[] = [];
  for (const member of value as unknown[]) {
    if (typeof member === 'number') seqs.push(member);
    else if (Array.isArray(member) && member.length === 2) {
      const [start, end] = member as unknown[];
      if (typeof start !== 'number' || typeof end !== 'number' || end < start || end - start > 1_000_000)
        return null;
      for (let seq = start; seq <= end; seq++) seqs.push(seq);
    } else return null;
  }
  return seqs;
}

/** One call the relationship check follows from its assistant/message to its result. */
interface ToolLifecycle {
  name: unknown;
  arguments: unknown;
  isStarted: boolean;
}

/** The chunks since the last attempt boundary, as the v1 → v2 edge groups them. */
interface PendingAttempt {
  turn: number;
  step: number;
  /** Inclusive runs of consecutive chunk seqs. */
  runs: [number, number][];
  isTerminal: boolean;
}

function addChunk(attempt: PendingAttempt, seq: number): void {
  const last = attempt.runs.at(-1);
  if (last !== undefined && last[1] === seq - 1) last[1] = seq;
  else attempt.runs.push([seq, seq]);
}

function citesExactly(attempt: PendingAttempt, sources: readonly number[]): boolean {
  let index = 0;
  for (const [first, last] of attempt.runs)
    for (let seq = first; seq <= last; seq++) {
      if (sources[index] !== seq) return false;
      index += 1;
    }
  return index === sources.length;
}

/** Whether a tool/result is the exact TOOL_NOT_STARTED repair (FORMAT.md §7.6), the only result a never-started call may have. */
function isExactNotStartedRepair(event: StoredEvent, data: Record<string, unknown>, callId: string): boolean {
  const error = data.error;
  const message = isRecord(data.message) ? data.message : {};
  const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
  const block: unknown = content[0];
  const inner: unknown[] =
    isRecord(block) && Array.isArray(block.content) ? (block.content as unknown[]) : [];
  const text: unknown = inner[0];
  return (
    isRecord(error) &&
    error.name === 'ToolNotStartedError' &&
    error.code === 'TOOL_NOT_STARTED' &&
    event.sourceEventSeqs === undefined &&
    message.id === `interrupted-tool-result-${callId}-${event.seq}` &&
    isRecord(block) &&
    block.isError === true &&
    inner.length === 1 &&
    isRecord(text) &&
    text.type === 'text' &&
    text.text === TOOL_NOT_STARTED_REPAIR_TEXT
  );
}

/** The message a surface event carries (user/message data is the message itself). */
function messageOf(type: string, data: Record<string, unknown>): Record<string, unknown> | null {
  if (type === 'user/message') return data;
  return isRecord(data.message) ? data.message : null;
}

/** The first content kind the v2 → v3 edge cannot carry, searching tool-result blocks too; null when all are known. */
function findUnclassifiedKind(content: unknown): string | null {
  if (!Array.isArray(content)) return null;
  for (const block of content as unknown[]) {
    if (!isRecord(block)) continue;
    const kind = block.type;
    if (typeof kind !== 'string' || !MIGRATABLE_CONTENT_KINDS.has(kind)) return show(kind);
    if (kind === 'tool-result') {
      const inner = findUnclassifiedKind(block.content);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/**
 * Walks the log once, in seq order, with the state the migration keeps: the open turn and step,
 * the step's tool calls, the pending chunk attempt, the commands seen. Chunk events are never
 * parsed (their turn/step come from the index); generations 0 and 1 parse every other event
 * (the member audit needs them all), generations 2 and 3 only those the rules read.
 */
class EventAudit {
  private readonly store;
  private readonly isV0Family: boolean;
  private readonly hasChunkEvents: boolean;
  private readonly knownTypes: ReadonlySet<string>;

  private openTurn: number | null = null;
  private openStep: number | null = null;
  private nextTurn = 1;
  private nextStep = 1;
  private readonly lifecycles = new Map<string, ToolLifecycle>();
  private readonly commandRuns = new Set<string>();
  private pending: PendingAttempt | null = null;
  private hasSeenStep = false;
  /** The v2 → v3 edge's "step": set at step/start, cleared at step/end and turn/end. */
  private isPromptStepOpen = false;
  private prompt = '';
  private previous: StoredEvent | null = null;

  constructor(
    private readonly log: OpenedLog,
    private readonly generation: FormatGeneration,
    private readonly refusals: RefusalList,
  ) {
    this.store = log.store;
    this.isV0Family = generation <= 1;
    this.hasChunkEvents = rulesOfGeneration(generation).streams === 'chunk-events';
    this.knownTypes = rulesOfGeneration(generation).knownEventTypes;
  }

  run(): void {
    const { store } = this;
    const typeIds = store.eventType.view();
    const typeCount = store.typeNames.length;
    const chunkTypeId = store.typeNames.indexOf('assistant/chunk');
    const unknownTypes = this.findUnknownTypes();
    const isRead = new Uint8Array(typeCount);
    store.typeNames.forEach((name, typeId) => {
      if (typeId === chunkTypeId) return;
      const isRelevant =
        this.isV0Family ||
        RELATIONSHIP_TYPES.has(name) ||
        (this.generation === 2 && name === 'request/header') ||
        unknownTypes.has(name);
      isRead[typeId] = isRelevant ? 1 : 0;
    });
    const reportedUnknown = new Set<string>();
    for (let seq = 0; seq < store.eventCount; seq++) {
      const typeId = typeIds[seq] as number;
      if (typeId === chunkTypeId) {
        this.acceptChunk(seq);
        continue;
      }
      const name = store.typeNames[typeId] ?? '';
      if (IN_TURN_TYPES.has(name) && this.openTurn === null)
        this.refusals.add('outside-step', seq, `${name} at seq ${seq} is outside any turn.`);
      if (isRead[typeId] === 0) continue;
      const event = this.readEvent(seq);
      if (event === null) continue;
      if (unknownTypes.has(name) && !reportedUnknown.has(name)) {
        if (this.generation !== 3 || event.ignorable !== true) {
          reportedUnknown.add(name);
          this.refusals.add(
            'unknown-type',
            seq,
            `it contains the event type ${show(name)} (first at seq ${seq}), which the migration does not know${this.generation <= 2 && event.ignorable === true ? ', and it refuses unknown historical events even when they are marked ignorable' : ''}.`,
          );
        }
      }
      this.acceptEvent(event, name);
      this.previous = event;
    }
  }

  /** Stored types the migration does not know (legacy names it renames and obsolete ones have their own rules). */
  private findUnknownTypes(): ReadonlySet<string> {
    const unknown = new Set<string>();
    for (const name of this.store.typeNames) {
      if (this.knownTypes.has(name)) continue;
      if (this.isV0Family && (name in LEGACY_RENAMED_TYPES || OBSOLETE_TYPES.has(name))) continue;
      if (this.generation >= 3 && name.startsWith('plugin:')) continue;
      unknown.add(name);
    }
    return unknown;
  }

  private readEvent(seq: number): StoredEvent | null {
    try {
      return this.store.readEvent(seq);
    } catch {
      // The line was parsed once when it was decoded; a failure here is a bug elsewhere, not a refusal.
      return null;
    }
  }

  private acceptChunk(seq: number): void {
    const { index } = this.log;
    if (this.openStep === null)
      this.refusals.add('outside-step', seq, `the assistant/chunk at seq ${seq} is outside an open step.`);
    if (!this.isV0Family) return;
    const turn = index.turnOf.get(seq);
    const step = index.stepOf.get(seq);
    let pending = this.pending;
    if (pending !== null && (pending.isTerminal || pending.turn !== turn || pending.step !== step))
      pending = null;
    if (pending === null) {
      pending = { turn, step, runs: [], isTerminal: false };
      this.pending = pending;
    }
    addChunk(pending, seq);
    // A finish chunk ends the attempt's stream: the next chunk starts another attempt.
    if (index.chunkKind.get(seq) === ChunkKind.FINISH) pending.isTerminal = true;
  }

  private acceptEvent(event: StoredEvent, storedType: string): void {
    const seq = event.seq;
    const type = this.isV0Family ? (LEGACY_RENAMED_TYPES[storedType] ?? event.type) : event.type;
    const data: Record<string, unknown> = isRecord(event.data) ? event.data : {};
    if (this.isV0Family) this.auditV0Payload(event, type, storedType, data);
    if (this.generation <= 2) this.auditV2Edge(event, type, data);
    if (ATTEMPT_CLOSERS.has(type)) this.pending = null;
    switch (type) {
      case 'turn/start':
        this.startTurn(seq, data);
        break;
      case 'turn/end':
        this.endTurn(seq, data);
        break;
      case 'step/start':
        this.startStep(seq, data);
        break;
      case 'step/end':
        this.endStep(seq, data);
        break;
      case 'assistant/message':
        this.acceptAssistantMessage(event, data);
        break;
      case 'tool/call':
        this.acceptToolCall(seq, data);
        break;
      case 'tool/result':
        this.acceptToolResult(event, data);
        break;
      case 'command/run':
      case 'command/done':
        this.acceptCommand(seq, type, data);
        break;
      default:
        break;
    }
  }

  /** The v0 → v1 per-event audit and the v1 → v2 reference rules (generations 0 and 1). */
  private auditV0Payload(
    event: StoredEvent,
    type: string,
    storedType: string,
    data: Record<string, unknown>,
  ): void {
    const seq = event.seq;
    if (OBSOLETE_TYPES.has(storedType)) {
      this.refusals.add(
        'obsolete-type',
        seq,
        `it contains a ${storedType} event (seq ${seq}), which dsh retired before 0.1.0.`,
      );
      return;
    }
    if (type === 'request/header' && data.reason === 'fallback')
      this.refusals.add(
        'fallback-reason',
        seq,
        `the request/header at seq ${seq} has reason "fallback", which the migration does not support.`,
      );
    if (type === 'subagent/descriptor' && data.version !== 3) {
      if (this.generation === 0)
        this.refusals.add(
          'descriptor-version',
          seq,
          `the subagent/descriptor at seq ${seq} has descriptor version ${show(data.version)}, and the migration accepts only version 3 (dsh wrote version 2 before 2026-08-24).`,
        );
      return;
    }
    const members = RELEASED_V0_MEMBERS[type];
    if (members !== undefined) {
      if (!isRecord(event.data))
        this.refusals.add(
          'unexpected-member',
          seq,
          `the ${type} at seq ${seq} has data that is not an object.`,
        );
      else {
        const extra = this.generation === 1 ? (RELEASED_V1_EXTRA_MEMBERS[type] ?? []) : [];
        for (const key of Object.keys(data))
          if (!members.includes(key) && !extra.includes(key))
            this.refusals.add(
              'unexpected-member',
              seq,
              `the ${type} at seq ${seq} has the data member ${show(key)}, which the frozen generation-0 inventory does not have.`,
            );
      }
    }
    this.auditChunkReferences(event, type, data);
  }

  /** References to chunk seqs from events other than assistant/message: the v1 → v2 edge removes chunks. */
  private auditChunkReferences(event: StoredEvent, type: string, data: Record<string, unknown>): void {
    const lists: [string, unknown][] = [];
    if (type !== 'assistant/message' && event.sourceEventSeqs !== undefined)
      lists.push(['sourceEventSeqs', event.sourceEventSeqs]);
    if (isRecord(event.surfaceOp)) lists.push(['surfaceOp', [event.surfaceOp.start, event.surfaceOp.end]]);
    if (type === 'command/done' && data.sourceEventSeq !== undefined)
      lists.push(['sourceEventSeq', [data.sourceEventSeq]]);
    if (type === 'compaction/summary' || type === 'compaction/prune') {
      lists.push(['shadowedSeqs', data.shadowedSeqs]);
      const range = isRecord(data.shadowedRange) ? data.shadowedRange : {};
      lists.push(['shadowedRange', [range.start, range.end]]);
    }
    if (type === 'session/title' || type === 'session/title-llm-request')
      lists.push(['messageSeqs', data.messageSeqs]);
    for (const [field, value] of lists) {
      const seqs = expandSeqList(value) ?? [];
      const chunkSeq = seqs.find(
        (cited) =>
          Number.isSafeInteger(cited) &&
          cited >= 0 &&
          cited < event.seq &&
          this.store.typeOf(cited) === 'assistant/chunk',
      );
      if (chunkSeq !== undefined) {
        this.refusals.add(
          'chunk-reference',
          event.seq,
          `the ${type} at seq ${event.seq} cites the assistant/chunk at seq ${chunkSeq} in ${field}, and chunks do not survive the migration.`,
        );
        return;
      }
    }
  }

  /** What the v2 → v3 edge refuses (generations 0–2): no system head yet, a prompt change outside a step, unknown kinds. */
  private auditV2Edge(event: StoredEvent, type: string, data: Record<string, unknown>): void {
    const seq = event.seq;
    if (SURFACE_TYPES.has(type)) {
      if (!this.hasSeenStep && !this.refusals.has('surface-before-first-step'))
        this.refusals.add(
          'surface-before-first-step',
          seq,
          `the ${type} at seq ${seq} comes before the first step/start, so the migration has no place for the system prompt it must insert after that step/start.`,
        );
      const message = messageOf(type, data);
      if (message !== null) {
        const source = isRecord(message.source) ? message.source : {};
        const kind = source.kind;
        if (typeof kind !== 'string' || !MIGRATABLE_SOURCE_KINDS.has(kind))
          this.refusals.add(
            'unclassified-message',
            seq,
            `the ${type} at seq ${seq} has the message source kind ${show(kind)}, which the migration cannot classify.`,
          );
        const contentKind = findUnclassifiedKind(message.content);
        if (contentKind !== null)
          this.refusals.add(
            'unclassified-message',
            seq,
            `the ${type} at seq ${seq} has a content block of type ${contentKind}, which the migration cannot classify.`,
          );
      }
    }
    if (type === 'request/header') {
      const header = isRecord(data.header) ? data.header : {};
      const system = typeof header.system === 'string' ? header.system : '';
      if (system !== this.prompt) {
        if (!this.isPromptStepOpen)
          this.refusals.add(
            'prompt-outside-step',
            seq,
            `the request/header at seq ${seq} changes the system prompt outside an open step, where the migration cannot place the system/message it needs.`,
          );
        this.prompt = system;
      }
    }
    if (type === 'step/start') {
      this.hasSeenStep = true;
      this.isPromptStepOpen = true;
    } else if (type === 'step/end' || type === 'turn/end') this.isPromptStepOpen = false;
  }

  /** A turn/start right after a non-empty next-turn splice while the turn has no open step: a legacy restart. */
  private isLegacyRestart(seq: number, turn: unknown): boolean {
    const previous = this.previous;
    if (this.openTurn === null || this.openStep !== null || turn !== this.openTurn + 1) return false;
    if (previous === null || previous.type !== 'agent/inbox/spliced' || previous.seq !== seq - 1)
      return false;
    const splice = isRecord(previous.data) ? previous.data : {};
    return splice.target === 'next-turn' && Array.isArray(splice.inserted) && splice.inserted.length > 0;
  }

  private startTurn(seq: number, data: Record<string, unknown>): void {
    const turn = data.turn;
    // The migration closes such a turn with an inserted turn/end {interrupted}, which is checked like any turn/end.
    if (this.isLegacyRestart(seq, turn)) this.closeTurn(seq, 'turn/end inserted before the restarted turn');
    if (this.openTurn !== null)
      this.refusals.add(
        'turn-order',
        seq,
        `the turn/start at seq ${seq} opens turn ${show(turn)} while turn ${this.openTurn} is still open (no turn/end).`,
      );
    else if (turn !== this.nextTurn)
      this.refusals.add(
        'turn-order',
        seq,
        `the turn/start at seq ${seq} opens turn ${show(turn)}, but the next turn must be ${this.nextTurn}.`,
      );
    this.openTurn = typeof turn === 'number' ? turn : this.nextTurn;
    this.openStep = null;
    this.nextStep = 1;
    this.lifecycles.clear();
  }

  private endTurn(seq: number, data: Record<string, unknown>): void {
    if (this.openTurn === null || data.turn !== this.openTurn)
      this.refusals.add(
        'turn-order',
        seq,
        this.openTurn === null
          ? `the turn/end at seq ${seq} ends turn ${show(data.turn)}, but no turn is open.`
          : `the turn/end at seq ${seq} ends turn ${show(data.turn)}, but the open turn is ${this.openTurn}.`,
      );
    this.closeTurn(seq, 'turn/end');
  }

  /** Ends the open turn at `boundary` (a turn/end, or the one the migration inserts for a legacy restart). */
  private closeTurn(seq: number, boundary: string): void {
    this.reportUnresolved(seq, boundary);
    if (this.openStep !== null)
      this.refusals.add(
        'step-order',
        seq,
        `the ${boundary} at seq ${seq} ends turn ${this.openTurn ?? '?'} while step ${this.openStep} is still open (no step/end).`,
      );
    this.nextTurn = (this.openTurn ?? this.nextTurn - 1) + 1;
    this.openTurn = null;
    this.openStep = null;
    this.lifecycles.clear();
  }

  private startStep(seq: number, data: Record<string, unknown>): void {
    if (
      this.openTurn === null ||
      data.turn !== this.openTurn ||
      this.openStep !== null ||
      data.step !== this.nextStep
    )
      this.refusals.add(
        'step-order',
        seq,
        this.openTurn === null
          ? `the step/start at seq ${seq} is outside any turn.`
          : this.openStep !== null
            ? `the step/start at seq ${seq} opens a step while step ${this.openStep} is still open.`
            : `the step/start at seq ${seq} opens turn ${show(data.turn)} step ${show(data.step)}, but the next step is turn ${this.openTurn} step ${this.nextStep}.`,
      );
    this.openStep = typeof data.step === 'number' ? data.step : this.nextStep;
  }

  private endStep(seq: number, data: Record<string, unknown>): void {
    if (!this.isInOpenStep(data))
      this.refusals.add(
        'step-order',
        seq,
        `the step/end at seq ${seq} names turn ${show(data.turn)} step ${show(data.step)}, which is not the open step.`,
      );
    this.reportUnresolved(seq, 'step/end');
    this.lifecycles.clear();
    this.nextStep = (this.openStep ?? this.nextStep - 1) + 1;
    this.openStep = null;
  }

  private isInOpenStep(data: Record<string, unknown>): boolean {
    return (
      this.openTurn !== null &&
      this.openStep !== null &&
      data.turn === this.openTurn &&
      data.step === this.openStep
    );
  }

  private requireOpenStep(seq: number, type: string, data: Record<string, unknown>): void {
    if (!this.isInOpenStep(data))
      this.refusals.add(
        'outside-step',
        seq,
        `the ${type} at seq ${seq} names turn ${show(data.turn)} step ${show(data.step)}, which is not an open step.`,
      );
  }

  private reportUnresolved(seq: number, boundary: string): void {
    for (const [callId, lifecycle] of this.lifecycles)
      this.refusals.add(
        'unresolved-tool-call',
        seq,
        `the ${boundary} at seq ${seq} leaves the tool call ${show(callId)} (${typeof lifecycle.name === 'string' ? lifecycle.name : 'unnamed'}) unresolved: it was ${lifecycle.isStarted ? 'started' : 'asked for'} and has no tool/result (a crashed or failed v0 turn; current dsh settles such calls itself).`,
      );
  }

  private acceptAssistantMessage(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    this.requireOpenStep(seq, 'assistant/message', data);
    const message = isRecord(data.message) ? data.message : {};
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'tool-call' || typeof block.id !== 'string') continue;
      if (this.lifecycles.has(block.id))
        this.refusals.add(
          'tool-call-lifecycle',
          seq,
          `the assistant/message at seq ${seq} asks for the tool call ${show(block.id)} a second time in one step.`,
        );
      this.lifecycles.set(block.id, { name: block.name, arguments: block.arguments, isStarted: false });
    }
    if (this.hasChunkEvents) this.auditProvenance(event, data);
  }

  /** The v1 → v2 edge folds an attempt's chunks into the message citing exactly them (generations 0 and 1). */
  private auditProvenance(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    const pending = this.pending;
    this.pending = null;
    if (pending !== null && (pending.turn !== data.turn || pending.step !== data.step)) return;
    const sources = event.sourceEventSeqs;
    if (sources === undefined) {
      if (pending !== null)
        this.refusals.add(
          'assistant-provenance',
          seq,
          `the assistant/message at seq ${seq} follows chunks of its step (from seq ${pending.runs[0]?.[0] ?? '?'}) but does not cite them in sourceEventSeqs, so the migration cannot tell which attempt it answers.`,
        );
      return;
    }
    const seqs = expandSeqList(sources);
    if (seqs !== null && seqs.length === 0) return;
    if (pending === null || seqs === null || !citesExactly(pending, seqs))
      this.refusals.add(
        'assistant-provenance',
        seq,
        `the sourceEventSeqs of the assistant/message at seq ${seq} are not exactly the chunks of one complete attempt before it.`,
      );
  }

  private acceptToolCall(seq: number, data: Record<string, unknown>): void {
    this.requireOpenStep(seq, 'tool/call', data);
    const callId = data.callId;
    const lifecycle = typeof callId === 'string' ? this.lifecycles.get(callId) : undefined;
    if (
      lifecycle === undefined ||
      lifecycle.isStarted ||
      lifecycle.name !== data.name ||
      lifecycle.arguments !== data.arguments
    ) {
      this.refusals.add(
        'tool-call-lifecycle',
        seq,
        lifecycle === undefined
          ? `the tool/call at seq ${seq} starts ${show(callId)}, which no assistant/message of the open step asked for.`
          : lifecycle.isStarted
            ? `the tool/call at seq ${seq} starts ${show(callId)} a second time.`
            : `the tool/call at seq ${seq} starts ${show(callId)} with another name or other arguments than the assistant/message asked for.`,
      );
      return;
    }
    lifecycle.isStarted = true;
  }

  private acceptToolResult(event: StoredEvent, data: Record<string, unknown>): void {
    const seq = event.seq;
    if (event.surfaceOp !== 'append') {
      if (this.openTurn === null)
        this.refusals.add(
          'outside-step',
          seq,
          `the replacing tool/result at seq ${seq} is outside any turn.`,
        );
      return;
    }
    this.requireOpenStep(seq, 'tool/result', data);
    const message = isRecord(data.message) ? data.message : {};
    const source = isRecord(message.source) ? message.source : {};
    const callId = typeof source.callId === 'string' ? source.callId : null;
    const lifecycle = callId === null ? undefined : this.lifecycles.get(callId);
    if (callId === null || lifecycle === undefined)
      this.refusals.add(
        'tool-call-lifecycle',
        seq,
        `the tool/result at seq ${seq} answers ${show(callId)}, which is not an unsettled call of the open step.`,
      );
    else if (!lifecycle.isStarted && !isExactNotStartedRepair(event, data, callId))
      this.refusals.add(
        'tool-call-lifecycle',
        seq,
        `the tool/result at seq ${seq} answers ${show(callId)}, which has no tool/call, and it is not the exact TOOL_NOT_STARTED repair.`,
      );
    if (callId !== null) this.lifecycles.delete(callId);
  }

  private acceptCommand(
    seq: number,
    type: 'command/run' | 'command/done',
    data: Record<string, unknown>,
  ): void {
    const id = data.commandId;
    if (typeof id !== 'string') return;
    if (type === 'command/run') {
      if (this.commandRuns.has(id))
        this.refusals.add(
          'command-order',
          seq,
          `the command/run at seq ${seq} uses the commandId ${show(id)} again.`,
        );
      this.commandRuns.add(id);
    } else if (!this.commandRuns.has(id))
      this.refusals.add(
        'command-order',
        seq,
        `the command/done at seq ${seq} for ${show(id)} has no earlier command/run.`,
      );
  }
}

/**
 * Runs the migration rules of current dsh over a log of generation 0–3 whose writer reads it. Pure;
 * reads events through the store (every non-chunk event for generations 0 and 1).
 */
export function auditMigration(log: OpenedLog, generation: FormatGeneration): MigrationAudit {
  const refusals = new RefusalList(log);
  auditHeader(log, generation, refusals);
  new EventAudit(log, generation, refusals).run();
  return { refusals: refusals.sorted(), refusalCount: refusals.count };
}
