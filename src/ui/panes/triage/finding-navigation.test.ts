// Stepping through triage findings from the cursor, with wrap-around.

import { describe, expect, it } from 'vitest';
import type { TriageFinding } from '../../../log/index.ts';
import { findAdjacentFinding } from './finding-navigation.ts';

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
