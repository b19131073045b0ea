// Tool names that look like a declared tool but are not one (issue 12, "Spoofing"): a plugin or a
// hostile log can call `read_fіle` (Cyrillic і) or `bash` with a zero-width space, and a reader who
// sees "read_file" would trust it. Homoglyphs are found with Unicode's confusables mapping
// (UTS #39 confusables.txt, as packaged by `unhomoglyph`), invisible characters with the cleaner.
import unhomoglyph from 'unhomoglyph';
import { stripInvisibleCharacters } from '../base/visible-text.ts';

/** A called tool name that is not declared but looks like the declared `lookalike`. */
export interface ConfusableTool {
  name: string;
  lookalike: string;
  /** `invisible`: the names are equal once invisible characters are taken out; `homoglyph`: they look alike. */
  reason: 'invisible' | 'homoglyph';
}

/**
 * Latin small capitals (ᴀ ʙ ᴄ …, "LATIN LETTER SMALL CAPITAL X"), which neither NFKC nor
 * confusables.txt folds, as the lower-case letters they read as (issue 27: `ʙᴀsʜ` passed for `bash`).
 */
const SMALL_CAPITALS: Record<string, string> = {
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ꞯ: 'q',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};
const SMALL_CAPITAL_PATTERN = new RegExp(`[${Object.keys(SMALL_CAPITALS).join('')}]`, 'gu');
/** Combining marks (after NFD) and every space (NBSP, thin, ideographic …): none tells two tool names apart to the eye. */
const MARKS_AND_SPACES = /[\p{M}\p{White_Space}\p{Zs}]/gu;

/**
 * The UTS #39 skeleton of a name, after compatibility folding (NFKC: fullwidth and styled letters,
 * which confusables.txt leaves to normalization), without the characters the cleaner marks, without
 * combining marks and spaces, and with small capitals read as letters. Two names with the same
 * skeleton look alike; the skeleton itself is not for showing.
 */
function skeletonOf(name: string): string {
  const folded = stripInvisibleCharacters(name)
    .normalize('NFKC')
    .normalize('NFD')
    .replace(SMALL_CAPITAL_PATTERN, (letter) => SMALL_CAPITALS[letter] as string)
    .replace(MARKS_AND_SPACES, '');
  return unhomoglyph(folded).normalize('NFD').replace(MARKS_AND_SPACES, '');
}

/**
 * For each name of `used` (in order, once each) that is not in `declared` but equals a declared
 * name once invisible characters are removed, or has the same skeleton as one: the flag. Names
 * that differ only in case are not flagged (the difference is visible).
 */
export function findConfusableTools(declared: readonly string[], used: readonly string[]): ConfusableTool[] {
  const declaredSet = new Set(declared);
  let skeletons: Map<string, string> | null = null;
  const flags: ConfusableTool[] = [];
  const seen = new Set<string>();
  for (const name of used) {
    if (declaredSet.has(name) || seen.has(name)) continue;
    seen.add(name);
    const visible = stripInvisibleCharacters(name);
    if (visible !== name && declaredSet.has(visible)) {
      flags.push({ name, lookalike: visible, reason: 'invisible' });
      continue;
    }
    // Skeletons of the declared names are made once, when a name needs them.
    skeletons ??= new Map(declared.map((tool) => [skeletonOf(tool), tool]));
    const lookalike = skeletons.get(skeletonOf(name));
    if (lookalike !== undefined && lookalike !== name) flags.push({ name, lookalike, reason: 'homoglyph' });
  }
  return flags;
}
