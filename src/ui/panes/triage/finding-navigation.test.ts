// Stepping through triage findings from the cursor, with wrap-around.

import { describe, expect, it } from 'vitest';
import type { TriageFinding } from '../../../log/index.ts';
import {
  FINDING_SECTIONS,
  describeFindingPosition,
  describeFindingWrap,
  findAdjacentFinding,
  findFindingAt,
} from './finding-navigation.ts';

const findings: TriageFinding[] = [
  { seq: 3, kind: 'hanging-turn', label: 'a' },
  { seq: 3, kind: 'failed-call', label: 'b' },
  { seq: 9, kind: 'retry', label: 'c' },
];

describe('findAdjacentFinding', () => {
  it('moves to the first finding after the cursor and the last one before it', () => {
    expect(findAdjacentFinding(findings, 3, 1)?.seq).toBe(9);
    expect(findAdjacentFinding(findings, 9, -1)?.label).toBe('b');
    expect(findAdjacentFinding(findings, 5, -1)?.seq).toBe(3);
  });

  it('wraps around at both ends and starts from the edge without a cursor', () => {
    expect(findAdjacentFinding(findings, 9, 1)?.label).toBe('a');
    expect(findAdjacentFinding(findings, 3, -1)?.seq).toBe(9);
    expect(findAdjacentFinding(findings, null, 1)?.label).toBe('a');
    expect(findAdjacentFinding(findings, null, -1)?.seq).toBe(9);
  });

  it('gives null when there is nothing to find', () => {
    expect(findAdjacentFinding([], 4, 1)).toBeNull();
  });
});

describe('findFindingAt and describeFindingPosition', () => {
  it('say where the cursor is among the findings: the first at its seq', () => {
    const position = findFindingAt(findings, 9);
    expect(position).toMatchObject({ index: 2, count: 3 });
    expect(describeFindingPosition(position!)).toBe('finding 3 of 3');
    expect(findFindingAt(findings, 3)?.finding.label).toBe('a');
    expect(findFindingAt(findings, 4)).toBeNull();
    expect(findFindingAt(findings, null)).toBeNull();
  });

  it('every kind of finding has the section that shows it', () => {
    expect(FINDING_SECTIONS['hanging-turn']).toBe('turns');
    expect(FINDING_SECTIONS['failed-call']).toBe('failed-call');
  });
});

describe('describeFindingWrap', () => {
  it('is null without a wrap, and says which end it wrapped to', () => {
    expect(describeFindingWrap(findings, 3, findings[2]!, 1)).toBeNull();
    expect(describeFindingWrap(findings, 9, findings[0]!, 1)).toBe('wrapped to the first finding');
    expect(describeFindingWrap(findings, 3, findings[2]!, -1)).toBe('wrapped to the last finding');
  });

  it('with one finding (one seq), stepping on it wraps to the same one', () => {
    const one: TriageFinding[] = [{ seq: 7, kind: 'turn-error', label: 'x' }];
    expect(describeFindingWrap(one, 7, one[0]!, 1)).toBe('the only finding: wrapped to the same one');
  });
});
