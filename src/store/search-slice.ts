// What the last text search asked for, so every pane can highlight it: the text and the match the
// search bar last stepped to; and its matches (one typed array), which the facets can narrow to.

import type { Slice, SliceContext } from './slice.ts';

/** The text the panes highlight, and the seq of the current match (shown in its own style), if any. */
export interface SearchHighlight {
  text: string;
  currentSeq: number | null;
}

/**
 * A search the search bar is asked to take up (a hit of the search across a workspace's sessions):
 * it shows `text`, finds its matches in the open log and highlights them, with `atSeq` (where the
 * hit opened the session) as the current match. `id` tells one request from the next.
 */
interface SearchRequest {
  id: number;
  text: string;
  atSeq: number;
}

/** Every match of the last search run, for the log of `logGeneration` (the facets narrow to them). */
export interface SearchMatches {
  text: string;
  /** Ascending, distinct seqs (the worker's text-search answer). */
  seqs: Int32Array;
  logGeneration: number;
}

export interface SearchSliceState {
  /** The last search run (not what is being typed), or null: nothing is highlighted. */
  searchHighlight: SearchHighlight | null;
  /** The newest search request for the search bar, or null. */
  searchRequest: SearchRequest | null;
  /** The matches of the last search run, or null (none run, or cleared). One typed array, not an object per match. */
  searchMatches: SearchMatches | null;
}

export interface SearchActions {
  setSearchHighlight(highlight: SearchHighlight | null): void;
  setSearchMatches(matches: SearchMatches | null): void;
  /** Asks the search bar to take up `text`, its current match at `atSeq` (see SearchRequest). */
  requestSearch(text: string, atSeq: number): void;
}

export function createSearchSlice({
  set,
  get,
}: SliceContext<SearchSliceState>): Slice<SearchSliceState, SearchActions> {
  return {
    state: { searchHighlight: null, searchRequest: null, searchMatches: null },
    actions: {
      setSearchHighlight(searchHighlight) {
        set({ searchHighlight });
      },
      setSearchMatches(searchMatches) {
        set({ searchMatches });
      },
      requestSearch(text, atSeq) {
        set({ searchRequest: { id: (get().searchRequest?.id ?? 0) + 1, text, atSeq } });
      },
    },
  };
}
