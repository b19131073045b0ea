// The facet columns of the open log (src/log/projections/facet-columns.ts), built once per log in the
// worker: in slices right after a load, or at once when a facets query comes first. The columns
// are the worker's; queries send counts and seq lists, never the columns.

import {
  FacetColumnsGrowth,
  buildFacetColumns,
  buildFacetColumnsSteps,
  type FacetColumns,
  type LogStore,
  type OpenedLog,
} from '../log/index.ts';
import { runStepsInSlices, type YieldToEventLoop } from './work-slices.ts';

/** The columns of each log, for the events it held when they were built. */
const columnsByLog = new WeakMap<OpenedLog, FacetColumns>();
/**
 * The columns of a log still growing (a followed log), by its store: each settled state of it is a
 * new OpenedLog over the same store, and its columns extend the last ones instead of a new build.
 */
const growthByStore = new WeakMap<LogStore, FacetColumnsGrowth>();

/** The log's facet columns, built now unless they are built for its current events (a live log grows). */
export function facetColumnsOf(log: OpenedLog): FacetColumns {
  if (!log.isComplete) {
    let growth = growthByStore.get(log.store);
    if (growth === undefined) {
      growth = new FacetColumnsGrowth(log.store);
      growthByStore.set(log.store, growth);
    }
    return growth.extend(log);
  }
  const cached = columnsByLog.get(log);
  if (cached !== undefined && cached.eventCount === log.store.eventCount) return cached;
  const columns = buildFacetColumns(log);
  columnsByLog.set(log, columns);
  return columns;
}

/**
 * Builds the facet columns of a finished log in slices of WORK_SLICE_MS with the event loop in
 * between (≈ 50–170 ms in all for 1.3 M events: one line parse per user/message), so the queries of
 * the first moves are answered meanwhile. Stops when `isCancelled` turns true between slices.
 */
export async function sliceFacetColumns(
  log: OpenedLog,
  yieldToEventLoop: YieldToEventLoop,
  isCancelled: () => boolean,
): Promise<void> {
  if (columnsByLog.get(log)?.eventCount === log.store.eventCount) return;
  const columns = await runStepsInSlices(buildFacetColumnsSteps(log), yieldToEventLoop, isCancelled);
  // A query may have built them meanwhile (facetColumnsOf): either is the same.
  if (columns !== null && !columnsByLog.has(log)) columnsByLog.set(log, columns);
}
