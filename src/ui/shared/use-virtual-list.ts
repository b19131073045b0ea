// The one virtualized list (@tanstack/react-virtual) the panes use: it learns the scroll offset from
// the app's own scroll writes (known-scroll-offset.ts) and the viewport's size from ResizeObserver,
// so neither a mount nor a scroll forces a layout, and it is the one place that knows the
// virtualizer's internals.
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { observeContentSize } from '../../browser/resize.ts';
import { createKnownScrollOffset } from './known-scroll-offset.ts';

type ListVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** An item's identity (the virtualizer's key type, which it does not export). */
type ItemKey = number | string | bigint;

/** Where a list is scrolled to and how tall its scroll element is (px). */
export interface ListViewport {
  offsetPx: number;
  heightPx: number;
}

interface VirtualListOptions {
  count: number;
  /**
   * An item's size (px): exact for fixed-size items, the first guess for measured ones. A new
   * function means new sizes (the last block of a list that grew within it): keep it stable while
   * the sizes are the same.
   */
  estimateSize: (index: number) => number;
  /** The identity of the item at `index`; keep the function stable while the items are the same. */
  getItemKey: (index: number) => ItemKey;
  /** Items rendered beyond the visible ones on each side. */
  overscan: number;
  /**
   * The item indexes to render, ascending, given the visible range (with overscan) and the viewport
   * as the virtualizer knows it (no layout is read: the height is the estimate until observed). It
   * runs during render. Default: the range.
   */
  rangeExtractor?: (range: Range, viewport: ListViewport) => number[];
  /**
   * Called after the browser's layout each time the scroll element's height changes (a bar above the
   * list shows or goes, the window is resized), with the viewport before and after (the offset is the
   * same in both); returns the offset to scroll to, or null to stay. Not called for the first
   * observation.
   */
  onViewportResize?: (before: ListViewport, after: ListViewport) => number | null;
  /**
   * A row of columns scrolled sideways (the compare view's aligned strip): sizes and offsets are
   * widths and scrollLeft, `ListViewport.heightPx` is the viewport's width. Fixed for the list's life.
   */
  horizontal?: boolean;
}

interface VirtualList {
  /** For the scroll element's `ref` (an element with overflow, holding one `totalSizePx` tall child). */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The items to render in this commit, each placed with `placeVirtualItem`. */
  items: VirtualItem[];
  totalSizePx: number;
  /** For the `ref` of an item whose height varies (with `data-index={item.index}`): measured once laid out. */
  measureElement: (element: Element | null) => void;
  /**
   * The viewport, for an effect or an animation frame: the offset as known, the height as observed,
   * or read from the element before the first observation (a layout, once per mount). Null while
   * there is no scroll element. Stable across renders.
   */
  readViewport: () => ListViewport | null;
  /** Scrolls to `offsetPx` (clamped to the list), telling the virtualizer without reading scrollTop back. Stable. */
  scrollToOffset: (offsetPx: number) => void;
  /** Scrolls item `index` to the start, centre or end of the viewport. Stable. */
  scrollToIndex: (index: number, align: 'start' | 'center' | 'end') => void;
}

/** The style that places a rendered item at its offset in the list (add a height for fixed-size items). */
export function placeVirtualItem(item: VirtualItem): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` };
}

/** A virtualized list over a scroll element the caller renders (see VirtualList for the contract). */
export function useVirtualList({
  count,
  estimateSize,
  getItemKey,
  overscan,
  rangeExtractor,
  onViewportResize,
  horizontal = false,
}: VirtualListOptions): VirtualList {
  const scrollRef = useRef<HTMLDivElement>(null);
  const onResizeRef = useRef(onViewportResize);
  onResizeRef.current = onViewportResize;
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const [knownOffset] = useState(() => createKnownScrollOffset(horizontal ? 'horizontal' : 'vertical'));
  /** The viewport's extent along the list (its height, or a horizontal list's width). */
  const [extentOf] = useState(
    () => (rect: { width: number; height: number }) => (horizontal ? rect.width : rect.height),
  );
  const [initialRect] = useState(estimateViewportRect);
  /** The instance (the same object across renders), for callbacks that run inside its render. */
  const instanceRef = useRef<ListVirtualizer | null>(null);
  const extractRange = useCallback(
    (range: Range) => {
      const instance = instanceRef.current;
      if (!rangeExtractor || instance === null) return defaultRangeExtractor(range);
      const rect = instance.scrollRect;
      const viewport = { offsetPx: instance.scrollOffset ?? 0, heightPx: rect ? extentOf(rect) : 0 };
      return rangeExtractor(range, viewport);
    },
    [rangeExtractor, extentOf],
  );
  const [observeRect] = useState(
    () =>
      (
        instance: { scrollElement: Element | null },
        callback: (rect: { width: number; height: number }) => void,
      ) => {
        let heightPx: number | null = null;
        return observeRectAfterLayout(instance, (rect) => {
          const before = heightPx;
          heightPx = extentOf(rect);
          callback(rect);
          const offsetPx = instanceRef.current?.scrollOffset ?? 0;
          if (before === null || before === heightPx) return;
          const target = onResizeRef.current?.({ offsetPx, heightPx: before }, { offsetPx, heightPx });
          if (target !== null && target !== undefined) controlsRef.current?.scrollToOffset(target);
        });
      },
  );
  // The virtualizer recomputes its item offsets when the count or getItemKey changes, not when
  // estimateSize does: a list that grows within its last item (a followed log's events list, whose
  // last block gets taller while the block count stays) would keep the old total height, and rows
  // past it could not be scrolled to. A key function per estimate makes a new estimate recompute.
  const keyPerEstimate = useMemo(() => {
    void estimateSize;
    return (index: number) => getItemKey(index);
  }, [getItemKey, estimateSize]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement,
    estimateSize,
    overscan,
    getItemKey: keyPerEstimate,
    rangeExtractor: extractRange,
    observeElementOffset: knownOffset.observe,
    scrollToFn: knownOffset.scrollToFn,
    measureElement: measureWithoutLayout,
    // Sized by ResizeObserver after the browser's layout, never by a forced one at mount.
    observeElementRect: observeRect,
    initialRect,
    horizontal,
  });
  instanceRef.current = virtualizer;
  const controlsRef = useRef<{ scrollToOffset: (offsetPx: number) => void } | null>(null);
  const [controls] = useState(() => {
    const readViewport = (): ListViewport | null => {
      const element = scrollRef.current;
      const instance = instanceRef.current;
      if (!element || !instance) return null;
      const rect = instance.scrollRect;
      const heightPx =
        rect !== null && rect !== initialRect
          ? extentOf(rect)
          : horizontal
            ? element.clientWidth
            : element.clientHeight;
      return { offsetPx: instance.scrollOffset ?? 0, heightPx };
    };
    return {
      readViewport,
      scrollToOffset(offsetPx: number): void {
        const element = scrollRef.current;
        const viewport = readViewport();
        if (!element || !viewport || !instanceRef.current) return;
        knownOffset.scrollTo(element, offsetPx, instanceRef.current.getTotalSize() - viewport.heightPx);
      },
      scrollToIndex(index: number, align: 'start' | 'center' | 'end'): void {
        instanceRef.current?.scrollToIndex(index, { align });
      },
    };
  });
  controlsRef.current = controls;
  return {
    scrollRef,
    items: virtualizer.getVirtualItems(),
    totalSizePx: virtualizer.getTotalSize(),
    measureElement: virtualizer.measureElement,
    ...controls,
  };
}

/** A first guess of a list's size before it is measured: the window's (read without a layout). */
function estimateViewportRect(): { width: number; height: number } {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * For `observeElementRect`: the scroll element's size from ResizeObserver only. The default observer
 * reads clientWidth/clientHeight when the list mounts, which forces a layout of everything the same
 * commit just built (19 ms of the first render of a 1.3 M-event log); an observer entry comes after
 * the browser's own layout instead. Until it comes the virtualizer uses its `initialRect`.
 */
function observeRectAfterLayout(
  instance: { scrollElement: Element | null },
  callback: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  return observeContentSize(element, callback);
}

/**
 * For `measureElement`: an item's size without forcing a layout: the ResizeObserver entry's border
 * box when there is one, else (an item just rendered) the size known for its key or the estimate;
 * the observer reports the real size after the frame's layout.
 */
function measureWithoutLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: ListVirtualizer,
) {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(instance.options.horizontal ? box.inlineSize : box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}
