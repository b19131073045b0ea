// The packed model view (the worker → page form) keeps every message of deriveModelView.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { deriveModelView } from './model-view.ts';
import {
  isPackedReplacement,
  packModelView,
  packedMessageCount,
  packedViewBuffers,
  unpackMessage,
} from './packed-model-view.ts';
import { buildCompactionExample } from '../testing/event-builders.ts';
import type { OpenedLog } from '../open/opened-log.ts';

function expectSameView(log: OpenedLog, seq: number): void {
  const view = deriveModelView(log, seq);
  const packed = packModelView(view);
  expect(packed.atSeq).toBe(view.atSeq);
  expect(packed.nodeCount).toBe(view.nodeCount);
  expect(packed.streaming).toBe(view.streaming);
  expect(packedMessageCount(packed)).toBe(view.messages.length);
  const unpacked = view.messages.map((_, index) => unpackMessage(packed, index));
  expect(unpacked).toEqual(view.messages);
  view.messages.forEach((message, index) =>
    expect(isPackedReplacement(packed, index)).toBe(message.isReplacement),
  );
}

describe('packModelView', () => {
  it('keeps seq, type, role and the replacement bit of every message (§6.7 example, with a replace)', () => {
    const log = buildCompactionExample().build();
    for (let seq = 0; seq < log.store.eventCount; seq++) expectSameView(log, seq);
    expect(packModelView(deriveModelView(log, 28)).flags[0]).not.toBe(0);
  });

  it('keeps every message of the fixture logs at every seq', () => {
    for (const name of ['tool-error.jsonl', 'compaction-replace.jsonl', 'packed-chunks.jsonl']) {
      const log = decodeLog(
        new Uint8Array(readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url))),
      );
      for (let seq = 0; seq < log.store.eventCount; seq++) expectSameView(log, seq);
    }
  });

  it('names two distinct buffers to transfer', () => {
    const packed = packModelView(deriveModelView(buildCompactionExample().build(), 21));
    const [seqs, flags] = packedViewBuffers(packed);
    expect(seqs).toBe(packed.seqs.buffer);
    expect(flags).toBe(packed.flags.buffer);
    expect(seqs).not.toBe(flags);
  });
});
