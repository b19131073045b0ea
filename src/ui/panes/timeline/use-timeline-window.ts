// The timeline's visible window as view state of the pane: null until the reader zooms (the whole
// axis), kept across an axis change as the same seq range, changed at most once per animation frame
// (every wheel or drag event of a frame folds into one render), and moved to keep the cursor in view.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TimelineAxis } from './timeline-axis.ts';
import { clampWindow, fitAll, keepInView, type TimelineWindow } from './timeline-window.ts';

/** The narrowest window (axis positions): 16 events on the sequence axis, 200 ms on the time axis. */
export function minWindowSpan(axis: TimelineAxis): number {
  return Math.min(axis.extent, axis.kind === 'seq' ? 16 : 200);
}

/** `window` of `from` expressed on `to`: the same seqs at its edges. */
function convertWindow(window: TimelineWindow, from: TimelineAxis, to: TimelineAxis): TimelineWindow {
  const startSeq = from.seqAtPos(window.start);
  const endSeq = from.seqAtPos(window.end);
  return clampWindow(
    { start: to.posOfSeq(startSeq), end: Math.max(to.posOfSeqEnd(endSeq), to.posOfSeq(startSeq)) },
    to.extent,
    minWindowSpan(to),
  );
}

/** A change of the window, given the window it applies to (changes of one frame are composed). */
export type WindowChange = (window: TimelineWindow, axis: TimelineAxis) => TimelineWindow;

export interface TimelineWindowState {
  window: TimelineWindow;
  isZoomed: boolean;
  /** Applies `change` in the next animation frame, rendered synchronously in it. */
  scheduleChange: (change: WindowChange) => void;
  /** Applies `change` now (a key, a button, a double-click). */
  applyChange: (change: WindowChange) => void;
  /** The window and axis of the latest render, for event handlers. */
  latest: { current: { window: TimelineWindow; axis: TimelineAxis } };
}

/** The window over `axis`; `cursorSeq` is kept in view whenever it moves. */
export function useTimelineWindow(axis: TimelineAxis, cursorSeq: number | null): TimelineWindowState {
  const [view, setView] = useState<{ axis: TimelineAxis; window: TimelineWindow } | null>(null);
  // Memoized: the window's identity tells the pane when to draw again (not on every cursor move).
  const window = useMemo(
    () =>
      view === null
        ? fitAll(axis.extent)
        : view.axis === axis
          ? view.window
          : convertWindow(view.window, view.axis, axis),
    [view, axis],
  );
  const latest = useRef({ window, axis });
  useLayoutEffect(() => {
    latest.current = { window, axis };
  });

  const applyChange = useCallback((change: WindowChange) => {
    const { window: current, axis: currentAxis } = latest.current;
    const next = clampWindow(change(current, currentAxis), currentAxis.extent, minWindowSpan(currentAxis));
    if (next.start === current.start && next.end === current.end) return;
    latest.current = { window: next, axis: currentAxis };
    const isAll = next.start <= 0 && next.end >= currentAxis.extent;
    setView(isAll ? null : { axis: currentAxis, window: next });
  }, []);

  const pending = useRef<WindowChange | null>(null);
  const frame = useRef<number | null>(null);
  const scheduleChange = useCallback(
    (change: WindowChange) => {
      const before = pending.current;
      pending.current = before ? (current, on) => change(before(current, on), on) : change;
      frame.current ??= requestAnimationFrame(() => {
        frame.current = null;
        const composed = pending.current;
        pending.current = null;
        // Rendered and drawn inside this frame, not in a task after its paint.
        if (composed) flushSync(() => applyChange(composed));
      });
    },
    [applyChange],
  );
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  // The cursor stays in view: a move that leaves the window pans it (never on a pan of the reader's).
  useEffect(() => {
    if (cursorSeq === null) return;
    applyChange((current, on) => keepInView(current, on.posOfSeq(cursorSeq), on.extent, minWindowSpan(on)));
  }, [cursorSeq, applyChange]);

  return {
    window,
    isZoomed: view !== null,
    scheduleChange,
    applyChange,
    latest,
  };
}
