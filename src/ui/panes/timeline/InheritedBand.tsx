// A forked child's inherited prefix on the timeline (FORMAT.md §8.1): a shaded band over seqs
// 0 … inheritedEvents-1 with a label, drawn over the canvas. It takes no pointer events, so clicks
// and hovers reach the spans under it.
import { PADDING_PX, CANVAS_HEIGHT_PX } from './draw-timeline.ts';

/** Where the band starts below the tick labels (CSS px). */
const BAND_TOP_PX = 12;

interface InheritedBandProps {
  /** Canvas x of the prefix's start and end (any values: clamped to the drawn area here). */
  leftPx: number;
  rightPx: number;
  widthPx: number;
  inheritedEvents: number;
}

export function InheritedBand({ leftPx, rightPx, widthPx, inheritedEvents }: InheritedBandProps) {
  const left = Math.max(PADDING_PX, Math.min(leftPx, rightPx));
  const right = Math.min(widthPx - PADDING_PX, Math.max(leftPx, rightPx));
  if (!(right - left >= 1)) return null;
  return (
    <div
      data-testid="timeline-inherited-band"
      data-inherited-events={inheritedEvents}
      aria-hidden
      title={`Seqs 0–${inheritedEvents - 1} were inherited from the parent session`}
      className="pointer-events-none absolute overflow-hidden border-r-2 border-dashed border-violet-500 bg-violet-400/15 dark:border-violet-400 dark:bg-violet-300/15"
      style={{ left, width: right - left, top: BAND_TOP_PX, height: CANVAS_HEIGHT_PX - BAND_TOP_PX }}
    >
      <span className="absolute bottom-0 left-0 whitespace-nowrap rounded-tr bg-violet-100 px-1 text-[10px] leading-4 text-violet-950 dark:bg-violet-950 dark:text-violet-100">
        inherited from parent · seqs 0–{inheritedEvents - 1}
      </span>
    </div>
  );
}
