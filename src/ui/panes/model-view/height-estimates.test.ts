import { describe, expect, it } from 'vitest';
import type { ModelMessageDetail } from '../../../log/index.ts';
import { UNKNOWN_MESSAGE_PX, estimateMessageHeightPx, estimateWrappedLines } from './height-estimates.ts';

function detail(type: ModelMessageDetail['type'], content: unknown[]): ModelMessageDetail {
  return {
    seq: 1,
    type,
    message: {
      role: type === 'tool/result' ? 'tool' : 'assistant',
      content,
    } as ModelMessageDetail['message'],
    isInterrupted: false,
    usage: null,
    toolName: null,
    errorCode: null,
    replacedSeqs: [],
    toolCalls: [],
    ending: null,
  };
}

describe('estimateWrappedLines', () => {
  it('counts each line break and wraps long lines', () => {
    expect(estimateWrappedLines('', 80)).toBe(1);
    expect(estimateWrappedLines('a\nb\n', 80)).toBe(3);
    expect(estimateWrappedLines('x'.repeat(161), 80)).toBe(3);
  });

  it('stops at what is shown before "show all"', () => {
    expect(estimateWrappedLines('x'.repeat(10_000), 100, 2_000)).toBe(20);
  });
});

describe('estimateMessageHeightPx', () => {
  it('grows with the text and shrinks with the width', () => {
    const short = estimateMessageHeightPx(detail('user/message', [{ type: 'text', text: 'hi' }]), 800);
    const long = estimateMessageHeightPx(
      detail('user/message', [{ type: 'text', text: 'x'.repeat(1500) }]),
      800,
    );
    const narrow = estimateMessageHeightPx(
      detail('user/message', [{ type: 'text', text: 'x'.repeat(1500) }]),
      400,
    );
    expect(short).toBeLessThan(long);
    expect(long).toBeLessThan(narrow);
  });

  it('counts tool results as mono text and unknown bodies as the fallback', () => {
    const result = detail('tool/result', [
      { type: 'tool-result', toolCallId: 'c', content: [{ type: 'text', text: 'line\n'.repeat(30) }] },
    ]);
    expect(estimateMessageHeightPx(result, 800)).toBeGreaterThan(30 * 16);
    expect(estimateMessageHeightPx(null, 800)).toBe(UNKNOWN_MESSAGE_PX);
  });

  it('adds the row of call links of each tool call with facts, and a result’s status strip', () => {
    const block = { type: 'tool-call', id: 'c', name: 'bash', arguments: '{"a":1}' };
    const bare = detail('assistant/message', [block]);
    const withFacts = { ...bare, toolCalls: [{ callId: 'c' }] as ModelMessageDetail['toolCalls'] };
    expect(estimateMessageHeightPx(withFacts, 800)).toBeGreaterThan(estimateMessageHeightPx(bare, 800));
    const result = detail('tool/result', [{ type: 'text', text: 'ok' }]);
    const linked = { ...result, toolCalls: [{ callId: 'c' }] as ModelMessageDetail['toolCalls'] };
    expect(estimateMessageHeightPx(linked, 800)).toBeGreaterThan(estimateMessageHeightPx(result, 800));
  });
});
