// How long a tool call has been running, or an approval waiting, while the log is followed and the
// cursor is at its head (issue 22): "for 12 s", ticking. In a replay (a snapshot, or the cursor
// away from the head) it shows nothing: the time since then would be the time since the log was
// written, not the call's.
import { isFollowingHead } from '../../../store/live-follow.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { formatWholeSeconds, useSecondClock } from '../../shared/use-second-clock.ts';

export function InFlightClock({ sinceTime, what }: { sinceTime: number; what: string }) {
  const isLive = useViewer(isFollowingHead);
  const now = useSecondClock(isLive);
  if (!isLive) return null;
  return (
    <span
      className="tabular-nums text-sky-900 dark:text-sky-100"
      data-testid="call-elapsed"
      title={`${what} for this long (by this machine's clock) and has not ended yet`}
    >
      for {formatWholeSeconds(now - sinceTime)}
    </span>
  );
}
