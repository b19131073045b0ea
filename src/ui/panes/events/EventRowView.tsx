// One row of the events pane: seq, time offset, type, one-line summary, packed-row origin.
import { memo } from 'react';
import type { EventRow } from '../../../log/index.ts';
import { formatOffset } from '../../shared/format.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { colorOfEventType } from './event-kind-cards.ts';

interface EventRowViewProps {
  seq: number;
  /** Undefined while the row's block is loading. */
  row: EventRow | undefined;
  firstTime: number;
  heightPx: number;
  isCursor: boolean;
  /** In a narrowed list: the row nearest the cursor, whose own event the list leaves out. */
  isNearCursor?: boolean;
  /** The row's place in the list (0-based) when it is not the seq: a narrowed list's rows. */
  rowIndex?: number;
  /** The row of the event the detail is pinned to. */
  isPinned: boolean;
  hasProblem: boolean;
  /**
   * A forked child's inherited prefix (FORMAT.md §8.1): 'inherited' rows are shaded, the 'last' one
   * also draws the divider to the child's own events under it.
   */
  inheritance?: 'inherited' | 'last';
  onSelect: (seq: number) => void;
}

/**
 * One fixed-height row, tagged by seq. Kept to a row element and four text spans: a far cursor jump
 * builds a few dozen of these at once, and style and layout cost grows with every element.
 */
export const EventRowView = memo(function EventRowView({
  seq,
  row,
  firstTime,
  heightPx,
  isCursor,
  isNearCursor = false,
  rowIndex = seq,
  isPinned,
  hasProblem,
  inheritance,
  onSelect,
}: EventRowViewProps) {
  const background = isCursor
    ? 'bg-sky-100 dark:bg-sky-900/50'
    : isPinned
      ? 'bg-amber-50 dark:bg-amber-900/30'
      : inheritance !== undefined
        ? 'bg-zinc-100 hover:bg-zinc-200/70 dark:bg-zinc-800/50 dark:hover:bg-zinc-800'
        : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/60';
  const isPacked = row !== undefined && row.member >= 0;
  return (
    <div
      role="row"
      data-seq={seq}
      // 'loading' while the block's rows are on their way (tests and benchmarks wait for 'loaded').
      data-state={row ? 'loaded' : 'loading'}
      data-inherited={inheritance !== undefined ? 'true' : undefined}
      data-inherited-last={inheritance === 'last' ? 'true' : undefined}
      title={
        inheritance !== undefined
          ? 'Inherited from the parent session (copied when this session was forked)'
          : undefined
      }
      aria-current={isCursor ? 'true' : undefined}
      aria-selected={isCursor}
      aria-rowindex={rowIndex + 1}
      data-cursor-near={isNearCursor ? 'true' : undefined}
      onClick={() => onSelect(seq)}
      style={{ height: heightPx }}
      // A grid with fixed columns: each cell is one span. Narrower than 32rem (the events pane at a
      // 1024 px window), the time column goes (the detail shows the time) so the summary keeps
      // room for about 30 characters; the packed-row badge sits inside the summary cell.
      className={`grid cursor-pointer grid-cols-[3.5rem_8rem_minmax(0,1fr)] items-center gap-2 whitespace-nowrap border-l-2 px-2 font-mono text-[11.5px] leading-none @lg:grid-cols-[4rem_5.5rem_9.5rem_minmax(0,1fr)] ${
        isCursor
          ? 'border-sky-500'
          : isNearCursor
            ? 'border-dashed border-sky-500'
            : hasProblem
              ? 'border-red-500'
              : isPinned
                ? 'border-amber-500'
                : 'border-transparent'
      } ${inheritance === 'last' ? 'border-b-2 border-b-violet-500 border-dashed dark:border-b-violet-400' : ''} ${background}`}
    >
      <span role="gridcell" className="text-right tabular-nums text-zinc-600 dark:text-zinc-400">
        {seq}
      </span>
      <span
        role="gridcell"
        className="hidden text-right tabular-nums text-zinc-600 @lg:block dark:text-zinc-400"
      >
        {row ? formatOffset(row.time - firstTime) : ''}
      </span>
      <span
        role="gridcell"
        className={`truncate ${row && inheritance === undefined ? colorOfEventType(row.type) : 'text-zinc-600 dark:text-zinc-400'}`}
        title={row?.type}
      >
        {row ? revealInvisibleCharacters(row.type) : '…'}
      </span>
      <span
        role="gridcell"
        className={`truncate ${inheritance !== undefined ? 'italic text-zinc-600 dark:text-zinc-400' : 'text-zinc-700 dark:text-zinc-300'}`}
      >
        {isPacked && (
          <span
            className="mr-1.5 rounded bg-zinc-100 px-1 py-0.5 text-[10px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            title={`Member ${row.member} of the packed chunk row on line ${row.lineNumber}`}
          >
            L{row.lineNumber}·{row.member}
          </span>
        )}
        {row ? revealInvisibleCharacters(row.summary) : ''}
      </span>
    </div>
  );
});
