// The one wrapper of ResizeObserver: an element's size after the browser's own layout, never read by
// a forced one (the virtualized lists, the timeline, the scrubber, the usage chart).

/** An element's content-box size in whole CSS px. */
export interface ContentSize {
  width: number;
  height: number;
}

/**
 * Calls `onResize` with `element`'s content size after the layout in which it starts being observed
 * and after each layout that changes it. Returns the stop function; undefined where there is no
 * ResizeObserver (Node tests), in which case nothing is ever reported.
 */
export function observeContentSize(
  element: Element,
  onResize: (size: ContentSize) => void,
): (() => void) | undefined {
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver((entries) => {
    const box = entries.at(-1)?.contentRect;
    if (box) onResize({ width: Math.round(box.width), height: Math.round(box.height) });
  });
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}
