// How a session id is shortened on screen, for every place that names a session (the session list,
// the links between sessions, the parent link): ids are keys, never shortened in data.

import { revealInvisibleCharacters } from '../shared/visible-text.ts';

/**
 * A short id for labels: the first 8 code points after a `session-` prefix (ids are keys: never
 * shortened in data), through the one cleaner: an id is untrusted text, and a U+202E in it would
 * flip the rest of its row. Every id shown goes through here or through VisibleText.
 */
export function shortId(id: string): string {
  return revealInvisibleCharacters(
    Array.from(id.replace(/^session-/, ''))
      .slice(0, 8)
      .join(''),
  );
}
