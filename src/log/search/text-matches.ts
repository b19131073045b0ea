// Where a searched text occurs in one shown string, ignoring case the way the text index does
// (String.prototype.toLowerCase on both sides), as offsets into the shown string. The one matcher
// of the worker (the snippets of a search across sessions) and of the DOM (the highlights, which
// cover these offsets with Ranges).

/** Half-open [start, end) offsets (UTF-16 code units) of each occurrence, in order, not overlapping. */
export type TextMatch = readonly [start: number, end: number];

/**
 * The occurrences of `needle` (already lower case) in `text`, ignoring case. When lower-casing
 * changes lengths (`İ` becomes two code units), offsets are mapped back through each character.
 */
export function findTextMatches(text: string, needle: string): TextMatch[] {
  if (needle === '' || text.length === 0) return [];
  const lower = text.toLowerCase();
  const matches: TextMatch[] = [];
  if (lower.length === text.length) {
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length))
      matches.push([at, at + needle.length]);
    return matches;
  }
  // Offset in `lower` → offset in `text`, one entry per code unit of `lower` (and one past the end).
  const toOriginal: number[] = [];
  let original = 0;
  for (const character of text) {
    const folded = character.toLowerCase();
    for (let i = 0; i < folded.length; i++) toOriginal.push(original);
    original += character.length;
  }
  toOriginal.push(text.length);
  // Per character folding can differ from the whole string's (final sigma); fall back to its text.
  const folded = [...text].map((character) => character.toLowerCase()).join('');
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    const start = toOriginal[at] as number;
    // The end covers the whole character whose fold the match ends in.
    let end = toOriginal[at + needle.length] as number;
    if (end <= start) end = start + 1;
    matches.push([start, end]);
  }
  return matches;
}
