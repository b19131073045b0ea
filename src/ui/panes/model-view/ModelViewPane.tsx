// The model view: the messages the model would be sent next at the cursor (deriveMessages() at that
// seq), streaming output inside an attempt, or the human transcript (FORMAT.md §6.5), as one
// scrollable conversation from the first message to the newest (use-conversation-scroll.ts).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useViewer } from '../../../store/use-viewer.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { MessageView } from './MessageView.tsx';
import { RequestCard } from './RequestCard.tsx';
import { StreamingView } from './StreamingView.tsx';
import { SegmentedControl } from '../../shared/SegmentedControl.tsx';
import { useModelView } from './use-model-view.ts';
import { estimateCardHeightPx, estimateMessageHeightPx } from './height-estimates.ts';
import { useObservedSize } from '../../shared/use-observed-size.ts';
import {
  NO_ITEMS,
  conversationItemKey,
  modelViewItems,
  transcriptItems,
  type ConversationItem,
  type ConversationItems,
} from './conversation-items.ts';
import { useConversationScroll } from './use-conversation-scroll.ts';

const MODE_OPTIONS = [
  { value: 'model', label: 'What the model sees' },
  { value: 'transcript', label: 'Transcript' },
] as const;

/** Every text of the view exactly as stored, or rendered as markdown that keeps every character. */
const TEXT_MODE_OPTIONS = [
  { value: 'exact', label: 'Exact text' },
  { value: 'markdown', label: 'Markdown' },
] as const;

/** A transcript marker's height (px). */
const MARKER_PX = 24;
/** The request card's height before it is measured (px): collapsed, it is a few lines. */
const REQUEST_CARD_PX = 150;
/** Bodies fetched beyond the rendered items, so a scroll finds them already here (items each side). */
const PREFETCH_ITEMS = 12;

/** Right-hand pane; follows `cursorSeq`, sets it when a message's seq is clicked. */
export function ModelViewPane() {
  const client = useViewer((state) => state.client);
  const feed = useViewer((state) => state.modelViews);
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const generation = useViewer((state) => state.logGeneration);
  const mode = useViewer((state) => state.modelMode);
  const textMode = useViewer((state) => state.textMode);
  const actions = useViewer((state) => state.actions);
  const inheritedEvents = useViewer((state) => state.summary?.inheritedEvents ?? null);
  const { view, error } = useModelView(feed, cursorSeq);

  // Asked once per log, the first time the transcript is shown; a failure shows as no entries.
  const transcriptAnswer = useWorkerQuery(() => client.query({ kind: 'transcript' }), [client], {
    log: generation,
    shouldAsk: mode === 'transcript',
  });
  const transcript = transcriptAnswer.status === 'ready' ? transcriptAnswer.value : null;

  const items = useMemo<ConversationItems>(() => {
    if (mode === 'transcript')
      return transcript && cursorSeq !== null ? transcriptItems(transcript, cursorSeq) : NO_ITEMS;
    return view ? modelViewItems(view) : NO_ITEMS;
  }, [mode, transcript, cursorSeq, view]);

  const [paneRef, paneSize] = useObservedSize<HTMLDivElement>();
  // Estimates of loaded bodies, by seq, at the pane's current width: a render sums every item's height.
  const [estimates] = useState(() => ({ widthPx: 0, bySeq: new Map<number, number>() }));
  if (estimates.widthPx !== paneSize.width) {
    estimates.widthPx = paneSize.width;
    estimates.bySeq.clear();
  }
  const keyOf = useCallback(
    (index: number) => {
      const item = items.at(index);
      return item ? conversationItemKey(item) : `missing-${index}`;
    },
    [items],
  );
  const estimateOf = (index: number): number => {
    const item = items.at(index);
    if (item?.kind === 'message') {
      const cached = estimates.bySeq.get(item.seq);
      if (cached !== undefined) return cached;
      const detail = feed.body(item.seq);
      const estimate = estimateMessageHeightPx(detail, paneSize.width);
      if (detail) estimates.bySeq.set(item.seq, estimate);
      return estimate;
    }
    if (item?.kind === 'streaming' && view?.streaming)
      return estimateCardHeightPx(view.streaming.blocks, true, paneSize.width);
    if (item?.kind === 'request') return REQUEST_CARD_PX;
    return MARKER_PX;
  };
  const scroll = useConversationScroll({ count: items.count, keyOf, estimateOf, widthPx: paneSize.width });
  const { first, end, topSpacerPx, bottomSpacerPx } = scroll.window;

  // Bodies of the rendered items and of a few beyond them, so a scroll finds them already here.
  const wantedSeqs: number[] = [];
  for (
    let index = Math.max(0, first - PREFETCH_ITEMS);
    index < Math.min(items.count, end + PREFETCH_ITEMS);
    index += 1
  ) {
    const item = items.at(index);
    if (item?.kind === 'message' && feed.body(item.seq) === undefined) wantedSeqs.push(item.seq);
  }
  const wantedKey = wantedSeqs.join(',');
  useEffect(() => {
    if (wantedKey) feed.requestBodies(wantedKey.split(',').map(Number));
  }, [wantedKey, feed]);

  const onJump = useCallback((seq: number) => actions.selectEvent(seq), [actions]);
  const messageCount = items.messageCount;
  const renderItem = (item: ConversationItem): ReactNode => {
    if (item.kind === 'message')
      return (
        <MessageView
          seq={item.seq}
          detail={feed.body(item.seq) ?? null}
          isReplacement={item.isReplacement}
          isAtCursor={item.seq === cursorSeq}
          isInherited={inheritedEvents !== null && item.seq < inheritedEvents}
          onJump={onJump}
        />
      );
    if (item.kind === 'streaming')
      return view?.streaming ? <StreamingView streaming={view.streaming} /> : null;
    if (item.kind === 'request') return <RequestCard cursorSeq={cursorSeq} onJump={onJump} />;
    return (
      <button
        type="button"
        onClick={() => onJump(item.seq)}
        className="w-full text-center text-[11px] text-zinc-600 hover:text-sky-700 dark:text-zinc-400 dark:hover:text-sky-300"
      >
        — {item.label} · seq {item.seq} —
      </button>
    );
  };
  const rendered: ReactNode[] = [];
  for (let index = first; index < end; index += 1) {
    const item = items.at(index);
    if (!item) continue;
    const key = conversationItemKey(item);
    rendered.push(
      <div
        key={key}
        data-conversation-key={key}
        data-index={index}
        ref={scroll.measureRef}
        className="px-2 py-1"
      >
        {renderItem(item)}
      </div>,
    );
  }

  return (
    <section
      aria-label="Model view"
      className="flex h-full min-h-0 flex-col"
      data-message-count={messageCount}
      data-at-seq={view?.atSeq ?? ''}
      data-mode={mode}
    >
      {/* Wraps rather than clips beside the session list at 1024 px: the controls come first. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">
        <SegmentedControl
          label="View"
          options={MODE_OPTIONS}
          value={mode}
          onChange={(option) => actions.setModelMode(option)}
          className="text-xs"
        />
        <SegmentedControl
          label="Text"
          options={TEXT_MODE_OPTIONS}
          value={textMode}
          onChange={(option) => actions.setTextMode(option)}
          className="text-xs"
        />
        <span
          className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400"
          data-testid="model-message-count"
        >
          {messageCount} message{messageCount === 1 ? '' : 's'}
          {mode === 'model' && view ? ` · ${view.nodeCount} surface nodes · at seq ${view.atSeq ?? '—'}` : ''}
          {inheritedEvents !== null && ` · seqs 0–${inheritedEvents - 1} inherited from the parent`}
        </span>
        {view?.streaming && mode === 'model' && (
          <span className="rounded bg-emerald-100 px-1 text-[11px] text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
            streaming
          </span>
        )}
      </div>
      {error && (
        <div className="px-2 py-1 text-xs text-red-700 dark:text-red-300">
          The model view could not be derived: {error}
        </div>
      )}
      {/* The background is the wrapper's, not the scroller's: a scroller without its own opaque
          background is painted into the page's layer (at 1x pixel ratio, to keep LCD text) instead of a
          composited layer of its own, so only its visible part is rasterized at each move, not also the
          cards above the pane that a layer's tiles cover. A trace of 200 jumps counted ~30% fewer
          raster tiles. */}
      <div ref={paneRef} className="relative flex min-h-0 flex-1 flex-col bg-zinc-50 dark:bg-zinc-950">
        {messageCount === 0 && (
          <p className="p-4 text-center text-xs text-zinc-600 dark:text-zinc-400">
            {cursorSeq === null
              ? 'No events yet.'
              : mode === 'model'
                ? `Nothing on the surface at seq ${cursorSeq}: the model would be sent no messages yet.`
                : 'No transcript entries up to the cursor.'}
          </p>
        )}
        {items.count > 0 && (
          <div
            ref={scroll.scrollRef}
            onScroll={scroll.onScroll}
            className="flex min-h-0 flex-1 flex-col-reverse overflow-auto"
            // Its own layout root: a card's layout never re-lays out the page.
            style={{ contain: 'strict', overflowAnchor: 'none' }}
            data-testid="model-view-scroll"
            data-search-scope
            data-away-from-bottom={scroll.isAwayFromBottom ? 'true' : 'false'}
            data-first-index={first}
            tabIndex={0}
            aria-label="Conversation"
          >
            {/* The one flex item, as tall as the pane at least, so a short conversation reads from the top. */}
            <div className="flex-[1_0_auto] py-1">
              <div style={{ height: topSpacerPx }} aria-hidden="true" />
              {rendered}
              <div style={{ height: bottomSpacerPx }} aria-hidden="true" />
            </div>
          </div>
        )}
        {scroll.isAwayFromBottom && items.count > 0 && (
          <button
            type="button"
            onClick={scroll.jumpToNewest}
            className="absolute bottom-3 right-4 rounded-full border border-sky-300 bg-white px-3 py-1 text-xs font-medium text-sky-800 shadow-md hover:bg-sky-50 dark:border-sky-700 dark:bg-zinc-900 dark:text-sky-200 dark:hover:bg-zinc-800"
            data-testid="jump-to-newest"
          >
            ↓ Jump to newest
          </button>
        )}
      </div>
    </section>
  );
}
