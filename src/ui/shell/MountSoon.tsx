// Mounts its children after it mounts itself, as a transition, so a big first render (the workspace
// appearing with the first rows of a 1 M-event log) is split into several shorter main-thread tasks.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `placeholder` (default nothing) first and `children` in a transition: with `delayMs` 0 (the
 * default) one started right after this commit, usually rendered before the next frame; else one
 * started after a timer of `delayMs` (stagger siblings with different delays). Once mounted, children
 * stay mounted.
 */
export function MountSoon({
  children,
  delayMs = 0,
  placeholder = null,
}: {
  children: ReactNode;
  delayMs?: number;
  placeholder?: ReactNode;
}) {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => {
    if (isMounted) return;
    // A transition: React renders the children in 5 ms slices, yielding between them, instead of one
    // task as long as the whole pane's first render.
    if (delayMs === 0) {
      startTransition(() => setMounted(true));
      return;
    }
    const timer = setTimeout(() => startTransition(() => setMounted(true)), delayMs);
    return () => clearTimeout(timer);
  }, [isMounted, delayMs]);
  return <>{isMounted ? children : placeholder}</>;
}
