// The live head of a followed log (issue 22), under the header: "● Live" while the cursor follows
// the newest event, "Jump to live" once the reader left it; whether the writer is still appending
// (a turn without an end is "running" until the writer has been quiet for longer than the
// threshold the reader picks here, then it "may be hanging"); stop following. For a dropped file
// it says the view is a snapshot and offers to open it again with Follow.
import { useSyncExternalStore } from 'react';
import { isAtLiveHead } from '../../store/live-follow.ts';
import { useViewer, useViewerStoreApi } from '../../store/use-viewer.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import { formatWholeSeconds as formatDuration, useSecondClock } from '../shared/use-second-clock.ts';
import { folderFollow, followFolderSession } from './folder-follow.ts';
import { canFollowFiles, pickFileToFollow } from './follow-pickers.ts';

/** The idle thresholds offered (ms). */
const THRESHOLDS_MS = [10_000, 30_000, 60_000, 300_000];

const BUTTON =
  'rounded border border-emerald-400 px-1.5 py-0.5 hover:bg-emerald-100 dark:border-emerald-700 dark:hover:bg-emerald-900';

export function LiveBar() {
  const store = useViewerStoreApi();
  const live = useViewer((state) => state.live);
  const loadState = useViewer((state) => state.loadState);
  const openedSource = useViewer((state) => state.openedSource);
  const isAtHead = useViewer(isAtLiveHead);
  const eventCount = useViewer((state) => state.summary?.eventCount ?? 0);
  const lastTurn = useViewer((state) => state.summary?.turns.at(-1) ?? null);
  const actions = useViewer((state) => state.actions);
  const folder = useSyncExternalStore(folderFollow.subscribe, folderFollow.get);
  const now = useSecondClock(live !== null && live.status.state === 'following');

  if (live === null) {
    if (loadState !== 'ready' || openedSource?.kind !== 'file' || !canFollowFiles()) return null;
    return (
      <div
        role="status"
        data-testid="snapshot-bar"
        className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1 text-xs text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
      >
        <span>Snapshot: this file as it was when it was opened; later appends do not show.</span>
        <button
          type="button"
          className="rounded border border-zinc-300 px-1.5 py-0.5 hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
          onClick={() =>
            void pickFileToFollow().then((handle) => {
              if (handle !== null) actions.followHandle(handle, 'file');
            })
          }
        >
          Open with Follow…
        </button>
      </div>
    );
  }

  const { status, idleThresholdMs } = live;
  const idleMs = now - status.lastGrowthAt;
  const isFollowing = status.state === 'following';
  const isTurnOpen = lastTurn !== null && lastTurn.endSeq === null;
  const isQuiet = idleMs >= idleThresholdMs;
  const writer = !isFollowing
    ? null
    : isTurnOpen
      ? isQuiet
        ? `turn ${lastTurn.turn} may be hanging: nothing appended for ${formatDuration(idleMs)}`
        : `turn ${lastTurn.turn} running · last append ${formatDuration(idleMs)} ago`
      : `writer idle · last append ${formatDuration(idleMs)} ago`;

  return (
    <div
      role="status"
      data-testid="live-bar"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-emerald-200 bg-emerald-50 px-3 py-1 text-xs text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
    >
      {isFollowing && isAtHead ? (
        <span data-testid="live-head" className="font-semibold text-emerald-700 dark:text-emerald-300">
          <span aria-hidden="true" className="animate-pulse">
            ●
          </span>{' '}
          Live
        </span>
      ) : isFollowing ? (
        <button
          type="button"
          data-testid="jump-to-live"
          className={BUTTON}
          onClick={() => actions.jumpToLive()}
        >
          Jump to live ↓
        </button>
      ) : (
        <span data-testid="live-stopped" className="font-semibold">
          {status.state === 'failed' ? 'Following failed' : 'Not following'}
        </span>
      )}
      <span data-testid="live-count">{eventCount.toLocaleString('en-US')} events</span>
      {writer !== null && (
        <span
          data-testid="live-writer"
          className={isTurnOpen && isQuiet ? 'font-semibold text-amber-800 dark:text-amber-300' : ''}
        >
          {writer}
        </span>
      )}
      {isFollowing && (
        <label className="flex items-center gap-1">
          running → hanging after
          <select
            aria-label="Idle time after which an unfinished turn is called hanging"
            data-testid="idle-threshold"
            className="rounded border border-emerald-300 bg-white px-1 dark:border-emerald-800 dark:bg-zinc-900"
            value={idleThresholdMs}
            onChange={(event) => actions.setIdleThreshold(Number(event.target.value))}
          >
            {THRESHOLDS_MS.map((ms) => (
              <option key={ms} value={ms}>
                {formatDuration(ms)}
              </option>
            ))}
          </select>
        </label>
      )}
      {status.message !== null && !isFollowing && (
        <span data-testid="live-message">
          <VisibleText text={status.message} maxChars={400} />
        </span>
      )}
      {folder !== null && live.source === 'folder' && (
        <span data-testid="folder-follow" className="flex flex-wrap items-center gap-1">
          folder <VisibleText text={folder.folderName} maxChars={80} />
          {folder.appeared.length > 0 && <span>· new:</span>}
          {folder.appeared.slice(0, 5).map((session) => (
            <button
              key={session.directory}
              type="button"
              className={`${BUTTON} font-mono`}
              onClick={() => followFolderSession(store, session)}
            >
              <VisibleText text={session.directory === '' ? session.name : session.directory} maxChars={60} />
            </button>
          ))}
        </span>
      )}
      {isFollowing && (
        <button
          type="button"
          data-testid="stop-following"
          className={`${BUTTON} ml-auto`}
          onClick={() => actions.stopFollowing()}
        >
          Stop following
        </button>
      )}
    </div>
  );
}
