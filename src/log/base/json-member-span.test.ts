// dataMemberCut (json-member-span.ts): cutting one member of an event line's `data` leaves the same
// JSON without it, and anything not of that shape is left alone (null: the caller parses the line).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataMemberCut } from './json-member-span.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The line with the cut applied, parsed; or null when nothing is cut. */
function parsedWithout(line: string, name: string): unknown {
  const bytes = encoder.encode(line);
  const cut = dataMemberCut(bytes, name);
  if (cut === null) return null;
  return JSON.parse(decoder.decode(bytes.subarray(0, cut[0])) + decoder.decode(bytes.subarray(cut[1])));
}

describe('dataMemberCut', () => {
  it('drops the member wherever it stands among data’s members, whatever the values hold, and keeps the rest exactly', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => key !== 'stream'),
          fc.jsonValue(),
          { maxKeys: 5 },
        ),
        fc.jsonValue(),
        fc.nat(),
        fc.boolean(),
        (members, stream, position, isSpaced) => {
          const entries = Object.entries(members);
          entries.splice(position % (entries.length + 1), 0, ['stream', stream]);
          const data = Object.fromEntries(entries);
          const event = { type: 'assistant/message', seq: 3, data, after: '"stream":[1]' };
          const line = isSpaced ? JSON.stringify(event, null, 1) : JSON.stringify(event);
          // Through JSON, as the line is: a -0 among the values is written, and so read back, as 0.
          const expected: unknown = JSON.parse(JSON.stringify({ ...event, data: members }));
          expect(parsedWithout(line, 'stream')).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
  it('cuts nothing when data has no such member, or the name only appears inside values or deeper', () => {
    const lines = [
      '{"type":"assistant/message","data":{"message":{"content":[{"text":"\\"stream\\":[1,2]"}]}}}',
      '{"type":"x","data":{"message":{"stream":[1]}},"stream":[2]}',
      '{"type":"x","stream":[1]}',
      '{"type":"x","data":[{"stream":1}]}',
      '{"type":"x","data":{"str\\u0065am":[1]}}',
      '{"type":"x","data":{}}',
      '[1,2]',
      '"stream"',
      '',
    ];
    for (const line of lines) expect(parsedWithout(line, 'stream'), line).toBeNull();
  });
  it('cuts at ASCII bytes only: text around it with multi-byte characters decodes the same', () => {
    const event = { data: { message: 'é 😀 ☃', stream: ['😀'.repeat(3)], usage: '✓' }, time: 'ü' };
    expect(parsedWithout(JSON.stringify(event), 'stream')).toEqual({
      data: { message: 'é 😀 ☃', usage: '✓' },
      time: 'ü',
    });
  });
  it('gives null for a line cut short, never an index outside it', () => {
    const line = JSON.stringify({ data: { message: 'm', stream: [{ a: 'b' }], usage: 1 } });
    for (let length = 0; length < line.length; length++) {
      const bytes = encoder.encode(line.slice(0, length));
      const cut = dataMemberCut(bytes, 'stream');
      if (cut !== null) {
        expect(cut[0]).toBeGreaterThanOrEqual(0);
        expect(cut[1]).toBeLessThanOrEqual(bytes.length);
      }
    }
  });
});
