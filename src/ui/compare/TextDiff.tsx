// Two texts with their differences marked in place: removed (only in A) struck through in rose,
// added (only in B) underlined in sky. Untrusted: shown as text, invisible characters revealed.

import { useMemo } from 'react';
import { diffTexts } from '../../log/index.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';

/** Above this many characters a side is cut (the diff of the whole text is still computed). */
const SHOWN_CHARS_MAX = 40_000;

/** `show`: one side's text (common parts and its own), or both interleaved (the default). */
export function TextDiff({
  a,
  b,
  byLines = false,
  show = 'both',
}: {
  a: string;
  b: string;
  byLines?: boolean;
  show?: 'a' | 'b' | 'both';
}) {
  const all = useMemo(() => diffTexts(a, b, byLines), [a, b, byLines]);
  const parts = show === 'both' ? all : all.filter((part) => part.side === 'both' || part.side === show);
  let shown = 0;
  return (
    <div className="untrusted-text whitespace-pre-wrap break-words font-mono text-xs" data-testid="text-diff">
      {parts.map((part, index) => {
        if (shown > SHOWN_CHARS_MAX) return null;
        shown += part.text.length;
        const text = revealInvisibleCharacters(part.text);
        if (part.side === 'both') return <span key={index}>{text}</span>;
        return part.side === 'a' ? (
          <del
            key={index}
            data-side="a"
            className="bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200"
          >
            {text}
          </del>
        ) : (
          <ins
            key={index}
            data-side="b"
            className="bg-sky-100 text-sky-900 no-underline dark:bg-sky-950 dark:text-sky-200"
          >
            {text}
          </ins>
        );
      })}
      {shown > SHOWN_CHARS_MAX && (
        <span className="text-zinc-500"> … (cut at {SHOWN_CHARS_MAX.toLocaleString('en')} characters)</span>
      )}
    </div>
  );
}
