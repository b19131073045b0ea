// The selected seq range in the URL's query (`?range=12-340`), beside the permalink's hash: read
// once when the page starts, written (replacing the entry, never adding history) when it changes.
// The query is not the hash the cursor rewrites, so the two never overwrite each other.

import { useEffect } from 'react';
import { formatSeqRange, parseSeqRange, rangeSelectionStore } from '../store/range-selection.ts';

const PARAM = 'range';

/** Call once, at the app's root. */
export function useRangeUrlSync(): void {
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const initial = parseSeqRange(params.get(PARAM));
    if (initial !== null) rangeSelectionStore.getState().setRange(initial);
    return rangeSelectionStore.subscribe((state) => {
      const next = new URLSearchParams(location.search);
      if (state.range === null) next.delete(PARAM);
      else next.set(PARAM, formatSeqRange(state.range));
      const query = next.toString();
      // The store changes for more than the range: the entry is rewritten only when the URL changes.
      const search = query === '' ? '' : `?${query}`;
      if (search === location.search) return;
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
    });
  }, []);
}
