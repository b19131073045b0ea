// The seq scrubber: a slider over all seqs with turn/step ticks and problem marks, play controls and
// the cursor's position. Every slider input reaches the store at once; the store lands the newest
// one when its model view is ready, and the slider shows where the cursor is going meanwhile.
import { useEffect, useMemo, useRef, useState } from 'react';
import { observeContentSize } from '../../browser/resize.ts';
import { findSpanAt } from '../../log/index.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { aimedSeq } from '../../store/cursor/cursor-slice.ts';
import { formatCount } from '../shared/format.ts';
import { prepareCanvas } from '../shared/prepare-canvas.ts';

const TICKS_HEIGHT_PX = 10;
const PLAYBACK_SPEEDS = [1, 4, 16, 64, 256];
/** The cursor is announced once it has rested this long (ms). */
const ANNOUNCE_REST_MS = 700;

/** Bottom bar; the slider is named "Seq" for assistive technology and tests. */
export function Scrubber() {
  const summary = useViewer((state) => state.summary);
  // Where the cursor is going while a move waits for its model view, so the thumb follows the hand.
  const cursorSeq = useViewer(aimedSeq);
  const stepSeqs = useViewer((state) => state.stepSeqs);
  const turnSeqs = useViewer((state) => state.turnSeqs);
  const problemSeqs = useViewer((state) => state.problemSeqs);
  const isPlaying = useViewer((state) => state.isPlaying);
  const speed = useViewer((state) => state.playbackSpeed);
  const theme = useViewer((state) => state.theme);
  const actions = useViewer((state) => state.actions);
  // The event type at the cursor for the slider's spoken value, when its row is cached (it usually
  // is: a move prepares the rows around its target).
  const eventRows = useViewer((state) => state.eventRows);
  const eventCount = summary?.eventCount ?? 0;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** The tick canvas width in CSS px once measured; no ticks are drawn before. */
  const [width, setWidth] = useState<number | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    return observeContentSize(canvas, () => setWidth(Math.max(100, canvas.clientWidth)));
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === null) return;
    const context = prepareCanvas(canvas, width, TICKS_HEIGHT_PX);
    if (!context) return;
    if (eventCount <= 1) return;
    const isDark = document.documentElement.classList.contains('dark');
    const xOf = (seq: number) => Math.round((seq / (eventCount - 1)) * (width - 1)) + 0.5;
    const drawTicks = (seqs: readonly number[], color: string, top: number, bottom: number) => {
      context.strokeStyle = color;
      context.beginPath();
      let lastX = -1;
      for (const seq of seqs) {
        const x = xOf(seq);
        if (x === lastX) continue;
        lastX = x;
        context.moveTo(x, top);
        context.lineTo(x, bottom);
      }
      context.stroke();
    };
    context.lineWidth = 1;
    drawTicks(stepSeqs, isDark ? '#52525b' : '#c4c4cc', 5, TICKS_HEIGHT_PX);
    drawTicks(turnSeqs, isDark ? '#a78bfa' : '#7c3aed', 0, TICKS_HEIGHT_PX);
    context.lineWidth = 2;
    drawTicks(problemSeqs, '#ef4444', 0, 6);
  }, [width, eventCount, stepSeqs, turnSeqs, problemSeqs, theme]);

  const turnAtCursor = useMemo(() => {
    if (cursorSeq === null || !summary) return null;
    const turn = findSpanAt(summary.turns, cursorSeq);
    if (!turn) return null;
    const step = findSpanAt(turn.steps, cursorSeq);
    return { turn: turn.turn, step: step?.step ?? null };
  }, [cursorSeq, summary]);

  const shownSeq = cursorSeq ?? 0;
  const isDisabled = eventCount === 0;
  const cursorText = describeCursor(shownSeq, eventCount, turnAtCursor, eventRows.getItem(shownSeq)?.type);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (eventCount === 0) return;
    const timer = setTimeout(() => setAnnounced(`Cursor at ${cursorText}`), ANNOUNCE_REST_MS);
    return () => clearTimeout(timer);
  }, [cursorText, eventCount]);

  return (
    <footer className="flex items-center gap-3 border-t border-zinc-200 bg-white px-3 py-1.5 dark:border-zinc-800 dark:bg-zinc-900">
      <button
        type="button"
        disabled={isDisabled}
        onClick={() => actions.setPlaying(!isPlaying)}
        aria-label={isPlaying ? 'Pause' : 'Play'}
        className="flex h-7 w-7 items-center justify-center rounded-full bg-sky-600 text-white shadow-sm hover:bg-sky-700 disabled:opacity-40"
      >
        {isPlaying ? '❚❚' : '▶'}
      </button>
      <select
        aria-label="Playback speed"
        value={speed}
        onChange={(event) => actions.setPlaybackSpeed(Number(event.target.value))}
        className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs dark:border-zinc-600 dark:bg-zinc-800"
      >
        {PLAYBACK_SPEEDS.map((option) => (
          <option key={option} value={option}>
            {option}×
          </option>
        ))}
      </select>
      <div className="flex min-w-0 flex-1 flex-col">
        <canvas
          ref={canvasRef}
          aria-hidden
          style={{ width: '100%', height: TICKS_HEIGHT_PX, display: 'block' }}
        />
        <input
          type="range"
          aria-label="Seq"
          aria-valuetext={cursorText}
          min={0}
          max={Math.max(0, eventCount - 1)}
          step={1}
          value={Math.min(shownSeq, Math.max(0, eventCount - 1))}
          disabled={isDisabled}
          onChange={(event) => actions.setCursor(Number(event.target.value))}
          className="w-full accent-sky-600"
        />
      </div>
      {/* Said politely once the cursor rests, not at every step of a scrub. */}
      <div role="status" className="sr-only" data-testid="cursor-announcement">
        {announced}
      </div>
      {/* One line, always: a label that wrapped at some seqs (T1234 S12) changed the footer's height, so
          the panes above resized, and the events list re-laid out and re-rendered, during a scrub. */}
      <div
        className="w-72 shrink-0 overflow-hidden text-ellipsis whitespace-nowrap text-right font-mono text-xs tabular-nums"
        data-testid="cursor-position"
      >
        <span className="font-semibold">seq {formatCount(shownSeq)}</span>
        <span className="text-zinc-500"> / {formatCount(Math.max(0, eventCount - 1))}</span>
        {turnAtCursor && (
          <span className="ml-2 text-zinc-500">
            T{turnAtCursor.turn}
            {turnAtCursor.step !== null ? ` S${turnAtCursor.step}` : ''}
          </span>
        )}
      </div>
    </footer>
  );
}

/** What the slider's value says to a screen reader: "seq 12 of 300, turn 2, step 1, tool/call". */
function describeCursor(
  seq: number,
  eventCount: number,
  span: { turn: number; step: number | null } | null | undefined,
  type: string | undefined,
): string {
  const parts = [`seq ${seq} of ${Math.max(0, eventCount - 1)}`];
  if (span) parts.push(`turn ${span.turn}`, ...(span.step !== null ? [`step ${span.step}`] : []));
  if (type) parts.push(type);
  return parts.join(', ');
}
