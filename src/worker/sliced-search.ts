// A text search over the whole log in slices of WORK_SLICE_MS with the event loop in between: a scan
// of a large .zstd log that finds nothing takes seconds, and meanwhile the model view, rows and a
// newer search are answered.
import type { EventSearch } from '../log/index.ts';
import { WORK_SLICE_MS, type YieldToEventLoop } from './work-slices.ts';

/** Events a search scans between looks at the clock (a fraction of a work slice). */
const SEARCH_STEP_EVENTS = 2_048;

/** How a sliced search ended: the seq it found (null: no match), or replaced before it finished. */
export type SlicedSearchOutcome = { kind: 'done'; seq: number | null } | { kind: 'replaced' };

/**
 * Runs `search` to its end, yielding after each WORK_SLICE_MS of scanning. After every yield it asks
 * `isReplaced` (a newer search, another log) and, if so, stops there. Rejects only if the search throws.
 */
export async function runSlicedSearch(
  search: EventSearch,
  isReplaced: () => boolean,
  yieldToEventLoop: YieldToEventLoop,
): Promise<SlicedSearchOutcome> {
  for (;;) {
    const sliceStart = performance.now();
    let result = search.step(SEARCH_STEP_EVENTS);
    while (result.kind === 'more' && performance.now() - sliceStart < WORK_SLICE_MS)
      result = search.step(SEARCH_STEP_EVENTS);
    if (result.kind !== 'more') return { kind: 'done', seq: result.kind === 'found' ? result.seq : null };
    await yieldToEventLoop();
    if (isReplaced()) return { kind: 'replaced' };
  }
}
