// The events list narrowed by the facets: only the seqs the selection keeps, row i showing seqs[i],
// virtualized in blocks of BLOCK_ROWS like the full list, its rows fetched by seq. The cursor may be
// on an event the list does not show: then the nearest row is marked and the note above says so.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { EventRow } from '../../../log/index.ts';
import { useBlockCache } from '../../../store/use-block-cache.ts';
import { aimedSeq } from '../../../store/cursor/cursor-slice.ts';
import { useViewer, useViewerStoreApi } from '../../../store/use-viewer.ts';
import { formatCount } from '../../shared/format.ts';
import { placeVirtualItem, useVirtualList } from '../../shared/use-virtual-list.ts';
import { RowBlock } from './RowBlock.tsx';
import {
  BLOCK_ROWS,
  computeListLayout,
  measureMaxElementHeightPx,
  scrollTopToKeepInView,
  scrollTopToReveal,
} from './list-layout.ts';
import { findCursorRow, seqForMove, type NarrowedMove } from './narrowed-rows.ts';

/** Block keys are numbers (strings cost a measurable allocation per block of a million-row list). */
const BLOCKS_PER_LIST_MAX = 2 ** 26;

/** A number per seq list shown (the answer of one filter query), for the virtualizer's item keys. */
const listIds = new WeakMap<Int32Array, number>();
let lastListId = 0;

function idOfList(seqs: Int32Array): number {
  let id = listIds.get(seqs);
  if (id === undefined) {
    id = ++lastListId;
    listIds.set(seqs, id);
  }
  return id;
}

/** Row blocks of a narrowed list kept on the main thread (≈ 2k rows). */
const CACHED_BLOCKS_MAX = 128;

const MOVE_OF_KEY: Record<string, NarrowedMove> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

interface NarrowedEventListProps {
  /** The seqs shown, ascending. */
  seqs: Int32Array;
  /** False while `seqs` are an older selection's (shown dimmed). */
  isCurrent: boolean;
  cursorSeq: number | null;
  pinnedSeq: number | null;
  problemSet: ReadonlySet<number>;
  /** Seqs 0 … inheritedEvents-1 were copied from the parent (a forked child; 0 otherwise). */
  inheritedEvents: number;
  firstTime: number;
  /** A row was clicked: a jump to its event. */
  onSelect: (seq: number) => void;
  /** ↑/↓/Home/End in the list: a step of the cursor to that row's event. */
  onStep: (seq: number) => void;
}

export function NarrowedEventList({
  seqs,
  isCurrent,
  cursorSeq,
  pinnedSeq,
  problemSet,
  inheritedEvents,
  firstTime,
  onSelect,
  onStep,
}: NarrowedEventListProps) {
  const client = useViewer((state) => state.client);
  const store = useViewerStoreApi();
  // The feed is made once: it reads the seqs of the moment through this ref, and is reset with them.
  const seqsRef = useRef(seqs);
  seqsRef.current = seqs;
  const fetchRows = useCallback(
    (start: number, count: number): Promise<EventRow[]> =>
      client.query({ kind: 'rows-at', seqs: Array.from(seqsRef.current.subarray(start, start + count)) }),
    [client],
  );
  const rows = useBlockCache(fetchRows, BLOCK_ROWS, seqs, CACHED_BLOCKS_MAX);

  const layout = useMemo(() => computeListLayout(seqs.length, measureMaxElementHeightPx()), [seqs.length]);
  const { rowHeightPx, blockCount, blockHeightPx, lastBlockHeightPx } = layout;
  const estimateSize = useCallback(
    (index: number) => (index === blockCount - 1 ? lastBlockHeightPx : blockHeightPx),
    [blockCount, blockHeightPx, lastBlockHeightPx],
  );
  // Blocks are keyed per list: the virtualizer keeps its measurements while its options (count,
  // keys) stay the same, so another list of as many blocks would keep the old last block's height.
  const listId = idOfList(seqs);
  const blockKey = useCallback((index: number) => listId * BLOCKS_PER_LIST_MAX + index, [listId]);
  const cursorRow = findCursorRow(seqs, cursorSeq);
  const targetRow = cursorRow?.row ?? null;
  const { scrollRef, items, totalSizePx, readViewport, scrollToOffset } = useVirtualList({
    count: blockCount,
    estimateSize,
    overscan: 0,
    getItemKey: blockKey,
    onViewportResize: (before, after) =>
      targetRow === null ? null : scrollTopToKeepInView(targetRow, rowHeightPx, before, after),
  });

  const renderedBlocks = items.map((item) => item.index).join(',');
  useEffect(() => {
    if (renderedBlocks === '') return;
    for (const block of renderedBlocks.split(',').map(Number))
      rows.ensureRange(block * BLOCK_ROWS, Math.min(seqs.length, (block + 1) * BLOCK_ROWS) - 1);
  }, [renderedBlocks, rows, seqs]);

  // The cursor's row (or the nearest one) stays in view, like the full list's cursor row.
  useEffect(() => {
    if (targetRow === null) return;
    const frame = requestAnimationFrame(() => {
      const viewport = readViewport();
      if (!viewport) return;
      const target = scrollTopToReveal(targetRow, rowHeightPx, viewport.offsetPx, viewport.heightPx);
      if (target !== null) scrollToOffset(target);
    });
    return () => cancelAnimationFrame(frame);
  }, [targetRow, seqs, rowHeightPx, readViewport, scrollToOffset]);

  const nearSeq = cursorRow !== null && !cursorRow.isExact ? (seqs[cursorRow.row] ?? null) : null;
  return (
    <div className="flex h-full min-h-0 flex-col">
      {cursorSeq !== null && nearSeq !== null && (
        <p className="px-2 py-0.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid="facet-cursor-note">
          The cursor (seq {formatCount(cursorSeq)}) is on an event this list leaves out; the nearest row, seq{' '}
          {formatCount(nearSeq)}, is marked.
        </p>
      )}
      {seqs.length === 0 && isCurrent && (
        <p className="px-2 py-1 text-xs text-zinc-600 dark:text-zinc-400">No event has every value picked.</p>
      )}
      <div
        ref={scrollRef}
        className={`@container min-h-0 flex-1 overflow-auto ${isCurrent ? '' : 'opacity-70'}`}
        style={{ contain: 'strict' }}
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
          const move = MOVE_OF_KEY[event.key];
          if (move === undefined) return;
          // The list's own ↑/↓/Home/End: the rows it shows, not every event (the app's Home/End).
          event.preventDefault();
          event.stopPropagation();
          // From where the cursor is going (a move may still be landing), as ←/→ do.
          const seq = seqForMove(seqs, aimedSeq(store.getState()), move);
          if (seq !== null) onStep(seq);
        }}
        role="grid"
        aria-rowcount={seqs.length}
        aria-label="Event rows, narrowed"
        data-testid="events-scroll"
        data-narrowed="true"
        data-search-scope
      >
        <div style={{ height: totalSizePx, position: 'relative' }}>
          {items.map((item) => {
            const firstRow = item.index * BLOCK_ROWS;
            const lastSeq = seqs[Math.min(seqs.length, firstRow + BLOCK_ROWS) - 1] ?? -1;
            // A seq shown in this block, else -1 (so the other blocks skip re-rendering).
            const inBlock = (seq: number | null) =>
              seq !== null && seq >= (seqs[firstRow] ?? 0) && seq <= lastSeq ? seq : -1;
            return (
              <div
                key={item.key}
                data-block={item.index}
                style={{ ...placeVirtualItem(item), height: item.size, contain: 'strict' }}
              >
                <RowBlock
                  seqs={seqs}
                  firstRow={firstRow}
                  rowCount={Math.min(BLOCK_ROWS, seqs.length - firstRow)}
                  rowHeightPx={rowHeightPx}
                  rows={rows.getBlock(item.index)}
                  firstTime={firstTime}
                  cursorSeq={inBlock(cursorSeq)}
                  nearSeq={inBlock(nearSeq)}
                  pinnedSeq={inBlock(pinnedSeq)}
                  problemSet={problemSet}
                  inheritedEvents={inheritedEvents}
                  onSelect={onSelect}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
