// The vocabulary and payload rules of the migration: obsolete and unknown event types, the
// subagent descriptor version, the fallback reason and data members outside the frozen v0 inventory.

import type { StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { rulesOfGeneration } from '../format/generations/generation-rules.ts';
import {
  LEGACY_RENAMED_TYPES,
  RELEASED_V0_MEMBERS,
  RELEASED_V1_EXTRA_MEMBERS,
} from './released-v0-members.ts';
import type { RefusalList } from './migration-refusals.ts';
import { show } from './migration-refusals.ts';

const OBSOLETE_TYPES: ReadonlySet<string> = new Set(['request/header-delta', 'mode/set']);

/**
 * The type and payload rules over one log: each event is passed in by the caller, in seq order
 * (whether its stored type is one the migration does not know is decided by its name alone).
 */
export class VocabularyAudit {
  private readonly isV0Family: boolean;
  private readonly knownTypes: ReadonlySet<string>;
  private readonly reportedUnknown = new Set<string>();

  constructor(
    private readonly generation: FormatGeneration,
    private readonly refusals: RefusalList,
  ) {
    this.isV0Family = generation <= 1;
    this.knownTypes = rulesOfGeneration(generation).knownEventTypes;
  }

  /** Whether a stored type name is one the migration does not know (its events must be read). */
  isUnknownType(storedType: string): boolean {
    if (this.knownTypes.has(storedType)) return false;
    if (this.isV0Family && (storedType in LEGACY_RENAMED_TYPES || OBSOLETE_TYPES.has(storedType)))
      return false;
    return !(this.generation >= 3 && storedType.startsWith('plugin:'));
  }

  /** Refuses the first event of each unknown stored type (generation 3: unless it is ignorable). */
  acceptEvent(event: StoredEvent, storedType: string): void {
    if (this.reportedUnknown.has(storedType) || !this.isUnknownType(storedType)) return;
    if (this.generation === 3 && event.ignorable === true) return;
    this.reportedUnknown.add(storedType);
    this.refusals.add(
      'unknown-type',
      event.seq,
      `it contains the event type ${show(storedType)} (first at seq ${event.seq}), which the migration does not know${this.generation <= 2 && event.ignorable === true ? ', and it refuses unknown historical events even when they are marked ignorable' : ''}.`,
    );
  }

  /**
   * The v0 → v1 per-event audit (generations 0 and 1) of an event whose current type is `type`.
   * Returns false when the migration stops at the event (an obsolete type, a descriptor of another
   * version), so the reference rules do not look at it.
   */
  auditV0Payload(
    event: StoredEvent,
    type: string,
    storedType: string,
    data: Record<string, unknown>,
  ): boolean {
    const seq = event.seq;
    if (OBSOLETE_TYPES.has(storedType)) {
      this.refusals.add(
        'obsolete-type',
        seq,
        `it contains a ${storedType} event (seq ${seq}), which dsh retired before 0.1.0.`,
      );
      return false;
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
      return false;
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
    return true;
  }
}
