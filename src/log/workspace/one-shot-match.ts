// Matching foreground one-shot subagent calls to child sessions. The parent's log has no child id
// for them (FORMAT.md §8.2 table, first row), so this is the heuristic §8.2 suggests (not an
// upstream rule): the child's parentSession is the parent, its createdAt falls in the call's time
// window, and its subagent/descriptor label equals the call's `description` argument.

/** How sure a match is: `exact` (the id is in the log) is never produced here; see MATCH_SCORES. */
export type MatchConfidence = 'exact' | 'high' | 'medium' | 'low';

/** A call of the parent that may have started a child, as the matcher needs it. */
export interface CandidateCall {
  seq: number;
  startTime: number;
  /** The result's time; null when the call has none (the window runs to `openEndTime`). */
  endTime: number | null;
  description: string | null;
}

/** A child of the parent (its parentSession is the parent) not linked by an id. */
export interface CandidateChild {
  id: string;
  createdAt: number | null;
  /** Its first subagent/descriptor's label, or null. */
  label: string | null;
}

export interface OneShotMatch {
  callSeq: number;
  childId: string;
  confidence: Exclude<MatchConfidence, 'exact'>;
  /** Another call or child matched equally well: every such pair is returned, each marked. */
  isAmbiguous: boolean;
  /** Why, in one line of plain text (the evidence, and the tie when ambiguous). */
  note: string;
}

/** Labels compare after trimming and collapsing whitespace; case matters (they are copied verbatim). */
function normalizeLabel(text: string | null): string | null {
  if (text === null) return null;
  const normalized = text.trim().replace(/\s+/g, ' ');
  return normalized === '' ? null : normalized;
}

/**
 * Scores a pair: 3 (high) in the window with equal labels; 2 (medium) in the window with a label
 * missing on either side; 1 (low) in the window with different labels, or equal labels outside the
 * window; 0: no match.
 */
function scorePair(call: CandidateCall, child: CandidateChild, openEndTime: number): number {
  const end = call.endTime ?? openEndTime;
  const isInWindow = child.createdAt !== null && child.createdAt >= call.startTime && child.createdAt <= end;
  const description = normalizeLabel(call.description);
  const label = normalizeLabel(child.label);
  const isLabelKnown = description !== null && label !== null;
  const isLabelEqual = isLabelKnown && description === label;
  if (isInWindow) return isLabelEqual ? 3 : isLabelKnown ? 1 : 2;
  return isLabelEqual ? 1 : 0;
}

const CONFIDENCE_OF_SCORE: Record<number, OneShotMatch['confidence']> = { 3: 'high', 2: 'medium', 1: 'low' };
const EVIDENCE_OF_SCORE: Record<number, string> = {
  3: 'created during the call, and its label equals the call description',
  2: 'created during the call (no label to compare)',
  1: 'weak: a label or the time window disagrees',
};

/**
 * Matches calls to children, strongest evidence first. At each score a pair that is the only
 * candidate of both its call and its child is linked (repeatedly, as links remove candidates);
 * pairs still tied at that score are all linked, each marked ambiguous, so a call never silently
 * gets two children. `openEndTime` closes the window of a call without a result (the parent's
 * last event time). Pure; the result is in call seq order, then child id.
 */
export function matchOneShotCalls(
  calls: readonly CandidateCall[],
  children: readonly CandidateChild[],
  openEndTime: number,
): OneShotMatch[] {
  const scores = calls.map((call) => children.map((child) => scorePair(call, child, openEndTime)));
  const isCallDone = calls.map(() => false);
  const isChildDone = children.map(() => false);
  const matches: OneShotMatch[] = [];
  for (const score of [3, 2, 1]) {
    const candidatesOfCall = (c: number): number[] =>
      children.flatMap((_, k) => (!isChildDone[k] && scores[c]?.[k] === score ? [k] : []));
    const candidatesOfChild = (k: number): number[] =>
      calls.flatMap((_, c) => (!isCallDone[c] && scores[c]?.[k] === score ? [c] : []));
    let isChanged = true;
    while (isChanged) {
      isChanged = false;
      for (let c = 0; c < calls.length; c++) {
        if (isCallDone[c]) continue;
        const only = candidatesOfCall(c);
        if (only.length !== 1 || candidatesOfChild(only[0] as number).length !== 1) continue;
        const k = only[0] as number;
        isCallDone[c] = isChildDone[k] = true;
        isChanged = true;
        matches.push({
          callSeq: (calls[c] as CandidateCall).seq,
          childId: (children[k] as CandidateChild).id,
          confidence: CONFIDENCE_OF_SCORE[score] as OneShotMatch['confidence'],
          isAmbiguous: false,
          note: EVIDENCE_OF_SCORE[score] as string,
        });
      }
    }
    const tied: [number, number][] = [];
    for (let c = 0; c < calls.length; c++)
      if (!isCallDone[c]) for (const k of candidatesOfCall(c)) tied.push([c, k]);
    for (const [c, k] of tied) {
      const callCount = candidatesOfChild(k).length;
      const childCount = candidatesOfCall(c).length;
      matches.push({
        callSeq: (calls[c] as CandidateCall).seq,
        childId: (children[k] as CandidateChild).id,
        confidence: CONFIDENCE_OF_SCORE[score] as OneShotMatch['confidence'],
        isAmbiguous: true,
        note: `${EVIDENCE_OF_SCORE[score] as string}; ambiguous: ${childCount} children match this call and ${callCount} calls match this child equally`,
      });
    }
    for (const [c, k] of tied) isCallDone[c] = isChildDone[k] = true;
  }
  return matches.sort(
    (a, b) => a.callSeq - b.callSeq || (a.childId < b.childId ? -1 : a.childId > b.childId ? 1 : 0),
  );
}
