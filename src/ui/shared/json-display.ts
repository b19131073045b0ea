// Prepares an untrusted JSON value for the tree view: strings made visible and cut, depth bounded.

import { readDeepValueText } from '../../log/index.ts';
import { previewText, revealInvisibleCharacters } from './visible-text.ts';

/** Longest string shown in the JSON tree (characters); the rest is summarized. */
const JSON_STRING_PREVIEW_CHARS = 4_000;
/** Deeper levels are replaced by a note (the tree would be unusable, and recursion unbounded). */
export const JSON_DEPTH_MAX = 64;

/** A display copy of `value`: safe strings, bounded depth, `__proto__`-style keys kept as plain data. */
export function prepareJsonForDisplay(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    const preview = previewText(value, JSON_STRING_PREVIEW_CHARS);
    const shown = revealInvisibleCharacters(preview.text);
    return preview.hiddenChars > 0
      ? `${shown}… (${preview.hiddenChars.toLocaleString('en-US')} more characters)`
      : shown;
  }
  if (value === null || typeof value !== 'object') return value;
  // A value the core found nested too deeply to hand out as data (base/deep-values.ts): its text.
  const deepText = readDeepValueText(value);
  if (deepText !== null)
    return prepareJsonForDisplay(`(nested too deeply to show as a tree; its JSON:) ${deepText}`, depth);
  if (depth >= JSON_DEPTH_MAX) return `… (nested deeper than ${JSON_DEPTH_MAX} levels)`;
  if (Array.isArray(value)) return value.map((item) => prepareJsonForDisplay(item, depth + 1));
  // A null-prototype object: a key named __proto__ stays an ordinary key.
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[revealInvisibleCharacters(key)] = prepareJsonForDisplay(item, depth + 1);
  }
  return copy;
}
