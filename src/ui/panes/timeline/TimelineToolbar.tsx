// The timeline's top row: its title and counts, the parent link, the legend, the zoom buttons and
// the axis toggle. Presentational: the pane owns the window and hands the changes in.
import { SegmentedControl } from '../../shared/SegmentedControl.tsx';
import { ParentLinkButton, type ParentTarget } from '../../session-links/ParentLink.tsx';
import { KEY_ZOOM_FACTOR } from './timeline-window.ts';
import { TimelineLegend } from './TimelineLegend.tsx';

const AXIS_OPTIONS = [
  { value: 'seq', label: 'Sequence' },
  { value: 'time', label: 'Time' },
] as const;
const ZOOM_BUTTON_CLASS =
  'rounded border border-zinc-300 px-1.5 leading-4 text-zinc-700 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800';

interface TimelineToolbarProps {
  turnCount: number;
  stepCount: number;
  toolSpanCount: number;
  parentTarget: ParentTarget;
  isZoomed: boolean;
  /** The log's extent over the window's (1: all of it shown). */
  zoom: number;
  onZoomBy: (factor: number) => void;
  onFitAll: () => void;
  axisChoice: 'seq' | 'time';
  onAxisChange: (axis: 'seq' | 'time') => void;
}

export function TimelineToolbar({
  turnCount,
  stepCount,
  toolSpanCount,
  parentTarget,
  isZoomed,
  zoom,
  onZoomBy,
  onFitAll,
  axisChoice,
  onAxisChange,
}: TimelineToolbarProps) {
  return (
    <>
      <div className="@container flex items-center gap-3 px-2 pt-1 text-xs">
        <h2 className="font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Timeline</h2>
        <span className="whitespace-nowrap text-zinc-600 dark:text-zinc-400">
          {turnCount} turns · {stepCount} steps · {toolSpanCount} tool{' '}
          {toolSpanCount === 1 ? 'call' : 'calls'}
        </span>
        <ParentLinkButton
          target={parentTarget}
          at="spawn"
          testId="timeline-parent"
          className="whitespace-nowrap text-[11px]"
        />
        <TimelineLegend />
        <span className="ml-auto flex shrink-0 items-center gap-1 text-[11px]">
          {isZoomed && (
            <span className="text-zinc-600 dark:text-zinc-400" data-testid="timeline-zoom">
              {zoom < 10 ? zoom.toFixed(1) : Math.round(zoom)}×
            </span>
          )}
          <button
            type="button"
            aria-label="Zoom out the timeline"
            className={ZOOM_BUTTON_CLASS}
            disabled={!isZoomed}
            onClick={() => onZoomBy(1 / KEY_ZOOM_FACTOR)}
          >
            −
          </button>
          <button
            type="button"
            aria-label="Zoom in the timeline"
            className={ZOOM_BUTTON_CLASS}
            onClick={() => onZoomBy(KEY_ZOOM_FACTOR)}
          >
            +
          </button>
          <button type="button" className={ZOOM_BUTTON_CLASS} disabled={!isZoomed} onClick={onFitAll}>
            Fit
          </button>
        </span>
        <SegmentedControl
          label="Timeline axis"
          options={AXIS_OPTIONS}
          value={axisChoice}
          onChange={onAxisChange}
          className="shrink-0"
        />
      </div>
    </>
  );
}
