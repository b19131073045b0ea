// The timeline: turns, steps, model attempts and tool executions as spans on a sequence or time axis,
// drawn on one canvas (never a component per event) over a visible window the reader zooms and pans;
// an overview strip shows the window in the whole log; the cursor is drawn and kept in view; a
// focusable listbox over the canvas reaches every turn and step by keyboard.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { observeContentSize } from '../../../browser/resize.ts';
import { useViewer, useViewerStoreApi } from '../../../store/use-viewer.ts';
import { useIsWriterActive } from '../../../store/use-writer-activity.ts';
import { formatCount } from '../../shared/format.ts';
import { prepareCanvas } from '../../shared/prepare-canvas.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { CANVAS_HEIGHT_PX, createTextMeasure, drawTimeline, LANES, PADDING_PX } from './draw-timeline.ts';
import { createSeqAxis, createTimeAxis } from './timeline-axis.ts';
import {
  buildTimelineSpans,
  collectTimedSeqs,
  findSpanAtSeq,
  isBetweenTurns,
  layoutLanes,
} from './timeline-geometry.ts';
import { describeSpan } from './timeline-labels.ts';
import { buildSeqTicks, buildTimeTicks, formatEdgeTime } from './timeline-ticks.ts';
import { createWindowScale, fitAll, fitSpan, zoomWindow } from './timeline-window.ts';
import { TimelineToolbar } from './TimelineToolbar.tsx';
import { TimelineHover, hoverAt, type Hover } from './TimelineHover.tsx';
import { OVERVIEW_HEIGHT_PX, TimelineOverview } from './TimelineOverview.tsx';
import { TimelineSelectionList } from './TimelineSelectionList.tsx';
import { useDarkClass } from './use-dark-class.ts';
import { useRangeSelection } from '../../../store/range-selection.ts';
import { useTimelineGestures } from './use-timeline-gestures.ts';
import { useTimelineKeys } from './use-timeline-keys.ts';
import { minWindowSpan, useTimelineWindow } from './use-timeline-window.ts';
import { useParentTarget } from '../../session-links/ParentLink.tsx';
import { InheritedBand } from './InheritedBand.tsx';

/** Where the cursor line starts (below the tick labels). */
const CURSOR_TOP_PX = 12;
/** Tick labels at least this far apart (CSS px). */
const TICK_SPACING_PX = 90;

/** Full-width timeline region with zoom controls, an axis toggle and an overview. */
export function TimelinePane() {
  const store = useViewerStoreApi();
  const client = useViewer((state) => state.client);
  // Deferred: building and drawing ~40k spans of a finished 1.3 M-event log is a render of its own
  // after the load's last commit, not part of that commit's task.
  const summary = useDeferredValue(useViewer((state) => state.summary));
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const aimedSeq = useViewer((state) => state.pendingSeq ?? state.cursorSeq);
  const axisChoice = useViewer((state) => state.timelineAxis);
  const problemSeqs = useViewer((state) => state.problemSeqs);
  const generation = useViewer((state) => state.logGeneration);
  const actions = useViewer((state) => state.actions);
  const isDark = useDarkClass();
  const parentTarget = useParentTarget();
  const inheritedEvents = summary?.inheritedEvents ?? null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  /** The canvas width in CSS px once measured; nothing is drawn before (no throw-away first draw). */
  const [width, setWidth] = useState<number | null>(null);
  /** Where the pointer rests over the canvas (CSS px), or null: the hover text is derived from it at
   * each render, so after a wheel pan or zoom it names what is under the pointer now. */
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [level, setLevel] = useState<'turn' | 'step'>('turn');
  const [isFocused, setFocused] = useState(false);
  const [wasFocused, setWasFocused] = useState(false);

  const eventCount = summary?.eventCount ?? 0;
  const isWriterActive = useIsWriterActive();
  const spans = useMemo(
    () => buildTimelineSpans(summary?.turns ?? [], eventCount, summary?.toolSpans, isWriterActive),
    [summary?.turns, summary?.toolSpans, eventCount, isWriterActive],
  );
  const toolSpanCount = summary?.toolSpans?.callSeq.length ?? 0;
  const needsTimes = axisChoice === 'time' || wasFocused;
  // Only once asked for: during a load every summary would collect them again.
  const timedSeqs = useMemo(
    () => (needsTimes ? collectTimedSeqs(spans, eventCount) : []),
    [needsTimes, spans, eventCount],
  );

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    return observeContentSize(element, () => setWidth(Math.max(200, element.clientWidth)));
  }, []);

  // The timed seqs' times: for the time axis, and for the durations the keyboard selection says.
  // A failure leaves the sequence axis.
  const timesAnswer = useWorkerQuery(
    () => client.query({ kind: 'times', seqs: timedSeqs }),
    [client, timedSeqs],
    { log: generation, shouldAsk: needsTimes && timedSeqs.length > 0 },
  );
  const times = timesAnswer.status === 'ready' ? timesAnswer.value : null;
  const timeOf = useMemo(() => {
    if (!times) return null;
    const map = new Map<number, number>();
    timedSeqs.forEach((seq, index) => map.set(seq, times[index] ?? Number.NaN));
    return map;
  }, [times, timedSeqs]);

  const seqAxis = useMemo(() => createSeqAxis(eventCount), [eventCount]);
  // The sequence axis's layout also tells idle stretches (between turns) from work on the time axis.
  const seqLayout = useMemo(() => layoutLanes(spans, seqAxis), [spans, seqAxis]);
  const timeAxis = useMemo(
    () =>
      axisChoice === 'time' && times
        ? createTimeAxis(
            timedSeqs.map((seq, index) => ({ seq, time: times[index] ?? Number.NaN })),
            eventCount,
            (fromSeq, toSeq) => isBetweenTurns(seqLayout.turn, fromSeq, toSeq),
          )
        : null,
    [axisChoice, times, timedSeqs, eventCount, seqLayout],
  );
  const axis = timeAxis ?? seqAxis;
  const layout = useMemo(
    () => (axis === seqAxis ? seqLayout : layoutLanes(spans, axis)),
    [axis, seqAxis, seqLayout, spans],
  );
  const stepCount = layout.step.spans.length;

  const { window: shown, isZoomed, scheduleChange, applyChange } = useTimelineWindow(axis, cursorSeq);
  const scale = createWindowScale(shown, width ?? 0, PADDING_PX);

  const measureRef = useRef<((text: string) => number) | null>(null);
  const edgeLabels = useMemo(() => {
    if (axis.kind === 'time') {
      const span = shown.end - shown.start;
      return [
        formatEdgeTime(axis.timeAtPos(shown.start) ?? Number.NaN, span),
        formatEdgeTime(axis.timeAtPos(shown.end) ?? Number.NaN, span),
      ];
    }
    return [`seq ${formatCount(axis.seqAtPos(shown.start))}`, `seq ${formatCount(axis.seqAtPos(shown.end))}`];
  }, [axis, shown]);

  const pointAt = (x: number) => ({ x, seq: axis.seqAtPos(scale.toPos(x)) });
  const hover: Hover | null =
    pointer === null || eventCount === 0 ? null : hoverAt(layout, pointAt(pointer.x), pointer.y);
  const selectedRange = useRangeSelection((state) => state.range);
  const setRange = useRangeSelection((state) => state.setRange);
  const gestures = useTimelineGestures({
    target: canvasRef,
    widthPx: width,
    scheduleChange,
    onPress: () => listRef.current?.focus({ preventScroll: true }),
    onClick: (x) => {
      if (eventCount > 0) actions.setCursor(pointAt(x).seq, 'jump');
    },
    onRangeDrag: (startX, x) => {
      if (eventCount > 0) setRange({ firstSeq: pointAt(startX).seq, lastSeq: pointAt(x).seq });
    },
  });
  const rangeBox =
    selectedRange === null || width === null
      ? null
      : {
          left: Math.max(0, scale.toX(axis.posOfSeq(selectedRange.firstSeq))),
          right: Math.min(width, scale.toX(axis.posOfSeq(selectedRange.lastSeq))),
        };

  const cursorX =
    cursorSeq === null || width === null ? null : Math.round(scale.toX(axis.posOfSeq(cursorSeq)));
  const cursorSide =
    cursorX === null || width === null
      ? null
      : cursorX < PADDING_PX - 1
        ? 'left'
        : cursorX > width - PADDING_PX + 1
          ? 'right'
          : null;

  const fitSelection = (lane: 'turn' | 'step', index: number) => {
    const laneLayout = layout[lane];
    const from = laneLayout.startPos[index];
    const to = laneLayout.endPos[index];
    if (from === undefined || to === undefined) return;
    applyChange((_current, on) => fitSpan(from, to, on.extent, minWindowSpan(on)));
  };
  const zoomBy = (factor: number) =>
    applyChange((current, on) => {
      const cursorPos = cursorSeq === null ? null : on.posOfSeq(cursorSeq);
      const anchor =
        cursorPos !== null && cursorPos >= current.start && cursorPos <= current.end
          ? cursorPos
          : (current.start + current.end) / 2;
      return zoomWindow(current, factor, anchor, on.extent, minWindowSpan(on));
    });

  const describe = (index: number): string => {
    const span = layout[level].spans[index];
    if (!span) return '';
    const start = timeOf?.get(span.startSeq);
    const end = timeOf?.get(span.endSeq);
    const duration = start === undefined || end === undefined ? null : end - start;
    return describeSpan(span, duration, span.lane === 'turn' ? span.stepCount : null);
  };

  const keys = useTimelineKeys({
    store,
    layout,
    level,
    setLevel,
    aimedSeq,
    onZoom: zoomBy,
    onFit: fitSelection,
    onFitAll: () => applyChange((_current, on) => fitAll(on.extent)),
  });
  const selectedIndex = isFocused || wasFocused ? keys.selectedIndex : -1;

  // A passive effect: a load's summary draws in its own task; a zoom frame (flushSync) still draws in
  // its frame, since React flushes the effects of a synchronous render at its end.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === null) return;
    const context = prepareCanvas(canvas, width, CANVAS_HEIGHT_PX);
    if (!context) return;
    measureRef.current ??= createTextMeasure(context);
    const measure = measureRef.current;
    const ticks =
      axis.kind === 'time'
        ? buildTimeTicks(axis, shown, width, TICK_SPACING_PX)
        : buildSeqTicks(shown, width, TICK_SPACING_PX);
    drawTimeline(context, {
      layout,
      axis,
      window: shown,
      widthPx: width,
      isDark,
      ticks,
      reservedLeftPx: PADDING_PX + measure(edgeLabels[0] ?? '') + 12,
      reservedRightPx: PADDING_PX + measure(edgeLabels[1] ?? '') + 12,
      problemSeqs,
      selected: isFocused && selectedIndex >= 0 ? { lane: level, index: selectedIndex } : null,
      measure,
    });
  }, [layout, axis, shown, width, isDark, problemSeqs, edgeLabels, isFocused, selectedIndex, level]);

  const windowStartSeq = axis.seqAtPos(shown.start);
  const windowEndSeq = axis.seqAtPos(shown.end);
  const zoom = shown.end > shown.start ? axis.extent / (shown.end - shown.start) : 1;
  return (
    <section
      aria-label="Timeline"
      data-tool-spans={toolSpanCount}
      data-axis={axis.kind}
      data-window-start={windowStartSeq}
      data-window-end={windowEndSeq}
      data-window-start-ms={axis.kind === 'time' ? Math.round(axis.timeAtPos(shown.start) ?? 0) : undefined}
      data-window-end-ms={axis.kind === 'time' ? Math.round(axis.timeAtPos(shown.end) ?? 0) : undefined}
      data-zoom={zoom.toFixed(2)}
      className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      {/* A size container: the legend folds into a button by the pane's width, not the window's (a
          workspace's session list takes 340 px of the window). */}
      <TimelineToolbar
        turnCount={summary?.turns.length ?? 0}
        stepCount={stepCount}
        toolSpanCount={toolSpanCount}
        parentTarget={parentTarget}
        isZoomed={isZoomed}
        zoom={zoom}
        onZoomBy={zoomBy}
        onFitAll={() => applyChange((_current, on) => fitAll(on.extent))}
        axisChoice={axisChoice}
        onAxisChange={(option) => actions.setTimelineAxis(option)}
      />
      <div ref={containerRef} className="relative px-0">
        {rangeBox !== null && rangeBox.right >= rangeBox.left && (
          <div
            data-testid="timeline-range"
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 z-10 border-x-2 border-violet-500 bg-violet-400/20"
            style={{ left: rangeBox.left, width: Math.max(2, rangeBox.right - rangeBox.left) }}
          />
        )}
        <canvas
          ref={canvasRef}
          data-testid="timeline-canvas"
          role="img"
          aria-label={`Timeline of ${summary?.turns.length ?? 0} turns and ${stepCount} steps, showing seq ${windowStartSeq} to ${windowEndSeq}${inheritedEvents ? `; seqs 0 to ${inheritedEvents - 1} inherited from the parent` : ''}`}
          className="touch-none"
          style={{ width: '100%', height: CANVAS_HEIGHT_PX, display: 'block', cursor: 'pointer' }}
          onPointerEnter={gestures.onPointerEnter}
          onPointerDown={gestures.onPointerDown}
          onPointerMove={(event) => {
            gestures.onPointerMove(event);
            setPointer(gestures.isDragging() || eventCount === 0 ? null : gestures.pointOf(event));
          }}
          onPointerUp={gestures.onPointerUp}
          onPointerCancel={gestures.onPointerCancel}
          onPointerLeave={() => setPointer(null)}
          onDoubleClick={(event) => {
            const { x, y } = gestures.pointOf(event);
            const point = pointAt(x);
            const isTurnLane = y < LANES.step.top;
            const lane = isTurnLane ? 'turn' : 'step';
            const index = findSpanAtSeq(layout[lane], point.seq);
            if (index >= 0) fitSelection(lane, index);
            else if (!isTurnLane) {
              const turn = findSpanAtSeq(layout.turn, point.seq);
              if (turn >= 0) fitSelection('turn', turn);
            }
          }}
        />
        <span
          data-testid="timeline-window-start-label"
          className="pointer-events-none absolute top-0 text-[10px] leading-3 whitespace-nowrap text-zinc-600 dark:text-zinc-400"
          style={{ left: PADDING_PX }}
        >
          {edgeLabels[0]}
        </span>
        <span
          data-testid="timeline-window-end-label"
          className="pointer-events-none absolute top-0 text-[10px] leading-3 whitespace-nowrap text-zinc-600 dark:text-zinc-400"
          style={{ right: PADDING_PX }}
        >
          {edgeLabels[1]}
        </span>
        {width !== null && inheritedEvents !== null && inheritedEvents > 0 && (
          <InheritedBand
            leftPx={scale.toX(axis.posOfSeq(0))}
            rightPx={scale.toX(axis.posOfSeqEnd(inheritedEvents - 1))}
            widthPx={width}
            inheritedEvents={inheritedEvents}
          />
        )}
        {cursorX !== null && cursorSide === null && (
          <div
            aria-hidden
            data-testid="timeline-cursor"
            className="pointer-events-none absolute left-0 w-0.5 bg-sky-600 dark:bg-sky-400"
            style={{
              top: CURSOR_TOP_PX,
              height: CANVAS_HEIGHT_PX - CURSOR_TOP_PX,
              transform: `translateX(${cursorX - 1}px)`,
              willChange: 'transform',
            }}
          />
        )}
        {cursorSide !== null && cursorSeq !== null && (
          <button
            type="button"
            data-testid="timeline-cursor-offscreen"
            aria-label={`Show the cursor (seq ${cursorSeq}) on the timeline`}
            title={`The cursor (seq ${cursorSeq}) is ${cursorSide === 'left' ? 'earlier' : 'later'}: show it`}
            className={`absolute z-10 rounded bg-sky-700 px-1 text-[10px] leading-4 text-white dark:bg-sky-400 dark:text-zinc-950 ${
              cursorSide === 'left' ? 'left-0' : 'right-0'
            }`}
            style={{ top: LANES.step.top }}
            onClick={() =>
              applyChange((current, on) => {
                const pos = on.posOfSeq(cursorSeq);
                const span = current.end - current.start;
                return { start: pos - span / 2, end: pos + span / 2 };
              })
            }
          >
            {cursorSide === 'left' ? '◀ cursor' : 'cursor ▶'}
          </button>
        )}
        <TimelineSelectionList
          ref={listRef}
          level={level}
          lane={layout[level]}
          selectedIndex={selectedIndex}
          describe={describe}
          onKeyDown={keys.onKeyDown}
          onFocus={() => {
            setFocused(true);
            setWasFocused(true);
          }}
          onBlur={() => setFocused(false)}
        />
        {hover && <TimelineHover hover={hover} timeOf={timeOf} client={client} widthPx={width ?? 0} />}
      </div>
      {width !== null && eventCount > 0 && (
        <TimelineOverview
          turns={layout.turn}
          axis={axis}
          window={shown}
          widthPx={width}
          isDark={isDark}
          cursorPos={cursorSeq === null ? null : axis.posOfSeq(cursorSeq)}
          scheduleChange={scheduleChange}
        />
      )}
      <div style={{ height: width !== null && eventCount > 0 ? 4 : OVERVIEW_HEIGHT_PX + 4 }} />
    </section>
  );
}
