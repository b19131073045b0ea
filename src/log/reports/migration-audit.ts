// The refusal rules current dsh (generation 4) applies when it migrates an older log, checked over
// the header, the index and the events read back from the store (docs/format-generations.md §8,
// GENERATIONS.md §2.0, §2.7, §3, §4): one walk over the events, handing each to the rule families.
// Which rules are checked and which are not: format-verdicts.ts.

import { isRecord } from '../event.ts';
import type { StoredEvent } from '../event.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { OpenedLog } from '../open/opened-log.ts';
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

/**
 * Walks the log once, in seq order, handing each event to the rule families that keep the state
 * the migration keeps (the open turn and step, the step's tool calls, the pending chunk attempt,
 * the commands seen). Chunk events are never parsed (their turn/step come from the index);
 * generations 0 and 1 parse every other event (the member audit needs them all), generations 2
 * and 3 only those the rules read.
 */
class EventAudit {
  private readonly store;
  private readonly isV0Family: boolean;
  private readonly hasChunkEvents: boolean;
  private readonly vocabulary: VocabularyAudit;
  private readonly citations: ChunkCitationAudit;
  private readonly relationships: RelationshipAudit;
  private readonly v2Edge: V2EdgeAudit;

  constructor(
    log: OpenedLog,
    private readonly generation: FormatGeneration,
    refusals: RefusalList,
  ) {
    this.store = log.store;
    this.isV0Family = generation <= 1;
    this.hasChunkEvents = rulesOfGeneration(generation).streams === 'chunk-events';
    this.vocabulary = new VocabularyAudit(generation, log.store.typeNames, refusals);
    this.citations = new ChunkCitationAudit(log, refusals);
    this.relationships = new RelationshipAudit(refusals);
    this.v2Edge = new V2EdgeAudit(refusals);
  }

  /** Audits every event; yields every EVENTS_PER_STEP events so a caller can share its thread. */
  *steps(): Generator<void, void> {
    const { store } = this;
    const typeIds = store.eventType.view();
    const typeCount = store.typeNames.length;
    const chunkTypeId = store.typeNames.indexOf('assistant/chunk');
    const isRead = new Uint8Array(typeCount);
    store.typeNames.forEach((name, typeId) => {
      if (typeId === chunkTypeId) return;
      const isRelevant =
        this.isV0Family ||
        RELATIONSHIP_TYPES.has(name) ||
        (this.generation === 2 && name === 'request/header') ||
        this.vocabulary.isUnknownType(name);
      isRead[typeId] = isRelevant ? 1 : 0;
    });
    // The events there are when the audit starts: a followed log's store grows between the slices,
    // and its verdicts are of the state asked about.
    const eventCount = store.eventCount;
    for (let seq = 0; seq < eventCount; seq++) {
      if (seq % EVENTS_PER_STEP === EVENTS_PER_STEP - 1) yield;
      const typeId = typeIds[seq] as number;
      if (typeId === chunkTypeId) {
        this.relationships.acceptChunk(seq);
        if (this.isV0Family) this.citations.acceptChunk(seq);
        continue;
      }
      const name = store.typeNames[typeId] ?? '';
      this.relationships.acceptStoredType(seq, name);
      if (isRead[typeId] === 0) continue;
      const event = this.readEvent(seq);
      if (event === null) continue;
      this.vocabulary.acceptEvent(event, name);
      this.acceptEvent(event, name);
    }
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
