// Binary search over sorted data: the one implementation every "first at or after / last at or
// before this seq" lookup of the core, the store and the panes uses.

/**
 * The first index in `[0, length)` at which `isPast(index)` is true, or `length` when it never is.
 * `isPast` must be monotone over the range (false … false, true … true); it is called about
 * log2(length) times and never outside the range.
 */
export function findFirstIndex(length: number, isPast: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Index of the first item whose key is at or above `value` (a lower bound), or `sorted.length`
 * when every key is below it. Keys (the items themselves, or `keyOf(item)`) must be ascending.
 */
export function findFirstAtOrAbove(sorted: ArrayLike<number>, value: number): number;
export function findFirstAtOrAbove<T>(
  sorted: ArrayLike<T>,
  value: number,
  keyOf: (item: T) => number,
): number;
export function findFirstAtOrAbove<T>(
  sorted: ArrayLike<T>,
  value: number,
  keyOf?: (item: T) => number,
): number {
  return countKeysBelow(sorted, value, keyOf, false);
}

/**
 * Index of the last item whose key is at or below `value`, or -1 when every key is above it.
 * Keys (the items themselves, or `keyOf(item)`) must be ascending; among equal keys the last wins.
 */
export function findLastAtOrBelow(sorted: ArrayLike<number>, value: number): number;
export function findLastAtOrBelow<T>(sorted: ArrayLike<T>, value: number, keyOf: (item: T) => number): number;
export function findLastAtOrBelow<T>(
  sorted: ArrayLike<T>,
  value: number,
  keyOf?: (item: T) => number,
): number {
  return countKeysBelow(sorted, value, keyOf, true) - 1;
}

/**
 * How many leading keys are below `value` (or at most `value` when `isInclusive`). Its own loop,
 * not `findFirstIndex` with a closure, so a search allocates nothing. Hot paths search a number
 * column (no `keyOf`): through a shared key function the call sites go megamorphic, which cost the
 * model view's per-node lookup about 40 % on the bench log.
 */
function countKeysBelow<T>(
  sorted: ArrayLike<T>,
  value: number,
  keyOf: ((item: T) => number) | undefined,
  isInclusive: boolean,
): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const key = keyOf === undefined ? (sorted[middle] as number) : keyOf(sorted[middle] as T);
    if (key < value || (isInclusive && key === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}
