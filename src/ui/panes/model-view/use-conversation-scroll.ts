// The model view's one scroller: the whole conversation, windowed (conversation-window.ts), held at
// the newest message while the reader is there, and anchored to the message they are reading when
// they have scrolled up, so a cursor move (new messages below, bodies arriving, cards growing) never
// moves what they read.
//
// The scroller is column-reverse: its scrollTop is 0 at the bottom and negative above, so the
// browser itself keeps the bottom in view as the conversation grows, with no scroll write on the
// scrub path. Away from the bottom the hook writes scrollTop only to undo a shift of the anchor,
// measured after layout and before paint (a layout effect after each commit, a ResizeObserver
// callback after each resize), so no frame shows the shift. (Chromium already keeps a column-reverse
// scroller's content in place when content is added below the viewport; the anchor is what holds it
// for every other change and every other engine, and costs a layout read only while scrolled up.)
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createSizeObserver, type SizeObserver } from '../../../browser/resize.ts';
import { computeConversationWindow, leavesGap, type ConversationWindow } from './conversation-window.ts';

/** Within this distance of the bottom the view follows the newest message (px). */
const AT_BOTTOM_PX = 4;
/** Rendered above and below the viewport (px): a wheel flick of this much shows no spacer. */
const OVERSCAN_PX = 900;
/** Most items rendered at once. */
const MAX_RENDERED_ITEMS = 60;
/**
 * The anchor is the first item showing at least this much below the viewport's top (px): a sliver
 * lies at the window's edge, and a move that adds items below can drop it from the next window, which
 * loses the anchor (seen when the call cards' heights left a 1 px sliver of the card above).
 */
const ANCHOR_MIN_VISIBLE_PX = 16;
/** Measured heights are kept while the pane's width stays within this of the width they were taken at (px). */
const WIDTH_TOLERANCE_PX = 4;

export interface ConversationScrollInput {
  count: number;
  /** Item `index`'s identity: stable across cursor moves for the same message. */
  keyOf: (index: number) => string;
  /** Item `index`'s height before it is measured (px). */
  estimateOf: (index: number) => number;
  /** The pane's width (px): measured heights are dropped when it changes. */
  widthPx: number;
}

export interface ConversationScroll {
  /** Attach to the column-reverse scroller. */
  scrollRef: (element: HTMLDivElement | null) => void;
  onScroll: () => void;
  window: ConversationWindow;
  /** Attach to each rendered item's wrapper, which carries `data-conversation-key={keyOf(index)}`. */
  measureRef: (element: HTMLElement | null) => (() => void) | undefined;
  /** The reader has scrolled away from the newest message. */
  isAwayFromBottom: boolean;
  /** Back to the newest message (and following it again). */
  jumpToNewest: () => void;
}

interface Anchor {
  key: string;
  /** The anchor's top edge minus the scroller's top edge (px). */
  offsetPx: number;
}

const KEY_ATTRIBUTE = 'data-conversation-key';

export function useConversationScroll(input: ConversationScrollInput): ConversationScroll {
  const { count, keyOf, estimateOf, widthPx } = input;
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // The real distance from the bottom, as of the last scroll event: the window is computed from it.
  // The state is what re-renders (set only when the rendered slice or the bottom state would change),
  // so a cursor move renders the slice around where the reader really is, not where it last changed.
  const distanceRef = useRef(0);
  const [, setDistancePx] = useState(0);
  const [viewportPx, setViewportPx] = useState(800);
  const [, setMeasureTick] = useState(0);
  // Measured border-box heights by item key, at `measuredWidth`.
  const [measured] = useState(() => new Map<string, number>());
  const measuredWidthRef = useRef(widthPx);
  if (Math.abs(measuredWidthRef.current - widthPx) > WIDTH_TOLERANCE_PX) {
    measured.clear();
    measuredWidthRef.current = widthPx;
  }
  const heightOf = (index: number): number => measured.get(keyOf(index)) ?? estimateOf(index);
  const distancePx = distanceRef.current;
  const window = computeConversationWindow({
    count,
    heightOf,
    distanceFromBottomPx: distancePx,
    viewportPx,
    overscanPx: OVERSCAN_PX,
    maxItems: MAX_RENDERED_ITEMS,
  });
  const isAwayFromBottom = distancePx > AT_BOTTOM_PX;

  // What the scroll handler and the observer read: this render's window and inputs.
  const latest = useRef({ window, count, heightOf, distancePx, viewportPx });
  useLayoutEffect(() => {
    latest.current = { window, count, heightOf, distancePx, viewportPx };
  });
  const anchorRef = useRef<Anchor | null>(null);

  /** The topmost item that shows below the viewport's top (more than a sliver): what the reader is reading. */
  const recordAnchor = useCallback((element: HTMLDivElement) => {
    if (-element.scrollTop <= AT_BOTTOM_PX) {
      anchorRef.current = null;
      return;
    }
    const top = element.getBoundingClientRect().top;
    for (const item of element.querySelectorAll<HTMLElement>(`[${KEY_ATTRIBUTE}]`)) {
      const rect = item.getBoundingClientRect();
      if (rect.bottom > top + ANCHOR_MIN_VISIBLE_PX) {
        anchorRef.current = { key: item.getAttribute(KEY_ATTRIBUTE) ?? '', offsetPx: rect.top - top };
        return;
      }
    }
    anchorRef.current = null;
  }, []);

  /** Undoes a shift of the anchor (after a commit or a resize, before paint). */
  const restoreAnchor = useCallback(
    (element: HTMLDivElement) => {
      const anchor = anchorRef.current;
      if (anchor === null) return;
      const item = element.querySelector<HTMLElement>(`[${KEY_ATTRIBUTE}="${CSS.escape(anchor.key)}"]`);
      if (item === null) {
        // The message left the conversation (a move back, a compaction): read on from what is there.
        recordAnchor(element);
        return;
      }
      const shift = item.getBoundingClientRect().top - element.getBoundingClientRect().top - anchor.offsetPx;
      if (Math.abs(shift) >= 1) element.scrollTop += shift;
    },
    [recordAnchor],
  );

  const observerRef = useRef<SizeObserver | null>(null);
  useEffect(() => {
    if (scroller === null) return;
    const observer = createSizeObserver((changes) => {
      let changed = false;
      for (const { element, height } of changes) {
        if (element === scroller) {
          setViewportPx(Math.max(1, Math.round(height)));
          continue;
        }
        const key = element.getAttribute(KEY_ATTRIBUTE);
        if (key === null || height <= 0) continue;
        if (measured.get(key) !== height) {
          measured.set(key, height);
          changed = true;
        }
      }
      if (!changed) return;
      restoreAnchor(scroller);
      // Estimates that were too tall can leave a spacer in view: compute the window again.
      const current = latest.current;
      let renderedPx = 0;
      for (let index = current.window.first; index < current.window.end; index += 1)
        renderedPx += current.heightOf(index);
      if (leavesGap(current.window, renderedPx, { ...current, distanceFromBottomPx: current.distancePx }))
        setMeasureTick((tick) => tick + 1);
    });
    observer.observe(scroller);
    for (const item of scroller.querySelectorAll(`[${KEY_ATTRIBUTE}]`)) observer.observe(item);
    observerRef.current = observer;
    return () => {
      observer.disconnect();
      observerRef.current = null;
    };
  }, [scroller, measured, restoreAnchor]);

  // After every commit away from the bottom: the anchor back where the reader left it.
  useLayoutEffect(() => {
    if (scroller !== null && anchorRef.current !== null) restoreAnchor(scroller);
  });

  // React 19 callback ref with cleanup: an item is observed while it is mounted, no longer.
  const measureRef = useCallback((element: HTMLElement | null) => {
    if (element === null) return;
    const observer = observerRef.current;
    observer?.observe(element);
    return () => observer?.unobserve(element);
  }, []);

  const onScroll = useCallback(() => {
    if (scroller === null) return;
    const distance = Math.max(0, -scroller.scrollTop);
    distanceRef.current = distance;
    recordAnchor(scroller);
    const current = latest.current;
    // Re-render only when the rendered slice would change (or the bottom state flips).
    const next = computeConversationWindow({
      count: current.count,
      heightOf: current.heightOf,
      distanceFromBottomPx: distance,
      viewportPx: current.viewportPx,
      overscanPx: OVERSCAN_PX,
      maxItems: MAX_RENDERED_ITEMS,
    });
    const flips = distance > AT_BOTTOM_PX !== current.distancePx > AT_BOTTOM_PX;
    if (flips || next.first !== current.window.first || next.end !== current.window.end)
      setDistancePx(distance);
  }, [scroller, recordAnchor]);

  const jumpToNewest = useCallback(() => {
    if (scroller === null) return;
    anchorRef.current = null;
    scroller.scrollTop = 0;
    distanceRef.current = 0;
    setDistancePx(0);
  }, [scroller]);

  return {
    scrollRef: setScroller,
    onScroll,
    window,
    measureRef,
    isAwayFromBottom,
    jumpToNewest,
  };
}
