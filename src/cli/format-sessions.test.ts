// `tree` as text at hostile depth and width (issue 27): before, text output crashed at depth 8,000
// (recursion) and at ~130,000 siblings (a spread), and indentation grew with the square of the depth.

import { describe, expect, it } from 'vitest';
import type {
  FailureState,
  RunEnding,
  SessionListReport,
  SessionSummary,
  SessionTreeReport,
  SessionTreeRow,
} from '../log/index.ts';
import { buildSessionTree, rollUpSessionTree } from '../log/index.ts';
import { formatListText, formatTreeText } from './format-sessions.ts';

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

describe('ids in text output (issue 27)', () => {
  const listRow = (id: string, parentSession: string | null = null) =>
    ({
      path: `${id.length}/session.jsonl`,
      id,
      version: 4,
      parentSession,
      origin: null,
      delegationDepth: 0,
      seedLength: null,
      createdAt: null,
      cwd: null,
      title: null,
      verdict: null,
      events: null,
      turns: null,
      toolCalls: null,
      bytes: 1,
      generations: [],
      generation: 4,
      isSeeded: false,
      lastEventTime: null,
      failure: null,
      tokens: null,
      answers: null,
    }) as unknown as SessionListReport['sessions'][number];

  it('cuts long ids only where they differ: two ids sharing their first 60 characters stay two', () => {
    const shared = 'x'.repeat(70);
    const text = formatListText({
      root: 'r',
      sessions: [listRow(`${shared}A-tail`), listRow(`${shared}B-tail`, `${shared}A-tail`)],
      problems: [],
    });
    const ids = text
      .split('\n')
      .filter((line) => line.startsWith('x'))
      .map((line) => line.split('  ')[0]);
    expect(ids).toEqual([`${shared}A…`, `${shared}B…`]);
    expect(text).toContain(`child of ${shared}A…`);
  });

  it('shows a U+202E inside an id escaped, so it cannot flip the line', () => {
    const id = 'evil\u202Egnp.exe';
    const list = formatListText({ root: 'r', sessions: [listRow(id)], problems: [] });
    const tree = formatTreeText({ roots: [row(id, 0)], orphans: [] });
    for (const text of [list, tree]) {
      expect(text).not.toContain('\u202E');
      expect(text).toContain('evil\\u{202E}gnp.exe');
    }
  });
});

describe('ls text: runs not ok', () => {
  it("counts the runs the viewer counts as not ok (the tree roll-up's predicate): endings, never refusals", () => {
    const runs: [string, FailureState, RunEnding][] = [
      ['done', 'ok', 'completed'],
      ['cut', 'ok', 'failed'],
      ['hangs', 'hanging', 'hanging'],
      ['refused', 'ok', 'completed'],
      ['cancelled', 'ok', 'interrupted'],
    ];
    const sessions = runs.map(
      ([id, failure, ending]) =>
        ({
          path: `${id}/session.jsonl`,
          id,
          version: 4,
          parentSession: id === 'done' ? null : 'done',
          delegationDepth: id === 'done' ? 0 : 1,
          createdAt: null,
          title: null,
          events: 1,
          turns: 1,
          toolCalls: 0,
          bytes: 1,
          generations: [],
          failure,
          answers: {
            viewer: { problemLines: 0 },
            dsh: { answer: id === 'refused' ? 'refuses' : 'opens' },
            run: { ending },
          },
        }) as unknown as SessionListReport['sessions'][number],
    );
    const text = formatListText({ root: 'r', sessions, problems: [] });
    expect(text.split('\n')[0]).toBe('5 sessions in r, 2 runs not ok');
    // The same sessions rolled up as the viewer's tree does: the root's subtree counts the same two.
    const tree = buildSessionTree(
      sessions.map((session) => ({
        id: session.id,
        head: {
          parentSession: session.parentSession,
          createdAt: null,
          delegationDepth: session.delegationDepth,
        },
      })),
    );
    const summaries = new Map(
      sessions.map((session) => [
        session.id,
        {
          failure: { state: session.failure },
          answers: session.answers,
          tokens: {},
        } as unknown as SessionSummary,
      ]),
    );
    expect(rollUpSessionTree(tree, summaries).get('done')?.notOkSessions).toBe(2);
  });
});
