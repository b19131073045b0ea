// Scroll offsets the app wrote itself, reported to a virtualizer without reading the DOM: reading
// scrollTop after React changed the list forces a synchronous layout, the main cost of a scrub.

/** The part of a @tanstack/virtual Virtualizer this observer uses. */
export interface OffsetObservedVirtualizer {
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
}

/** Creates one per scroll list (keep it in a ref or state for the component's lifetime). */
export function createKnownScrollOffset(): KnownScrollOffset {
  let written: { offset: number; at: number } | null = null;
  return {
    scrollTo(element, top, maxTop) {
      written = { offset: Math.max(0, Math.min(top, maxTop)), at: performance.now() };
      element.scrollTop = top;
    },
    observe(instance, callback) {
      const element = instance.scrollElement;
      if (!element) return undefined;
      let offset = element.scrollTop;
      let endTimer: ReturnType<typeof setTimeout> | null = null;
      const onScroll = () => {
        const known =
          written !== null && performance.now() - written.at <= WRITTEN_OFFSET_TTL_MS ? written : null;
        written = null;
        offset = known ? known.offset : element.scrollTop;
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
  };
}
