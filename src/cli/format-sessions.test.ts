// `tree` as text at hostile depth and width (issue 27): before, text output crashed at depth 8,000
// (recursion) and at ~130,000 siblings (a spread), and indentation grew with the square of the depth.

import { describe, expect, it } from 'vitest';
import type { SessionTreeReport, SessionTreeRow } from '../log/index.ts';
import { formatTreeText } from './format-sessions.ts';

const row = (id: string, depth: number): SessionTreeRow => ({
  id,
  path: `${id}/session.jsonl`,
  kind: depth === 0 ? 'root' : 'subagent',
  depth,
  isOrphan: false,
  children: [],
});

describe('formatTreeText', () => {
  it('prints a 100,000-deep chain, one line each, indentation capped with the depth written out', () => {
    const root = row('s0', 0);
    let parent = root;
    for (let depth = 1; depth < 100_000; depth++) {
      const child = row(`s${depth}`, depth);
      parent.children.push(child);
      parent = child;
    }
    const lines = formatTreeText({ roots: [root], orphans: [] } satisfies SessionTreeReport).split('\n');
    expect(lines).toHaveLength(100_000);
    expect(lines[1]).toBe('  s1  [subagent]  s1/session.jsonl');
    expect(lines.at(-1)).toBe(`${'  '.repeat(32)}[depth 99999] s99999  [subagent]  s99999/session.jsonl`);
  }, 120_000);

  it('prints 1,000,000 siblings in order', () => {
    const root = row('root', 0);
    for (let index = 0; index < 1_000_000; index++) root.children.push(row(`c${index}`, 1));
    const lines = formatTreeText({ roots: [root], orphans: [] }).split('\n');
    expect([lines.length, lines[1], lines.at(-1)]).toEqual([
      1_000_001,
      '  c0  [subagent]  c0/session.jsonl',
      '  c999999  [subagent]  c999999/session.jsonl',
    ]);
  }, 120_000);
});
