// "Which turn (or step) holds this seq": the one lookup over the index's spans, for the core and the UI.

import { findLastAtOrBelow } from './binary-search.ts';

/** A seq range of the index (a turn or a step): `startSeq..endSeq` inclusive, `endSeq` null while open. */
export interface SeqSpan {
  readonly startSeq: number;
  readonly endSeq: number | null;
}

/**
 * The last span starting at or before `seq`, whether or not it still holds `seq`, or null when
 * `seq` comes before the first span. `spans` must be ascending by `startSeq` (turns and steps are).
 */
export function findSpanStartingAtOrBefore<T extends { readonly startSeq: number }>(
  spans: readonly T[],
  seq: number,
): T | null {
  return spans[findLastAtOrBelow(spans, seq, startSeqOf)] ?? null;
}

/**
 * The span that holds `seq`, or null (before the first span, or between a span's end and the
 * next one's start). A span that was never closed (`endSeq` null) holds every seq until the next
 * span starts, as the index's `turnOf` / `stepOf` columns say.
 */
export function findSpanAt<T extends SeqSpan>(spans: readonly T[], seq: number): T | null {
  const span = findSpanStartingAtOrBefore(spans, seq);
  return span !== null && (span.endSeq === null || seq <= span.endSeq) ? span : null;
}

function startSeqOf(span: { readonly startSeq: number }): number {
  return span.startSeq;
}
