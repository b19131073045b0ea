// Keeps a list the same object when a recomputation gives the same numbers: a followed log's
// summary comes with every append, and a selector that sees a new array renders (and redraws) again.

/** `before` when it holds the same numbers as `after` (selectors of it see no change), else `after`. */
export function sameOrNew(before: number[] | undefined, after: number[]): number[] {
  if (before === undefined || before.length !== after.length) return after;
  for (let index = 0; index < after.length; index++) if (before[index] !== after[index]) return after;
  return before;
}
