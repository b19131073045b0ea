// The cursor as a tool-call card needs it: the last of the call's own events at or before the
// cursor (findLastCallEventSeq), so a card re-renders only when what it shows changes.
import { findLastCallEventSeq, type ToolCallFacts } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';

/**
 * `cursorSeq` given (a number, or null for the end of the log): keyed from it. Undefined: selected
 * from the store's cursor, a primitive selector, so a cursor move re-renders the card only when it
 * crosses one of the call's events. -1 without facts or before the call's first event.
 */
export function useCallCursor(
  facts: ToolCallFacts | undefined,
  cursorSeq: number | null | undefined,
): number {
  const fromStore = useViewer((state) =>
    facts === undefined || cursorSeq !== undefined ? -1 : findLastCallEventSeq(facts, state.cursorSeq),
  );
  if (facts === undefined) return -1;
  return cursorSeq === undefined ? fromStore : findLastCallEventSeq(facts, cursorSeq);
}
