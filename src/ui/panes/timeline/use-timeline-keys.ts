// The keys of the focused timeline: a roving selection over turns or steps that follows the cursor
// (←/→ previous and next, Home/End first and last: the cursor goes to the selected span's start;
// ↑/↓ turns or steps), + and − zoom, 0 fits the whole log, Enter fits the selection. The keys it
// takes never reach the app's own bindings (src/ui/use-keyboard.ts, on window).
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { ViewerStore } from '../../../store/viewer-store.ts';
import {
  findFirstStepOf,
  findSelectedIndex,
  moveSelectionIndex,
  type TimelineLayout,
} from './timeline-geometry.ts';
import { KEY_ZOOM_FACTOR } from './timeline-window.ts';

type Level = 'turn' | 'step';

interface TimelineKeysOptions {
  store: ViewerStore;
  layout: TimelineLayout;
  level: Level;
  setLevel: (level: Level) => void;
  /** Where the cursor is or is going (pendingSeq ?? cursorSeq). */
  aimedSeq: number | null;
  onZoom: (factor: number) => void;
  onFit: (lane: Level, index: number) => void;
  onFitAll: () => void;
}

const MOVES: Record<string, 'previous' | 'next' | 'first' | 'last'> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

/** The selected index on the current level and the listbox's key handler. */
export function useTimelineKeys({
  store,
  layout,
  level,
  setLevel,
  aimedSeq,
  onZoom,
  onFit,
  onFitAll,
}: TimelineKeysOptions) {
  const selectedIndex = aimedSeq === null ? -1 : findSelectedIndex(layout[level], aimedSeq);

  /** Handles `key`; false when the timeline leaves it to the app. */
  const handle = (key: string): boolean => {
    const move = MOVES[key];
    if (move) {
      const state = store.getState();
      const seq = state.pendingSeq ?? state.cursorSeq ?? 0;
      const lane = layout[level];
      const from = findSelectedIndex(lane, seq);
      const target = lane.spans[moveSelectionIndex(from, lane.spans.length, move)];
      if (target) state.actions.setCursor(target.startSeq, 'step');
      return true;
    }
    switch (key) {
      case 'ArrowDown': {
        const turn = layout.turn.spans[findSelectedIndex(layout.turn, aimedSeq ?? 0)];
        setLevel('step');
        const step = turn ? findFirstStepOf(layout.step, turn) : -1;
        const stepSpan = layout.step.spans[step];
        // From a turn's own start (before its first step), down goes to that first step.
        if (stepSpan && (aimedSeq ?? 0) < stepSpan.startSeq)
          store.getState().actions.setCursor(stepSpan.startSeq, 'step');
        return true;
      }
      case 'ArrowUp':
        setLevel('turn');
        return true;
      case '+':
      case '=':
        onZoom(KEY_ZOOM_FACTOR);
        return true;
      case '-':
      case '_':
        onZoom(1 / KEY_ZOOM_FACTOR);
        return true;
      case '0':
        onFitAll();
        return true;
      case 'Enter':
        if (selectedIndex >= 0) onFit(level, selectedIndex);
        return true;
      default:
        return false;
    }
  };

  return {
    selectedIndex,
    onKeyDown: (event: ReactKeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Shift+←/→ (steps) and Shift+? stay the app's; Shift only matters for + and _ on some layouts.
      if (event.shiftKey && event.key.startsWith('Arrow')) return;
      if (!handle(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
