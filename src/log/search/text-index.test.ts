// Tests of the text index: what is indexed (what a person sees), where a match lands, case folding,
// and stepping through the matches with wrap-around.

import { describe, expect, it } from 'vitest';
import { buildTextIndex, createTextIndexBuilder, searchTextIndex } from './text-index.ts';
import { matchIndexOf, stepMatch } from './match-steps.ts';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { deriveStreamingState } from '../projections/block-assembler.ts';
import { LogScript, buildCompactionExample } from '../testing/event-builders.ts';
import { eventLine, headerLine, jsonlText, utf8 } from '../testing/log-builder.ts';
import { MAX_VALUE_DEPTH } from '../base/deep-values.ts';

function search(log: OpenedLog, text: string): number[] {
  return [...searchTextIndex(buildTextIndex(log), text)];
}

function rawLog(lines: string[]): OpenedLog {
  return decodeLog(utf8(jsonlText([headerLine(), ...lines])));
}

describe('searchTextIndex: what is indexed', () => {
  it('finds text as decoded, not as the file escapes it (\\" and \\u00e9)', () => {
    const log = rawLog([
      '{"type":"user/message","seq":0,"time":1,"data":{"id":"u","role":"user","content":[{"type":"text","text":"say \\"hello\\" to caf\\u00e9 \\u201cnoir\\u201d C:\\\\temp"}],"source":{"kind":"user"}},"surfaceOp":"append"}',
    ]);
    expect(search(log, '"hello"')).toEqual([0]);
    expect(search(log, 'café “noir”')).toEqual([0]);
    expect(search(log, 'C:\\temp')).toEqual([0]);
    // What only the stored form holds is not shown text.
    expect(search(log, '"text":"say')).toEqual([]);
    expect(search(log, 'caf\\u00e9')).toEqual([]);
  });

  it('finds the row: the event type and the summary words the data does not hold', () => {
    const log = buildCompactionExample().build();
    expect(search(log, 'turn 1 ended: completed')).toEqual([21]);
    expect(search(log, 'TURN/END')).toEqual([21]);
  });

  it('does not find keys or envelope fields, only values (no hits on "type" or "surfaceOp")', () => {
    const script = new LogScript();
    script.userMessage('u1', 'plain words');
    const log = script.build();
    expect(search(log, 'surfaceop')).toEqual([]);
    expect(search(log, '"type"')).toEqual([]);
    expect(search(log, 'content')).toEqual([]);
    expect(search(log, 'plain words')).toEqual([0]);
  });

  it('matches within one value: never across two values or two events', () => {
    const script = new LogScript();
    script.userMessage('u1', 'left');
    script.userMessage('u2', 'right');
    const log = script.build();
    expect(search(log, 'left')).toEqual([0]);
    expect(search(log, 'leftright')).toEqual([]);
    expect(search(log, 'left\nright')).toEqual([]);
  });

  it('is empty for an empty text', () => {
    const log = buildCompactionExample().build();
    expect(search(log, '')).toEqual([]);
  });

  it('walks values nested deeper than the call stack and than the depth bound without throwing', () => {
    const deep = `${'['.repeat(20_000)}"needle at the bottom"${']'.repeat(20_000)}`;
    const log = rawLog([
      eventLine('x-plugin/shallow', 0, { inner: { note: 'shallow needle' } }),
      eventLine('x-plugin/deep', 1, { nested: 'DEEP' }).replace('"DEEP"', deep),
    ]);
    const index = buildTextIndex(log);
    expect([...searchTextIndex(index, 'shallow needle')]).toEqual([0]);
    // Past MAX_VALUE_DEPTH the detail shows the raw JSON text of the part; that text is found.
    expect(MAX_VALUE_DEPTH).toBeLessThan(20_000);
    expect([...searchTextIndex(index, 'needle at the bottom')]).toEqual([1]);
    expect([...searchTextIndex(index, '[[["needle')]).toEqual([1]);
  });
});

describe('searchTextIndex: where a match lands', () => {
  it('lands a match in streamed deltas (unpacked) on the assistant/message they built', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const chunks = [
      script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' }),
      script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'Hello wo' }),
      script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'rld again' }),
      script.chunk(1, 1, { type: 'block-end', index: 0, block: { type: 'text', text: 'Hello world again' } }),
      script.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } }),
    ];
    const message = script.assistantMessage(1, 1, 'a1', [{ type: 'text', text: 'Hello world again' }], {
      sourceEventSeqs: chunks,
    });
    const log = script.build();
    expect(search(log, 'hello wo')).toEqual([message]);
    expect(search(log, 'world')).toEqual([message]);
  });

  it('lands a match inside a packed row member on the message, never on the row (no hit on its tag)', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const start = script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' });
    const members = script.packedRow('text-chunks', 1, 1, 0, ['The NEE', 'DLE is', ' here']);
    const end = script.chunk(1, 1, {
      type: 'block-end',
      index: 0,
      block: { type: 'text', text: 'The NEEDLE is here' },
    });
    const message = script.assistantMessage(1, 1, 'a1', [{ type: 'text', text: 'The NEEDLE is here' }], {
      sourceEventSeqs: [start, ...members, end],
    });
    const log = script.build();
    expect(search(log, 'needle')).toEqual([message]);
    expect(search(log, 'text-chunks')).toEqual([]);
    expect(search(log, 'text-delta')).toEqual([]);
  });

  it('lands a callId on the tool/call, then the tool/result: not on its deltas or the message', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const start = script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'tool-call' });
    const deltas = script.packedRow('tool-call-chunks', 1, 1, 0, ['{"pa', 'th":"a.', 'txt"}'], {
      id: 'call_00_Xyz',
      name: 'read',
    });
    const message = script.assistantMessage(
      1,
      1,
      'a1',
      [{ type: 'tool-call', id: 'call_00_Xyz', name: 'read', arguments: '{"path":"a.txt"}' }],
      { sourceEventSeqs: [start, ...deltas] },
    );
    script.stepEnd(1, 1);
    const call = script.toolCall(1, 1, 'call_00_Xyz', 'read', '{"path":"a.txt"}');
    const result = script.toolResult(1, 1, 'call_00_Xyz', 'file text');
    const log = script.build();
    expect(search(log, 'CALL_00_xyz')).toEqual([call, result]);
    expect(search(log, '"path":"a.txt"')).toEqual([call]);
    // The tool's name is shown on the message's card as well as on the call.
    expect(search(log, 'read')).toEqual([message, call]);
  });

  it('keeps a tool-call block that no tool/call executed on its message, id and arguments', () => {
    const script = new LogScript();
    const message = script.assistantMessage(1, 1, 'a1', [
      { type: 'tool-call', id: 'call_never_run', name: 'bash', arguments: '{"command":"ls"}' },
    ]);
    const log = script.build();
    expect(search(log, 'call_never_run')).toEqual([message]);
    expect(search(log, '"command":"ls"')).toEqual([message]);
  });

  it('lands a stream cut off before its message on its last chunk, where the model view shows it', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' });
    script.packedRow('text-chunks', 1, 1, 0, ['partial ans', 'wer that ', 'stopp']);
    const last = script.chunk(1, 1, { type: 'text-delta', index: 0, text: 'ed here' });
    const log = script.build();
    expect(search(log, 'answer that stopped')).toEqual([last]);
    const shown = deriveStreamingState(log, last)?.blocks ?? [];
    expect(JSON.stringify(shown)).toContain('partial answer that stopped here');
  });
});

describe('searchTextIndex: case and Unicode', () => {
  it('ignores case, in ASCII and beyond', () => {
    const script = new LogScript();
    script.userMessage('u1', 'ÜNÏCODE Straße ΟΔΟΣ');
    script.userMessage('u2', 'plain ascii');
    const log = script.build();
    expect(search(log, 'ünïcode')).toEqual([0]);
    expect(search(log, 'STRASSE')).toEqual([]);
    expect(search(log, 'straße')).toEqual([0]);
    expect(search(log, 'PLAIN ASCII')).toEqual([1]);
  });

  it('finds Japanese text and text beside it in the same event', () => {
    const script = new LogScript();
    script.userMessage('u1', 'ログを検索する');
    script.userMessage('u2', 'ascii before 日本語 after');
    const log = script.build();
    expect(search(log, '検索')).toEqual([0]);
    expect(search(log, '日本語')).toEqual([1]);
    expect(search(log, 'before 日本語 after')).toEqual([1]);
    expect(search(log, 'before')).toEqual([1]);
  });

  it('keeps offsets right after a fold that changes length (İ → i̇) and finds it both ways', () => {
    const script = new LogScript();
    script.userMessage('u1', `${'İ'.repeat(50)}stanbul`);
    script.userMessage('u2', 'marker');
    script.userMessage('u3', 'İSTANBUL again');
    const log = script.build();
    expect('İ'.toLowerCase()).toHaveLength(2);
    expect(search(log, 'marker')).toEqual([1]);
    expect(search(log, 'İstanbul')).toEqual([0, 2]);
    expect(search(log, 'i̇stanbul')).toEqual([0, 2]);
    expect(search(log, 'again')).toEqual([2]);
  });
});

describe('createTextIndexBuilder', () => {
  it('builds the same index however few events each step takes, reporting progress', () => {
    const log = buildCompactionExample().build();
    const whole = buildTextIndex(log);
    const builder = createTextIndexBuilder(log);
    const progress: number[] = [];
    while (!builder.step(3)) progress.push(builder.progress);
    expect(builder.progress).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const stepped = builder.finish();
    expect(stepped).toEqual(whole);
    for (const text of ['alpha beta', 'notes.txt', 'turn', 'no such text'])
      expect(searchTextIndex(stepped, text)).toEqual(searchTextIndex(whole, text));
  });

  it('returns ascending distinct seqs even when an event has pieces of both widths', () => {
    const script = new LogScript();
    for (let i = 0; i < 20; i++) script.userMessage(`u${i}`, i % 3 === 0 ? `word — ${i}` : `word ${i}`);
    const seqs = search(script.build(), 'word');
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

describe('stepMatch', () => {
  const seqs = Int32Array.from([3, 8, 15]);

  it('steps forward and back from the cursor, stepping off a match the cursor is on', () => {
    expect(stepMatch(seqs, 0, 1)).toEqual({ index: 0, seq: 3, wrapped: false });
    expect(stepMatch(seqs, 3, 1)).toEqual({ index: 1, seq: 8, wrapped: false });
    expect(stepMatch(seqs, 9, -1)).toEqual({ index: 1, seq: 8, wrapped: false });
    expect(stepMatch(seqs, 8, -1)).toEqual({ index: 0, seq: 3, wrapped: false });
  });

  it('wraps past either end and says so', () => {
    expect(stepMatch(seqs, 15, 1)).toEqual({ index: 0, seq: 3, wrapped: true });
    expect(stepMatch(seqs, 40, 1)).toEqual({ index: 0, seq: 3, wrapped: true });
    expect(stepMatch(seqs, 3, -1)).toEqual({ index: 2, seq: 15, wrapped: true });
    expect(stepMatch(seqs, -1, -1)).toEqual({ index: 2, seq: 15, wrapped: true });
    expect(stepMatch(Int32Array.from([5]), 5, 1)).toEqual({ index: 0, seq: 5, wrapped: true });
  });

  it('has nothing to step to without matches', () => {
    expect(stepMatch(new Int32Array(0), 4, 1)).toBeNull();
  });

  it('says which match the cursor is on', () => {
    expect(matchIndexOf(seqs, 8)).toBe(1);
    expect(matchIndexOf(seqs, 9)).toBe(-1);
  });
});
