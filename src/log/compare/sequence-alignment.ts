// A longest-common-subsequence match of two keyed sequences (the `diff` package's Myers diff over the
// keys, not a hand-written one), with the unmatched items between two matches paired by order: a
// person reading two runs side by side puts the third differing step beside the third, not below.

import { diffArrays } from 'diff';

/** One row of an alignment: indexes into a and b; null on the side that has no item there. */
export interface AlignedPair {
  a: number | null;
  b: number | null;
  /** True when the LCS matched the two by key; false for items paired by order inside a gap. */
  isKeyMatch: boolean;
}

/**
 * Aligns two key sequences. Matched keys come from the LCS; in each gap between matches the i-th
 * item only in a is paired with the i-th item only in b, and the longer side's rest stays alone.
 */
export function alignKeys(aKeys: readonly number[], bKeys: readonly number[]): AlignedPair[] {
  return alignItems(aKeys, bKeys, (a, b) => a === b);
}

/** alignKeys over items compared by `isSame` (items whose keys are computed only when compared). */
export function alignItems<T>(
  aItems: readonly T[],
  bItems: readonly T[],
  isSame: (a: T, b: T) => boolean,
): AlignedPair[] {
  // Equal sequences (most steps and calls of two related runs) match one to one: what the diff gives.
  if (aItems.length === bItems.length && aItems.every((item, index) => isSame(item, bItems[index] as T)))
    return aItems.map((_, index) => ({ a: index, b: index, isKeyMatch: true }));
  const pairs: AlignedPair[] = [];
  let aIndex = 0;
  let bIndex = 0;
  let gapA: number[] = [];
  let gapB: number[] = [];
  const flushGap = (): void => {
    const paired = Math.min(gapA.length, gapB.length);
    for (let index = 0; index < paired; index++)
      pairs.push({ a: gapA[index] as number, b: gapB[index] as number, isKeyMatch: false });
    for (let index = paired; index < gapA.length; index++)
      pairs.push({ a: gapA[index] as number, b: null, isKeyMatch: false });
    for (let index = paired; index < gapB.length; index++)
      pairs.push({ a: null, b: gapB[index] as number, isKeyMatch: false });
    gapA = [];
    gapB = [];
  };
  for (const change of diffArrays([...aItems], [...bItems], { comparator: isSame })) {
    if (change.removed) for (let n = 0; n < change.count; n++) gapA.push(aIndex++);
    else if (change.added) for (let n = 0; n < change.count; n++) gapB.push(bIndex++);
    else {
      flushGap();
      for (let n = 0; n < change.count; n++) pairs.push({ a: aIndex++, b: bIndex++, isKeyMatch: true });
    }
  }
  flushGap();
  return pairs;
}
