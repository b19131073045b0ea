// Next/previous triage finding relative to the cursor (the panel's ◀ ▶, and what n / N may reuse).

import type { TriageFinding } from '../../../log/index.ts';

/**
 * The finding to move to from `cursorSeq`: the first one after it (direction 1) or the last one
 * before it (-1), wrapping around at the ends. `findings` are in seq order (TriageReport.findings).
 * Null when there are no findings.
 */
export function findAdjacentFinding(
  findings: readonly TriageFinding[],
  cursorSeq: number | null,
  direction: 1 | -1,
): TriageFinding | null {
  if (findings.length === 0) return null;
  const cursor = cursorSeq ?? (direction === 1 ? -1 : Number.POSITIVE_INFINITY);
  if (direction === 1) return findings.find((finding) => finding.seq > cursor) ?? findings[0] ?? null;
  return findings.findLast((finding) => finding.seq < cursor) ?? findings.at(-1) ?? null;
}
