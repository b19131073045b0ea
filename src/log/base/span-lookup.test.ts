// The span lookup: edge cases by hand, then agreement with the index's turnOf / stepOf columns on
// logs whose nesting is broken in every way the index tolerates.

import { describe, expect, it } from 'vitest';
import { findSpanAt, findSpanStartingAtOrBefore } from './span-lookup.ts';
import { LogScript } from '../testing/event-builders.ts';

describe('findSpanAt', () => {
  const spans = [
    { name: 'a', startSeq: 2, endSeq: 4 },
    { name: 'b', startSeq: 7, endSeq: null },
    { name: 'c', startSeq: 9, endSeq: 12 },
  ];
  const cases: [seq: number, holder: string | null, startingAtOrBefore: string | null][] = [
    [0, null, null],
    [2, 'a', 'a'],
    [4, 'a', 'a'],
    [5, null, 'a'],
    [7, 'b', 'b'],
    [8, 'b', 'b'],
    [9, 'c', 'c'],
    [12, 'c', 'c'],
    [13, null, 'c'],
  ];
  it.each(cases)('seq %i is held by %s (last started: %s)', (seq, holder, startingAtOrBefore) => {
    expect(findSpanAt(spans, seq)?.name ?? null).toBe(holder);
    expect(findSpanStartingAtOrBefore(spans, seq)?.name ?? null).toBe(startingAtOrBefore);
  });

  it('finds nothing in no spans', () => {
    expect(findSpanAt([], 3)).toBeNull();
  });

  it('names the same turn and step as the index columns, even where the nesting is broken', () => {
    const script = new LogScript();
    script.add('session/title', { title: 'before any turn' });
    script.turnStart(1);
    script.stepStart(1, 1);
    script.textAttempt(1, 1, 'hello');
    script.stepStart(1, 2); // step 1 never ends
    script.stepEnd(1, 2);
    script.stepEnd(1, 2); // without an open step
    script.stepStart(1, 3);
    script.turnEnd(1); // while step 3 is open
    script.add('session/title', { title: 'between turns' });
    script.turnStart(2);
    script.turnStart(3); // turn 2 never ends
    script.stepStart(3, 1);
    script.turnEnd(3);
    script.turnEnd(3); // without an open turn
    script.stepStart(0, 1); // outside a turn
    const { index, store } = script.build();
    for (let seq = 0; seq < store.eventCount; seq++) {
      const turn = findSpanAt(index.turns, seq);
      const step = turn === null ? null : findSpanAt(turn.steps, seq);
      expect([turn?.turn ?? 0, step?.step ?? 0], `seq ${seq}`).toEqual([
        index.turnOf.get(seq),
        index.stepOf.get(seq),
      ]);
    }
  });
});
