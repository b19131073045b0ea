// Renders untrusted text as text: invisible characters as marks, long text behind an expander, and
// expanded long text in pieces, a few per frame, so "Show all" on megabytes is no long task.
import { memo, useEffect, useMemo, useState } from 'react';
import { previewText, segmentVisibleText, splitTextIntoChunks, TEXT_PREVIEW_CHARS } from './visible-text.ts';
import { formatCount } from './format.ts';

/**
 * Characters per piece of expanded text (each its own block, laid out once): a 5 MB tool result
 * took one 1.5 s task as one text node; 16 K characters segment, commit and lay out in a few ms.
 */
const SHOW_ALL_CHUNK_CHARS = 16_384;
/** Pieces added per animation frame while expanded text is still being rendered. */
const SHOW_ALL_CHUNKS_PER_FRAME = 2;

/** Plain, inert text. `maxChars` is the preview length before "Show all" (characters). */
export function VisibleText({ text, maxChars = TEXT_PREVIEW_CHARS }: { text: string; maxChars?: number }) {
  const [isExpanded, setExpanded] = useState(false);
  const preview = useMemo(() => previewText(text, maxChars), [text, maxChars]);
  if (isExpanded && text.length > SHOW_ALL_CHUNK_CHARS) return <ProgressiveText text={text} />;
  return (
    <span className="untrusted-text">
      <TextSegments text={isExpanded ? text : preview.text} />
      {!isExpanded && preview.hiddenChars > 0 && (
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

/**
 * All of `text`, rendered in pieces: the first at once, then SHOW_ALL_CHUNKS_PER_FRAME more each
 * animation frame, each piece a block of its own (pieces end at line feeds where they can, so the
 * text reads the same) that is never re-rendered.
 */
function ProgressiveText({ text }: { text: string }) {
  const chunks = useMemo(() => splitTextIntoChunks(text, SHOW_ALL_CHUNK_CHARS), [text]);
  // Once per text, not per frame: every frame re-renders the pieces shown so far.
  const chunkHeightsPx = useMemo(() => chunks.map(estimateChunkHeightPx), [chunks]);
  const [shownCount, setShownCount] = useState(1);
  useEffect(() => {
    if (shownCount >= chunks.length) return;
    const frame = requestAnimationFrame(() =>
      setShownCount((count) => Math.min(chunks.length, count + SHOW_ALL_CHUNKS_PER_FRAME)),
    );
    return () => cancelAnimationFrame(frame);
  }, [shownCount, chunks.length]);
  const pendingChars = useMemo(
    () => chunks.slice(shownCount).reduce((sum, chunk) => sum + chunk.length, 0),
    [chunks, shownCount],
  );
  return (
    <span className="untrusted-text" data-testid="progressive-text" data-pending-chars={pendingChars}>
      {chunks.slice(0, shownCount).map((chunk, index) => (
        // Pieces never reorder: the index is their identity. Off-screen pieces skip layout and
        // paint (content-visibility), or each frame's paint walk would cover all pieces so far.
        <span
          key={index}
          className="block"
          style={{
            contentVisibility: 'auto',
            containIntrinsicSize: `auto ${chunkHeightsPx[index]}px`,
          }}
        >
          <TextSegments text={chunk} />
        </span>
      ))}
      {pendingChars > 0 && (
        <span className="block text-xs text-zinc-500">
          … {formatCount(pendingChars)} more characters coming
        </span>
      )}
    </span>
  );
}

/** Line height of the monospace text-xs the long texts are shown in (px). */
const CHUNK_LINE_HEIGHT_PX = 16;

/** A piece's height before it is first laid out: its line count at one line each (wrapping adds more). */
function estimateChunkHeightPx(chunk: string): number {
  let lines = 1;
  for (let at = chunk.indexOf('\n'); at >= 0 && at < chunk.length - 1; at = chunk.indexOf('\n', at + 1))
    lines++;
  return lines * CHUNK_LINE_HEIGHT_PX;
}

/** One text as segments: plain text, and marks for what the cleaner makes visible. Memoized per text. */
const TextSegments = memo(function TextSegments({ text }: { text: string }) {
  const segments = useMemo(() => segmentVisibleText(text), [text]);
  return segments.map((segment, index) =>
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
  );
});
