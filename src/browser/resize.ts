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

/** One observer for many elements (the items of a list), reporting border-box heights. */
export interface SizeObserver {
  observe: (element: Element) => void;
  unobserve: (element: Element) => void;
  disconnect: () => void;
}

/**
 * Calls `onResize` once per layout with every observed element whose border-box size changed (and
 * each newly observed one, after the layout that places it). Where there is no ResizeObserver (Node
 * tests) the observer does nothing.
 */
export function createSizeObserver(
  onResize: (changes: readonly { element: Element; height: number; width: number }[]) => void,
): SizeObserver {
  if (typeof ResizeObserver === 'undefined')
    return { observe: () => undefined, unobserve: () => undefined, disconnect: () => undefined };
  const observer = new ResizeObserver((entries) => {
    onResize(
      entries.map((entry) => {
        const box = entry.borderBoxSize[0];
        return {
          element: entry.target,
          height: box ? box.blockSize : entry.contentRect.height,
          width: box ? box.inlineSize : entry.contentRect.width,
        };
      }),
    );
  });
  return {
    observe: (element) => observer.observe(element, { box: 'border-box' }),
    unobserve: (element) => observer.unobserve(element),
    disconnect: () => observer.disconnect(),
  };
}
