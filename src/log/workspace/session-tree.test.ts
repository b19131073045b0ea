// The lineage tree (FORMAT.md §8.2, CLI.md `tree`): parent by parentSession, siblings by createdAt
// then id, kinds, orphans, loops, and totals rolled up over subtrees.

import { describe, expect, it } from 'vitest';
import type { DshAnswer, RunEnding, SessionSummary, TreeSubject } from '../index.ts';
import { buildSessionTree, rollUpSessionTree, sessionKindOf } from '../index.ts';

function subject(
  id: string,
  createdAt: number | null,
  parentSession: string | null = null,
  delegationDepth = parentSession === null ? 0 : 1,
): TreeSubject {
  return { id, head: { parentSession, createdAt, delegationDepth } };
}

/** The tree as nested [id, kind, depth, children] for compact comparisons. */
function shape(nodes: ReturnType<typeof buildSessionTree>['roots']): unknown[] {
  return nodes.map((node) => [node.id, node.kind, node.depth, shape(node.children)]);
}

describe('buildSessionTree', () => {
  it('hangs children under their parentSession and orders siblings by createdAt, then id', () => {
    const tree = buildSessionTree([
      subject('p', 100),
      subject('c-late', 300, 'p'),
      subject('c-b', 200, 'p'),
      subject('c-a', 200, 'p'),
      subject('g', 250, 'c-a', 2),
      subject('other-root', 50),
    ]);
    expect(shape(tree.roots)).toEqual([
      ['other-root', 'root', 0, []],
      [
        'p',
        'root',
        0,
        [
          ['c-a', 'subagent', 1, [['g', 'subagent', 2, []]]],
          ['c-b', 'subagent', 1, []],
          ['c-late', 'subagent', 1, []],
        ],
      ],
    ]);
    expect(tree.orphans).toEqual([]);
    expect(tree.parentById.get('g')).toBe('c-a');
  });

  it('puts sessions without createdAt after the others', () => {
    const tree = buildSessionTree([subject('a', null), subject('b', 5)]);
    expect(tree.roots.map((node) => node.id)).toEqual(['b', 'a']);
  });

  it('marks forks (parentSession at depth 0) apart from subagents (depth > 0), as CLI.md defines kind', () => {
    expect(sessionKindOf({ parentSession: null, createdAt: 1, delegationDepth: 0 })).toBe('root');
    expect(sessionKindOf({ parentSession: 'p', createdAt: 1, delegationDepth: 0 })).toBe('fork');
    expect(sessionKindOf({ parentSession: 'p', createdAt: 1, delegationDepth: 1 })).toBe('subagent');
    const tree = buildSessionTree([subject('p', 1), subject('fork', 2, 'p', 0), subject('sub', 3, 'p', 1)]);
    expect(shape(tree.roots)).toEqual([
      [
        'p',
        'root',
        0,
        [
          ['fork', 'fork', 1, []],
          ['sub', 'subagent', 1, []],
        ],
      ],
    ]);
  });

  it('lists a child whose parent is not in the set among the roots, marked, and in orphans', () => {
    const tree = buildSessionTree([subject('p', 10), subject('lost', 5, 'missing'), subject('c', 20, 'p')]);
    expect(tree.roots.map((node) => [node.id, node.isOrphan, node.kind])).toEqual([
      ['lost', true, 'subagent'],
      ['p', false, 'root'],
    ]);
    expect(tree.orphans).toEqual(['lost']);
    expect(tree.nodeById.get('c')?.isOrphan).toBe(false);
  });

  it('cuts a parentSession loop at its first session in ls order instead of looping', () => {
    const tree = buildSessionTree([
      subject('x', 30, 'z'),
      subject('y', 10, 'x'),
      subject('z', 20, 'y'),
      subject('below', 40, 'z'),
      subject('self', 50, 'self'),
    ]);
    expect(shape(tree.roots)).toEqual([
      [
        'y',
        'subagent',
        0,
        [
          [
            'z',
            'subagent',
            1,
            [
              ['x', 'subagent', 2, []],
              ['below', 'subagent', 2, []],
            ],
          ],
        ],
      ],
      ['self', 'subagent', 0, []],
    ]);
    expect(tree.nodeById.get('y')?.isCycleCut).toBe(true);
    expect(tree.nodeById.get('self')?.isCycleCut).toBe(true);
    expect(tree.orphans).toEqual([]);
  });
});

/** A summary with only what the roll-up reads. */
function summaryOf(
  createdAt: number,
  lastEventTime: number,
  inputTokens: number,
  isOk = true,
  ending: RunEnding = isOk ? 'completed' : 'crashed',
  dsh: DshAnswer = 'opens',
): SessionSummary {
  return {
    head: { createdAt },
    firstEventTime: createdAt,
    lastEventTime,
    durationMs: lastEventTime - createdAt,
    tokens: { inputTokens, outputTokens: 1, cacheReadTokens: 2, cacheWriteTokens: 0 },
    failure: { state: isOk ? 'ok' : 'crashed', reason: isOk ? null : 'x' },
    answers: { run: { ending }, dsh: { answer: dsh } },
  } as SessionSummary;
}

describe('rollUpSessionTree', () => {
  it('sums tokens and busy time, spans the times and counts failures over each subtree', () => {
    const tree = buildSessionTree([
      subject('p', 100),
      subject('c', 150, 'p'),
      subject('g', 160, 'c', 2),
      subject('u', 170, 'p'),
    ]);
    const totals = rollUpSessionTree(
      tree,
      new Map([
        ['p', summaryOf(100, 400, 10)],
        ['c', summaryOf(150, 500, 20)],
        ['g', summaryOf(160, 200, 40, false)],
      ]),
    );
    expect(totals.get('p')).toEqual({
      sessions: 4,
      summarized: 3,
      tokens: { inputTokens: 70, outputTokens: 3, cacheReadTokens: 6, cacheWriteTokens: 0 },
      busyMs: 300 + 350 + 40,
      startTime: 100,
      endTime: 500,
      notOkSessions: 1,
    });
    expect(totals.get('c')).toMatchObject({
      sessions: 2,
      busyMs: 390,
      startTime: 150,
      endTime: 500,
      notOkSessions: 1,
    });
    expect(totals.get('u')).toMatchObject({ sessions: 1, summarized: 0, startTime: null, endTime: null });
  });

  it('counts run endings, not dsh refusals: a child cut at max tokens or hanging is not ok, a refused log that completed is not', () => {
    const tree = buildSessionTree([
      subject('p', 100),
      subject('cut', 110, 'p'),
      subject('hangs', 120, 'cut', 2),
      subject('refused', 130, 'p'),
      subject('cancelled', 140, 'p'),
    ]);
    const totals = rollUpSessionTree(
      tree,
      new Map([
        ['p', summaryOf(100, 400, 1)],
        // The failure state stays ok for these two: only their run ending says they are not.
        ['cut', summaryOf(110, 200, 1, true, 'failed')],
        ['hangs', summaryOf(120, 300, 1, true, 'hanging')],
        ['refused', summaryOf(130, 200, 1, true, 'completed', 'refuses')],
        ['cancelled', summaryOf(140, 200, 1, true, 'interrupted')],
      ]),
    );
    expect(totals.get('p')?.notOkSessions).toBe(2);
    expect(totals.get('cut')?.notOkSessions).toBe(2);
    expect(totals.get('hangs')?.notOkSessions).toBe(1);
    expect(totals.get('refused')?.notOkSessions).toBe(0);
    expect(totals.get('cancelled')?.notOkSessions).toBe(0);
  });
});
