// How much of an id to show so that it names one session of a list (issue 27: two sessions whose
// ids share their first 8 characters showed as one). The UI and the CLI show ids through this;
// the ids themselves, keys everywhere, are never shortened. The result is raw text: it goes through
// the one cleaner (visible-text.ts) where it is shown.

export interface UniqueIdPrefixOptions {
  /** Code points shown at least (the whole id when it is shorter). */
  minChars: number;
  /** A prefix every id may carry (dsh's `session-`), left out when what follows is still unique. */
  dropPrefix?: string;
}

/** Code units the two strings share from their start. */
function commonUnits(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let at = 0;
  while (at < end && a.charCodeAt(at) === b.charCodeAt(at)) at += 1;
  return at;
}

/** Code units of the first `chars` code points of `text`. */
function unitsOfChars(text: string, chars: number): number {
  let units = 0;
  for (let count = 0; count < chars && units < text.length; count += 1) {
    const code = text.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff && units + 1 < text.length ? 2 : 1;
  }
  return units;
}

/**
 * For each distinct id of `ids`: the shortest start of it (without `dropPrefix`) that is at least
 * `minChars` code points long and that no other id of `ids` starts with — so two shown ids never
 * look the same. An id that another one starts with is shown whole (it cannot be told apart by a
 * prefix); ids that are equal once the prefix is dropped (`session-a` and `a`) keep it. Never
 * splits a surrogate pair. O(n log n) in the ids (one sort; only neighbours in it are compared).
 */
export function uniqueIdPrefixes(
  ids: Iterable<string>,
  { minChars, dropPrefix = '' }: UniqueIdPrefixOptions,
): Map<string, string> {
  const distinct = [...new Set(ids)];
  const keyOf = new Map<string, string>();
  const owners = new Map<string, number>();
  for (const id of distinct) {
    const key = dropPrefix !== '' && id.startsWith(dropPrefix) ? id.slice(dropPrefix.length) : id;
    keyOf.set(id, key);
    owners.set(key, (owners.get(key) ?? 0) + 1);
  }
  // Two ids that would show the same key keep their whole text.
  for (const id of distinct) if ((owners.get(keyOf.get(id) as string) as number) > 1) keyOf.set(id, id);
  const keys = distinct.map((id) => keyOf.get(id) as string);
  const sorted = [...new Set(keys)].sort();
  const needed = new Map<string, number>();
  for (let index = 0; index < sorted.length; index += 1) {
    const key = sorted[index] as string;
    const before = index > 0 ? commonUnits(key, sorted[index - 1] as string) : 0;
    const after = index + 1 < sorted.length ? commonUnits(key, sorted[index + 1] as string) : 0;
    needed.set(key, Math.max(before, after) + 1);
  }
  const shown = new Map<string, string>();
  for (const id of distinct) {
    const key = keyOf.get(id) as string;
    // A kept prefix does not count towards the characters shown.
    const kept = dropPrefix !== '' && key === id && id.startsWith(dropPrefix) ? dropPrefix.length : 0;
    let units = Math.max(needed.get(key) as number, kept + unitsOfChars(key.slice(kept), minChars));
    const last = key.charCodeAt(units - 1);
    if (last >= 0xd800 && last <= 0xdbff) units += 1;
    shown.set(id, units >= key.length ? key : key.slice(0, units));
  }
  return shown;
}
