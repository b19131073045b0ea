// Values nested far deeper than any stack (FORMAT.md §3.4 allows any JSON the parser accepts) must
// cross the worker boundary (structured clone) and the CLI's JSON output: what the core hands out
// carries them as a marker holding their raw JSON text instead of the nesting itself.

import { describe, expect, it } from 'vitest';
import { DEEP_VALUE_KEY, MAX_VALUE_DEPTH, boundValueDepth, readDeepValueText } from '../base/deep-values.ts';
import { readModelMessage } from '../projections/model-view.ts';
import { readEventDetail } from '../projections/event-rows.ts';
import { buildInspectReport } from '../reports/inspect-report.ts';
import { eventLine, headerLine, jsonlText, utf8 } from '../testing/log-builder.ts';
import { decodeLog } from './log-decoder.ts';

const DEPTH = 100_000;
const DEEP_TEXT = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

/** The depth of nested arrays/objects reached by following first children from `value`. */
function firstPathDepth(value: unknown): { depth: number; leaf: unknown } {
  let depth = 0;
  let at = value;
  while (typeof at === 'object' && at !== null && !(DEEP_VALUE_KEY in at)) {
    depth++;
    at = Array.isArray(at) ? at[0] : Object.values(at)[0];
  }
  return { depth, leaf: at };
}

describe('boundValueDepth', () => {
  it('replaces what lies past the bound by its JSON text, exactly as JSON.stringify writes it', () => {
    const inner = { c: [1, 'x"\n', null, true, { d: -0.5 }], __proto__: [] as unknown[] };
    const value = JSON.parse(JSON.stringify({ a: { b: inner }, keep: 'me' })) as Record<string, unknown>;
    const expected = JSON.stringify((value['a'] as Record<string, unknown>)['b']);
    const bounded = boundValueDepth(value, 2) as { a: { b: unknown }; keep: string };
    expect(readDeepValueText(bounded.a.b)).toBe(expected);
    expect(bounded.keep).toBe('me');
    const shallow = { a: [1, { b: 2 }] };
    expect(boundValueDepth(shallow, 3)).toEqual({ a: [1, { b: 2 }] });
  });
});

describe('a 100,000-deep value inside one content block', () => {
  const lines = [
    headerLine(),
    eventLine(
      'user/message',
      0,
      {
        id: 'u1',
        role: 'user',
        source: { kind: 'user' },
        content: [{ type: 'text', text: 'look', extra: 'DEEP' }],
      },
      { surfaceOp: 'append' },
    ).replace('"DEEP"', DEEP_TEXT),
    eventLine(
      'user/message',
      1,
      { id: 'u2', role: 'user', source: { kind: 'user' }, content: [{ type: 'text', text: 'next' }] },
      { surfaceOp: 'append' },
    ),
  ];
  const log = decodeLog(utf8(jsonlText(lines)));

  it('reads the message as cloneable data, the deep part a marker holding its raw JSON', () => {
    const detail = readModelMessage(log, 0);
    expect(() => structuredClone(detail)).not.toThrow();
    const block = detail?.message.content[0] as unknown as { text: string; extra: unknown };
    expect(block.text).toBe('look');
    const { depth, leaf } = firstPathDepth(block.extra);
    expect(depth).toBeLessThanOrEqual(MAX_VALUE_DEPTH);
    const raw = readDeepValueText(leaf);
    expect(raw).not.toBeNull();
    // The marker's text is the JSON of exactly what it replaced.
    expect(raw).toBe(`${'['.repeat(DEPTH - depth)}${']'.repeat(DEPTH - depth)}`);
    expect(() => structuredClone(readModelMessage(log, 1))).not.toThrow();
  });

  it('gives the event detail of the deep event as cloneable data', () => {
    expect(() => structuredClone(readEventDetail(log, 0))).not.toThrow();
  });
});

describe('a 100,000-deep value under an unknown header key', () => {
  const text = jsonlText([
    headerLine({ plugin: 'DEEP' }).replace('"DEEP"', DEEP_TEXT),
    eventLine('session/title', 0, { title: 'x' }),
  ]);

  it('keeps the log readable: the header crosses as data and the inspect report prints', () => {
    const log = decodeLog(utf8(text));
    expect(log.verdict.status).toBe('ok');
    expect(log.store.eventCount).toBe(1);
    expect(() => structuredClone(log.header)).not.toThrow();
    const report = buildInspectReport(log);
    expect(() => JSON.stringify(report)).not.toThrow();
    const plugin = (report.header as Record<string, unknown>)['plugin'];
    expect(readDeepValueText(firstPathDepth(plugin).leaf)).toMatch(/^\[+\]+$/);
  });
});
