// Embedded streams expand to the chunks a generation-0 log would store (docs/format-generations.md "Streams").
import { describe, expect, it } from 'vitest';
import { BlockAssembler } from '../../projections/block-assembler.ts';
import { expandStream } from './stream-records.ts';

// The record language of an upstream v4 snapshot (bash-tool), shortened.
const STREAM = [
  { type: 'chunk', time: 1000, chunk: { type: 'block-start', index: 0, blockType: 'reasoning' } },
  { type: 'reasoning-chunks', time0: 1000, index: 0, dt: [5, 7], texts: ['The', ' user', ' asks.'] },
  { type: 'chunk', time: 1012, chunk: { type: 'block-start', index: 1, blockType: 'tool-call' } },
  {
    type: 'tool-call-chunks',
    time0: 1013,
    index: 1,
    dt: [1],
    id: 'call_1',
    name: 'bash',
    args: ['{"a"', ':1}'],
  },
  { type: 'chunk', time: 1020, chunk: { type: 'usage', usage: { inputTokens: 3, outputTokens: 4 } } },
  { type: 'chunk', time: 1021, chunk: { type: 'finish', reason: { kind: 'tool-calls' } } },
];

describe('expandStream', () => {
  it('expands runs member by member, timing each from time0 plus the gaps before it', () => {
    const { chunks, badRecords } = expandStream(STREAM);
    expect(badRecords).toEqual([]);
    expect(chunks.map((c) => [c.time, c.chunk.type])).toEqual([
      [1000, 'block-start'],
      [1000, 'reasoning-delta'],
      [1005, 'reasoning-delta'],
      [1012, 'reasoning-delta'],
      [1012, 'block-start'],
      [1013, 'tool-call-delta'],
      [1014, 'tool-call-delta'],
      [1020, 'usage'],
      [1021, 'finish'],
    ]);
    expect(chunks[5]?.chunk).toEqual({
      type: 'tool-call-delta',
      index: 1,
      id: 'call_1',
      name: 'bash',
      argumentsDelta: '{"a"',
    });
  });

  it('assembles, through the generation-0 BlockAssembler, into the blocks the message holds', () => {
    const assembler = new BlockAssembler();
    for (const { chunk } of expandStream(STREAM).chunks) assembler.apply(chunk);
    expect(assembler.snapshot()).toEqual([
      { type: 'reasoning', text: 'The user asks.' },
      { type: 'tool-call', id: 'call_1', name: 'bash', arguments: '{"a":1}' },
    ]);
    expect(assembler.finishKind).toBe('tool-calls');
  });

  it('keeps one chunk per member when dt is short or missing (the last known time repeats)', () => {
    const { chunks } = expandStream([{ type: 'text-chunks', time0: 50, index: 0, texts: ['a', 'b', 'c'] }]);
    expect(chunks.map((c) => c.time)).toEqual([50, 50, 50]);
  });

  it('lists records it cannot read and never throws on hostile input', () => {
    const { chunks, badRecords } = expandStream([
      null,
      7,
      { type: 'chunk', time: 'soon', chunk: {} },
      { type: 'text-chunks', index: 0, texts: ['x'] },
      { type: 'mystery', time0: 1 },
      { type: 'chunk', time: 3, chunk: { type: 'finish', reason: { kind: 'stop' } } },
    ]);
    expect(badRecords).toEqual([0, 1, 2, 3, 4]);
    expect(chunks).toHaveLength(1);
    expect(expandStream('not a stream')).toEqual({ chunks: [], badRecords: [] });
  });
});
