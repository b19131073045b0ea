// The read-time normalization of one stored event into the shape the index and the projections
// read, whatever the generation (docs/format-generations.md "One reading shape"). It never adds,
// removes or renumbers events: seqs are the file's, so a permalink names the line it came from.

import type { StoredEvent, SurfaceOp } from '../../event.ts';
import { isRecord } from '../../event.ts';
import type { GenerationRules } from './generation-rules.ts';

/** The normalized event, or the reason its envelope fields cannot be read (the event is then returned as stored). */
export interface NormalizedEvent {
  event: StoredEvent;
  /** Why `surfaceOp` or `sourceEventSeqs` is malformed for this generation; null when it reads. */
  fault: string | null;
}

function isSeqNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Expands range-encoded `sourceEventSeqs` (every generation since late v0 writes a run of three or
 * more consecutive seqs as `[start, end]`, inclusive). Returns null when an entry is neither a seq
 * nor a well-formed pair, or when a list with pairs does not expand strictly increasing.
 */
export function expandSeqRanges(entries: readonly unknown[]): number[] | null {
  const seqs: number[] = [];
  let hasPair = false;
  for (const entry of entries) {
    if (isSeqNumber(entry)) {
      seqs.push(entry);
      continue;
    }
    if (!Array.isArray(entry) || entry.length !== 2) return null;
    const [start, end] = entry as unknown[];
    if (!isSeqNumber(start) || !isSeqNumber(end) || end < start) return null;
    hasPair = true;
    for (let seq = start; seq <= end; seq += 1) seqs.push(seq);
  }
  if (hasPair)
    for (let i = 1; i < seqs.length; i += 1) if ((seqs[i] as number) <= (seqs[i - 1] as number)) return null;
  return seqs;
}

/** The surfaceOp in the reading shape (`{op:'replace', start, end}`), from the generation's key names. */
type SurfaceOpReading = { op: SurfaceOp | undefined } | { fault: string };

function normalizeSurfaceOp(op: SurfaceOp | undefined, rules: GenerationRules): SurfaceOpReading {
  if (!isRecord(op) || op['op'] !== 'replace') return { op };
  const { start: startKey, end: endKey } = rules.replaceKeys;
  if (startKey === 'start') return { op };
  const stored: Record<string, unknown> = op;
  if ('start' in stored || 'end' in stored)
    return {
      fault: `surfaceOp uses the retired keys start/end; generation ${rules.generation} writes startSeq/endSeq`,
    };
  return { op: { op: 'replace', start: stored[startKey] as number, end: stored[endKey] as number } };
}

/**
 * Normalizes the envelope of one event for its generation: range-encoded `sourceEventSeqs` are
 * expanded and a replace op's `startSeq/endSeq` are read as `start/end`. `data` is shared with the
 * stored event (not copied): callers treat events as read-only.
 */
export function normalizeEvent(event: StoredEvent, rules: GenerationRules): NormalizedEvent {
  let normalized = event;
  const sources: unknown = event.sourceEventSeqs;
  if (Array.isArray(sources) && sources.some((entry) => Array.isArray(entry))) {
    const expanded = expandSeqRanges(sources);
    if (expanded === null)
      return { event, fault: 'sourceEventSeqs holds a malformed range or does not increase strictly' };
    normalized = { ...normalized, sourceEventSeqs: expanded };
  }
  const reading = normalizeSurfaceOp(event.surfaceOp, rules);
  if ('fault' in reading) return { event, fault: reading.fault };
  if (reading.op !== event.surfaceOp) normalized = { ...normalized, surfaceOp: reading.op };
  return { event: normalized, fault: null };
}
