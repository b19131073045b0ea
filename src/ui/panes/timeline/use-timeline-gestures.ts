// Pointer and wheel gestures of the timeline canvas: the wheel (and a trackpad pinch, which arrives
// as a wheel event with ctrlKey) zooms about the pointer, a horizontal wheel or Shift+wheel pans, a
// drag pans (a Shift-drag selects a seq range instead), a click (a press that did not move) jumps,
// a double-click fits what is under it.
import {
  useCallback,
  useEffect,
  useRef,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { PADDING_PX } from './draw-timeline.ts';
import type { WindowChange } from './use-timeline-window.ts';
import {
  createWindowScale,
  panWindow,
  wheelDeltaPx,
  wheelZoomFactor,
  zoomWindow,
} from './timeline-window.ts';
import { minWindowSpan } from './use-timeline-window.ts';

/** A press that moves less than this (CSS px) is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;

interface GestureOptions {
  /** The element the gestures are on (the canvas). */
  target: RefObject<HTMLElement | null>;
  widthPx: number | null;
  scheduleChange: (change: WindowChange) => void;
  /** A click at x (CSS px from the element's left). */
  onClick: (x: number) => void;
  /** A press on the element (focuses the timeline, so its keys work). */
  onPress: () => void;
  /** A Shift-drag selects a range instead of panning: from the press's x to the pointer's (done on release). */
  onRangeDrag?: (startX: number, x: number, isDone: boolean) => void;
}

/** The zoom of a wheel event at x: about the axis position under x. */
function zoomAt(x: number, factor: number, widthPx: number): WindowChange {
  return (window, axis) => {
    const anchor = createWindowScale(window, widthPx, PADDING_PX).toPos(x);
    return zoomWindow(window, factor, anchor, axis.extent, minWindowSpan(axis));
  };
}

/** A pan by `px` CSS px of the window's current scale (positive: later). */
function panBy(px: number, widthPx: number): WindowChange {
  return (window, axis) =>
    panWindow(
      window,
      px * createWindowScale(window, widthPx, PADDING_PX).posPerPx,
      axis.extent,
      minWindowSpan(axis),
    );
}

/** Installs the wheel listener (not passive: it keeps the page from scrolling) and returns the pointer handlers. */
export function useTimelineGestures({
  target,
  widthPx,
  scheduleChange,
  onClick,
  onPress,
  onRangeDrag,
}: GestureOptions) {
  const widthRef = useRef(widthPx);
  /** The element's left edge in client px, read when the layout is fresh (a resize, the pointer
   * entering), not in each wheel event, where it would force the layout a frame's commit left dirty. */
  const originRef = useRef<{ left: number; top: number } | null>(null);
  const readOrigin = useCallback(() => {
    const box = target.current?.getBoundingClientRect();
    originRef.current = box ? { left: box.left, top: box.top } : null;
    return originRef.current ?? { left: 0, top: 0 };
  }, [target]);
  useEffect(() => {
    widthRef.current = widthPx;
    originRef.current = null;
  }, [widthPx]);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const width = widthRef.current;
      if (width === null) return;
      const deltaX = wheelDeltaPx(event.deltaX, event.deltaMode);
      const deltaY = wheelDeltaPx(event.deltaY, event.deltaMode);
      const isHorizontal = event.shiftKey || Math.abs(deltaX) > Math.abs(deltaY);
      if (deltaX === 0 && deltaY === 0) return;
      event.preventDefault();
      const x = event.clientX - (originRef.current ?? readOrigin()).left;
      if (isHorizontal && !event.ctrlKey)
        scheduleChange(panBy(event.shiftKey && deltaX === 0 ? deltaY : deltaX, width));
      else scheduleChange(zoomAt(x, wheelZoomFactor(deltaY, event.ctrlKey), width));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [target, scheduleChange, readOrigin]);

  const press = useRef<{
    pointerId: number;
    startX: number;
    lastX: number;
    isDrag: boolean;
    isRange: boolean;
  } | null>(null);
  /** Where a pointer event is, in CSS px from the element's top left. */
  const pointOf = (event: { clientX: number; clientY: number }) => {
    const origin = originRef.current ?? readOrigin();
    return { x: event.clientX - origin.left, y: event.clientY - origin.top };
  };
  const xOf = (event: ReactPointerEvent) => pointOf(event).x;

  return {
    onPointerEnter: () => {
      readOrigin();
    },
    pointOf,
    onPointerDown: (event: ReactPointerEvent) => {
      if (event.button !== 0) return;
      onPress();
      const x = xOf(event);
      press.current = {
        pointerId: event.pointerId,
        startX: x,
        lastX: x,
        isDrag: false,
        isRange: event.shiftKey && onRangeDrag !== undefined,
      };
    },
    onPointerMove: (event: ReactPointerEvent) => {
      const current = press.current;
      const width = widthRef.current;
      if (!current || current.pointerId !== event.pointerId || width === null) return;
      const x = xOf(event);
      if (!current.isDrag && Math.abs(x - current.startX) < DRAG_THRESHOLD_PX) return;
      if (!current.isDrag) {
        current.isDrag = true;
        target.current?.setPointerCapture(event.pointerId);
      }
      if (current.isRange) {
        onRangeDrag?.(current.startX, x, false);
        current.lastX = x;
        return;
      }
      // Dragging right shows what lies earlier.
      scheduleChange(panBy(current.lastX - x, width));
      current.lastX = x;
    },
    onPointerUp: (event: ReactPointerEvent) => {
      const current = press.current;
      press.current = null;
      if (!current || current.pointerId !== event.pointerId) return;
      if (current.isDrag) target.current?.releasePointerCapture(event.pointerId);
      if (current.isDrag && current.isRange) onRangeDrag?.(current.startX, xOf(event), true);
      else if (!current.isDrag) onClick(xOf(event));
    },
    onPointerCancel: () => {
      press.current = null;
    },
    /** Whether a drag is going on (the pointer's hover text is hidden meanwhile). */
    isDragging: () => press.current?.isDrag === true,
  };
}
