// Tests of the model view (deriveMessages at a seq) and message bodies, on small built logs.

import { describe, expect, it } from 'vitest';
import { deriveModelView, readModelMessage } from './model-view.ts';
import { LogScript, buildCompactionExample } from '../testing/event-builders.ts';

function messageSeqs(view: ReturnType<typeof deriveModelView>): number[] {
  return view.messages.map((message) => message.seq);
}

describe('deriveModelView', () => {
  it('reproduces the §6.7 worked example surface after seq 21, 24 and 28', () => {
    const log = buildCompactionExample().build();
    expect(log.verdict.status).toBe('ok');
    expect(messageSeqs(deriveModelView(log, 21))).toEqual([2, 9, 11, 19]);
    expect(messageSeqs(deriveModelView(log, 24))).toEqual([24, 19]);
    const at28 = deriveModelView(log, 28);
    expect(messageSeqs(at28)).toEqual([24, 19, 28]);
    expect(at28.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(at28.messages[0]?.isReplacement).toBe(true);
  });

  it('applies a later replace whose start is numerically after its end (§10 case 33)', () => {
    const script = buildCompactionExample();
    script.add('compaction/start', { compactionId: 'k2', turn: 2 }); // 29
    script.add('compaction/summary', { compactionId: 'k2', summary: [], shadowedSeqs: [24, 19, 28] }); // 30
    script.userMessage('s2', 'second checkpoint', {
      source: { kind: 'plugin', plugin: 'compact', compactionId: 'k2' },
      surfaceOp: { op: 'replace', start: 24, end: 28 },
      sourceEventSeqs: [29, 30, 24, 19, 28],
    }); // 31
    const log = script.build();
    expect(log.problems).toEqual([]);
    expect(messageSeqs(deriveModelView(log, 31))).toEqual([31]);
    expect(readModelMessage(log, 31)?.replacedSeqs).toEqual([24, 19, 28]);
  });

  it('rejects a replace whose start comes after its end in surface order and skips it for display (§10 case 32)', () => {
    const script = buildCompactionExample();
    script.userMessage('bad', 'out of order', {
      surfaceOp: { op: 'replace', start: 28, end: 24 },
      sourceEventSeqs: [24, 19, 28],
    }); // 29
    const log = script.build();
    expect(log.verdict.status).toBe('corrupt');
    expect(log.problems.map((problem) => [problem.kind, problem.seq])).toEqual([['surface', 29]]);
    expect(messageSeqs(deriveModelView(log, 29))).toEqual([24, 19, 28]);
  });

  it('reports a replace that does not cite every shadowed node but still splices it for display (§10 case 32)', () => {
    const script = buildCompactionExample();
    script.userMessage('s2', 'checkpoint', {
      surfaceOp: { op: 'replace', start: 24, end: 19 },
      sourceEventSeqs: [24],
    });
    const log = script.build();
    expect(log.problems).toHaveLength(1);
    expect(log.problems[0]?.message).toContain('19');
    expect(messageSeqs(deriveModelView(log, 29))).toEqual([29, 28]);
  });

  it('replaces a pruned tool result in place and keeps its call id (§6.7)', () => {
    const pruned = new LogScript();
    pruned.turnStart(1);
    pruned.stepStart(1, 1);
    pruned.userMessage('u1', 'go');
    pruned.assistantMessage(1, 1, 'a1', [{ type: 'tool-call', id: 'c1', name: 'read', arguments: '{}' }], {
      sourceEventSeqs: [],
    });
    const call = pruned.toolCall(1, 1, 'c1', 'read');
    const result = pruned.toolResult(1, 1, 'c1', 'a very long output', { sourceEventSeqs: [call] });
    pruned.add('compaction/prune', {
      shadowedRange: { start: result, end: result },
      shadowedSeqs: [result],
      shadowedTokenCount: 9,
    });
    const replacement = pruned.toolResult(1, 1, 'c1', '[pruned]', {
      surfaceOp: { op: 'replace', start: result, end: result },
      sourceEventSeqs: [result],
    });
    const prunedLog = pruned.build();
    expect(prunedLog.problems).toEqual([]);
    expect(messageSeqs(deriveModelView(prunedLog, replacement))).toEqual([2, 3, replacement]);
    expect(prunedLog.index.toolCallById.get('c1')?.resultSeq).toBe(result);
    expect(prunedLog.index.toolCallById.get('c1')?.replacementSeqs).toEqual([replacement]);
    expect(readModelMessage(prunedLog, replacement)?.toolName).toBe('read');
  });

  it('rejects a tool/result replacement that changes more than the result content (§10 case 34)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const call = script.toolCall(1, 1, 'c1', 'read');
    const result = script.toolResult(1, 1, 'c1', 'out', { sourceEventSeqs: [call] });
    script.toolResult(1, 1, 'c1', 'short', {
      isError: true,
      surfaceOp: { op: 'replace', start: result, end: result },
      sourceEventSeqs: [result],
    });
    const log = script.build();
    expect(log.problems.filter((problem) => problem.kind === 'surface')).toHaveLength(1);
    expect(log.verdict.status).toBe('corrupt');
  });

  it('keeps an empty assistant message as a node but not as a message (§10 case 36)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.userMessage('u1', 'hi');
    const empty = script.assistantMessage(1, 1, 'a1', [], {
      sourceEventSeqs: [],
      usage: { inputTokens: 5, outputTokens: 9 },
    });
    const log = script.build();
    const view = deriveModelView(log, empty);
    expect(view.nodeCount).toBe(2);
    expect(messageSeqs(view)).toEqual([2]);
    expect(log.index.turns[0]?.steps[0]?.usage).toEqual({ inputTokens: 5, outputTokens: 9 });
  });

  it('projects an interrupted assistant message as a message (§10 case 37)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.userMessage('u1', 'hi');
    const chunk = script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'Hel' });
    const partial = script.assistantMessage(1, 1, 'a1', [{ type: 'text', text: 'Hel' }], {
      interrupted: true,
      sourceEventSeqs: [chunk],
    });
    script.stepEnd(1, 1);
    script.turnEnd(1, { kind: 'aborted', reason: { kind: 'user' } });
    const log = script.build();
    expect(messageSeqs(deriveModelView(log, partial))).toEqual([2, partial]);
    expect(readModelMessage(log, partial)?.isInterrupted).toBe(true);
    expect(log.index.consumedBy.get(chunk)).toBe(partial);
  });

  it('answers before the first event and past the last one', () => {
    const log = buildCompactionExample().build();
    expect(deriveModelView(log, -1).messages).toEqual([]);
    expect(deriveModelView(log, 10_000).atSeq).toBe(28);
    expect(deriveModelView(new LogScript().build(), 0)).toEqual({
      atSeq: null,
      nodeCount: 0,
      messages: [],
      streaming: null,
    });
  });

  it('returns the message body of a node and null for a non-surface event', () => {
    const log = buildCompactionExample().build();
    const detail = readModelMessage(log, 11);
    expect(detail?.message.id).toBe('r1');
    expect(detail?.toolName).toBe('read');
    expect(readModelMessage(log, 10)).toBeNull();
    expect(readModelMessage(log, 24)?.replacedSeqs).toEqual([2, 9, 11]);
  });

  it('reports a surface event without surfaceOp and a log-only event with one (§10 case 27)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.add('user/message', { id: 'u', role: 'user', content: [], source: { kind: 'user' } });
    script.add('todo/write', { todos: [] }, { surfaceOp: 'append' });
    const log = script.build();
    expect(log.problems.map((problem) => [problem.kind, problem.seq])).toEqual([
      ['surface', 1],
      ['surface', 2],
    ]);
    expect(deriveModelView(log, 2).nodeCount).toBe(0);
  });

  it('reports bad sourceEventSeqs: forward reference, duplicates, empty on a user message (§10 case 35)', () => {
    const script = new LogScript();
    script.userMessage('a', 'x', { sourceEventSeqs: [0] });
    script.userMessage('b', 'x', { sourceEventSeqs: [0, 0] });
    script.userMessage('c', 'x', { sourceEventSeqs: [] });
    const log = script.build();
    expect(log.problems.map((problem) => problem.seq)).toEqual([0, 1, 2]);
    expect(deriveModelView(log, 2).messages).toHaveLength(3);
  });
});

describe('sourceEventSeqs duplicates', () => {
  it('finds a duplicate after an ascending prefix and accepts an unsorted list without one', () => {
    const script = new LogScript();
    for (let k = 0; k < 5; k++) script.add('todo/write', { todos: [] });
    script.userMessage('dup', 'x', { sourceEventSeqs: [0, 2, 3, 1, 2] });
    script.userMessage('unsorted', 'x', { sourceEventSeqs: [4, 0, 3, 1] });
    const log = script.build();
    expect(log.problems.map((problem) => [problem.seq, problem.message.includes('twice')])).toEqual([
      [5, true],
    ]);
  });
});
