// Read-time normalization per generation (docs/format-generations.md "One reading shape").
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../event.ts';
import { rulesOfGeneration } from './generation-rules.ts';
import { expandSeqRanges, normalizeEvent } from './normalize-event.ts';
import { readToolResultFacts } from './tool-result-facts.ts';

function event(extra: Partial<StoredEvent>): StoredEvent {
  return { type: 'user/message', seq: 9, time: 1, data: {}, ...extra };
}

describe('expandSeqRanges', () => {
  it('expands inclusive pairs among plain seqs', () => {
    expect(expandSeqRanges([1, [3, 6], 9])).toEqual([1, 3, 4, 5, 6, 9]);
  });

  it('keeps a plain list as written, even when it does not increase (writers store those verbatim)', () => {
    expect(expandSeqRanges([5, 2])).toEqual([5, 2]);
  });

  it.each([[[[3, 1]]], [[[1, 2, 3]]], [[['a', 2]]], [[4, [1, 3]]], [[-1]]])('refuses %j', (entries) => {
    expect(expandSeqRanges(entries)).toBeNull();
  });
});

describe('normalizeEvent', () => {
  it('reads a generation-3/4 replace op as start/end and expands ranges', () => {
    const stored = event({
      surfaceOp: { op: 'replace', startSeq: 2, endSeq: 5 } as never,
      sourceEventSeqs: [[2, 5] as never, 7],
    });
    const { event: normalized, fault } = normalizeEvent(stored, rulesOfGeneration(4));
    expect(fault).toBeNull();
    expect(normalized.surfaceOp).toEqual({ op: 'replace', start: 2, end: 5 });
    expect(normalized.sourceEventSeqs).toEqual([2, 3, 4, 5, 7]);
    expect(stored.surfaceOp).toEqual({ op: 'replace', startSeq: 2, endSeq: 5 });
  });

  it('leaves a generation-0 replace op and an append as stored (same object)', () => {
    const stored = event({ surfaceOp: { op: 'replace', start: 1, end: 1 } });
    expect(normalizeEvent(stored, rulesOfGeneration(0)).event).toBe(stored);
    const appended = event({ surfaceOp: 'append', sourceEventSeqs: [3] });
    expect(normalizeEvent(appended, rulesOfGeneration(4)).event).toBe(appended);
  });

  it('names the retired start/end keys in a generation-3 log as a fault', () => {
    const stored = event({ surfaceOp: { op: 'replace', start: 1, end: 2 } });
    expect(normalizeEvent(stored, rulesOfGeneration(3)).fault).toMatch(/retired keys start\/end/);
  });
});

describe('readToolResultFacts', () => {
  it('reads the wrapper shape of generations 0–3', () => {
    const message = {
      role: 'user',
      content: [
        { type: 'tool-result', toolCallId: 'c1', isError: true, content: [{ type: 'text', text: 'no' }] },
      ],
    };
    expect(readToolResultFacts(message)).toEqual({
      toolCallId: 'c1',
      isError: true,
      content: [{ type: 'text', text: 'no' }],
    });
  });

  it('reads the tool-role shape of generation 4', () => {
    const message = {
      role: 'tool',
      toolCallId: 'c2',
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
    };
    expect(readToolResultFacts(message)).toEqual({
      toolCallId: 'c2',
      isError: false,
      content: [{ type: 'text', text: 'ok' }],
    });
  });

  it('says nothing for malformed messages', () => {
    expect(readToolResultFacts(null)).toEqual({ toolCallId: null, isError: false, content: [] });
    expect(readToolResultFacts({ role: 'user', content: ['x'] })).toEqual({
      toolCallId: null,
      isError: false,
      content: [],
    });
  });
});
