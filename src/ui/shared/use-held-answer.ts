// Keeps the last answer of a useWorkerQuery on screen while the next one is asked for, marked as
// stale, so a card whose inputs change at every cursor move keeps its size instead of blinking.
import { useRef } from 'react';

/** What a component shows: the newest answer it has, and whether that answer is for the current inputs. */
export interface HeldAnswer<T> {
  value: T;
  /** False while the answer for the current inputs is being asked for (show it dimmed). */
  isCurrent: boolean;
}

/**
 * The value of `answer` when it is ready, else the last ready value seen for the same `scope`
 * (e.g. the loaded log: an answer about another log is never held), else null. `answer` is
 * useWorkerQuery's result.
 */
export function useHeldAnswer<T>(
  answer: { status: 'waiting' } | { status: 'ready'; value: T } | { status: 'failed'; message: string },
  scope: unknown,
): HeldAnswer<T> | null {
  const heldRef = useRef<{ scope: unknown; value: T } | null>(null);
  if (answer.status === 'ready') {
    heldRef.current = { scope, value: answer.value };
    return { value: answer.value, isCurrent: true };
  }
  const held = heldRef.current;
  return held !== null && Object.is(held.scope, scope) ? { value: held.value, isCurrent: false } : null;
}
