// One block of up to BLOCK_ROWS fixed-height event rows, the unit both event lists virtualize: the
// full list (rows are consecutive seqs) and the narrowed one (rows are the facets' seqs).
import { memo } from 'react';
import type { EventRow } from '../../../log/index.ts';
import { EventRowView } from './EventRowView.tsx';

interface RowBlockProps {
  /** The list's seqs, or null when the list is every event (row index = seq). */
  seqs: Int32Array | null;
  /** The block's first row index in its list. */
  firstRow: number;
  rowCount: number;
  rowHeightPx: number;
  /** The block's rows from the worker, or undefined while they load. */
  rows: readonly EventRow[] | undefined;
  firstTime: number;
  /** The cursor, nearest-row and pinned seqs when they fall inside this block, else -1 (so other blocks skip re-rendering). */
  cursorSeq: number;
  nearSeq?: number;
  pinnedSeq: number;
  problemSet: ReadonlySet<number>;
  /** Seqs below this were inherited from the parent (0: none). */
  inheritedEvents: number;
  onSelect: (seq: number) => void;
}

/** The block's rows keyed by seq; re-renders only when its rows, cursor, near row or pin change. */
export const RowBlock = memo(function RowBlock({
  seqs,
  firstRow,
  rowCount,
  rowHeightPx,
  rows,
  firstTime,
  cursorSeq,
  nearSeq = -1,
  pinnedSeq,
  problemSet,
  inheritedEvents,
  onSelect,
}: RowBlockProps) {
  const children = [];
  for (let offset = 0; offset < rowCount; offset++) {
    const rowIndex = firstRow + offset;
    const seq = seqs === null ? rowIndex : (seqs[rowIndex] as number);
    const row = rows?.[offset];
    children.push(
      <EventRowView
        key={seq}
        seq={seq}
        rowIndex={rowIndex}
        // A block fetched for an older list may be on screen for a frame: only a row of this seq counts.
        row={row?.seq === seq ? row : undefined}
        firstTime={firstTime}
        heightPx={rowHeightPx}
        isCursor={seq === cursorSeq}
        isNearCursor={seq === nearSeq}
        isPinned={seq === pinnedSeq}
        hasProblem={problemSet.has(seq)}
        inheritance={seq >= inheritedEvents ? undefined : seq === inheritedEvents - 1 ? 'last' : 'inherited'}
        onSelect={onSelect}
      />,
    );
  }
  return <>{children}</>;
});
