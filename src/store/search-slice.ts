// What the last text search asked for, so every pane can highlight it: the text and the match the
// search bar last stepped to. The matches themselves stay with the search bar (one typed array).

import type { Slice, SliceContext } from './slice.ts';

/** The text the panes highlight, and the seq of the current match (shown in its own style), if any. */
export interface SearchHighlight {
  text: string;
  currentSeq: number | null;
}

export interface SearchSliceState {
  /** The last search run (not what is being typed), or null: nothing is highlighted. */
  searchHighlight: SearchHighlight | null;
}

export interface SearchActions {
  setSearchHighlight(highlight: SearchHighlight | null): void;
}

export function createSearchSlice({
  set,
}: SliceContext<SearchSliceState>): Slice<SearchSliceState, SearchActions> {
  return {
    state: { searchHighlight: null },
    actions: {
      setSearchHighlight(searchHighlight) {
        set({ searchHighlight });
      },
    },
  };
}
