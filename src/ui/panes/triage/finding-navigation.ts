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

/** The triage section that shows each kind of finding (the slots of TriagePane). */
export type FindingSection =
  'header' | 'failed-call' | 'unexpected-tools' | 'model' | 'approvals' | 'turns' | 'turn-failures';

export const FINDING_SECTIONS: Record<TriageFinding['kind'], FindingSection> = {
  'failed-call': 'failed-call',
  'unfinished-command': 'failed-call',
  'unexpected-tool': 'unexpected-tools',
  retry: 'model',
  'silent-request': 'model',
  'unanswered-approval': 'approvals',
  'hanging-turn': 'turns',
  'turn-error': 'turn-failures',
  'truncated-call': 'turn-failures',
  problem: 'header',
};

/** Where the cursor is among the findings: the first finding at `cursorSeq`, its 0-based index and the count. */
export interface FindingPosition {
  finding: TriageFinding;
  index: number;
  count: number;
}

/** The finding at the cursor (the first of those at its seq), or null when the cursor is on none. */
export function findFindingAt(
  findings: readonly TriageFinding[],
  cursorSeq: number | null,
): FindingPosition | null {
  if (cursorSeq === null) return null;
  const index = findings.findIndex((finding) => finding.seq === cursorSeq);
  const finding = findings[index];
  return finding === undefined ? null : { finding, index, count: findings.length };
}

/** "finding 2 of 3". */
export function describeFindingPosition(position: FindingPosition): string {
  return `finding ${position.index + 1} of ${position.count}`;
}

/**
 * What stepping from `cursorSeq` says besides the position: that it wrapped past an end, or, with
 * one finding the cursor is already on, that it wrapped to the same one. Null when it did not wrap.
 */
export function describeFindingWrap(
  findings: readonly TriageFinding[],
  cursorSeq: number | null,
  target: TriageFinding,
  direction: 1 | -1,
): string | null {
  if (cursorSeq === null) return null;
  const isWrapped = direction === 1 ? target.seq <= cursorSeq : target.seq >= cursorSeq;
  if (!isWrapped) return null;
  if (new Set(findings.map((finding) => finding.seq)).size === 1)
    return 'the only finding: wrapped to the same one';
  return direction === 1 ? 'wrapped to the first finding' : 'wrapped to the last finding';
}
