// A forked child's inherited prefix (FORMAT.md §8.1, docs/format-generations.md §3): the events it
// copied verbatim from its parent's log, which a viewer marks "inherited from parent".
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';

/**
 * How many events at the start of the log were inherited from the parent (seqs 0 … n-1), or null
 * when the log is not seeded. Generations 0/1: the header's `seedLength`. Generation 2 on: the seq
 * of the last `session/end-seed` with `data.inherited === true` in a log whose header says
 * `isSeeded` (that seq is the number of inherited events). Clamped to the events the log holds.
 */
export function inheritedPrefixLength(log: OpenedLog): number | null {
  const header = log.header;
  if (header === null) return null;
  const eventCount = log.store.eventCount;
  const seedLength = (header as Record<string, unknown>)['seedLength'];
  if (typeof seedLength === 'number' && Number.isSafeInteger(seedLength) && seedLength > 0)
    return Math.min(seedLength, eventCount);
  if ((header as Record<string, unknown>)['isSeeded'] !== true) return null;
  const endSeeds = log.index.endSeedSeqs;
  for (let position = endSeeds.length - 1; position >= 0; position -= 1) {
    const seq = endSeeds[position] as number;
    if (seq >= eventCount) continue;
    const data = readUpgradedEventAt(log.store, seq).data;
    if (isRecord(data) && data.inherited === true) return seq;
  }
  return null;
}

/**
 * Where a child session opens when a parent's call (or the workspace bar) takes the reader to it:
 * a fork at its first own event (its model view already holds the inherited conversation); any
 * other session at its first message the model view shows (the task the parent gave it), since the
 * events before it (descriptor, policies, turn start) leave the model view empty. 0 when the log
 * has neither.
 */
export function childStartSeq(log: OpenedLog): number {
  const eventCount = log.store.eventCount;
  const inherited = inheritedPrefixLength(log);
  if (inherited !== null && inherited > 0) return Math.min(inherited, Math.max(0, eventCount - 1));
  const first = log.index.surfaceOps.find((op) => op.isApplied && !op.isEmpty && op.op === 'append');
  return first?.seq ?? 0;
}
