// Tests of the structural index: turns/steps, attempts, usage, tool-call status, pairings, columns.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkKind } from '../event.ts';
import { decodeLog } from '../open/log-decoder.ts';
import { LogScript, buildCompactionExample } from '../testing/event-builders.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';

function toolCall(text: string) {
  return { type: 'tool-call', id: text, name: 'bash', arguments: '{}' };
}

describe('turns and steps', () => {
  it('records turns with steps, reasons and per-seq turn/step columns', () => {
    const log = buildCompactionExample().build();
    const [first, second] = log.index.turns;
    expect(first).toMatchObject({ turn: 1, startSeq: 0, endSeq: 21, reason: 'completed' });
    expect(first?.steps.map((step) => [step.step, step.startSeq, step.endSeq])).toEqual([
      [1, 1, 12],
      [2, 13, 20],
    ]);
    expect(second).toMatchObject({ turn: 2, startSeq: 26, endSeq: null, reason: null });
    expect(log.index.turnOf.get(21)).toBe(1);
    expect(log.index.turnOf.get(22)).toBe(0);
    expect(log.index.stepOf.get(12)).toBe(1);
    expect(log.index.stepOf.get(21)).toBe(0);
    expect(log.index.turnOf.length).toBe(log.store.eventCount);
    expect(log.problems).toEqual([]);
  });

  it('accepts a turn with zero steps (§10 case 43)', () => {
    const script = new LogScript();
    script.add('agent/inbox/spliced', { target: 'next-turn', start: 0, inserted: [] });
    script.turnStart(1);
    script.turnEnd(1, { kind: 'blocked' });
    const log = script.build();
    expect(log.index.turns).toEqual([
      { turn: 1, startSeq: 1, endSeq: 2, reason: 'blocked', reasonDetail: { kind: 'blocked' }, steps: [] },
    ]);
    expect(log.problems).toEqual([]);
  });

  it('keeps a hanging tail turn with a null end (§10 case 42)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.userMessage('u1', 'hi');
    const log = script.build();
    expect(log.index.turns[0]).toMatchObject({ endSeq: null, reason: null });
    expect(log.index.turns[0]?.steps[0]?.endSeq).toBeNull();
  });

  it('reports nesting violations as informational problems (§7.1, §7.2)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.turnEnd(1); // step still open
    script.turnStart(3); // skips 2
    script.stepStart(3, 2); // expected step 1
    script.stepEnd(3, 2);
    script.stepEnd(3, 2); // no open step
    script.turnEnd(3);
    script.turnEnd(3); // no open turn
    const log = script.build();
    expect(log.problems.map((problem) => [problem.kind, problem.seq, problem.effect])).toEqual([
      ['nesting', 2, 'none'],
      ['nesting', 3, 'none'],
      ['nesting', 4, 'none'],
      ['nesting', 6, 'none'],
      ['nesting', 8, 'none'],
    ]);
    expect(log.verdict.status).toBe('ok');
    expect(log.index.turns.map((turn) => turn.turn)).toEqual([1, 3]);
  });

  it('records provider/model of the last request/header for each step', () => {
    const script = new LogScript();
    script.add('request/header', { header: { config: { provider: 'a', model: 'x' } }, reason: 'initial' });
    script.turnStart(1);
    script.stepStart(1, 1);
    script.stepEnd(1, 1);
    script.stepStart(1, 2);
    script.add('request/header', { header: { config: { provider: 'b', model: 'y' } }, reason: 'change' });
    script.stepEnd(1, 2);
    script.turnEnd(1);
    const log = script.build();
    expect(log.index.turns[0]?.steps.map((step) => [step.provider, step.model])).toEqual([
      ['a', 'x'],
      ['b', 'y'],
    ]);
    expect(log.index.requestHeaderSeqs).toEqual([0, 5]);
  });
});

describe('model attempts and usage', () => {
  it('cuts attempts after every finish and links the message citing the successful one (§7.4, §10 case 44)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const failed = script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'x' });
    script.chunk(1, 1, { type: 'usage', usage: { inputTokens: 100, outputTokens: 1 } });
    const failedFinish = script.chunk(1, 1, {
      type: 'finish',
      reason: { kind: 'error', failure: { message: 'boom', code: 'SERVER' } },
    });
    const retry = script.add('llm/retry', {
      retryId: 'r1',
      turn: 1,
      step: 1,
      provider: 'p',
      mode: 'normal',
      policyKey: 'k',
      retry: 1,
      maxRetries: 3,
      delayMs: 10,
      failure: { message: 'boom', code: 'SERVER' },
    });
    const started = script.add('llm/retry-started', { retryId: 'r1', turn: 1, step: 1, retry: 1 });
    const chunks = script.textAttempt(1, 1, 'ok');
    const message = script.assistantMessage(1, 1, 'a1', [{ type: 'text', text: 'ok' }], {
      sourceEventSeqs: chunks,
      usage: { inputTokens: 10, outputTokens: 2 },
    });
    script.stepEnd(1, 1);
    script.turnEnd(1);
    const log = script.build();
    const step = log.index.turns[0]?.steps[0];
    expect(step?.attempts).toEqual([
      expect.objectContaining({
        firstChunkSeq: failed,
        lastChunkSeq: failedFinish,
        finishKind: 'error',
        messageSeq: null,
      }),
      expect.objectContaining({
        firstChunkSeq: chunks[0],
        lastChunkSeq: chunks.at(-1),
        finishKind: 'stop',
        messageSeq: message,
      }),
    ]);
    // The failed attempt's own usage chunk is noted on it (the cost core reads no chunk again).
    expect(step?.attempts[0]?.usage).toEqual({ inputTokens: 100, outputTokens: 1 });
    expect(step?.attempts[0]?.usageSeq).toBeGreaterThan(failed);
    expect(step?.usage).toEqual({ inputTokens: 10, outputTokens: 2 });
    expect(step?.usageSeq).toBe(message);
    expect(log.index.retries).toEqual([
      {
        retryId: 'r1',
        seq: retry,
        startedSeq: started,
        turn: 1,
        step: 1,
        retry: 1,
        failureCode: 'SERVER',
        failureMessage: 'boom',
      },
    ]);
    expect(log.index.chunkKind.get(failedFinish)).toBe(ChunkKind.FINISH);
    expect(log.index.consumedBy.get(chunks[0] as number)).toBe(message);
    expect(log.index.consumedBy.get(failed)).toBe(-1);
  });

  it('keeps the last usage chunk of a step whose attempts all failed (§7.7)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.chunk(1, 1, { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } });
    script.chunk(1, 1, { type: 'finish', reason: { kind: 'error', failure: { message: 'a', code: 'X' } } });
    const last = script.chunk(1, 1, { type: 'usage', usage: { inputTokens: 2, outputTokens: 2 } });
    script.chunk(1, 1, { type: 'finish', reason: { kind: 'error', failure: { message: 'b', code: 'X' } } });
    script.stepEnd(1, 1);
    const log = script.build();
    expect(log.index.turns[0]?.steps[0]?.usageSeq).toBe(last);
    expect(log.index.turns[0]?.steps[0]?.attempts).toHaveLength(2);
  });

  it('fills the columns of a packed run and extends the open attempt over it', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const start = script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' });
    const members = script.packedRow('text-chunks', 1, 1, 0, ['a', 'b', 'c']);
    const finish = script.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
    const log = script.build();
    for (const seq of members) {
      expect(log.index.chunkKind.get(seq)).toBe(ChunkKind.TEXT_DELTA);
      expect(log.index.turnOf.get(seq)).toBe(1);
      expect(log.index.stepOf.get(seq)).toBe(1);
      expect(log.index.consumedBy.get(seq)).toBe(-1);
    }
    expect(log.index.turns[0]?.steps[0]?.attempts).toEqual([
      // The first token is the run's first member (the block-start carries none).
      {
        firstChunkSeq: start,
        lastChunkSeq: finish,
        finishKind: 'stop',
        messageSeq: null,
        firstTokenSeq: members[0],
      },
    ]);
  });

  it('notes the first member with a token of a packed run whose first members are empty', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const members = script.packedRow('text-chunks', 1, 1, 0, ['', '', 'c']);
    script.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
    const log = script.build();
    expect(log.index.turns[0]?.steps[0]?.attempts[0]?.firstTokenSeq).toBe(members[2]);
  });
});

describe('tool calls', () => {
  it('pairs parallel tool calls by id, not by adjacency (§10 case 45)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const request = script.assistantMessage(1, 1, 'a1', [toolCall('A'), toolCall('B')], {
      sourceEventSeqs: [],
    });
    const callA = script.toolCall(1, 1, 'A', 'bash', '{"a":1}');
    const callB = script.toolCall(1, 1, 'B', 'bash');
    const resultB = script.toolResult(1, 1, 'B', 'b', { sourceEventSeqs: [callB], isError: true });
    const resultA = script.toolResult(1, 1, 'A', 'a', { sourceEventSeqs: [callA] });
    script.stepEnd(1, 1);
    script.turnEnd(1);
    const log = script.build();
    expect(
      log.index.toolCalls.map((call) => [
        call.callId,
        call.requestSeq,
        call.callSeq,
        call.resultSeq,
        call.status,
      ]),
    ).toEqual([
      ['A', request, callA, resultA, 'ok'],
      ['B', request, callB, resultB, 'error'],
    ]);
    expect(log.index.toolCallById.get('A')?.argumentsText).toBe('{"a":1}');
  });

  it('classifies unfinished calls of the open step of a hanging turn as crash repair would (§7.6, §10 case 42)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.assistantMessage(1, 1, 'a1', [toolCall('done'), toolCall('started'), toolCall('never')], {
      sourceEventSeqs: [],
    });
    const call = script.toolCall(1, 1, 'done', 'bash');
    script.toolResult(1, 1, 'done', 'ok', { sourceEventSeqs: [call] });
    script.toolCall(1, 1, 'started', 'bash');
    const log = script.build();
    expect(log.index.toolCalls.map((record) => [record.callId, record.status])).toEqual([
      ['done', 'ok'],
      ['started', 'outcome-unknown'],
      ['never', 'not-started'],
    ]);
  });

  it('gives calls of an already closed step of a hanging turn no-result (§7.6)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.assistantMessage(1, 1, 'a1', [toolCall('A')], { sourceEventSeqs: [] });
    script.toolCall(1, 1, 'A', 'bash');
    script.stepEnd(1, 1);
    script.stepStart(1, 2);
    const log = script.build();
    expect(log.index.toolCalls[0]?.status).toBe('no-result');
  });

  it('gives a call without result in a closed turn no-result (§10 case 46)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.assistantMessage(1, 1, 'a1', [toolCall('A')], { sourceEventSeqs: [] });
    script.toolCall(1, 1, 'A', 'bash');
    script.stepEnd(1, 1);
    script.turnEnd(1, { kind: 'error', error: { message: 'scheduler', code: 'UNKNOWN' } });
    const log = script.build();
    expect(log.index.toolCalls[0]?.status).toBe('no-result');
    expect(log.index.turns[0]?.reason).toBe('error');
  });

  it('reads the repaired classification from error.code in a repaired log (§10 case 47)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.assistantMessage(1, 1, 'a1', [toolCall('A'), toolCall('B')], { sourceEventSeqs: [] });
    const callA = script.toolCall(1, 1, 'A', 'bash');
    script.toolResult(1, 1, 'A', 'interrupted', {
      isError: true,
      error: { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' },
      sourceEventSeqs: [callA],
    });
    script.toolResult(1, 1, 'B', 'interrupted', {
      isError: true,
      error: { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' },
    });
    script.stepEnd(1, 1);
    script.turnEnd(1, { kind: 'interrupted' });
    script.add('session/end-seed', {});
    const log = script.build();
    expect(
      log.index.toolCalls.map((record) => [record.callId, record.status, record.errorCode, record.callSeq]),
    ).toEqual([
      ['A', 'outcome-unknown', 'TOOL_OUTCOME_UNKNOWN', callA],
      ['B', 'not-started', 'TOOL_NOT_STARTED', null],
    ]);
    expect(log.index.turns[0]?.reason).toBe('interrupted');
  });

  it('creates no entry for a result whose id was never requested, nor for tool calls dropped by max-tokens', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.chunk(1, 1, { type: 'block-end', index: 0, block: toolCall('dropped') });
    script.chunk(1, 1, { type: 'finish', reason: { kind: 'max-tokens' } });
    script.assistantMessage(1, 1, 'a1', [], { sourceEventSeqs: [2, 3] });
    script.toolResult(1, 1, 'stray', 'x');
    script.stepEnd(1, 1);
    script.turnEnd(1, { kind: 'max-tokens' });
    const log = script.build();
    expect(log.index.toolCalls).toEqual([]);
    expect(log.index.turns[0]?.reason).toBe('max-tokens');
    expect(log.index.turns[0]?.steps[0]?.attempts[0]?.finishKind).toBe('max-tokens');
  });
});

describe('other pairings', () => {
  it('pairs commands, approvals and the parts of a compaction (§7.5)', () => {
    const script = buildCompactionExample();
    const run = script.add('command/run', { commandId: 'cmd', name: 'compact', source: { kind: 'user' } });
    const done = script.add('command/done', { commandId: 'cmd', kind: 'success' });
    const policy = script.add('approval/policy', { policy: 'never', source: 'delegation' });
    const asked = script.approvalAsked('ap', 'bash', 'c1', 'writes outside the workspace');
    const decided = script.approvalDecided('ap', 'allowed-once');
    script.add('session/title', { title: 'Notes', messageSeqs: [2], source: { kind: 'fallback' } });
    script.add('agent-preset/selected', { agentPreset: 'coder' });
    const log = script.build();
    expect(log.index.commands).toEqual([
      { commandId: 'cmd', name: 'compact', runSeq: run, doneSeq: done, outcome: 'success' },
    ]);
    expect(log.index.approvals).toEqual([
      {
        id: 'ap',
        toolName: 'bash',
        callId: 'c1',
        reason: 'writes outside the workspace',
        askedSeq: asked,
        decidedSeq: decided,
        outcome: 'allowed-once',
      },
    ]);
    expect(log.index.approvalPolicies).toEqual([{ seq: policy, policy: 'never', source: 'delegation' }]);
    expect(log.index.compactions).toEqual([
      {
        compactionId: 'k1',
        startSeq: 22,
        summarySeq: 23,
        replaceSeq: 24,
        endSeq: 25,
        error: null,
        isStale: false,
      },
    ]);
    expect(log.index.title).toBe('Notes');
    expect(log.index.selectedAgentPreset).toBe('coder');
    expect(log.index.consumedBy.get(22)).toBe(24);
  });

  it('marks a compaction lock without end before the last end-seed as stale (§10 case 51)', () => {
    const script = new LogScript();
    script.add('compaction/start', { compactionId: 'old', turn: null });
    script.add('session/end-seed', {});
    script.add('compaction/start', { compactionId: 'live', turn: null });
    const log = script.build();
    expect(log.index.compactions.map((record) => [record.compactionId, record.isStale])).toEqual([
      ['old', true],
      ['live', false],
    ]);
    expect(log.index.endSeedSeqs).toEqual([1]);
  });
});

describe('§10 structure cases', () => {
  it('accepts a first turn number above 1 and several end-seeds (§10 cases 49, 50)', () => {
    const script = new LogScript();
    script.add('session/end-seed', {});
    script.turnStart(4);
    script.turnEnd(4);
    script.add('session/end-seed', {});
    script.turnStart(5);
    script.turnEnd(5);
    const log = script.build();
    expect(log.problems).toEqual([]);
    expect(log.index.turns.map((turn) => turn.turn)).toEqual([4, 5]);
    expect(log.index.endSeedSeqs).toEqual([0, 3]);
  });

  it('places a tool/result replacement by seq, not by its turn/step fields (§10 case 53)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const call = script.toolCall(1, 1, 'c', 'read');
    const result = script.toolResult(1, 1, 'c', 'long', { sourceEventSeqs: [call] });
    script.stepEnd(1, 1);
    script.turnEnd(1);
    script.turnStart(2);
    script.stepStart(2, 1);
    const replacement = script.toolResult(1, 1, 'c', 'short', {
      surfaceOp: { op: 'replace', start: result, end: result },
      sourceEventSeqs: [result],
    });
    const log = script.build();
    expect(log.problems).toEqual([]);
    expect([log.index.turnOf.get(replacement), log.index.stepOf.get(replacement)]).toEqual([2, 1]);
  });

  it('leaves unanswered approvals and unfinished commands unresolved (§10 case 52)', () => {
    const script = new LogScript();
    script.add('command/run', { commandId: 'x', name: 'review', source: { kind: 'user' } });
    script.turnStart(1);
    script.add('approval/asked', { id: 'a', toolName: 'bash' });
    const log = script.build();
    expect(log.index.commands[0]?.doneSeq).toBeNull();
    expect(log.index.approvals[0]).toMatchObject({ decidedSeq: null, outcome: null, callId: null });
  });

  it('builds the same structure whether chunk runs are packed or not (§10 case 54)', () => {
    function build(isPacked: boolean) {
      const script = new LogScript();
      script.turnStart(1);
      script.stepStart(1, 1);
      script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' });
      const pieces = ['a', 'b', 'c', 'd'];
      if (isPacked) script.packedRow('text-chunks', 1, 1, 0, pieces);
      else for (const text of pieces) script.chunk(1, 1, { type: 'text-delta', index: 0, text });
      script.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
      script.assistantMessage(1, 1, 'm', [{ type: 'text', text: 'abcd' }], {
        sourceEventSeqs: [2, 3, 4, 5, 6, 7],
      });
      script.stepEnd(1, 1);
      script.turnEnd(1);
      return script.build();
    }
    const packed = build(true);
    const plain = build(false);
    expect(packed.index.turns).toEqual(plain.index.turns);
    expect(Array.from(packed.index.chunkKind.view())).toEqual(Array.from(plain.index.chunkKind.view()));
    expect(Array.from(packed.index.consumedBy.view())).toEqual(Array.from(plain.index.consumedBy.view()));
  });

  it('counts an unknown chunk variant as OTHER without breaking the attempt (§10 case 39)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const odd = script.chunk(1, 1, { type: 'citation', index: 0, url: 'x' });
    script.chunk(1, 1, { type: 'finish', reason: { kind: 'paused-by-provider' } });
    const log = script.build();
    expect(log.index.chunkKind.get(odd)).toBe(ChunkKind.OTHER);
    expect(log.index.turns[0]?.steps[0]?.attempts[0]?.finishKind).toBe('paused-by-provider');
  });
});

describe.skipIf(!existsSync(join(CORPUS_DIR, 'MANIFEST.json')))('the index over the shared corpus', () => {
  it('agrees with the manifest features of every log and finds no nesting or surface problem', () => {
    const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'MANIFEST.json'), 'utf8')) as {
      logs: { name: string; eventCount: number; features: Record<string, unknown> }[];
    };
    expect(manifest.logs.length).toBeGreaterThan(0);
    for (const entry of manifest.logs) {
      const log = decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, `${entry.name}.jsonl.zstd`))));
      const index = log.index;
      const features = entry.features;
      const context = entry.name;
      expect(index.turnOf.length, context).toBe(entry.eventCount);
      expect(index.consumedBy.length, context).toBe(entry.eventCount);
      expect(
        log.problems.filter((problem) => problem.kind === 'nesting' || problem.kind === 'surface'),
        context,
      ).toEqual([]);
      const reasons = new Set(index.turns.map((turn) => turn.reason).filter((reason) => reason !== null));
      expect([...reasons].sort(), context).toEqual([...(features.turnEndReasons as string[])].sort());
      expect(index.turns.length > 1, context).toBe(features.hasMultipleTurns);
      expect(index.retries.length > 0, context).toBe(features.hasLlmRetry);
      expect(index.approvals.length > 0, context).toBe(features.hasApproval);
      expect(index.commands.length > 0, context).toBe(features.hasCommandRun);
      expect(index.compactions.length > 0, context).toBe(features.hasCompaction);
      expect(
        index.surfaceOps.some((op) => op.op === 'replace' && op.type === 'user/message'),
        context,
      ).toBe(features.hasCompactionReplace);
      expect(
        index.surfaceOps.some((op) => op.isEmpty && op.type === 'assistant/message'),
        context,
      ).toBe(features.hasEmptyAssistant);
      const finishKinds = index.turns.flatMap((turn) =>
        turn.steps.flatMap((step) => step.attempts.map((a) => a.finishKind)),
      );
      expect(finishKinds.includes('max-tokens'), context).toBe(features.hasMaxTokens);
      for (const call of index.toolCalls) {
        if (call.resultSeq !== null) expect(log.store.typeOf(call.resultSeq), context).toBe('tool/result');
        if (call.callSeq !== null) expect(log.store.typeOf(call.callSeq), context).toBe('tool/call');
      }
    }
  });
});
