// In-text differences for the compare view (issue 23): the `diff` package's word diff for messages
// and results, its line diff for long texts such as a system prompt. Parts are plain text, shown as text.

import { diffLines, diffWordsWithSpace } from 'diff';

export interface TextDiffPart {
  text: string;
  /** `a`: only in the first text; `b`: only in the second; `both`: common. */
  side: 'a' | 'b' | 'both';
}

/** Above this many characters (either side) texts are compared line by line: word diffs grow O(ND). */
const WORD_DIFF_MAX_CHARS = 20_000;

/** The differences of two texts, in reading order; `byLines` forces a line diff. */
export function diffTexts(a: string, b: string, byLines = false): TextDiffPart[] {
  if (a === b) return [{ text: a, side: 'both' }];
  const isLong = byLines || a.length > WORD_DIFF_MAX_CHARS || b.length > WORD_DIFF_MAX_CHARS;
  const changes = isLong ? diffLines(a, b) : diffWordsWithSpace(a, b);
  return changes.map((change) => ({
    text: change.value,
    side: change.added ? 'b' : change.removed ? 'a' : 'both',
  }));
}
