// The per-event validation of an accepted envelope, in upstream's stage order (FORMAT.md §3.5):
// obsolete vocabulary, legacy upgrade, message shape, unknown type, envelope keys.

import type { StoredEvent } from '../event.ts';
import {
  checkEnvelope,
  checkMessageShape,
  checkObsoleteVocabulary,
  checkUnknownType,
} from '../format/envelope.ts';
import { applyLegacyUpgrade } from '../format/legacy.ts';
import { ValidationStage } from '../problems.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { ProblemList } from './problem-list.ts';

/**
 * Checks each accepted event against the stages after the scan. A legacy shape is reported once
 * per log (the first time it is seen); every other problem once per event.
 */
export class EventChecker {
  private readonly legacyUpgradesSeen = new Set<string>();

  /** `store` holds every earlier event (a legacy replacement inherits from the event it replaces). */
  constructor(
    private readonly store: LogStore,
    private readonly problems: ProblemList,
  ) {}

  /**
   * Checks one stored event and returns it after the legacy upgrades of FORMAT.md §3.6 (what the
   * index sees). `value` is the parsed line, `event` the same with a string `type`; `line` and
   * `byteOffset` place it in the text (separate numbers: this runs once per event).
   */
  check(
    value: Record<string, unknown>,
    event: StoredEvent,
    seq: number,
    line: number,
    byteOffset: number,
  ): StoredEvent {
    const { problems, legacyUpgradesSeen, store } = this;
    const obsolete = checkObsoleteVocabulary(event);
    if (obsolete)
      problems.add('obsolete-type', 'corrupt', ValidationStage.OBSOLETE, {
        line,
        byteOffset,
        seq,
        message: obsolete,
      });

    const legacy = applyLegacyUpgrade(event, store.sessionId, (other) => store.readStoredEvent(other));
    if (legacy.malformed)
      problems.add('legacy', 'corrupt', ValidationStage.LEGACY, {
        line,
        byteOffset,
        seq,
        message: `Malformed ${event.type} at seq ${seq}: ${legacy.malformed}; dsh refuses the log.`,
      });
    else if (legacy.upgrade && !legacyUpgradesSeen.has(legacy.upgrade)) {
      legacyUpgradesSeen.add(legacy.upgrade);
      problems.add('legacy', 'none', ValidationStage.LEGACY, {
        line,
        byteOffset,
        seq,
        message: `Legacy v0 shape (${legacy.upgrade}) first seen at seq ${seq}; upgraded on read as dsh does.`,
      });
    }
    const upgraded = legacy.event;

    const shape = checkMessageShape(upgraded);
    if (shape)
      problems.add('message-shape', 'corrupt', ValidationStage.MESSAGE_SHAPE, {
        line,
        byteOffset,
        seq,
        message: `Invalid ${upgraded.type} at seq ${seq}: ${shape}; dsh refuses the log.`,
      });
    const unknown = checkUnknownType(upgraded);
    if (unknown)
      problems.add('unknown-type', 'unsupported', ValidationStage.UNKNOWN_TYPE, {
        line,
        byteOffset,
        seq,
        message: unknown,
      });
    const envelope = checkEnvelope(value);
    if (envelope)
      problems.add('envelope', 'corrupt', ValidationStage.ENVELOPE, {
        line,
        byteOffset,
        seq,
        message: `Invalid event at seq ${seq}: ${envelope}; dsh refuses the log.`,
      });
    return upgraded;
  }
}
