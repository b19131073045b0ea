// The model view: the messages the model would be sent next at the cursor (deriveMessages() at that
// seq), streaming output inside an attempt, or the human transcript (FORMAT.md §6.5).
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TranscriptEntry } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { createKnownScrollOffset } from '../../shared/known-scroll-offset.ts';
import {
  estimateViewportRect,
  observeRectAfterLayout,
  viewportHeightPx,
} from '../../shared/observe-rect-after-layout.ts';
import { MessageView } from './MessageView.tsx';
import { StreamingView } from './StreamingView.tsx';
import { SegmentedControl } from '../../shared/SegmentedControl.tsx';
import { useModelView } from './use-model-view.ts';

const MODE_OPTIONS = [
  { value: 'model', label: 'What the model sees' },
  { value: 'transcript', label: 'Transcript' },
] as const;

/** First guess of a message's height before it is measured. */
const MESSAGE_ESTIMATE_PX = 120;
const OVERSCAN_MESSAGES = 4;
/** Written to scrollTop to reach the bottom; the browser clamps it, so nothing is read first. */
const SCROLL_TO_BOTTOM_PX = 1e9;

type ListItem =
  | { kind: 'message'; seq: number; isReplacement: boolean }
  | { kind: 'streaming' }
  | { kind: 'marker'; seq: number; label: string };

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

/**
 * A message's size for the virtualizer without forcing a layout: the ResizeObserver entry's border box
 * when there is one, else (a card just rendered) the size known for its key or the estimate; the
 * observer reports the real size after the frame's layout.
 */
function measureWithoutLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
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

  const [transcript, setTranscript] = useState<{ generation: number; entries: TranscriptEntry[] } | null>(
    null,
  );
  useEffect(() => {
    if (mode !== 'transcript' || transcript?.generation === generation) return;
    let isCurrent = true;
    client.query({ kind: 'transcript' }).then(
      (entries) => isCurrent && setTranscript({ generation, entries }),
      () => isCurrent && setTranscript({ generation, entries: [] }),
    );
    return () => {
      isCurrent = false;
    };
  }, [client, mode, generation, transcript?.generation]);

  const items = useMemo<ListItem[]>(() => {
    if (mode === 'transcript') {
      if (!transcript || cursorSeq === null) return [];
      const shown: ListItem[] = [];
      for (const entry of transcript.entries) {
        if (entry.seq > cursorSeq) break;
        if (entry.kind === 'message') shown.push({ kind: 'message', seq: entry.seq, isReplacement: false });
        else
          shown.push({
            kind: 'marker',
            seq: entry.seq,
            label: describeTranscriptMarker(entry) ?? entry.kind,
          });
      }
      return shown;
    }
    if (!view) return [];
    const shown: ListItem[] = view.messages.map((message) => ({
      kind: 'message',
      seq: message.seq,
      isReplacement: message.isReplacement,
    }));
    if (view.streaming) shown.push({ kind: 'streaming' });
    return shown;
  }, [mode, transcript, cursorSeq, view]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  /** Whether the list follows its newest message (until the user scrolls it by hand). */
  const isPinnedRef = useRef(true);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const estimateSize = useCallback(() => MESSAGE_ESTIMATE_PX, []);
  // Pinning writes scrollTop to the bottom; the virtualizer learns that offset from the known sizes
  // instead of reading scrollTop back (a forced layout on every scrub frame).
  const [knownOffset] = useState(createKnownScrollOffset);
  const [initialRect] = useState(estimateViewportRect);
  // Stable per item list, so the virtualizer's measurements are rebuilt only when the list changes.
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index];
      if (!item) return index;
      return item.kind === 'streaming' ? 'streaming' : `${item.kind}-${item.seq}`;
    },
    [items],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement,
    estimateSize,
    overscan: OVERSCAN_MESSAGES,
    getItemKey,
    observeElementOffset: knownOffset.observe,
    scrollToFn: knownOffset.scrollToFn,
    measureElement: measureWithoutLayout,
    // Sized by ResizeObserver after the browser's layout, never by a forced one at mount.
    observeElementRect: observeRectAfterLayout,
    initialRect,
  });
  // While pinned to the newest message we keep the bottom in view ourselves; the virtualizer's own
  // scroll corrections would write scrollTop between measurements and force a layout for each one.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => !isPinnedRef.current;
  const virtualItems = virtualizer.getVirtualItems();

  const visibleSeqs = virtualItems.flatMap((virtualItem) => {
    const item = items[virtualItem.index];
    return item?.kind === 'message' ? [item.seq] : [];
  });
  const visibleKey = visibleSeqs.join(',');
  useEffect(() => {
    if (visibleKey) feed.requestBodies(visibleKey.split(',').map(Number));
  }, [visibleKey, feed]);

  // Replay reads like a chat: the newest message stays in view as the cursor moves. One scroll write
  // per update (a write only: reading scrollHeight would force a layout), then again whenever measured messages change the list's height (a ResizeObserver
  // runs after layout, so this adds no forced layout), instead of scrollToIndex's settle loop.
  const lastKey = items.length > 0 ? `${items.length}-${view?.atSeq ?? ''}` : '';
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || lastKey === '') return;
    isPinnedRef.current = true;
    // In the next frame's animation callbacks, before its layout and paint: the write then reuses the
    // layout that frame does anyway instead of forcing one inside this commit.
    const frame = requestAnimationFrame(() => {
      if (!isPinnedRef.current) return;
      const viewportPx = viewportHeightPx(virtualizer, initialRect, element);
      knownOffset.scrollTo(element, SCROLL_TO_BOTTOM_PX, virtualizer.getTotalSize() - viewportPx);
    });
    return () => cancelAnimationFrame(frame);
  }, [lastKey, virtualizer, knownOffset, initialRect]);
  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    const observer = new ResizeObserver((entries) => {
      if (!isPinnedRef.current) return;
      const contentPx = entries.at(-1)?.contentRect.height ?? virtualizer.getTotalSize();
      knownOffset.scrollTo(
        element,
        SCROLL_TO_BOTTOM_PX,
        contentPx - viewportHeightPx(virtualizer, initialRect, element),
      );
    });
    observer.observe(content);
    const unpin = () => {
      isPinnedRef.current = false;
    };
    element.addEventListener('wheel', unpin, { passive: true });
    element.addEventListener('pointerdown', unpin);
    element.addEventListener('keydown', unpin);
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', unpin);
      element.removeEventListener('pointerdown', unpin);
      element.removeEventListener('keydown', unpin);
    };
  }, [virtualizer, knownOffset, initialRect]);

  const onJump = useCallback((seq: number) => actions.selectEvent(seq), [actions]);
  const messageCount =
    mode === 'model' ? (view?.messages.length ?? 0) : items.filter((item) => item.kind === 'message').length;

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
      </div>
      {error && (
        <div className="px-2 py-1 text-xs text-red-700 dark:text-red-300">
          The model view could not be derived: {error}
        </div>
      )}
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-auto bg-zinc-50 dark:bg-zinc-950"
        // Its own layout root, so pinning the newest message re-lays out this list only.
        style={{ contain: 'strict' }}
      >
        {items.length === 0 && (
          <p className="p-4 text-center text-xs text-zinc-500">
            {cursorSeq === null
              ? 'No events yet.'
              : mode === 'model'
                ? `Nothing on the surface at seq ${cursorSeq}: the model would be sent no messages yet.`
                : 'No transcript entries up to the cursor.'}
          </p>
        )}
        <div ref={contentRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualItems.map((virtualItem) => {
            const item = items[virtualItem.index];
            if (!item) return null;
            return (
              <div
                key={virtualItem.key}
                data-index={virtualItem.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${virtualItem.start}px)`,
                }}
                className="px-2 py-1"
              >
                {item.kind === 'message' && (
                  <MessageView
                    seq={item.seq}
                    detail={feed.body(item.seq) ?? null}
                    isReplacement={item.isReplacement}
                    isAtCursor={item.seq === cursorSeq}
                    onJump={onJump}
                  />
                )}
                {item.kind === 'streaming' && view?.streaming && <StreamingView streaming={view.streaming} />}
                {item.kind === 'marker' && (
                  <button
                    type="button"
                    onClick={() => onJump(item.seq)}
                    className="w-full text-center text-[11px] text-zinc-500 hover:text-sky-700"
                  >
                    — {item.label} · seq {item.seq} —
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
