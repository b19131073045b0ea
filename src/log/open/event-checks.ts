// The per-event validation of an accepted envelope, in upstream's stage order (FORMAT.md §3.5), by
// the rules of the log's generation: obsolete vocabulary, legacy upgrade, message shape, unknown
// type, envelope keys, then the payload rules upstream applies when it rebuilds the session.

import type { StoredEvent } from '../event.ts';
import {
  checkEnvelope,
  checkMessageShape,
  checkObsoleteVocabulary,
  checkUnknownType,
} from '../format/envelope.ts';
import { applyLegacyUpgrade } from '../format/legacy.ts';
import { checkPayload } from '../format/payload-rules.ts';
import { normalizeEvent } from '../format/generations/normalize-event.ts';
import type { ProblemEffect, ProblemKind } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { ProblemList } from './problem-list.ts';

/**
 * Checks each accepted event against the stages after the scan. A supported legacy shape is a note
 * once per log (the first time it is seen); every problem is reported once per event.
 */
export class EventChecker {
  private readonly legacyUpgradesSeen = new Set<string>();

  /** `store` holds every earlier event (a legacy replacement inherits from the event it replaces). */
  constructor(
    private readonly store: LogStore,
    private readonly problems: ProblemList,
  ) {}

  /**
   * Checks one stored event by its generation's rules and returns it in the reading shape the index
   * sees: the legacy upgrades of FORMAT.md §3.6 (generations 0/1), then the envelope normalization
   * of docs/format-generations.md §0 (ranges, startSeq/endSeq). `value` is the parsed line, `event` the same with a string `type`; `line` and
   * `byteOffset` place it in the text (separate numbers: this runs once per event).
   */
  check(
    value: Record<string, unknown>,
    event: StoredEvent,
    seq: number,
    line: number,
    byteOffset: number,
  ): StoredEvent {
    const { legacyUpgradesSeen, store } = this;
    const obsolete = checkObsoleteVocabulary(event);
    if (obsolete)
      this.report('obsolete-type', 'corrupt', ValidationStage.OBSOLETE, obsolete, seq, line, byteOffset);

    const rules = store.rules;
    const legacy =
      rules.generation <= 1
        ? applyLegacyUpgrade(event, store.sessionId, (other) => store.readStoredEvent(other))
        : { event, upgrade: null, malformed: null };
    if (legacy.malformed)
      this.report(
        'legacy',
        'corrupt',
        ValidationStage.LEGACY,
        `Malformed ${event.type} at seq ${seq}: ${legacy.malformed}; dsh refuses the log.`,
        seq,
        line,
        byteOffset,
      );
    else if (legacy.upgrade && !legacyUpgradesSeen.has(legacy.upgrade)) {
      // An upgrade dsh applies silently is information, not a problem (FORMAT.md §3.6).
      legacyUpgradesSeen.add(legacy.upgrade);
      this.problems.note({
        kind: 'legacy',
        line,
        seq,
        byteOffset,
        message: `Legacy v0 shape (${legacy.upgrade}) first seen at seq ${seq}; upgraded on read as dsh does.`,
      });
    }
    const normalized = normalizeEvent(legacy.event, rules);
    if (normalized.fault)
      this.report(
        'envelope',
        'corrupt',
        ValidationStage.ENVELOPE,
        `Invalid event at seq ${seq}: ${normalized.fault}; dsh refuses the log.`,
        seq,
        line,
        byteOffset,
      );
    const upgraded = normalized.event;

    const shape = checkMessageShape(upgraded, rules);
    if (shape)
      this.report(
        'message-shape',
        'corrupt',
        ValidationStage.MESSAGE_SHAPE,
        `Invalid ${upgraded.type} at seq ${seq}: ${shape}; dsh refuses the log.`,
        seq,
        line,
        byteOffset,
      );
    const unknown = checkUnknownType(upgraded, rules);
    if (unknown)
      this.report(
        'unknown-type',
        'unsupported',
        ValidationStage.UNKNOWN_TYPE,
        unknown,
        seq,
        line,
        byteOffset,
      );
    const envelope = checkEnvelope(value, rules);
    if (envelope)
      this.report(
        'envelope',
        'corrupt',
        ValidationStage.ENVELOPE,
        `Invalid event at seq ${seq}: ${envelope}; dsh refuses the log.`,
        seq,
        line,
        byteOffset,
      );
    const payload = checkPayload(upgraded, rules);
    if (payload)
      this.report(
        'payload',
        payload.effect,
        ValidationStage.SESSION,
        `Invalid ${upgraded.type} at seq ${seq}: ${payload.reason}.`,
        seq,
        line,
        byteOffset,
      );
    return upgraded;
  }

  private report(
    kind: ProblemKind,
    effect: ProblemEffect,
    stage: ValidationStage,
    message: string,
    seq: number,
    line: number,
    byteOffset: number,
  ): void {
    this.problems.add(kind, effect, stage, { line, byteOffset, seq, message });
  }
}
