// The timeline's keyboard face: a focusable listbox laid over the canvas whose active option is the
// selected turn or step (aria-activedescendant), so a screen reader says "turn 3, step 2, completed,
// 4.2 s". Only OPTIONS_AROUND options on each side of the selection exist (a 1,512-turn log stays a
// few dozen nodes); aria-setsize and aria-posinset give the real count and place.
import { useId, type FocusEventHandler, type KeyboardEventHandler, type Ref } from 'react';
import type { LaneLayout } from './timeline-geometry.ts';

const OPTIONS_AROUND = 10;

interface TimelineSelectionListProps {
  level: 'turn' | 'step';
  lane: LaneLayout;
  /** The selected index in `lane`, or -1 (nothing yet: the timeline was not focused). */
  selectedIndex: number;
  describe: (index: number) => string;
  onKeyDown: KeyboardEventHandler<HTMLDivElement>;
  onFocus: FocusEventHandler<HTMLDivElement>;
  onBlur: FocusEventHandler<HTMLDivElement>;
  ref: Ref<HTMLDivElement>;
}

/** The listbox; pointer events pass through it to the canvas below. */
export function TimelineSelectionList({
  level,
  lane,
  selectedIndex,
  describe,
  onKeyDown,
  onFocus,
  onBlur,
  ref,
}: TimelineSelectionListProps) {
  const idPrefix = useId();
  const helpId = `${idPrefix}-help`;
  const optionId = (index: number) => `${idPrefix}-${level}-${index}`;
  const first = Math.max(0, selectedIndex - OPTIONS_AROUND);
  const end = selectedIndex < 0 ? 0 : Math.min(lane.spans.length, selectedIndex + OPTIONS_AROUND + 1);
  const indexes: number[] = [];
  for (let index = first; index < end; index++) indexes.push(index);
  return (
    <>
      <span id={helpId} className="sr-only">
        Left and right arrows: previous and next {level}. Up and down: turns or steps. Home and End: first and
        last. Plus and minus zoom, 0 shows the whole log, Enter fits the selected {level}.
      </span>
      <div
        ref={ref}
        role="listbox"
        tabIndex={0}
        aria-label={level === 'turn' ? 'Timeline turns' : 'Timeline steps'}
        aria-describedby={helpId}
        aria-activedescendant={selectedIndex >= 0 ? optionId(selectedIndex) : undefined}
        data-testid="timeline-keyboard"
        data-level={level}
        data-selected-index={selectedIndex}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        className="pointer-events-none absolute inset-0 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-inset dark:focus-visible:ring-sky-400"
      >
        {indexes.map((index) => (
          <div
            key={optionId(index)}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            aria-posinset={index + 1}
            aria-setsize={lane.spans.length}
            className="sr-only"
          >
            {describe(index)}
          </div>
        ))}
      </div>
    </>
  );
}
