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
  isSelected: boolean;
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
  isSelected,
  hasProblem,
  onSelect,
}: EventRowViewProps) {
  const background = isCursor
    ? 'bg-sky-100 dark:bg-sky-900/50'
    : isSelected
      ? 'bg-zinc-100 dark:bg-zinc-800'
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
      className={`flex cursor-pointer items-center gap-2 whitespace-nowrap border-l-2 px-2 font-mono text-[11.5px] leading-none ${
        isCursor ? 'border-sky-500' : hasProblem ? 'border-red-500' : 'border-transparent'
      } ${background}`}
    >
      <span className="w-16 shrink-0 text-right tabular-nums text-zinc-500 dark:text-zinc-400">{seq}</span>
      <span className="w-24 shrink-0 text-right tabular-nums text-zinc-400 dark:text-zinc-500">
        {row ? formatOffset(row.time - firstTime) : ''}
      </span>
      <span
        className={`w-44 shrink-0 truncate ${row ? colorOfEventType(row.type) : 'text-zinc-400'}`}
        title={row?.type}
      >
        {row ? revealInvisibleCharacters(row.type) : '…'}
      </span>
      <span
        className={`w-24 shrink-0 truncate text-[10px] text-zinc-500 dark:text-zinc-400 ${isPacked ? 'rounded bg-zinc-100 px-1 dark:bg-zinc-800' : ''}`}
        title={
          isPacked ? `Member ${row.member} of the packed chunk row on line ${row.lineNumber}` : undefined
        }
      >
        {isPacked ? `L${row.lineNumber}·${row.member}` : ''}
      </span>
      <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">
        {row ? revealInvisibleCharacters(row.summary) : ''}
      </span>
    </div>
  );
});
