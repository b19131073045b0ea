// Renders untrusted text as text: invisible characters as marks, long text behind an expander.
import { useMemo, useState } from 'react';
import { previewText, segmentVisibleText, TEXT_PREVIEW_CHARS } from './visible-text.ts';
import { formatCount } from './format.ts';

/** Plain, inert text. `maxChars` is the preview length before "Show all" (characters). */
export function VisibleText({ text, maxChars = TEXT_PREVIEW_CHARS }: { text: string; maxChars?: number }) {
  const [isExpanded, setExpanded] = useState(false);
  const preview = useMemo(
    () => (isExpanded ? { text, hiddenChars: 0 } : previewText(text, maxChars)),
    [text, maxChars, isExpanded],
  );
  const segments = useMemo(() => segmentVisibleText(preview.text), [preview.text]);
  return (
    <span className="untrusted-text">
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <span
            // Segments never reorder: the index is a stable key within one text.
            key={index}
            title={segment.title}
            className={
              segment.kind === 'mark'
                ? 'mx-px rounded bg-amber-200 px-0.5 text-[0.85em] text-amber-900 dark:bg-amber-900/60 dark:text-amber-200'
                : 'rounded bg-zinc-200 px-0.5 text-[0.85em] text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300'
            }
          >
            {segment.text}
          </span>
        ),
      )}
      {preview.hiddenChars > 0 && (
        <button
          type="button"
          className="ml-1 rounded border border-zinc-300 px-1 text-xs text-sky-700 hover:bg-zinc-100 dark:border-zinc-600 dark:text-sky-300 dark:hover:bg-zinc-800"
          onClick={() => setExpanded(true)}
        >
          … show all ({formatCount(preview.hiddenChars)} more characters)
        </button>
      )}
    </span>
  );
}
