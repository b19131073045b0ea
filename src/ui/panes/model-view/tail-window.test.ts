import { describe, expect, it } from 'vitest';
import type { ModelMessageDetail } from '../../../log/index.ts';
import {
  TAIL_MARGIN_PX,
  UNKNOWN_MESSAGE_PX,
  chooseTailCount,
  estimateMessageHeightPx,
  estimateWrappedLines,
} from './tail-window.ts';

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
});

describe('chooseTailCount', () => {
  it('takes items from the end until the viewport and its margin are covered', () => {
    expect(chooseTailCount(50, () => 100, 600, 12)).toBe(Math.ceil((600 + TAIL_MARGIN_PX) / 100));
    expect(chooseTailCount(50, (index) => (index === 0 ? 5_000 : 100), 600, 12)).toBe(1);
  });

  it('stays within the item count and the cap, and takes one item at least', () => {
    expect(chooseTailCount(3, () => 10, 600, 12)).toBe(3);
    expect(chooseTailCount(50, () => 10, 600, 12)).toBe(12);
    expect(chooseTailCount(50, () => 10, 0, 0)).toBe(1);
    expect(chooseTailCount(0, () => 10, 600, 12)).toBe(0);
  });
});
