// What the page does as one load's worker messages arrive (client.ts LoadListener): progress, the
// first summary and rows, the end (a full or a cancelled, partial log), the format verdicts, growth
// of a followed log, and a failure, which gives the log shown before back when the worker kept it.
// Every callback of a replaced load does nothing to the page (`isCurrent`).

import type { EventRow } from '../log/index.ts';
import type { LoadFailure, LoadListener, LoadProgress, LogSummary } from '../worker/client.ts';
import type { BlockFeed } from './block-feed.ts';
import type { CursorControl } from './cursor/cursor-slice.ts';
import type { KeptSessions } from './kept-sessions.ts';
import { applyLiveMessage } from './live-follow.ts';
import type { LoadWrites, ShownLog, WorkspaceOpened } from './load-state.ts';
import type { SliceContext } from './slice.ts';
import type { OpenedSource } from './stored-logs.ts';

/** How much of a file a progress read, for people ("3.2 of 10.0 MiB"). */
function describeShare(progress: LoadProgress): string {
  const mebibytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return progress.totalBytes === null || progress.totalBytes === 0
    ? `${mebibytes(progress.bytesRead)} MiB`
    : `${mebibytes(progress.bytesRead)} of ${mebibytes(progress.totalBytes)} MiB`;
}

/** One load as the load slice started it, and the slice's steps the listener takes. */
export interface LoadRun {
  context: SliceContext<LoadWrites>;
  eventRows: BlockFeed<EventRow>;
  cursor: CursorControl;
  kept: KeptSessions;
  opened: OpenedSource | WorkspaceOpened;
  /** The name shown for the source being loaded. */
  name: string;
  /** Whether this load is still the latest one. */
  isCurrent: () => boolean;
  /** The log shown before this load, if any, forgotten as it is taken (the new log shows, or failed). */
  takeShownBefore: () => ShownLog | null;
  applySummary: (summary: LogSummary) => void;
  /** Applies the pending permalink to the log just read; returns whether it moved the cursor. */
  applyPendingJump: (summary: LogSummary) => boolean;
  fetchFindingSeqs: (isCurrent: () => boolean) => void;
  restoreShownLog: (shown: ShownLog, failure: LoadFailure | null, failedName: string | null) => void;
  /** Keeps the complete log in the browser when it should be (stored-logs.ts afterLoad). */
  afterLoad: (summary: LogSummary) => void;
}

/** The callbacks of `run` for client.openLog. */
export function createLoadListener(run: LoadRun): LoadListener {
  const { context, eventRows, cursor, kept, opened, name, isCurrent } = run;
  const { set, get } = context;
  return {
    onProgress(progress) {
      if (isCurrent()) set({ progress });
    },
    onSummary(summary, firstRows) {
      if (!isCurrent()) return;
      // The page shows the new log from now on (and the worker let the one before go).
      run.takeShownBefore();
      run.applySummary(summary);
      // The first summary brings the first rows: the events list mounts with their content.
      if (firstRows) eventRows.seed(0, firstRows);
      cursor.placeOnFirstEvent(summary.eventCount);
    },
    onLoaded(summary, progress, keptSessions) {
      if (keptSessions !== undefined)
        kept.follow(
          keptSessions,
          opened.kind === 'workspace-session'
            ? {
                id: opened.sessionId,
                entry: { summary, progress, sourceName: name, cursorSeq: null, formatVerdicts: null },
              }
            : undefined,
        );
      if (!isCurrent()) return;
      run.takeShownBefore();
      run.applySummary(summary);
      // The finished index can answer differently from the partial one: ask again from here on.
      cursor.resetFeeds();
      set({ progress, loadState: 'ready', logGeneration: get().logGeneration + 1 });
      if (summary.isCancelled === true) {
        // A partial view: no format verdicts follow (they need the whole log), nor is it stored.
        set({
          notice: `Loading was cancelled: this is a partial view of the first ${summary.eventCount.toLocaleString('en-US')} events (${describeShare(progress)} of the file read). Open the file again to read all of it.`,
        });
        if (!run.applyPendingJump(summary)) cursor.landAtEnd(summary.eventCount);
        run.fetchFindingSeqs(isCurrent);
        return;
      }
      if (!run.applyPendingJump(summary)) cursor.landAtEnd(summary.eventCount);
      run.afterLoad(summary);
    },
    onFormatVerdicts(formatVerdicts) {
      if (opened.kind === 'workspace-session') kept.setVerdicts(opened.sessionId, formatVerdicts);
      if (!isCurrent() || get().summary === null) return;
      set({ formatVerdicts });
      // n/N also stop at the triage findings (failed calls, retries, hanging turns …). Asked once
      // the verdicts are in: triage includes them, and asked earlier it would derive them in one
      // block while the worker slices them for the cursor's queries.
      run.fetchFindingSeqs(isCurrent);
    },
    onLive(message) {
      const live = get().live;
      if (!isCurrent() || live === null) return;
      const update = applyLiveMessage(message, get(), { eventRows, cursor }, run.applySummary);
      set({
        live: {
          ...live,
          status: message.status,
          lastGrowthSeenAt: update.summary !== null ? Date.now() : live.lastGrowthSeenAt,
        },
        ...(update.notice !== null ? { notice: update.notice } : {}),
        ...(update.isRestart ? { formatVerdicts: null, pinnedSeq: null } : {}),
      });
    },
    onFailed(failure) {
      if (!isCurrent()) return;
      const shown = run.takeShownBefore();
      if (failure.isPreviousLogKept === true && shown !== null) {
        const isCancel = failure.kind === 'cancelled';
        run.restoreShownLog(shown, isCancel ? null : failure, name);
        if (isCancel)
          set({
            notice: `Loading ${name} was cancelled; ${shown.sourceName ?? 'the open log'} stays open.`,
          });
        return;
      }
      cursor.cancelPendingMove();
      set({
        loadState: failure.kind === 'cancelled' ? 'idle' : 'error',
        failure: failure.kind === 'cancelled' ? null : failure,
        summary: null,
        formatVerdicts: null,
        cursorSeq: null,
        pendingSeq: null,
        pinnedSeq: null,
        lastJump: null,
        progress: null,
        notice: failure.kind === 'cancelled' ? 'Loading was cancelled.' : get().notice,
      });
    },
  };
}
