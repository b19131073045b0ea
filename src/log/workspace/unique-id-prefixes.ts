// The shortest prefix of each id that tells it apart from every other id of a list: what a list of
// sessions shows of ids that share a long stem ("preview-…", "session-…"). Ids are keys and are
// never shortened in data; this is for labels only.

/**
 * For each distinct id, the shortest prefix of at least `minLength` code points that no other id of
 * `ids` starts with (the whole id when another id starts with all of it). Code points, not UTF-16
 * units, so a prefix never cuts a character in two. Sorting makes it O(n log n · length): an id's
 * nearest rivals are its neighbours in sorted order.
 */
export function uniqueIdPrefixes(ids: readonly string[], minLength = 8): Map<string, string> {
  const points = [...new Set(ids)].map((id) => ({ id, chars: Array.from(id) }));
  points.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const prefixes = new Map<string, string>();
  for (let index = 0; index < points.length; index += 1) {
    const { id, chars } = points[index]!;
    const shared = Math.max(
      sharedLength(chars, points[index - 1]?.chars),
      sharedLength(chars, points[index + 1]?.chars),
    );
    const length = Math.min(chars.length, Math.max(minLength, shared + 1));
    prefixes.set(id, chars.slice(0, length).join(''));
  }
  return prefixes;
}

/** How many code points `a` and `b` share at their start (0 without `b`). */
function sharedLength(a: readonly string[], b: readonly string[] | undefined): number {
  if (b === undefined) return 0;
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}
