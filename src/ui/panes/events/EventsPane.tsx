// The events pane: every event in fixed-height rows keyed by seq, virtualized in blocks of BLOCK_ROWS
// (the virtualizer never sees one item per event), the cursor row kept in view, and the detail of
// the cursor's event (or of the pinned one) below.
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlockFeed } from '../../../store/use-block-cache.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { formatCount } from '../../shared/format.ts';
import { placeVirtualItem, useVirtualList, type ListViewport } from '../../shared/use-virtual-list.ts';
import { useSettledCursor } from '../../../store/cursor/use-settled-cursor.ts';
import { EventDetail } from './EventDetailPanel.tsx';
import { SplitLayout } from '../../shared/SplitLayout.tsx';
import { RowBlock } from './RowBlock.tsx';
import { FacetBar } from './FacetBar.tsx';
import { NarrowedEventList } from './NarrowedEventList.tsx';
import { useEventFacets } from './use-event-facets.ts';
import { ParentLinkButton, useParentTarget } from '../../session-links/ParentLink.tsx';
import { SearchBar } from './SearchBar.tsx';
import {
  BLOCK_ROWS,
  computeListLayout,
  computeWindowRows,
  placeRowWindow,
  measureMaxElementHeightPx,
  scrollTopToKeepInView,
  scrollTopToReveal,
} from './list-layout.ts';

/** The narrowed list's seqs before the first answer for a selection. */
const NO_SEQS = new Int32Array(0);
/** Blocks (of BLOCK_ROWS rows) rendered beyond the visible ones on each side: none, a block is taller than most viewports. */
const OVERSCAN_BLOCKS = 0;

/** The events list with a search box and the event detail. */
export function EventsPane() {
  // Near moves (a step, a held arrow key) move the list with every other pane. A far jump builds the
  // most DOM of any pane, so during a scrub the model view and the other panes move at every step and
  // the list once the cursor settles, with the rows around its target fetched first: it never shows
  // a loading placeholder. The store's cursor decides which is which.
  const cursorSeq = useSettledCursor();
  // This wrapper re-renders at every move; the list below only when the cursor it shows changes.
  return <EventsPaneBody cursorSeq={cursorSeq} />;
}

/** The pane itself, at the cursor `cursorSeq` (the settled one). */
const EventsPaneBody = memo(function EventsPaneBody({ cursorSeq }: { cursorSeq: number | null }) {
  const eventCount = useViewer((state) => state.summary?.eventCount ?? 0);
  const firstTime = useViewer((state) => state.summary?.firstTime ?? 0);
  const rows = useBlockFeed(useViewer((state) => state.eventRows));
  const pinnedSeq = useViewer((state) => state.pinnedSeq);
  const problemSeqs = useViewer((state) => state.problemSeqs);
  const inheritedEvents = useViewer((state) => state.summary?.inheritedEvents ?? 0);
  const parentTarget = useParentTarget();
  const actions = useViewer((state) => state.actions);
  const problemSet = useMemo(() => new Set(problemSeqs), [problemSeqs]);
  // The facets may narrow to the last search's matches (its text in every row shown, counted by facet).
  const searchMatches = useViewer((state) =>
    state.searchMatches?.logGeneration === state.logGeneration ? state.searchMatches : null,
  );
  const [isWithinMatches, setWithinMatches] = useState(false);
  const facets = useEventFacets(isWithinMatches && searchMatches !== null ? searchMatches.seqs : undefined);

  // Past what the browser can lay out (≈ 1.4 M rows in Chromium) the list shows a window of rows
  // that follows the cursor, so rows keep their height and every seq stays reachable.
  const windowRows = useMemo(() => computeWindowRows(measureMaxElementHeightPx()), []);
  const [rowWindow, setRowWindow] = useState({ firstRow: 0, rowCount: 0 });
  const shownWindow = placeRowWindow(rowWindow, cursorSeq, eventCount, windowRows);
  if (shownWindow !== rowWindow) setRowWindow(shownWindow);
  const { firstRow, rowCount: windowRowCount } = shownWindow;
  const firstWindowBlock = firstRow / BLOCK_ROWS;
  const isWindowed = windowRowCount < eventCount;

  const layout = useMemo(
    () => computeListLayout(windowRowCount, measureMaxElementHeightPx()),
    [windowRowCount],
  );
  const { rowHeightPx, blockCount, blockHeightPx, lastBlockHeightPx } = layout;
  // Fixed sizes, never measured; the callback changes only with the row height or the last block.
  const estimateSize = useCallback(
    (index: number) => (index === blockCount - 1 ? lastBlockHeightPx : blockHeightPx),
    [blockCount, blockHeightPx, lastBlockHeightPx],
  );

  // A block's key is its global index: block b holds seqs b·BLOCK_ROWS … (stable across renders).
  const blockKey = useCallback((index: number) => firstWindowBlock + index, [firstWindowBlock]);
  const cursorRow =
    cursorSeq !== null && cursorSeq >= firstRow && cursorSeq < firstRow + windowRowCount
      ? cursorSeq - firstRow
      : null;
  /** The cursor row the list last scrolled to, so a user's own scrolling is not pulled back. */
  const revealedRowRef = useRef<number | null>(null);
  // The blocks the cursor row is about to be scrolled into are rendered in the same commit as the
  // cursor move, so the scroll shows rows at once instead of empty space for a frame.
  const rangeExtractor = useCallback(
    (range: Range, viewport: ListViewport) => {
      const indexes = defaultRangeExtractor(range);
      if (cursorRow === null || revealedRowRef.current === cursorRow) return indexes;
      const target = scrollTopToReveal(cursorRow, rowHeightPx, viewport.offsetPx, viewport.heightPx);
      if (target === null || blockHeightPx <= 0) return indexes;
      const first = Math.floor(target / blockHeightPx);
      const last = Math.min(range.count - 1, Math.floor((target + viewport.heightPx) / blockHeightPx));
      const all = new Set(indexes);
      for (let index = first; index <= last; index++) all.add(index);
      return [...all].sort((a, b) => a - b);
    },
    [cursorRow, rowHeightPx, blockHeightPx],
  );
  const { scrollRef, items, totalSizePx, readViewport, scrollToOffset } = useVirtualList({
    count: blockCount,
    estimateSize,
    overscan: OVERSCAN_BLOCKS,
    getItemKey: blockKey,
    rangeExtractor,
    // A bar that shows above the list (the leave ask, a notice) never pushes the cursor's row out of view.
    onViewportResize: (before, after) =>
      cursorRow === null ? null : scrollTopToKeepInView(cursorRow, rowHeightPx, before, after),
  });
  // Rendered blocks need not be contiguous (the visible ones and the cursor's): ask per run.
  const renderedBlocks = items.map((item) => item.index).join(',');
  useEffect(() => {
    if (renderedBlocks === '') return;
    const blocks = renderedBlocks.split(',').map(Number);
    let runStart = 0;
    for (let index = 1; index <= blocks.length; index++) {
      if (index < blocks.length && blocks[index] === (blocks[index - 1] as number) + 1) continue;
      const start = firstRow + (blocks[runStart] as number) * BLOCK_ROWS;
      const end = firstRow + ((blocks[index - 1] as number) + 1) * BLOCK_ROWS;
      rows.ensureRange(start, Math.min(eventCount, end) - 1);
      runStart = index;
    }
  }, [renderedBlocks, rows, eventCount, firstRow]);

  // The cursor row stays in view: the smallest scroll that shows it whole (rows have a fixed height).
  // The scroll position and viewport come from the virtualizer's state, not the DOM. The write
  // happens in the next frame's animation callbacks: the layout it forces there is that frame's own
  // (nothing changes the DOM between it and the paint); the virtualizer follows from the scroll event.
  useEffect(() => {
    if (cursorRow === null) return;
    const frame = requestAnimationFrame(() => {
      const viewport = readViewport();
      if (!viewport) return;
      revealedRowRef.current = cursorRow;
      const target = scrollTopToReveal(cursorRow, rowHeightPx, viewport.offsetPx, viewport.heightPx);
      if (target !== null) scrollToOffset(target);
    });
    return () => cancelAnimationFrame(frame);
    // isNarrowed: the list mounts again when the facets are cleared, scrolled to the top.
  }, [cursorRow, rowHeightPx, readViewport, scrollToOffset, facets.isNarrowed]);

  // Scrolling the list up by hand (wheel, touch, the scrollbar) while the cursor follows a live
  // log's head leaves the head: the cursor stays where it is, so the list is not pulled back down.
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const leave = () => actions.leaveLiveHead();
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) leave();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === element) leave();
    };
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('touchmove', leave, { passive: true });
    element.addEventListener('pointerdown', onPointerDown);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchmove', leave);
      element.removeEventListener('pointerdown', onPointerDown);
    };
  }, [scrollRef, actions]);

  const onSelect = useCallback((seq: number) => actions.selectEvent(seq), [actions]);
  const onStep = useCallback((seq: number) => actions.setCursor(seq), [actions]);

  return (
    <section aria-label="Events" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
          Events
        </h2>
        <span className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
          {formatCount(eventCount)}
        </span>
        {isWindowed && (
          <span
            className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400"
            title="More rows than the browser can lay out: the list shows a window that follows the cursor (move it with the scrubber or keys)."
            data-testid="events-window"
          >
            showing {formatCount(firstRow)}–{formatCount(firstRow + windowRowCount - 1)}
          </span>
        )}
        <SearchBar />
      </div>
      <FacetBar
        facets={facets}
        eventCount={eventCount}
        searchMatches={
          searchMatches === null ? null : { text: searchMatches.text, count: searchMatches.seqs.length }
        }
        isWithinMatches={isWithinMatches && searchMatches !== null}
        onWithinMatches={setWithinMatches}
      />
      {inheritedEvents > 0 && (
        <div
          data-testid="events-inherited-note"
          className="flex flex-wrap items-center gap-x-2 border-b border-violet-200 bg-violet-50 px-2 py-0.5 text-[11px] text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100"
        >
          <span>
            Seqs 0–{inheritedEvents - 1} (shaded, above the dashed line) are inherited from the parent
          </span>
          <ParentLinkButton target={parentTarget} at="inherited" testId="events-inherited-parent" />
        </div>
      )}
      {rows.error && (
        <div className="px-2 py-1 text-xs text-red-700 dark:text-red-300">
          Rows could not be loaded: {rows.error}
        </div>
      )}
      <SplitLayout
        id="events-detail"
        orientation="vertical"
        firstDefaultPercent={55}
        minPercent={12}
        separatorLabel="Resize the events list and the event detail"
        className="min-h-0 flex-1"
        first={
          facets.isNarrowed ? (
            <NarrowedEventList
              seqs={facets.seqs ?? NO_SEQS}
              isCurrent={facets.isCurrent && facets.seqs !== null}
              cursorSeq={cursorSeq}
              pinnedSeq={pinnedSeq}
              problemSet={problemSet}
              inheritedEvents={inheritedEvents}
              firstTime={firstTime}
              onSelect={onSelect}
              onStep={onStep}
            />
          ) : (
            <div
              ref={scrollRef}
              // A size container: the rows drop their time column when it is narrow (EventRowView).
              className="@container h-full min-h-0 overflow-auto"
              // Its own layout root: a re-layout of the list never walks the rest of the page, and back.
              style={{ contain: 'strict' }}
              tabIndex={0}
              // A grid whose selected row is the cursor: ↑/↓ move it one event (Home/End and the other
              // keys are the app's, use-keyboard.ts).
              onKeyDown={(event) => {
                if (event.altKey || event.ctrlKey || event.metaKey) return;
                if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
                event.preventDefault();
                actions.moveCursor(event.key === 'ArrowDown' ? 1 : -1);
              }}
              role="grid"
              aria-rowcount={eventCount}
              aria-label="Event rows"
              data-testid="events-scroll"
              data-search-scope
            >
              <div style={{ height: totalSizePx, position: 'relative' }}>
                {items.map((item) => {
                  const blockStart = firstRow + item.index * BLOCK_ROWS;
                  const blockEnd = blockStart + BLOCK_ROWS;
                  const inBlock = (seq: number | null) =>
                    seq !== null && seq >= blockStart && seq < blockEnd ? seq : -1;
                  return (
                    <div
                      key={item.key}
                      data-block={firstWindowBlock + item.index}
                      style={{ ...placeVirtualItem(item), height: item.size, contain: 'strict' }}
                    >
                      <RowBlock
                        seqs={null}
                        firstRow={blockStart}
                        rowCount={Math.min(BLOCK_ROWS, eventCount - blockStart)}
                        rowHeightPx={rowHeightPx}
                        rows={rows.getBlock(firstWindowBlock + item.index)}
                        firstTime={firstTime}
                        cursorSeq={inBlock(cursorSeq)}
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
          )
        }
        second={<EventDetail eventCount={eventCount} onJump={onSelect} />}
      />
    </section>
  );
});
