// Whether the writer of the followed log is still appending (issue 22), for what says "running" or
// "hanging" about a turn that has not ended: true while following and the last append is within
// the reader's threshold. It re-renders once, when the threshold passes, not on a ticking clock.
import { useEffect, useState } from 'react';
import { writerActivityOf } from './live-follow.ts';
import { useViewer } from './use-viewer.ts';

export function useIsWriterActive(): boolean {
  const live = useViewer((state) => state.live);
  const [now, setNow] = useState(() => Date.now());
  const quietAt =
    live !== null && live.status.state === 'following'
      ? live.status.lastGrowthAt + live.idleThresholdMs
      : null;
  useEffect(() => {
    if (quietAt === null) return;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, quietAt - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [quietAt]);
  return writerActivityOf(live, now) === 'active';
}
