// One row of the events pane: seq, time offset, type, one-line summary, packed-row origin.
import { memo } from 'react';
import type { EventRow } from '../../../log/index.ts';
import { formatOffset } from '../../shared/format.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { colorOfEventType } from './event-colors.ts';

interface EventRowViewProps {
  seq: number;
  /** Null while the row's block is loading. */
  row: EventRow | undefined;
  firstTime: number;
  isCursor: boolean;
  isSelected: boolean;
  hasProblem: boolean;
  onSelect: (seq: number) => void;
}

/** One row filling its fixed-height slot (the list layout sets the height); keyed and tagged by seq. */
export const EventRowView = memo(function EventRowView({
  seq,
  row,
  firstTime,
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
  return (
    <div
      role="row"
      data-seq={seq}
      aria-current={isCursor ? 'true' : undefined}
      onClick={() => onSelect(seq)}
      className={`flex h-full cursor-pointer items-center gap-2 whitespace-nowrap border-l-2 px-2 font-mono text-[11.5px] leading-none ${
        isCursor ? 'border-sky-500' : hasProblem ? 'border-red-500' : 'border-transparent'
      } ${background}`}
    >
      <span className="w-16 shrink-0 text-right tabular-nums text-zinc-500 dark:text-zinc-400">{seq}</span>
      <span className="w-24 shrink-0 text-right tabular-nums text-zinc-400 dark:text-zinc-500">
        {row ? formatOffset(row.time - firstTime) : ''}
      </span>
      {row ? (
        <>
          <span className={`w-44 shrink-0 truncate ${colorOfEventType(row.type)}`} title={row.type}>
            {revealInvisibleCharacters(row.type)}
          </span>
          <span className="w-24 shrink-0">
            {row.member >= 0 && (
              <span
                className="rounded bg-zinc-100 px-1 text-[10px] text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
                title={`Member ${row.member} of the packed chunk row on line ${row.lineNumber}`}
              >
                L{row.lineNumber}·{row.member}
              </span>
            )}
          </span>
          <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">
            {revealInvisibleCharacters(row.summary)}
          </span>
        </>
      ) : (
        <span className="h-2 w-48 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
      )}
    </div>
  );
});
