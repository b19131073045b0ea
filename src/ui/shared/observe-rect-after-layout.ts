// A scroll element's size for a virtualizer, learnt from ResizeObserver only. The default observer
// reads clientWidth/clientHeight when the list mounts, which forces a layout of everything the same
// commit just built (19 ms of the first render of a 1.3 M-event log); an observer entry comes after
// the browser's own layout instead. Until it comes the virtualizer uses its `initialRect`.
import { observeContentSize } from '../../browser/resize.ts';

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
