// The model view: the messages the model would be sent next at the cursor (deriveMessages() at that
// seq), streaming output inside an attempt, or the human transcript (FORMAT.md §6.5).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  isPackedReplacement,
  packedMessageCount,
  type PackedModelView,
  type TranscriptEntry,
} from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { placeVirtualItem, useVirtualList } from '../../shared/use-virtual-list.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { MessageView } from './MessageView.tsx';
import { StreamingView } from './StreamingView.tsx';
import { SegmentedControl } from '../../shared/SegmentedControl.tsx';
import { useModelView } from './use-model-view.ts';
import {
  MAX_TAIL_ITEMS,
  chooseTailCount,
  estimateCardHeightPx,
  estimateMessageHeightPx,
} from './tail-window.ts';
import { useObservedSize } from '../../shared/use-observed-size.ts';

const MODE_OPTIONS = [
  { value: 'model', label: 'What the model sees' },
  { value: 'transcript', label: 'Transcript' },
] as const;

/** First guess of a message's height before it is measured (browsing mode). */
const MESSAGE_ESTIMATE_PX = 120;
const OVERSCAN_MESSAGES = 4;
/** A transcript marker's height (px). */
const MARKER_PX = 24;

type ListItem =
  | { kind: 'message'; seq: number; isReplacement: boolean }
  | { kind: 'streaming' }
  | { kind: 'marker'; seq: number; label: string };

/** The pane's items, read by index: a model view's come from its packed columns, one object per item read. */
interface ItemList {
  count: number;
  messageCount: number;
  at(index: number): ListItem | undefined;
}

function arrayItems(items: readonly ListItem[]): ItemList {
  return {
    count: items.length,
    messageCount: items.filter((item) => item.kind === 'message').length,
    at: (index) => items[index],
  };
}

/** A model view's messages, then its streaming card when the cursor is inside a model attempt. */
function packedItems(view: PackedModelView): ItemList {
  const messageCount = packedMessageCount(view);
  return {
    count: messageCount + (view.streaming ? 1 : 0),
    messageCount,
    at: (index) => {
      if (index < 0 || index >= messageCount)
        return index === messageCount && view.streaming ? { kind: 'streaming' } : undefined;
      return {
        kind: 'message',
        seq: view.seqs[index] ?? -1,
        isReplacement: isPackedReplacement(view, index),
      };
    },
  };
}

function describeTranscriptMarker(entry: TranscriptEntry): string | null {
  switch (entry.kind) {
    case 'message':
      return null;
    case 'compaction':
      return `compaction: replaced ${entry.replacedSeqs.length} message(s)`;
    case 'pruned-result':
      return `tool result pruned (replaces seq ${entry.replacedSeq})`;
    case 'turn-start':
      return `turn ${entry.turn} started`;
    case 'turn-end':
      return `turn ${entry.turn} ended${entry.reason ? `: ${entry.reason}` : ''}`;
    default:
      return null;
  }
}

/** Right-hand pane; follows `cursorSeq`, sets it when a message's seq is clicked. */
export function ModelViewPane() {
  const client = useViewer((state) => state.client);
  const feed = useViewer((state) => state.modelViews);
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const generation = useViewer((state) => state.logGeneration);
  const mode = useViewer((state) => state.modelMode);
  const actions = useViewer((state) => state.actions);
  const { view, error } = useModelView(feed, cursorSeq);

  // Asked once per log, the first time the transcript is shown; a failure shows as no entries.
  const transcriptAnswer = useWorkerQuery(() => client.query({ kind: 'transcript' }), [client], {
    log: generation,
    shouldAsk: mode === 'transcript',
  });
  const transcript = transcriptAnswer.status === 'ready' ? transcriptAnswer.value : null;

  const items = useMemo<ItemList>(() => {
    if (mode === 'transcript') {
      if (!transcript || cursorSeq === null) return arrayItems([]);
      const shown: ListItem[] = [];
      for (const entry of transcript) {
        if (entry.seq > cursorSeq) break;
        if (entry.kind === 'message') shown.push({ kind: 'message', seq: entry.seq, isReplacement: false });
        else
          shown.push({
            kind: 'marker',
            seq: entry.seq,
            label: describeTranscriptMarker(entry) ?? entry.kind,
          });
      }
      return arrayItems(shown);
    }
    return view ? packedItems(view) : arrayItems([]);
  }, [mode, transcript, cursorSeq, view]);

  // Tail mode (the default): the newest items that fill the pane, in normal flow at the bottom of a
  // column-reverse scroller that stays at its bottom without a scroll write (tail-window.ts). "Browse
  // all" switches to browsing mode, a virtualized list of every item, until the cursor moves.
  const followKey = `${mode}:${cursorSeq ?? ''}:${items.count}`;
  const [browseKey, setBrowseKey] = useState<string | null>(null);
  const isBrowsing = browseKey === followKey;
  const [paneRef, paneSize] = useObservedSize<HTMLDivElement>();
  const tailCount = chooseTailCount(
    items.count,
    (fromEnd) => {
      const item = items.at(items.count - 1 - fromEnd);
      if (item?.kind === 'message') return estimateMessageHeightPx(feed.body(item.seq), paneSize.width);
      if (item?.kind === 'streaming' && view?.streaming)
        return estimateCardHeightPx(view.streaming.blocks, true, paneSize.width);
      return MARKER_PX;
    },
    paneSize.height,
    MAX_TAIL_ITEMS,
  );
  const earlierCount = items.count - tailCount;

  const estimateSize = useCallback(() => MESSAGE_ESTIMATE_PX, []);
  // Stable per item list, so the virtualizer's measurements are rebuilt only when the list changes.
  const getItemKey = useCallback(
    (index: number) => {
      const item = items.at(index);
      return item ? itemKey(item) : index;
    },
    [items],
  );
  const {
    scrollRef,
    items: virtualItems,
    totalSizePx,
    measureElement,
    scrollToIndex,
  } = useVirtualList({
    // Inert in tail mode (no items, no scroll element).
    count: isBrowsing ? items.count : 0,
    estimateSize,
    overscan: OVERSCAN_MESSAGES,
    getItemKey,
  });
  // Browsing starts with the newest message above the tail at the bottom of the pane.
  const firstBrowseIndexRef = useRef(0);
  useLayoutEffect(() => {
    if (isBrowsing) scrollToIndex(firstBrowseIndexRef.current, 'end');
  }, [isBrowsing, scrollToIndex]);

  const shownItems = isBrowsing
    ? virtualItems.map((virtualItem) => items.at(virtualItem.index))
    : Array.from({ length: tailCount }, (_, offset) => items.at(earlierCount + offset));
  const shownSeqs = shownItems.flatMap((item) => (item?.kind === 'message' ? [item.seq] : []));
  const shownKey = shownSeqs.join(',');
  useEffect(() => {
    if (shownKey) feed.requestBodies(shownKey.split(',').map(Number));
  }, [shownKey, feed]);

  // A cursor move shows the newest message again: if the user scrolled the tail up, back to its
  // bottom (0 in a column-reverse scroller). Scroll events tell whether they did, so nothing is read.
  const tailRef = useRef<HTMLDivElement>(null);
  const isTailScrolledRef = useRef(false);
  useLayoutEffect(() => {
    const element = tailRef.current;
    if (!element || !isTailScrolledRef.current) return;
    const frame = requestAnimationFrame(() => {
      element.scrollTop = 0;
      isTailScrolledRef.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [followKey]);

  const onJump = useCallback((seq: number) => actions.selectEvent(seq), [actions]);
  const messageCount = items.messageCount;
  const renderItem = (item: ListItem): ReactNode => {
    if (item.kind === 'message')
      return (
        <MessageView
          seq={item.seq}
          detail={feed.body(item.seq) ?? null}
          isReplacement={item.isReplacement}
          isAtCursor={item.seq === cursorSeq}
          onJump={onJump}
        />
      );
    if (item.kind === 'streaming')
      return view?.streaming ? <StreamingView streaming={view.streaming} /> : null;
    return (
      <button
        type="button"
        onClick={() => onJump(item.seq)}
        className="w-full text-center text-[11px] text-zinc-500 hover:text-sky-700"
      >
        — {item.label} · seq {item.seq} —
      </button>
    );
  };
  const scrollerClass = 'min-h-0 flex-1 overflow-auto';

  return (
    <section
      aria-label="Model view"
      className="flex h-full min-h-0 flex-col"
      data-message-count={messageCount}
      data-at-seq={view?.atSeq ?? ''}
      data-mode={mode}
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">
        <SegmentedControl
          label="View"
          options={MODE_OPTIONS}
          value={mode}
          onChange={(option) => actions.setModelMode(option)}
          className="text-xs"
        />
        <span className="text-xs tabular-nums text-zinc-500" data-testid="model-message-count">
          {messageCount} message{messageCount === 1 ? '' : 's'}
          {mode === 'model' && view ? ` · ${view.nodeCount} surface nodes · at seq ${view.atSeq ?? '—'}` : ''}
        </span>
        {view?.streaming && mode === 'model' && (
          <span className="rounded bg-emerald-100 px-1 text-[11px] text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
            streaming
          </span>
        )}
        {isBrowsing && (
          <button
            type="button"
            onClick={() => setBrowseKey(null)}
            className="ml-auto rounded border border-zinc-300 px-1.5 text-[11px] text-zinc-600 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            ↓ newest
          </button>
        )}
      </div>
      {error && (
        <div className="px-2 py-1 text-xs text-red-700 dark:text-red-300">
          The model view could not be derived: {error}
        </div>
      )}
      {/* The background is the wrapper's, not the scrollers': a scroller without its own opaque
          background is painted into the page's layer (at 1x pixel ratio, to keep LCD text) instead of a
          composited layer of its own, so only its visible part is rasterized at each move, not also the
          cards above the pane that a layer's tiles cover. A trace of 200 jumps counted ~30% fewer
          raster tiles. */}
      <div ref={paneRef} className="flex min-h-0 flex-1 flex-col bg-zinc-50 dark:bg-zinc-950">
        {items.count === 0 && (
          <p className="p-4 text-center text-xs text-zinc-500">
            {cursorSeq === null
              ? 'No events yet.'
              : mode === 'model'
                ? `Nothing on the surface at seq ${cursorSeq}: the model would be sent no messages yet.`
                : 'No transcript entries up to the cursor.'}
          </p>
        )}
        {isBrowsing ? (
          <div
            ref={scrollRef}
            className={scrollerClass}
            // Its own layout root: measuring a card re-lays out this list only.
            style={{ contain: 'strict' }}
            data-testid="model-view-scroll"
            data-scroll-mode="browse"
          >
            <div style={{ height: totalSizePx, position: 'relative' }}>
              {virtualItems.map((virtualItem) => {
                const item = items.at(virtualItem.index);
                if (!item) return null;
                return (
                  <div
                    key={virtualItem.key}
                    data-index={virtualItem.index}
                    ref={measureElement}
                    style={placeVirtualItem(virtualItem)}
                    className="px-2 py-1"
                  >
                    {renderItem(item)}
                  </div>
                );
              })}
            </div>
          </div>
        ) : (
          items.count > 0 && (
            <div
              ref={tailRef}
              className={`${scrollerClass} flex flex-col-reverse`}
              style={{ contain: 'strict' }}
              data-testid="model-view-scroll"
              data-scroll-mode="tail"
              onScroll={(event) => {
                isTailScrolledRef.current = event.currentTarget.scrollTop < -1;
              }}
            >
              {/* The one flex item: column-reverse keeps its bottom in view as it changes. */}
              <div className="py-1">
                {earlierCount > 0 && (
                  <div className="px-2 py-1">
                    <button
                      type="button"
                      onClick={() => {
                        firstBrowseIndexRef.current = earlierCount - 1;
                        setBrowseKey(followKey);
                      }}
                      className="w-full rounded border border-dashed border-zinc-300 py-1 text-[11px] text-zinc-500 hover:border-sky-400 hover:text-sky-700 dark:border-zinc-700 dark:hover:text-sky-300"
                    >
                      ↑ {earlierCount} earlier {earlierCount === 1 ? 'entry' : 'entries'}: browse all{' '}
                      {items.count}
                    </button>
                  </div>
                )}
                {shownItems.map(
                  (item) =>
                    item && (
                      <div key={itemKey(item)} className="px-2 py-1">
                        {renderItem(item)}
                      </div>
                    ),
                )}
              </div>
            </div>
          )
        )}
      </div>
    </section>
  );
}

function itemKey(item: ListItem): string {
  return item.kind === 'streaming' ? 'streaming' : `${item.kind}-${item.seq}`;
}
