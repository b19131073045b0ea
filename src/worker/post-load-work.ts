// What the worker derives after a log is shown, each step in slices so the cursor's queries are
// answered in between: the format verdicts (their migration audit ran while the log was decoded,
// else it re-reads the log), triage (the
// findings n / N step through; it includes the verdicts), then the facet columns. After a load, and
// again for a kept session the reader left before this work was done.
import type { FormatVerdicts, OpenedLog } from '../log/index.ts';
import { sliceFacetColumns } from './facets.ts';
import { sliceFormatVerdicts } from './log-summary.ts';
import { sliceTriage } from './triage-cache.ts';
import type { YieldToEventLoop } from './work-slices.ts';

/**
 * Runs the post-load work on `log`. `onVerdicts` hears the verdicts once triage is ready too (the
 * page asks for the findings when the verdicts come), before the facet columns are built. Stops
 * between slices once `isCancelled`; a log not read to its end gets no verdicts (they need all of it).
 */
export async function runPostLoadWork(
  log: OpenedLog,
  yieldToEventLoop: YieldToEventLoop,
  isCancelled: () => boolean,
  onVerdicts: (verdicts: FormatVerdicts) => void,
): Promise<void> {
  const verdicts = await sliceFormatVerdicts(log, yieldToEventLoop, isCancelled);
  if (isCancelled()) return;
  await sliceTriage(log, yieldToEventLoop, isCancelled);
  if (isCancelled()) return;
  if (verdicts !== null) onVerdicts(verdicts);
  // The events list narrows with the facet columns; a facets query before they are done builds them at once.
  await sliceFacetColumns(log, yieldToEventLoop, isCancelled);
}
