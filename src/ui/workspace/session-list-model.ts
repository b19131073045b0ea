// What the session list shows of a workspace snapshot: rows filtered (failed only, project, text)
// and sorted. 'tree' keeps the worker's tree order (parents before children, siblings by createdAt)
// so indentation reads as lineage; the other orders flatten it.
import { isSummaryNotOk } from '../../log/index.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
export { shortId } from '../session-links/session-ids.ts';

export type SessionSort = 'tree' | 'created' | 'last-event' | 'size' | 'tokens' | 'title';

export interface SessionFilter {
  /** Only sessions that are not ok (isFailedRow). */
  isFailedOnly: boolean;
  /** A cwd, or null for every project. */
  project: string | null;
  /** Case-insensitive, against title, id, cwd and path. */
  text: string;
}

/** The row's title as shown: the session's title, else its id. */
export function titleOf(row: WorkspaceRow): string {
  return row.summary?.title ?? row.id;
}

/** Own tokens: input + output (cache reads and writes are shown apart). */
export function tokensOf(row: WorkspaceRow): number | null {
  const tokens = row.summary?.tokens;
  return tokens ? tokens.inputTokens + tokens.outputTokens : null;
}

/**
 * The session being followed while its writer appends (issue 22): its unended run is running, not
 * hanging (shownRunEndingOf), so the filter and the counts leave it out as its row's chips do.
 * `ancestorIds`: the sessions whose subtree holds it (their roll-up, made in the worker by
 * isSummaryNotOk without the writer's clock, counted it when it hangs only by the bytes).
 */
export interface LiveRun {
  id: string;
  ancestorIds: ReadonlySet<string>;
  /** The worker's roll-up counts it as not ok, the shown answer does not. */
  isCountedNotOkOnlyByBytes: boolean;
}

/** The LiveRun of `followedId` among `rows` while `isWriterActive`, else null. */
export function liveRunOf(
  rows: readonly WorkspaceRow[],
  followedId: string | null,
  isWriterActive: boolean,
): LiveRun | null {
  if (!isWriterActive || followedId === null) return null;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const followed = byId.get(followedId);
  if (followed === undefined) return null;
  const ancestorIds = new Set<string>();
  for (let parent = followed.parentId; parent !== null && !ancestorIds.has(parent);) {
    ancestorIds.add(parent);
    parent = byId.get(parent)?.parentId ?? null;
  }
  const summary = followed.summary;
  const isCountedNotOkOnlyByBytes =
    followed.failureReason === null &&
    summary !== null &&
    isSummaryNotOk(summary) &&
    !isSummaryNotOk(summary, true);
  return { id: followedId, ancestorIds, isCountedNotOkOnlyByBytes };
}

/**
 * Not ok: unreadable, or its summary is (isSummaryNotOk, the one definition the tree roll-up uses);
 * the row of `live` goes by its shown answer (a running run is ok).
 */
export function isFailedRow(row: WorkspaceRow, live: LiveRun | null = null): boolean {
  if (row.failureReason !== null) return true;
  return row.summary !== null && isSummaryNotOk(row.summary, live?.id === row.id);
}

/**
 * Runs below a row that are not ok: its subtree's roll-up (notOkSessions, isSummaryNotOk) without
 * the row itself, whose own ending its chips show, and without the followed session below it whose
 * run is running (`live`). Sessions not summarized yet are not counted.
 */
export function notOkRunsBelow(row: WorkspaceRow, live: LiveRun | null = null): number {
  const isOwnNotOk = row.summary !== null && isSummaryNotOk(row.summary);
  const isLiveBelowCounted = live !== null && live.isCountedNotOkOnlyByBytes && live.ancestorIds.has(row.id);
  return row.totals.notOkSessions - (isOwnNotOk ? 1 : 0) - (isLiveBelowCounted ? 1 : 0);
}

/** "2 runs not ok below": the run endings the "not ok only" filter goes by, in the subtree. */
export function notOkRunsBelowText(count: number): string {
  return `${count} run${count === 1 ? '' : 's'} not ok below`;
}

/** The distinct projects (cwd) of the rows, sorted; sessions without a cwd are left out. */
export function projectsOf(rows: readonly WorkspaceRow[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.head.cwd === null ? [] : [row.head.cwd])))].sort();
}

const byNumberDesc =
  (value: (row: WorkspaceRow) => number | null) =>
  (a: WorkspaceRow, b: WorkspaceRow): number =>
    (value(b) ?? -Infinity) - (value(a) ?? -Infinity) || a.id.localeCompare(b.id);

const COMPARE: Record<Exclude<SessionSort, 'tree'>, (a: WorkspaceRow, b: WorkspaceRow) => number> = {
  created: byNumberDesc((row) => row.head.createdAt),
  'last-event': byNumberDesc((row) => row.summary?.lastEventTime ?? null),
  size: byNumberDesc((row) => row.summary?.file.bytes ?? null),
  tokens: byNumberDesc(tokensOf),
  title: (a, b) => titleOf(a).localeCompare(titleOf(b)) || a.id.localeCompare(b.id),
};

/** The rows to show, in order. Pure; the input is not changed. */
export function selectSessionRows(
  rows: readonly WorkspaceRow[],
  filter: SessionFilter,
  sort: SessionSort,
  live: LiveRun | null = null,
): WorkspaceRow[] {
  const text = filter.text.trim().toLowerCase();
  const shown = rows.filter(
    (row) =>
      (!filter.isFailedOnly || isFailedRow(row, live)) &&
      (filter.project === null || row.head.cwd === filter.project) &&
      (text === '' ||
        [titleOf(row), row.id, row.head.cwd ?? '', row.path].some((field) =>
          field.toLowerCase().includes(text),
        )),
  );
  return sort === 'tree' ? shown : shown.sort(COMPARE[sort]);
}
