// The refusal rules current dsh (generation 4) applies when it migrates an older log, checked over
// the header, the index and the events (docs/format-generations.md §8, GENERATIONS.md §2.0, §2.7,
// §3, §4): one walk over the events, read back from the store or handed over by the decoder as it
// reads (DecodeTimeMigrationAudit), handing each to the rule families.
// Which rules are checked and which are not: format-verdicts.ts.

import { isRecord } from '../event.ts';
import type { StoredEvent } from '../event.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { DecodingLog } from '../open/decoding-log.ts';
import { NEWEST_KNOWN_GENERATION } from '../format/generations/generation.ts';
import type { AuditedLog } from './migration-refusals.ts';
import { LEGACY_RENAMED_TYPES } from './released-v0-members.ts';
import type { FormatRefusal } from './migration-refusals.ts';
import { RefusalList } from './migration-refusals.ts';
import { auditHeader } from './migration-header-audit.ts';
import { VocabularyAudit } from './migration-vocabulary-rules.ts';
import { ChunkCitationAudit } from './migration-chunk-citations.ts';
import { RelationshipAudit } from './migration-relationship-rules.ts';
import { V2EdgeAudit } from './migration-v2-edge-rules.ts';

/** Events audited between two yields of auditMigrationSteps (a few ms of work). */
const EVENTS_PER_STEP = 4_096;

export type { FormatRefusal, MigrationRule } from './migration-refusals.ts';
export { REFUSAL_PREFIX } from './migration-refusals.ts';

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

/** How the audit takes an event of one stored type: skipped, parsed and audited, or as a chunk. */
const enum TypeUse {
  SKIP = 1,
  READ = 2,
  CHUNK = 3,
}

/**
 * Walks the log once, in seq order, handing each event to the rule families that keep the state
 * the migration keeps (the open turn and step, the step's tool calls, the pending chunk attempt,
 * the commands seen). Chunk events are never parsed (their turn/step come from the index);
 * generations 0 and 1 parse every other event (the member audit needs them all), generations 2
 * and 3 only those the rules read. Fed either from the store after the decode (steps) or by the
 * decoder as it reads (accept, through DecoderOptions.onEvent): the same rules, in the same order.
 */
class EventAudit {
  private readonly store;
  private readonly isV0Family: boolean;
  private readonly hasChunkEvents: boolean;
  private readonly vocabulary: VocabularyAudit;
  private readonly citations: ChunkCitationAudit;
  private readonly relationships: RelationshipAudit;
  private readonly v2Edge: V2EdgeAudit;
  /** TypeUse by type id, decided at the type's first event (type names grow while a log decodes). */
  private readonly useByTypeId: TypeUse[] = [];

  constructor(
    log: AuditedLog,
    private readonly generation: FormatGeneration,
    refusals: RefusalList,
  ) {
    this.store = log.store;
    this.isV0Family = generation <= 1;
    this.hasChunkEvents = rulesOfGeneration(generation).streams === 'chunk-events';
    this.vocabulary = new VocabularyAudit(generation, refusals);
    this.citations = new ChunkCitationAudit(log, refusals);
    this.relationships = new RelationshipAudit(refusals);
    this.v2Edge = new V2EdgeAudit(refusals);
  }

  /** Audits every event of the store; yields every EVENTS_PER_STEP events so a caller can share its thread. */
  *steps(): Generator<void, void> {
    const { store } = this;
    // The events there are when the audit starts: a followed log's store grows between the slices,
    // and its verdicts are of the state asked about.
    const eventCount = store.eventCount;
    for (let seq = 0; seq < eventCount; seq++) {
      if (seq % EVENTS_PER_STEP === EVENTS_PER_STEP - 1) yield;
      this.accept(seq, () => this.readEvent(seq));
    }
  }

  /**
   * Audits the event at `seq`, the next in seq order, whose row the store holds; `read` gives the
   * event as readEvent does, asked only for the types the rules read.
   */
  accept(seq: number, read: () => StoredEvent | null): void {
    const typeId = this.store.eventType.get(seq);
    const name = this.store.typeNames[typeId] ?? '';
    const use = this.useByTypeId[typeId] ?? this.decideUse(typeId, name);
    if (use === TypeUse.CHUNK) {
      this.relationships.acceptChunk(seq);
      if (this.isV0Family) this.citations.acceptChunk(seq);
      return;
    }
    this.relationships.acceptStoredType(seq, name);
    if (use === TypeUse.SKIP) return;
    const event = read();
    if (event === null) return;
    this.vocabulary.acceptEvent(event, name);
    this.acceptEvent(event, name);
  }

  private decideUse(typeId: number, name: string): TypeUse {
    const isRead =
      this.isV0Family ||
      RELATIONSHIP_TYPES.has(name) ||
      (this.generation === 2 && name === 'request/header') ||
      this.vocabulary.isUnknownType(name);
    const use = name === 'assistant/chunk' ? TypeUse.CHUNK : isRead ? TypeUse.READ : TypeUse.SKIP;
    this.useByTypeId[typeId] = use;
    return use;
  }

  private readEvent(seq: number): StoredEvent | null {
    try {
      return this.store.readEvent(seq);
    } catch {
      // The line was parsed once when it was decoded; a failure here is a bug elsewhere, not a refusal.
      return null;
    }
  }

  /** Hands one parsed event to the families; their order decides which of two same-stage refusals at one seq is listed first. */
  private acceptEvent(event: StoredEvent, storedType: string): void {
    const type = this.isV0Family ? (LEGACY_RENAMED_TYPES[storedType] ?? event.type) : event.type;
    const data: Record<string, unknown> = isRecord(event.data) ? event.data : {};
    if (this.isV0Family && this.vocabulary.auditV0Payload(event, type, storedType, data))
      this.citations.auditReferences(event, type, data);
    if (this.generation <= 2) this.v2Edge.acceptEvent(event, type, data);
    this.citations.acceptBoundary(type);
    this.relationships.acceptEvent(event, type, data);
    if (type === 'assistant/message' && this.hasChunkEvents) this.citations.auditProvenance(event, data);
  }
}

/**
 * Runs the migration rules of current dsh over a log of generation 0–3 whose writer reads it. Pure;
 * reads events through the store (every non-chunk event for generations 0 and 1). Yields between
 * slices of events (base/steps.ts), so the worker answers queries meanwhile.
 */
export function* auditMigrationSteps(
  log: OpenedLog,
  generation: FormatGeneration,
): Generator<void, MigrationAudit> {
  const refusals = new RefusalList(log);
  auditHeader(log, generation, refusals);
  yield* new EventAudit(log, generation, refusals).steps();
  return { refusals: refusals.sorted(), refusalCount: refusals.count };
}

/**
 * The migration audit fed by the decoder as it reads (pass `onEvent` as DecoderOptions.onEvent),
 * for a pass that decodes a log once and needs dsh's answer without reading every event back from
 * the store (the summary pass: the events of a .zstd log would be decompressed and parsed again).
 * The header first, then each event as accepted: what auditMigrationSteps does, in its order, so
 * resultFor gives what it gives (session-answers.test.ts compares the two on every fixture and
 * corpus log).
 */
export class DecodeTimeMigrationAudit {
  /** The audit of the store being fed (null: no generation 0–3 log, nothing to audit). */
  private running: { refusals: RefusalList; events: EventAudit } | null = null;
  /** The store the events came from (a follower's restart brings a new decoder, a new store). */
  private store: DecodingLog['store'] | null = null;
  /** Events fed from `store`: the audit answers only for the state it saw whole. */
  private fed = 0;

  readonly onEvent = (seq: number, event: StoredEvent | null, log: DecodingLog): void => {
    // Another store (a new decoder): the audit starts over with it, never mixing two files.
    if (log.store !== this.store) this.restart(log);
    this.fed = seq + 1;
    this.running?.events.accept(seq, () => event);
  };

  /**
   * The audit of `log` (the decoded log that was fed), or null when it is not a generation 0–3 log
   * (a format verdict runs no migration audit for it) or when this audit was not fed every event
   * of `log`'s store (another store, or a state it has not seen whole): a caller then passes null
   * to deriveFormatVerdicts, which runs the audit over the store itself.
   */
  resultFor(log: OpenedLog): MigrationAudit | null {
    if (this.store === null && log.store.eventCount === 0) this.restart(log);
    if (log.store !== this.store || this.fed !== log.store.eventCount) return null;
    const { running } = this;
    if (running === null) return null;
    return { refusals: running.refusals.sorted(), refusalCount: running.refusals.count };
  }

  private restart(log: DecodingLog): void {
    this.store = log.store;
    this.fed = 0;
    this.running = null;
    const { generation, newerVersion } = log.format;
    if (generation === null || newerVersion !== null || generation >= NEWEST_KNOWN_GENERATION) return;
    const refusals = new RefusalList(log);
    auditHeader(log, generation, refusals);
    this.running = { refusals, events: new EventAudit(log, generation, refusals) };
  }
}
