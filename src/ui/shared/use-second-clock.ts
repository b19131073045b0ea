// A clock for what ticks while a log is followed (the live bar's idle time, a call in flight): the
// time now, re-rendering once a second while `isOn`, never otherwise (a replay paused on a running
// call must not repaint every second).
import { useEffect, useState } from 'react';

const TICK_MS = 1000;

/** Date.now(), updated every second while `isOn`. */
export function useSecondClock(isOn: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isOn) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isOn]);
  return now;
}

/** A duration to the second, for a clock that ticks: "12 s", "3 min 4 s", "1 h 2 min". */
export function formatWholeSeconds(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes} min ${seconds % 60} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
