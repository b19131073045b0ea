// One search step as the search bar takes it, for tests: the text index of a log, then the next
// (or previous) match from a seq without wrapping. Tests that ask "where does Enter land" use this.

import type { OpenedLog } from '../open/opened-log.ts';
import { stepMatch } from '../search/match-steps.ts';
import { buildTextIndex, searchTextIndex, type TextIndex } from '../search/text-index.ts';

const indexes = new WeakMap<OpenedLog, TextIndex>();

/**
 * The first match after `fromSeq` (direction 1) or the last before it (direction -1), null when
 * there is none that way (the search bar would wrap; tests ask without wrapping). `fromSeq` may be
 * -1 or eventCount to search from an end.
 */
export function findNextMatch(
  log: OpenedLog,
  text: string,
  fromSeq: number,
  direction: 1 | -1,
): number | null {
  let index = indexes.get(log);
  if (index === undefined) {
    index = buildTextIndex(log);
    indexes.set(log, index);
  }
  const step = stepMatch(searchTextIndex(index, text), fromSeq, direction);
  return step === null || step.wrapped ? null : step.seq;
}
