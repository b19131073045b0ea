// No recursion on untrusted depth or width (issue 27): a 100,000-deep parentSession chain and
// 1,000,000 siblings through the tree, its roll-up, the `tree` document and its JSON text. Before,
// `tree --json` overflowed the stack at depth ~3,000 and the roll-up threw RangeError at ~130,000 siblings.

import { describe, expect, it } from 'vitest';
import type { SessionSummary, Workspace } from '../index.ts';
import {
  buildSessionTree,
  buildSessionTreeReport,
  rollUpSessionTree,
  stringifyJsonIteratively,
} from '../index.ts';

function chainWorkspace(depth: number): Workspace {
  const sessions = Array.from({ length: depth }, (_, index) => ({
    id: `s${index}`,
    path: `--p--/s${index}/session.jsonl`,
    head: {
      parentSession: index === 0 ? null : `s${index - 1}`,
      createdAt: index,
      delegationDepth: index === 0 ? 0 : 1,
    },
  }));
  return {
    sessions,
    problems: [],
    media: new Map(),
    ignoredFiles: 0,
    isComplete: true,
  } as unknown as Workspace;
}

function siblingsWorkspace(count: number): Workspace {
  const sessions: {
    id: string;
    path: string;
    head: { parentSession: string | null } & Record<string, unknown>;
  }[] = [{ id: 'root', path: 'root', head: { parentSession: null, createdAt: 0, delegationDepth: 0 } }];
  for (let index = 0; index < count; index++)
    sessions.push({
      id: `c${index}`,
      path: `c${index}`,
      head: { parentSession: 'root', createdAt: 1 + index, delegationDepth: 1 },
    });
  return {
    sessions,
    problems: [],
    media: new Map(),
    ignoredFiles: 0,
    isComplete: true,
  } as unknown as Workspace;
}

describe('deep and wide lineages', () => {
  it('builds, rolls up and prints as JSON a 100,000-deep chain', () => {
    const workspace = chainWorkspace(100_000);
    const tree = buildSessionTree(workspace.sessions);
    expect(tree.nodeById.get('s99999')?.depth).toBe(99_999);
    const totals = rollUpSessionTree(tree, new Map<string, SessionSummary>());
    expect(totals.get('s0')?.sessions).toBe(100_000);
    const report = buildSessionTreeReport(workspace);
    expect(() => JSON.stringify(report)).toThrow(RangeError); // why the CLI does not use it
    const text = stringifyJsonIteratively(report, 2) as string;
    let node = (JSON.parse(text) as typeof report).roots[0];
    let depth = 0;
    while (node !== undefined && node.children.length > 0) {
      node = node.children[0];
      depth += 1;
    }
    expect([depth, node?.id]).toEqual([99_999, 's99999']);
  }, 120_000);

  it('builds, rolls up and reports 1,000,000 siblings', () => {
    const workspace = siblingsWorkspace(1_000_000);
    const tree = buildSessionTree(workspace.sessions);
    expect(tree.roots[0]?.children).toHaveLength(1_000_000);
    expect(rollUpSessionTree(tree, new Map()).get('root')?.sessions).toBe(1_000_001);
    const report = buildSessionTreeReport(workspace);
    expect(report.roots[0]?.children.at(-1)?.id).toBe('c999999');
  }, 120_000);

  it('cuts a 100,000-long parentSession loop once, in ls order', () => {
    const workspace = chainWorkspace(100_000);
    (workspace.sessions[0] as { head: { parentSession: string | null } }).head.parentSession = 's99999';
    const tree = buildSessionTree(workspace.sessions);
    expect(tree.roots.map((root) => [root.id, root.isCycleCut])).toEqual([['s0', true]]);
    expect(tree.nodeById.get('s99999')?.depth).toBe(99_999);
  }, 120_000);
});

describe('stringifyJsonIteratively', () => {
  it('writes what JSON.stringify writes, for every kind of plain value', () => {
    const values: unknown[] = [
      null,
      1.5,
      -0,
      Number.NaN,
      'a"\u2028\u0000',
      true,
      [],
      {},
      [undefined, () => 1, null, [[]], { a: undefined }],
      { b: { c: [1, { d: 'x' }] }, e: undefined, f: Number.POSITIVE_INFINITY, g: new Date(0), '"k"': 1 },
      { toJSON: () => ({ z: 1 }) },
    ];
    for (const value of values)
      for (const indent of [0, 2])
        expect(stringifyJsonIteratively(value, indent)).toBe(JSON.stringify(value, null, indent));
    expect(stringifyJsonIteratively(undefined)).toBeUndefined();
  }, 120_000);
});
