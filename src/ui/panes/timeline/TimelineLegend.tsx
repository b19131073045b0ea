// The colour legend of the timeline: inline when the timeline's header row is wide (a container query,
// 80rem), behind a "Legend" button when it is not (where it would push the zoom and axis controls out).
import { useState } from 'react';
import { REASON_COLORS, RUNNING_COLOR, TOOL_STATUS_COLORS } from './draw-timeline.ts';

function LegendItems() {
  return (
    <>
      {Object.entries(REASON_COLORS).map(([reason, color]) => (
        <span key={reason} className="flex items-center gap-0.5 whitespace-nowrap">
          <span className="inline-block h-2 w-2 rounded-sm" style={{ background: color }} />
          {reason}
        </span>
      ))}
      <span className="flex items-center gap-0.5 whitespace-nowrap">
        <span className="inline-block h-2 w-2 rounded-sm border border-dashed border-red-500" />
        hanging
      </span>
      <span className="flex items-center gap-0.5 whitespace-nowrap">
        <span className="inline-block h-2 w-2 rounded-sm" style={{ background: RUNNING_COLOR }} />
        running (followed)
      </span>
      <span className="ml-1">tools:</span>
      {Object.entries(TOOL_STATUS_COLORS).map(([status, color]) => (
        <span
          key={status}
          className="flex items-center gap-0.5 whitespace-nowrap"
          data-testid={`tool-legend-${status}`}
        >
          <span className="inline-block h-1.5 w-2 rounded-sm" style={{ background: color }} />
          {status}
        </span>
      ))}
    </>
  );
}

/** The legend, or its button below the `xl` breakpoint. */
export function TimelineLegend() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <span className="hidden items-center gap-2 text-[10px] text-zinc-600 @7xl:flex dark:text-zinc-400">
        <LegendItems />
      </span>
      <span className="relative @7xl:hidden">
        <button
          type="button"
          aria-expanded={isOpen}
          onClick={() => setOpen(!isOpen)}
          className="rounded border border-zinc-300 px-1.5 text-[10px] text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          Legend
        </button>
        {isOpen && (
          <span className="absolute top-5 left-0 z-30 flex w-72 flex-wrap gap-x-2 gap-y-1 rounded border border-zinc-200 bg-white p-2 text-[10px] text-zinc-600 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            <LegendItems />
          </span>
        )}
      </span>
    </>
  );
}
