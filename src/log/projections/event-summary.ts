// One short plain-text line per event for the events pane. Log text is untrusted: the summary goes
// through the one cleaner (base/visible-text.ts), so controls and bidi characters show as escapes.

import { PLAIN_LINE_MAX_CHARS, toPlainLine } from '../base/visible-text.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { isRecord, type StoredEvent } from '../event.ts';
import { generationsKnowingType } from '../format/generations/generation-rules.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { eventKindOf } from '../format/event-kinds/registry.ts';
import { genericSummary } from '../format/event-kinds/summary-text.ts';
import { isPluginNamespaceType, isPluginRecordType } from '../format/plugin-records.ts';

/** Longest summary returned, in UTF-16 code units (an ellipsis marks the cut). */
export const SUMMARY_MAX_CHARS = PLAIN_LINE_MAX_CHARS;

/** What the row of an event type no dsh release knows says first. */
const UNKNOWN_TYPE_LABEL = 'not a type of any dsh release up to 0.2.1: written by a fork or a plugin?';

/**
 * A one-line plain-text summary of event `seq` (at most SUMMARY_MAX_CHARS): the salient payload
 * fields per type, generic for unknown types. Throws for a seq outside the log.
 */
export function summarizeEvent(log: OpenedLog, seq: number): string {
  if (seq < 0 || seq >= log.store.eventCount) throw new RangeError(`seq ${seq} is outside the log`);
  return summarizeUpgradedEvent(readUpgradedEventAt(log.store, seq));
}

/** summarizeEvent for an event already read with readUpgradedEventAt (search reads it once for several uses). */
export function summarizeUpgradedEvent(event: StoredEvent): string {
  const data = isRecord(event.data) ? event.data : {};
  return toPlainLine(describeEvent(event.type, data, event.surfaceOp), SUMMARY_MAX_CHARS);
}

function describeEvent(type: string, data: Record<string, unknown>, surfaceOp: unknown): string {
  const summary = eventKindOf(type)?.summary;
  if (summary !== undefined) return summary(data, surfaceOp);
  // A type no released dsh writes is named as such on its row (issue 20); the log reads on.
  if (isPluginNamespaceType(type)) return `${pluginRecordLabel(type)} · ${genericSummary(data)}`;
  if (generationsKnowingType(type).length === 0) return `${UNKNOWN_TYPE_LABEL} · ${genericSummary(data)}`;
  return genericSummary(data);
}

/** A plugin record's row: a record of a plugin (upstream's grammar), or a name outside that grammar. */
function pluginRecordLabel(type: string): string {
  return isPluginRecordType(type)
    ? 'plugin record (dsh keeps it only when ignorable)'
    : `${UNKNOWN_TYPE_LABEL} (not a plugin record name)`;
}
