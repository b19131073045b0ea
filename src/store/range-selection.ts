// The seq range the person selected (a Shift-drag on the timeline, or two seqs typed in the Cost &
// time tab) whose totals the tab shows. One range at a time; the URL carries it (src/url/use-range-url-sync.ts).

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Seqs [firstSeq, lastSeq], firstSeq ≤ lastSeq. */
export interface SeqRange {
  firstSeq: number;
  lastSeq: number;
}

interface RangeSelectionState {
  range: SeqRange | null;
  setRange: (range: SeqRange | null) => void;
}

/** The app's one range selection. */
export const rangeSelectionStore = createStore<RangeSelectionState>()((set) => ({
  range: null,
  setRange(range) {
    set({
      range:
        range === null
          ? null
          : {
              firstSeq: Math.max(0, Math.min(range.firstSeq, range.lastSeq)),
              lastSeq: Math.max(0, range.firstSeq, range.lastSeq),
            },
    });
  },
}));

/** A narrow selection of the range selection. */
export function useRangeSelection<T>(select: (state: RangeSelectionState) => T): T {
  return useStore(rangeSelectionStore, select);
}

/** `12-340` → the range; anything else → null. */
export function parseSeqRange(text: string | null): SeqRange | null {
  if (text === null) return null;
  const match = /^(\d{1,9})-(\d{1,9})$/.exec(text);
  if (match === null) return null;
  const first = Number(match[1]);
  const last = Number(match[2]);
  return { firstSeq: Math.min(first, last), lastSeq: Math.max(first, last) };
}

/** The range as the URL carries it (`first-last`). */
export function formatSeqRange(range: SeqRange): string {
  return `${range.firstSeq}-${range.lastSeq}`;
}
