// Scroll offsets the app wrote itself, reported to a virtualizer without reading the DOM: reading
// scrollTop after React changed the list forces a synchronous layout, the main cost of a scrub.

/** The part of a @tanstack/virtual Virtualizer this observer uses. */
interface OffsetObservedVirtualizer {
  scrollElement: HTMLElement | null;
  options: { isScrollingResetDelay: number };
}

/** How long a written offset is trusted for the scroll event it causes (ms); a write that moved nothing causes none. */
const WRITTEN_OFFSET_TTL_MS = 100;

/** A scroll writer paired with the virtualizer's `observeElementOffset`. */
export interface KnownScrollOffset {
  /**
   * Sets `element.scrollTop = top` and remembers `min(max(top, 0), maxTop)` (px; maxTop = content
   * height − viewport height, both known without layout) as what the next scroll event reports.
   */
  scrollTo: (element: HTMLElement, top: number, maxTop: number) => void;
  /** For useVirtualizer's `observeElementOffset`: scroll events caused by `scrollTo` report its offset
   * as a settled (not scrolling) position, any other scroll (the user's) reads scrollTop and reports
   * scrolling until `isScrollingResetDelay` passes without a scroll. Returns the unsubscribe function. */
  observe: (
    instance: OffsetObservedVirtualizer,
    callback: (offset: number, isScrolling: boolean) => void,
  ) => (() => void) | undefined;
  /** For useVirtualizer's `scrollToFn`: the virtualizer's own scroll writes, skipped when the element
   * is already at that offset (the virtualizer writes its offset when it mounts: a forced layout of
   * everything the mounting commit built, for nothing). */
  scrollToFn: (
    offset: number,
    options: { adjustments?: number; behavior?: ScrollBehavior },
    instance: { scrollElement: Element | null },
  ) => void;
}

/**
 * Creates one per scroll list (keep it in a ref or state for the component's lifetime). A horizontal
 * list's offset is its scrollLeft (`top` and `maxTop` then mean the left offset and its maximum).
 */
export function createKnownScrollOffset(axis: 'vertical' | 'horizontal' = 'vertical'): KnownScrollOffset {
  const isHorizontal = axis === 'horizontal';
  let written: { offset: number; at: number } | null = null;
  /** The offset last reported to the virtualizer (0 for a new element). */
  let reported = 0;
  return {
    scrollTo(element, top, maxTop) {
      written = { offset: Math.max(0, Math.min(top, maxTop)), at: performance.now() };
      if (isHorizontal) element.scrollLeft = top;
      else element.scrollTop = top;
    },
    observe(instance, callback) {
      const element = instance.scrollElement;
      if (!element) return undefined;
      // A list's scroll element is observed when it mounts, and a new element is scrolled to 0:
      // reading scrollTop here would force a layout of everything the mounting commit built.
      let offset = 0;
      reported = 0;
      let endTimer: ReturnType<typeof setTimeout> | null = null;
      const onScroll = () => {
        const known =
          written !== null && performance.now() - written.at <= WRITTEN_OFFSET_TTL_MS ? written : null;
        written = null;
        offset = known ? known.offset : isHorizontal ? element.scrollLeft : element.scrollTop;
        reported = offset;
        // Not "scrolling" for our own writes: with isScrolling the virtualizer also reads
        // scrollHeight − clientHeight to detect overscroll, another forced layout.
        callback(offset, known === null);
        if (endTimer !== null) clearTimeout(endTimer);
        endTimer = setTimeout(() => {
          endTimer = null;
          callback(offset, false);
        }, instance.options.isScrollingResetDelay);
      };
      callback(offset, false);
      element.addEventListener('scroll', onScroll, { passive: true });
      return () => {
        element.removeEventListener('scroll', onScroll);
        if (endTimer !== null) clearTimeout(endTimer);
      };
    },
    scrollToFn(offset, { adjustments = 0, behavior }, instance) {
      const top = offset + adjustments;
      if (top === reported && behavior !== 'smooth') return;
      instance.scrollElement?.scrollTo(isHorizontal ? { left: top, behavior } : { top, behavior });
    },
  };
}
