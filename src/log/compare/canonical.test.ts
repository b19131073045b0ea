// stableJson (canonical.ts): the loop form writes exactly what the plain recursive definition does
// (keys sorted, identity keys and undefined members dropped, at every level).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableJson } from './canonical.ts';

const IDENTITY = new Set(['id', 'toolCallId', 'callId', 'seq', 'time', 'source']);

/** The definition, as plainly as it can be written. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => !IDENTITY.has(key) && record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${reference(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('stableJson', () => {
  it('writes what the recursive definition writes, for any JSON value with or without identity keys', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom(...IDENTITY, 'type', 'text', '__proto__'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(key, tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (json) => {
        expect(stableJson(json)).toBe(reference(json));
      }),
      { numRuns: 1_000 },
    );
  });
  it('sorts keys and drops identity keys at every level', () => {
    expect(stableJson({ b: 1, a: [{ id: 'x', z: null, y: undefined }], seq: 4 })).toBe(
      '{"a":[{"z":null}],"b":1}',
    );
  });
});
