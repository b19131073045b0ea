import { describe, expect, it } from 'vitest';
import { createLogDecoder } from '../open/log-decoder.ts';
import { memoryEntry } from '../testing/workspace-entries.ts';
import { headFactsOf, readSessionHead } from './session-head.ts';

/** What the whole decoder makes of `bytes`: the facts of its header, or null when it has none. */
function decoderFacts(bytes: Uint8Array): ReturnType<typeof headFactsOf> {
  const decoder = createLogDecoder();
  decoder.push(bytes);
  return headFactsOf(decoder.finish());
}

const event = '{"seq":0,"time":1,"type":"turn/start"}\n';
const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
/** First lines whose header the head read takes without the decoder, or hands to it. */
const firstLines: [string, string | Uint8Array][] = [
  [
    'a generation-0 header',
    '{"type":"session","version":0,"id":"a","createdAt":1,"delegationDepth":0,"cwd":"/w"}',
  ],
  [
    'a generation-4 header',
    '{"type":"session","version":4,"id":"b","createdAt":2,"delegationDepth":1,"cwd":"/w","isSeeded":true,"origin":"subagent","parentSession":"a"}',
  ],
  ['a header of a newer version', '{"type":"session","version":99,"id":"c","createdAt":1}'],
  ['a fractional version', '{"version":1.5,"id":"d"}'],
  ['a header without type or depth', '{"version":0,"id":"e","createdAt":1,"cwd":"/w"}'],
  ['a numeric id', '{"type":"session","version":0,"id":7,"createdAt":1}'],
  ['no id', '{"type":"session","version":0,"createdAt":1}'],
  ['an array', '[1,2]'],
  ['a line that is not JSON', '{"id":"f",'],
  ['a deep value', `{"version":0,"id":"g","createdAt":1,"extra":${deep}}`],
  ['seedLength, createdAt of a wrong type', '{"version":1,"id":"h","createdAt":"x","seedLength":3}'],
  ['a \\u0000 and a lone surrogate in the id', '{"version":0,"id":"i\\u0000\\ud800","createdAt":1}'],
  ['a carriage return before the LF', '{"version":0,"id":"j","createdAt":1}\r'],
  ['__proto__ as a key', '{"version":0,"id":"k","__proto__":{"id":"x"},"createdAt":1}'],
  [
    'invalid UTF-8 inside the id',
    Uint8Array.from([...new TextEncoder().encode('{"version":0,"id":"l'), 0xff, 0xfe, 0x22, 0x7d]),
  ],
];

describe('readSessionHead', () => {
  it.each(firstLines)('reads %s as the whole decoder does', async (_name, line) => {
    const lineBytes = typeof line === 'string' ? new TextEncoder().encode(line) : line;
    for (const rest of ['\n', `\n${event}`]) {
      const bytes = new Uint8Array([...lineBytes, ...new TextEncoder().encode(rest)]);
      const expected = decoderFacts(bytes);
      const read = await readSessionHead(memoryEntry('x/session.jsonl', bytes));
      expect(read.ok ? read.head : null).toEqual(expected);
    }
  });

  it('says why a first line without a session id is not a head, in the decoder’s words', async () => {
    const read = await readSessionHead(memoryEntry('x/session.jsonl', '{"id":"f",\n'));
    expect(read).toEqual({
      ok: false,
      isZip: false,
      reason: expect.stringContaining('not valid JSON'),
    });
  });
});
