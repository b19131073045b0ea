// Tests of the facet columns (facet-columns.ts) and of counting and filtering over them
// (facet-query.ts): each facet on a built log, combined selections and candidates. The fixtures
// and the corpus against a per-event reference: facet-reference.test.ts.

import { describe, expect, it } from 'vitest';
import { LogScript } from '../testing/event-builders.ts';
import { EVENT_SOURCES, EVENT_STATUSES, buildFacetColumns, buildFacetColumnsSteps } from './facet-columns.ts';
import { countFacets, filterSeqs, isEmptySelection, type FacetSelection } from './facet-query.ts';

/**
 * A log with every facet value: a title outside any turn; turn 1 with a person's prompt, injected
 * context, an ok call (bash), an error call gated by an approval (read), a crash-repaired
 * not-started call (bash); turn 2 left hanging after a tool/call (write: outcome unknown, §7.6).
 */
function buildFacetLog() {
  const script = new LogScript();
  const seqs = {
    title: script.add('session/title', { title: 't', messageSeqs: [], source: { kind: 'fallback' } }),
    turn1: script.turnStart(1),
    step1: script.stepStart(1, 1),
    prompt: script.userMessage('u1', 'list the files'),
    context: script.userMessage('u2', 'runtime context', {
      source: { kind: 'plugin', plugin: '@deepseek-ai/dsh-system-prompt' },
    }),
    request: script.assistantMessage(
      1,
      1,
      'a1',
      [
        { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{}' },
        { type: 'tool-call', id: 'c2', name: 'read', arguments: '{}' },
        { type: 'tool-call', id: 'c3', name: 'bash', arguments: '{}' },
      ],
      { sourceEventSeqs: [] },
    ),
    call1: script.toolCall(1, 1, 'c1', 'bash'),
    result1: 0,
    call2: 0,
    asked2: 0,
    decided2: 0,
    result2: 0,
    result3: 0,
    turn2: 0,
    request4: 0,
    call4: 0,
  };
  seqs.result1 = script.toolResult(1, 1, 'c1', 'a.txt', { sourceEventSeqs: [seqs.call1] });
  seqs.call2 = script.toolCall(1, 1, 'c2', 'read');
  seqs.asked2 = script.approvalAsked('q1', 'read', 'c2');
  seqs.decided2 = script.approvalDecided('q1', 'rejected');
  seqs.result2 = script.toolResult(1, 1, 'c2', 'denied', { isError: true, sourceEventSeqs: [seqs.call2] });
  seqs.result3 = script.toolResult(1, 1, 'c3', 'not started', {
    isError: true,
    error: { name: 'ToolNotStarted', code: 'TOOL_NOT_STARTED' },
  });
  script.stepEnd(1, 1);
  script.turnEnd(1);
  seqs.turn2 = script.turnStart(2);
  script.stepStart(2, 1);
  seqs.request4 = script.assistantMessage(
    2,
    1,
    'a2',
    [{ type: 'tool-call', id: 'c4', name: 'write', arguments: '{}' }],
    {
      sourceEventSeqs: [],
    },
  );
  seqs.call4 = script.toolCall(2, 1, 'c4', 'write');
  return { log: script.build(), seqs };
}

const { log: facetLog, seqs: S } = buildFacetLog();
const columns = buildFacetColumns(facetLog);
const ALL = Array.from({ length: facetLog.store.eventCount }, (_, seq) => seq);

function countOf<T>(list: { value: T; count: number }[], value: T): number | undefined {
  return list.find((entry) => entry.value === value)?.count;
}

describe('buildFacetColumns', () => {
  it('gives each event its stored type and turn (0 outside any turn)', () => {
    expect(facetLog.problems).toEqual([]);
    expect(columns.eventCount).toBe(facetLog.store.eventCount);
    expect(Array.from(columns.typeId, (id) => columns.typeNames[id])).toEqual(
      ALL.map((seq) => facetLog.store.typeOf(seq)),
    );
    expect(Array.from(columns.turnNumbers)).toEqual([0, 1, 2]);
    expect(Array.from(columns.turnId, (id) => columns.turnNumbers[id])).toEqual(
      ALL.map((seq) => facetLog.index.turnOf.get(seq)),
    );
  });

  it('gives a call’s tool/call, results and approvals its tool name and final status (§7.5, §7.6)', () => {
    const toolOf = (seq: number) => columns.toolNames[(columns.toolId[seq] as number) - 1] ?? null;
    const statusesOf = (seq: number) =>
      EVENT_STATUSES.filter((_, bit) => ((columns.status[seq] as number) & (1 << bit)) !== 0);
    expect([S.call1, S.result1].map(toolOf)).toEqual(['bash', 'bash']);
    expect([S.call2, S.asked2, S.decided2, S.result2].map(toolOf)).toEqual(['read', 'read', 'read', 'read']);
    expect(toolOf(S.result3)).toBe('bash');
    expect(toolOf(S.call4)).toBe('write');
    // The assistant message asking for calls is the model's event, not a call's.
    expect(toolOf(S.request)).toBeNull();
    expect(toolOf(S.prompt)).toBeNull();
    expect(statusesOf(S.result1)).toEqual(['ok']);
    expect(statusesOf(S.asked2)).toEqual(['error']);
    expect(statusesOf(S.result3)).toEqual(['not-started']);
    expect(statusesOf(S.call4)).toEqual(['outcome-unknown']);
    expect(statusesOf(S.title)).toEqual([]);
  });

  it('tells a person’s user/message from injected context, and every other source by type', () => {
    const sourceOf = (seq: number) => EVENT_SOURCES[columns.source[seq] as number];
    expect(sourceOf(S.prompt)).toBe('user');
    expect(sourceOf(S.context)).toBe('context');
    expect(sourceOf(S.request)).toBe('assistant');
    expect([S.call1, S.result1, S.result3].map(sourceOf)).toEqual(['tool', 'tool', 'tool']);
    expect([S.title, S.turn1, S.step1, S.asked2].map(sourceOf)).toEqual([
      'harness',
      'harness',
      'harness',
      'harness',
    ]);
  });

  it('marks an event with a listed problem', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.turnStart(2); // a turn/start while turn 1 is open: a nesting problem at seq 1
    const log = script.build();
    expect(log.problems.map((problem) => problem.seq)).toContain(1);
    const counts = countFacets(buildFacetColumns(log), {});
    expect(countOf(counts.status, 'problem')).toBe(1);
    expect(Array.from(filterSeqs(buildFacetColumns(log), { status: ['problem'] }))).toEqual([1]);
  });

  it('builds the same columns in steps as at once', () => {
    const steps = buildFacetColumnsSteps(facetLog);
    let next = steps.next();
    while (next.done !== true) next = steps.next();
    expect(next.value).toEqual(columns);
  });
});

describe('countFacets', () => {
  it('counts every value of the log when nothing is selected', () => {
    const counts = countFacets(columns, {});
    expect(counts.matching).toBe(ALL.length);
    expect(counts.considered).toBe(ALL.length);
    expect(countOf(counts.type, 'tool/result')).toBe(3);
    expect(countOf(counts.type, 'tool/call')).toBe(3);
    expect(counts.turn).toEqual([
      { value: 0, count: 1 },
      { value: 1, count: S.turn2 - S.turn1 },
      { value: 2, count: ALL.length - S.turn2 },
    ]);
    expect(counts.tool).toEqual([
      { value: 'read', count: 4 },
      { value: 'bash', count: 3 },
      { value: 'write', count: 1 },
    ]);
    expect(counts.status).toEqual([
      { value: 'error', count: 4 },
      { value: 'not-started', count: 1 },
      { value: 'outcome-unknown', count: 1 },
      { value: 'ok', count: 2 },
    ]);
    expect(countOf(counts.source, 'user')).toBe(1);
    expect(countOf(counts.source, 'context')).toBe(1);
    expect(countOf(counts.source, 'system')).toBeUndefined();
  });

  it('counts a facet under the other facets’ selections, never its own', () => {
    const counts = countFacets(columns, { tool: ['bash'], type: ['tool/result'] });
    expect(counts.matching).toBe(2); // result1, result3
    // The type facet ignores its own choice: bash's events by type.
    expect(countOf(counts.type, 'tool/call')).toBe(1);
    expect(countOf(counts.type, 'tool/result')).toBe(2);
    expect(countOf(counts.type, 'turn/start')).toBe(0);
    // The tool facet ignores its own choice: tool/results by tool.
    expect(counts.tool).toEqual([
      { value: 'read', count: 1 },
      { value: 'bash', count: 2 },
      { value: 'write', count: 0 },
    ]);
    // The other facets count the matching events.
    expect(counts.status).toEqual([
      { value: 'error', count: 0 },
      { value: 'not-started', count: 1 },
      { value: 'outcome-unknown', count: 0 },
      { value: 'ok', count: 1 },
    ]);
    expect(countOf(counts.turn, 1)).toBe(2);
  });

  it('counts only among the candidates, ignoring repeats, disorder and seqs outside the log', () => {
    const candidates = Int32Array.from([S.result2, S.call1, S.call1, -4, 10_000, S.prompt]);
    const counts = countFacets(columns, {}, candidates);
    expect(counts.considered).toBe(3);
    expect(counts.matching).toBe(3);
    expect(countOf(counts.tool, 'bash')).toBe(1);
    expect(countOf(counts.tool, 'read')).toBe(1);
    expect(countOf(counts.source, 'user')).toBe(1);
    expect(countOf(counts.type, 'turn/start')).toBe(0);
    expect(countFacets(columns, { source: ['tool'] }, candidates).matching).toBe(2);
  });
});

describe('filterSeqs', () => {
  it('narrows by each facet', () => {
    expect(Array.from(filterSeqs(columns, { type: ['tool/call'] }))).toEqual([S.call1, S.call2, S.call4]);
    expect(Array.from(filterSeqs(columns, { turn: [0] }))).toEqual([S.title]);
    expect(Array.from(filterSeqs(columns, { tool: ['read'] }))).toEqual([
      S.call2,
      S.asked2,
      S.decided2,
      S.result2,
    ]);
    expect(Array.from(filterSeqs(columns, { status: ['not-started', 'outcome-unknown'] }))).toEqual([
      S.result3,
      S.call4,
    ]);
    expect(Array.from(filterSeqs(columns, { source: ['user', 'context'] }))).toEqual([S.prompt, S.context]);
  });

  it('takes any value within a facet and every facet across them', () => {
    const selection: FacetSelection = { tool: ['bash', 'write'], status: ['ok', 'outcome-unknown'] };
    expect(Array.from(filterSeqs(columns, selection))).toEqual([S.call1, S.result1, S.call4]);
    expect(Array.from(filterSeqs(columns, { ...selection, turn: [2] }))).toEqual([S.call4]);
    expect(Array.from(filterSeqs(columns, { ...selection, source: ['harness'] }))).toEqual([]);
  });

  it('matches nothing for a value the log does not have, and everything for an empty selection', () => {
    expect(filterSeqs(columns, { tool: ['no-such-tool'] })).toHaveLength(0);
    expect(filterSeqs(columns, { turn: [99] })).toHaveLength(0);
    expect(Array.from(filterSeqs(columns, { type: [] }))).toEqual(ALL);
    expect(isEmptySelection({ type: [], tool: [] })).toBe(true);
    expect(isEmptySelection({ turn: [0] })).toBe(false);
  });

  it('keeps only candidates that pass, ascending', () => {
    const candidates = Int32Array.from([S.call4, S.result1, S.prompt, S.call1]);
    expect(Array.from(filterSeqs(columns, { tool: ['bash', 'write'] }, candidates))).toEqual([
      S.call1,
      S.result1,
      S.call4,
    ]);
    expect(filterSeqs(columns, {}, new Int32Array(0))).toHaveLength(0);
  });
});
