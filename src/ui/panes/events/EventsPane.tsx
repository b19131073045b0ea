// The events pane: every event, virtualized and keyed by seq, the cursor row kept in view, and the
// selected event's detail below.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EventRow } from '../../../log/index.ts';
import { useBlockCache } from '../../../store/use-block-cache.ts';
import { useViewer, useViewerStoreApi } from '../../../store/use-viewer.ts';
import { formatCount } from '../../shared/format.ts';
import { EventDetailPanel } from './EventDetailPanel.tsx';
import { EventRowView } from './EventRowView.tsx';

export const ROW_HEIGHT_PX = 22;
export const OVERSCAN_ROWS = 24;
/** Rows fetched from the worker per request. */
const ROW_BLOCK_SIZE = 256;

/** The events list with a search box and the detail of the selected event. */
export function EventsPane() {
  const store = useViewerStoreApi();
  const client = useViewer((state) => state.client);
  const eventCount = useViewer((state) => state.summary?.eventCount ?? 0);
  const firstTime = useViewer((state) => state.summary?.firstTime ?? 0);
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const selectedSeq = useViewer((state) => state.selectedSeq);
  const problemSeqs = useViewer((state) => state.problemSeqs);
  const generation = useViewer((state) => state.logGeneration);
  const actions = useViewer((state) => state.actions);
  const problemSet = useMemo(() => new Set(problemSeqs), [problemSeqs]);

  const fetchRows = useCallback(
    (start: number, count: number) => client.query({ kind: 'rows', startSeq: start, count }),
    [client],
  );
  const rows = useBlockCache<EventRow>(fetchRows, ROW_BLOCK_SIZE, generation);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: eventCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    // Row index === seq in the events list (events are 0 .. eventCount): the key is the seq.
    getItemKey: (index) => index,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= firstIndex) rows.ensureRange(firstIndex, lastIndex);
  }, [firstIndex, lastIndex, rows, eventCount]);

  useEffect(() => {
    if (cursorSeq !== null && cursorSeq < eventCount) virtualizer.scrollToIndex(cursorSeq, { align: 'auto' });
  }, [cursorSeq, eventCount, virtualizer]);

  const onSelect = useCallback((seq: number) => actions.selectEvent(seq), [actions]);

  const [searchText, setSearchText] = useState('');
  const [searchNote, setSearchNote] = useState<string | null>(null);
  const runSearch = (direction: 1 | -1) => {
    const text = searchText.trim();
    if (!text) return;
    const from = (store.getState().cursorSeq ?? -1) + direction;
    client.query({ kind: 'search', text, fromSeq: from, direction }).then(
      (found) => {
        if (found === null) setSearchNote('no match');
        else {
          setSearchNote(null);
          actions.selectEvent(found);
        }
      },
      (error: unknown) => setSearchNote(error instanceof Error ? error.message : 'search failed'),
    );
  };

  return (
    <section aria-label="Events" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
          Events
        </h2>
        <span className="text-xs tabular-nums text-zinc-500">{formatCount(eventCount)}</span>
        <input
          type="search"
          value={searchText}
          placeholder="Search text…  (Enter / Shift+Enter)"
          aria-label="Search events"
          onChange={(event) => {
            setSearchText(event.target.value);
            setSearchNote(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') runSearch(event.shiftKey ? -1 : 1);
          }}
          className="ml-auto w-56 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-xs dark:border-zinc-600 dark:bg-zinc-800"
        />
        {searchNote && <span className="text-xs text-zinc-500">{searchNote}</span>}
      </div>
      {rows.error && (
        <div className="px-2 py-1 text-xs text-red-700 dark:text-red-300">
          Rows could not be loaded: {rows.error}
        </div>
      )}
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-auto"
        role="table"
        aria-label="Event rows"
        data-testid="events-scroll"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => (
            <div
              key={item.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT_PX,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <EventRowView
                seq={item.index}
                row={rows.getItem(item.index)}
                firstTime={firstTime}
                isCursor={item.index === cursorSeq}
                isSelected={item.index === selectedSeq}
                hasProblem={problemSet.has(item.index)}
                onSelect={onSelect}
              />
            </div>
          ))}
        </div>
      </div>
      {selectedSeq !== null && selectedSeq < eventCount && (
        <div className="h-[45%] min-h-32 shrink-0 border-t-2 border-zinc-200 dark:border-zinc-700">
          <EventDetailPanel seq={selectedSeq} onJump={onSelect} />
        </div>
      )}
    </section>
  );
}
