// Tests of the search of one workspace session: hits land where the open log's search lands (the
// same index), totals count every match while hits stop at the maximum, and snippets hold the text.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainSteps } from '../base/steps.ts';
import { decodeLog } from '../open/log-decoder.ts';
import { buildTextIndex, searchTextIndex } from '../search/text-index.ts';
import { TriageLogBuilder } from '../testing/triage-log-builder.ts';
import { searchSessionSteps } from './session-search.ts';

const packed = decodeLog(new Uint8Array(readFileSync(resolve('fixtures/packed-chunks.jsonl'))));

function search(log: ReturnType<typeof decodeLog>, text: string, maxHits = 20) {
  return drainSteps(searchSessionSteps(log, text, maxHits));
}

describe('searchSessionSteps', () => {
  it('finds what the open log’s search finds, with every match counted and the first ones kept', () => {
    const expected = searchTextIndex(buildTextIndex(packed), 'hello');
    expect(expected.length).toBeGreaterThan(2);
    const all = search(packed, 'HELLO');
    expect(all.total).toBe(expected.length);
    expect(all.hits.map((hit) => hit.seq)).toEqual([...expected]);
    const two = search(packed, 'hello', 2);
    expect(two.total).toBe(expected.length);
    expect(two.hits.map((hit) => hit.seq)).toEqual([...expected.subarray(0, 2)]);
  });

  it('gives each hit its type and a one-line snippet whose match range holds the text', () => {
    for (const hit of search(packed, 'echo hello').hits) {
      expect(hit.type).toBe(packed.store.typeOf(hit.seq));
      expect(hit.snippet).not.toMatch(/[\n\r\t]/);
      expect(hit.match).not.toBeNull();
      const { start, end } = hit.match ?? { start: 0, end: 0 };
      expect(hit.snippet.slice(start, end).toLowerCase()).toBe('echo hello');
    }
  });

  it('cuts a long text around the match and marks the cut', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.userMessage(`${'a'.repeat(500)} needle ${'b'.repeat(500)}`);
    const [hit] = search(decodeLog(builder.toBytes()), 'needle').hits;
    expect(hit?.snippet.startsWith('…')).toBe(true);
    expect(hit?.snippet.endsWith('…')).toBe(true);
    expect(hit?.snippet.length).toBeLessThan(120);
    expect(hit && hit.match && hit.snippet.slice(hit.match.start, hit.match.end)).toBe('needle');
  });

  it("finds text outside Latin-1, and marks the match where lower-casing changes a letter's length", () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.userMessage('テストを実行してください');
    builder.userMessage('İstanbul deploy');
    const log = decodeLog(builder.toBytes());
    const japanese = search(log, '実行');
    expect(japanese.total).toBe(1);
    expect(japanese.hits[0]?.snippet).toContain('テストを実行');
    const dotted = search(log, 'deploy');
    expect(dotted.total).toBe(1);
    const hit = dotted.hits[0];
    expect(hit?.snippet).toContain('İstanbul deploy');
    // 'İ' lower-cases to two code units; the match is still the word in the shown snippet.
    expect(hit?.snippet.slice(hit.match?.start, hit.match?.end)).toBe('deploy');
  });

  it('yields while it builds the index of a long session, and not when given one', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    for (let index = 0; index < 5_000; index += 1) builder.userMessage(`message ${index}`);
    const log = decodeLog(builder.toBytes());
    const countYields = (steps: Generator<void, unknown>) => {
      let yields = 0;
      while (steps.next().done !== true) yields += 1;
      return yields;
    };
    expect(countYields(searchSessionSteps(log, 'message 4999', 5))).toBeGreaterThan(1);
    expect(countYields(searchSessionSteps(log, 'message 4999', 5, buildTextIndex(log)))).toBe(0);
    expect(drainSteps(searchSessionSteps(log, 'message 4999', 5)).total).toBe(1);
  });
});
