// A scroll element's size for a virtualizer, learnt from ResizeObserver only. The default observer
// reads clientWidth/clientHeight when the list mounts, which forces a layout of everything the same
// commit just built (19 ms of the first render of a 1.3 M-event log); an observer entry comes after
// the browser's own layout instead. Until it comes the virtualizer uses its `initialRect`.

/** The part of a @tanstack/virtual Virtualizer this observer uses. */
export interface RectObservedVirtualizer {
  scrollElement: Element | null;
}

/** For useVirtualizer's `observeElementRect` (pair it with an `initialRect` estimate). */
export function observeRectAfterLayout(
  instance: RectObservedVirtualizer,
  callback: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  return observeContentSize(element, callback);
}

/** Calls `callback` with `element`'s content size (whole px) after each layout that changes it; returns the stop function. */
export function observeContentSize(
  element: Element,
  callback: (size: { width: number; height: number }) => void,
): (() => void) | undefined {
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver((entries) => {
    const box = entries.at(-1)?.contentRect;
    if (box) callback({ width: Math.round(box.width), height: Math.round(box.height) });
  });
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** A first guess of a pane's size before it is measured: the window's (read without a layout). */
export function estimateViewportRect(): { width: number; height: number } {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The scroll element's height in px: the observed one, or, before the first observation (the
 * virtualizer still holds `initialRect`), read from the element — a layout, but only once per mount.
 */
export function viewportHeightPx(
  instance: { scrollRect: { height: number } | null },
  initialRect: { height: number },
  element: HTMLElement,
): number {
  const rect = instance.scrollRect;
  return rect !== null && rect !== initialRect ? rect.height : element.clientHeight;
}
