// One row of the events pane: seq, time offset, type, one-line summary, packed-row origin.
import { memo } from 'react';
import type { EventRow } from '../../../log/index.ts';
import { formatOffset } from '../../shared/format.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { colorOfEventType } from './event-colors.ts';

interface EventRowViewProps {
  seq: number;
  /** Undefined while the row's block is loading. */
  row: EventRow | undefined;
  firstTime: number;
  heightPx: number;
  isCursor: boolean;
  /** The row of the event the detail is pinned to. */
  isPinned: boolean;
  hasProblem: boolean;
  onSelect: (seq: number) => void;
}

/**
 * One fixed-height row, tagged by seq. Kept to a row element and five text spans: a far cursor jump
 * builds a few dozen of these at once, and style and layout cost grows with every element.
 */
export const EventRowView = memo(function EventRowView({
  seq,
  row,
  firstTime,
  heightPx,
  isCursor,
  isPinned,
  hasProblem,
  onSelect,
}: EventRowViewProps) {
  const background = isCursor
    ? 'bg-sky-100 dark:bg-sky-900/50'
    : isPinned
      ? 'bg-amber-50 dark:bg-amber-900/30'
      : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/60';
  const isPacked = row !== undefined && row.member >= 0;
  return (
    <div
      role="row"
      data-seq={seq}
      // 'loading' while the block's rows are on their way (tests and benchmarks wait for 'loaded').
      data-state={row ? 'loaded' : 'loading'}
      aria-current={isCursor ? 'true' : undefined}
      onClick={() => onSelect(seq)}
      style={{ height: heightPx }}
      // A grid with fixed columns: each cell is one span (the packed badge hugs its text with
      // justify-self-start instead of needing a wrapper).
      className={`grid cursor-pointer grid-cols-[4rem_5.5rem_9.5rem_4.5rem_minmax(0,1fr)] items-center gap-2 whitespace-nowrap border-l-2 px-2 font-mono text-[11.5px] leading-none ${
        isCursor
          ? 'border-sky-500'
          : hasProblem
            ? 'border-red-500'
            : isPinned
              ? 'border-amber-500'
              : 'border-transparent'
      } ${background}`}
    >
      <span className="text-right tabular-nums text-zinc-500 dark:text-zinc-400">{seq}</span>
      <span className="text-right tabular-nums text-zinc-400 dark:text-zinc-500">
        {row ? formatOffset(row.time - firstTime) : ''}
      </span>
      <span className={`truncate ${row ? colorOfEventType(row.type) : 'text-zinc-400'}`} title={row?.type}>
        {row ? revealInvisibleCharacters(row.type) : '…'}
      </span>
      <span
        className={`max-w-full justify-self-start truncate text-[10px] text-zinc-500 dark:text-zinc-400 ${isPacked ? 'rounded bg-zinc-100 px-1 py-0.5 dark:bg-zinc-800' : ''}`}
        title={
          isPacked ? `Member ${row.member} of the packed chunk row on line ${row.lineNumber}` : undefined
        }
      >
        {isPacked ? `L${row.lineNumber}·${row.member}` : ''}
      </span>
      <span className="truncate text-zinc-700 dark:text-zinc-300">
        {row ? revealInvisibleCharacters(row.summary) : ''}
      </span>
    </div>
  );
});
