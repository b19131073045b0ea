// Payload rules of the current generation that upstream checks when it rebuilds a session from its
// log, past the envelope and message shapes: what dsh 0.2.1 refuses in an event's `data`. Each rule
// cites its source in docs/format-generations.md ("Vocabulary of 0.2.1").

import { isRecord, type StoredEvent } from '../event.ts';
import type { GenerationRules } from './generations/generation-rules.ts';

/** A payload dsh refuses: `unsupported` when it looks written by a newer harness, else `corrupt`. */
export interface PayloadFault {
  effect: 'corrupt' | 'unsupported';
  reason: string;
}

/** The subagent/catalog versions dsh 0.2.1 reads, and the modes each admits. */
const CATALOG_MODES: Readonly<Record<number, readonly string[]>> = {
  0: ['one-shot', 'continuable'],
  1: ['one-shot', 'continuable', 'unknown'],
  2: ['external'],
};
const CATALOG_KEYS = new Set(['version', 'childId', 'childCreatedAt', 'mode', 'label']);

/**
 * A `subagent/catalog` entry as dsh 0.2.1's strict schema reads it: version 0 records a local
 * `one-shot` or `continuable` child (a continuable one has a label), version 1 adds `mode:
 * "unknown"`, version 2 records an `external` execution with no local child log. An invalid entry
 * makes the catalog projection reject the session.
 */
function checkSubagentCatalog(data: unknown): PayloadFault | null {
  const corrupt = (why: string): PayloadFault => ({
    effect: 'corrupt',
    reason: `subagent/catalog ${why}; dsh 0.2.1 rejects the session when it rebuilds its child catalog`,
  });
  if (!isRecord(data)) return corrupt('data is not an object');
  for (const key of Object.keys(data)) if (!CATALOG_KEYS.has(key)) return corrupt(`has the member "${key}"`);
  const { version, mode, label } = data;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    return corrupt('version is not a non-negative integer');
  const modes = CATALOG_MODES[version];
  if (modes === undefined)
    return {
      effect: 'unsupported',
      reason: `subagent/catalog version ${version}: dsh 0.2.1 reads versions 0–2 only (likely written by a newer harness)`,
    };
  if (typeof data['childId'] !== 'string') return corrupt('childId is not a string');
  const createdAt = data['childCreatedAt'];
  if (typeof createdAt !== 'number' || !Number.isInteger(createdAt) || createdAt < 0)
    return corrupt('childCreatedAt is not a non-negative integer');
  if (typeof mode !== 'string' || !modes.includes(mode))
    return corrupt(`version ${version} has mode ${JSON.stringify(mode)} (it admits ${modes.join(', ')})`);
  if (label !== undefined && typeof label !== 'string') return corrupt('label is not a string');
  if (mode === 'continuable' && typeof label !== 'string') return corrupt('a continuable child has no label');
  return null;
}

/** The payload rules of the log's generation that `event` breaks (null: none). Generation 4 only. */
export function checkPayload(event: StoredEvent, rules: GenerationRules): PayloadFault | null {
  if (rules.generation !== 4) return null;
  if (event.type === 'subagent/catalog') return checkSubagentCatalog(event.data);
  return null;
}
