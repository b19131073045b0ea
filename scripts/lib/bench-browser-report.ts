// How `npm run bench:browser` prints its one-log runs: one table, each figure for every run and
// how many runs met its target.

import { type LargeLogFiles } from '../large-log/cache.ts';
import { TARGET_CONVERSATION_BLANK_MS } from './bench-conversation.ts';
import { SEARCH_TERM_KINDS, TARGET_SEARCH_MS } from './bench-search-browser.ts';
import { TARGET_TIMELINE_FRAME_MS, type TimelineZoomReport } from './bench-timeline.ts';
import { formatMib, formatReportTable, type ReportRow } from './report-table.ts';
import {
  TARGET_FIRST_ROWS_MS,
  TARGET_LONGEST_TASK_MS,
  TARGET_SCRUB_P99_MS,
  type RunReport,
} from './bench-browser-measure.ts';

function timelineRows(
  each: (format: (report: RunReport) => string) => string,
  check: (pick: (report: RunReport) => number | null, limit: number) => string,
  ms: (value: number | null) => string,
): ReportRow[] {
  const block = (name: string, pick: (report: RunReport) => TimelineZoomReport): ReportRow[] => [
    [
      `timeline, 60 wheel-zoom steps (${name}): frame p50 / p95 / max`,
      each((report) => {
        const zoom = pick(report);
        return `${ms(zoom.frameP50Ms)} / ${ms(zoom.frameP95Ms)} / ${ms(zoom.frameMaxMs)} (to ${zoom.deepestZoom ?? 'n/a'}×)`;
      }),
      '',
    ],
    [
      '  its work inside a frame p50 / max (steps over 16 ms)',
      each(
        (report) =>
          `${ms(pick(report).workP50Ms)} / ${ms(pick(report).workMaxMs)} (${pick(report).workOverFrame ?? 'n/a'} of 60)`,
      ),
      check((report) => pick(report).workMaxMs, TARGET_TIMELINE_FRAME_MS),
    ],
    [
      '  longest main-thread task meanwhile',
      each((report) => ms(pick(report).longestTaskMs)),
      check((report) => pick(report).longestTaskMs, TARGET_LONGEST_TASK_MS),
    ],
  ];
  return [
    ...block('sequence axis', (report) => report.timelineSeq),
    ...block('time axis', (report) => report.timelineTime),
  ];
}

/** The search rows: the index build after the load, then Enter → k of N per term. */
function searchRows(
  each: (format: (report: RunReport) => string) => string,
  check: (pick: (report: RunReport) => number | null, limit: number) => string,
  ms: (value: number | null) => string,
): ReportRow[] {
  return [
    [
      'text index ready after load ready (worker build)',
      each((report) => `${ms(report.search.indexReadyMs)} (${ms(report.search.indexBuildMs)})`),
      '',
    ],
    [
      '  long tasks meanwhile (longest)',
      each(
        (report) =>
          `${report.search.longTasksDuringIndex ?? 'n/a'} (${ms(report.search.longestTaskIndexMs)})`,
      ),
      check((report) => report.search.longestTaskIndexMs, TARGET_LONGEST_TASK_MS),
    ],
    ...SEARCH_TERM_KINDS.map((kind, index): ReportRow => [
      `search Enter → k of N shown, ${kind}`,
      each((report) => {
        const result = report.search.searches[index];
        return result === undefined ? 'n/a' : `${ms(result.ms)} (${result.shown})`;
      }),
      check((report) => report.search.searches[index]?.ms ?? null, TARGET_SEARCH_MS),
    ]),
    [
      '  longest main-thread task during the searches',
      each((report) => ms(report.search.longestTaskSearchMs)),
      check((report) => report.search.longestTaskSearchMs, TARGET_LONGEST_TASK_MS),
    ],
  ];
}

/** The table: each run's value (" / " between runs) and, for targets, how many runs met them. */
export function printReports(reports: readonly RunReport[], files: LargeLogFiles): void {
  const ms = (value: number | null): string => (value === null ? 'n/a' : `${value} ms`);
  const each = (format: (report: RunReport) => string): string => reports.map(format).join(' / ');
  const check = (pick: (report: RunReport) => number | null, limit: number): string => {
    const values = reports.map(pick).filter((value): value is number => value !== null);
    if (values.length === 0) return '';
    const met = values.filter((value) => value <= limit).length;
    if (values.length === 1) return met === 1 ? `ok (≤ ${limit})` : `MISSED (target ≤ ${limit})`;
    return `${met === values.length ? 'ok' : 'MISSED'}: ${met} of ${values.length} runs ≤ ${limit}`;
  };
  const rows: ReportRow[] = [
    [
      'log',
      `generation ${files.generation}, ${files.events} events, ${formatMib(files.zstdBytes)} zstd, ${formatMib(files.jsonlBytes)} JSONL`,
      '',
    ],
    [
      'first rows (with content) after the drop',
      each((report) => ms(report.firstRowsMs)),
      check((report) => report.firstRowsMs, TARGET_FIRST_ROWS_MS),
    ],
    ['ready after the drop', each((report) => ms(report.readyMs)), ''],
    [
      'longest main-thread task, load',
      each((report) => ms(report.longestTaskLoadMs)),
      check((report) => report.longestTaskLoadMs, TARGET_LONGEST_TASK_MS),
    ],
    ['long tasks during load', each((report) => String(report.longTasksDuringLoad)), ''],
    [
      'longest main-thread task, scrub',
      each((report) => ms(report.longestTaskScrubMs)),
      check((report) => report.longestTaskScrubMs, TARGET_LONGEST_TASK_MS),
    ],
    ['  of which during the drag sweep', each((report) => ms(report.longestTaskDragMs)), ''],
    ['scrub → model view p50', each((report) => ms(report.scrubP50Ms)), ''],
    [
      'scrub → model view p99',
      each((report) => ms(report.scrubP99Ms)),
      check((report) => report.scrubP99Ms, TARGET_SCRUB_P99_MS),
    ],
    ['scrub → its frame painted p50', each((report) => ms(report.scrubPaintP50Ms)), ''],
    ['scrub → its frame painted p99', each((report) => ms(report.scrubPaintP99Ms)), ''],
    [
      'model view, newest → first message at the last seq',
      each(
        (report) => `${ms(report.conversationScrollMs)} (${report.conversationScrollFrames ?? 'n/a'} frames)`,
      ),
      '',
    ],
    [
      '  longest main-thread task meanwhile',
      each((report) => ms(report.conversationLongestTaskMs)),
      check((report) => report.conversationLongestTaskMs, TARGET_LONGEST_TASK_MS),
    ],
    [
      '  longest blank viewport (blank frames)',
      each(
        (report) => `${ms(report.conversationLongestBlankMs)} (${report.conversationBlankFrames ?? 'n/a'})`,
      ),
      check((report) => report.conversationLongestBlankMs, TARGET_CONVERSATION_BLANK_MS),
    ],
    ...timelineRows(each, check, ms),
    ...searchRows(each, check, ms),
    ['last seq reachable by scrolling', each((report) => (report.isLastRowReachable ? 'yes' : 'NO')), ''],
    ['main-thread JS heap used', each((report) => formatMib(report.mainJsHeapUsedBytes)), ''],
    ['worker JS heap used', each((report) => formatMib(report.workerJsHeapUsedBytes)), ''],
    ['browser RSS (all processes)', each((report) => formatMib(report.browserRssBytes)), ''],
    ['largest process RSS', each((report) => formatMib(report.largestProcessRssBytes)), ''],
  ];
  process.stdout.write(formatReportTable(rows));
  reports.forEach((report, index) => {
    const run = reports.length > 1 ? `run ${index + 1}: ` : '';
    for (const note of report.notes) process.stdout.write(`note: ${run}${note}\n`);
    if (report.hotFunctions.length > 0)
      process.stdout.write(
        `${run}main-thread self time during the scrub:\n${report.hotFunctions.join('\n')}\n`,
      );
  });
}
