// Tests of chunk assembly (FORMAT.md §5.1 BlockAssembler rules) and the streaming state at a seq.

import { describe, expect, it } from 'vitest';
import { BlockAssembler, deriveStreamingState } from './block-assembler.ts';
import { deriveModelView } from './model-view.ts';
import { LogScript } from '../testing/event-builders.ts';

describe('BlockAssembler', () => {
  it('orders blocks by first-seen index, not by numeric index', () => {
    const assembler = new BlockAssembler();
    assembler.apply({ type: 'text-delta', index: 2, text: 'b' });
    assembler.apply({ type: 'reasoning-delta', index: 0, text: 'think' });
    assembler.apply({ type: 'text-delta', index: 2, text: 'c' });
    expect(assembler.snapshot()).toEqual([
      { type: 'text', text: 'bc' },
      { type: 'reasoning', text: 'think' },
    ]);
  });

  it('lets the first block-end replace and freeze a block', () => {
    const assembler = new BlockAssembler();
    assembler.apply({ type: 'text-delta', index: 0, text: 'draft' });
    assembler.apply({ type: 'block-end', index: 0, block: { type: 'text', text: 'final' } });
    assembler.apply({ type: 'text-delta', index: 0, text: ' ignored' });
    assembler.apply({ type: 'block-end', index: 0, block: { type: 'text', text: 'ignored too' } });
    expect(assembler.snapshot()).toEqual([{ type: 'text', text: 'final' }]);
  });

  it('falls back to call-<index> and an empty name for a tool call never closed', () => {
    const assembler = new BlockAssembler();
    assembler.apply({ type: 'tool-call-delta', index: 3, argumentsDelta: '{"a"' });
    assembler.apply({ type: 'tool-call-delta', index: 3, name: '', argumentsDelta: ':1}' });
    expect(assembler.snapshot()).toEqual([
      { type: 'tool-call', id: 'call-3', name: '', arguments: '{"a":1}' },
    ]);
    assembler.apply({ type: 'tool-call-delta', index: 3, id: 'real', name: 'bash', argumentsDelta: '' });
    expect(assembler.snapshot()).toEqual([
      { type: 'tool-call', id: 'real', name: 'bash', arguments: '{"a":1}' },
    ]);
  });

  it('drops tool calls on a max-tokens finish and keeps the last usage', () => {
    const assembler = new BlockAssembler();
    assembler.apply({ type: 'text-delta', index: 0, text: 'partial' });
    assembler.apply({
      type: 'block-end',
      index: 1,
      block: { type: 'tool-call', id: 'c', name: 'n', arguments: '{' },
    });
    assembler.apply({ type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } });
    assembler.apply({ type: 'usage', usage: { inputTokens: 2, outputTokens: 3 } });
    expect(assembler.snapshot()).toHaveLength(2);
    assembler.apply({ type: 'finish', reason: { kind: 'max-tokens' } });
    expect(assembler.snapshot()).toEqual([{ type: 'text', text: 'partial' }]);
    expect(assembler.usage).toEqual({ inputTokens: 2, outputTokens: 3 });
    expect(assembler.finishKind).toBe('max-tokens');
  });

  it('renders an unknown block type generically and counts unknown chunks', () => {
    const assembler = new BlockAssembler();
    assembler.apply({ type: 'block-start', index: 0, blockType: 'hologram' });
    assembler.apply({ type: 'sparkle', index: 0 });
    expect(assembler.snapshot()).toEqual([{ type: 'hologram' }]);
    expect(assembler.chunkCount).toBe(2);
  });
});

describe('deriveStreamingState', () => {
  function streamingLog() {
    const script = new LogScript();
    script.turnStart(1); // 0
    script.stepStart(1, 1); // 1
    script.userMessage('u1', 'go'); // 2
    script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' }); // 3
    const members = script.packedRow('text-chunks', 1, 1, 0, ['Hel', 'lo', ' world']); // 4-6
    script.chunk(1, 1, { type: 'block-start', index: 1, blockType: 'tool-call' }); // 7
    const tool = script.packedRow('tool-call-chunks', 1, 1, 1, ['{"cmd"', ':', '"ls"}'], {
      id: 'c1',
      name: 'bash',
    }); // 8-10
    script.chunk(1, 1, { type: 'usage', usage: { inputTokens: 9, outputTokens: 4 } }); // 11
    const finish = script.chunk(1, 1, { type: 'finish', reason: { kind: 'tool-calls' } }); // 12
    const message = script.assistantMessage(
      1,
      1,
      'a1',
      [
        { type: 'text', text: 'Hello world' },
        { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"cmd":"ls"}' },
      ],
      { sourceEventSeqs: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    ); // 13
    return { log: script.build(), members, tool, finish, message };
  }

  it('assembles the text so far in the middle of a packed run', () => {
    const { log, members } = streamingLog();
    const state = deriveStreamingState(log, members[1] as number);
    expect(state).toMatchObject({
      turn: 1,
      step: 1,
      firstChunkSeq: 3,
      atSeq: 5,
      finishKind: null,
      usage: null,
      chunkCount: 3,
    });
    expect(state?.blocks).toEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('assembles tool-call arguments from a packed tool-call run', () => {
    const { log, tool } = streamingLog();
    expect(deriveStreamingState(log, tool[1] as number)?.blocks).toEqual([
      { type: 'text', text: 'Hello world' },
      { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"cmd":' },
    ]);
  });

  it('gives the same state scrubbing backwards as forwards', () => {
    const { log, finish } = streamingLog();
    const forward = [];
    for (let seq = 3; seq <= finish; seq++) forward.push(deriveStreamingState(log, seq));
    const backward = [];
    for (let seq = finish; seq >= 3; seq--) backward.unshift(deriveStreamingState(log, seq));
    expect(backward).toEqual(forward);
    expect(forward.at(-1)?.finishKind).toBe('tool-calls');
    expect(forward.at(-1)?.usage).toEqual({ inputTokens: 9, outputTokens: 4 });
  });

  it('is null before the first chunk and from the assistant message on', () => {
    const { log, message } = streamingLog();
    expect(deriveStreamingState(log, 2)).toBeNull();
    expect(deriveStreamingState(log, message)).toBeNull();
    expect(deriveModelView(log, 4).streaming?.blocks).toEqual([{ type: 'text', text: 'Hel' }]);
    expect(deriveModelView(log, message).streaming).toBeNull();
  });

  it('shows a failed attempt up to its finish and then the retried attempt from its own chunks (§7.4)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'first try' }); // 2
    const failed = script.chunk(1, 1, {
      type: 'finish',
      reason: { kind: 'error', failure: { message: 'x', code: 'SERVER' } },
    }); // 3
    const retry = script.add('llm/retry', {
      retryId: 'r',
      turn: 1,
      step: 1,
      retry: 1,
      failure: { message: 'x', code: 'SERVER' },
    }); // 4
    const second = script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'second' }); // 5
    const log = script.build();
    expect(deriveStreamingState(log, failed)).toMatchObject({ firstChunkSeq: 2, finishKind: 'error' });
    expect(deriveStreamingState(log, retry)).toBeNull();
    expect(deriveStreamingState(log, second)).toMatchObject({
      firstChunkSeq: second,
      blocks: [{ type: 'text', text: 'second' }],
    });
  });

  it('keeps streaming at the tail of a hanging attempt with no finish', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const members = script.packedRow('reasoning-chunks', 1, 1, 0, ['a', 'b', 'c', 'd']);
    const log = script.build();
    expect(deriveStreamingState(log, members.at(-1) as number)?.blocks).toEqual([
      { type: 'reasoning', text: 'abcd' },
    ]);
  });
});
