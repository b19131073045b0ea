// Byte fingerprints as a shortcut (outline-content.ts): a comparison gives the same report with them
// as from the canonical hashes alone, and reads no message whose bytes match the other run's.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { canonicalAnswer } from './canonical.ts';
import { buildDiffReport } from './diff-report.ts';
import { buildRunOutline, type RunOutline } from './run-outline.ts';

/** The outline of `text`; without fingerprints (every line's NaN) a comparison reads every message. */
function outlineOf(text: string, hasFingerprints = true): RunOutline {
  const log = decodeLog(new TextEncoder().encode(text));
  if (!hasFingerprints) log.store.lineHash.values.fill(Number.NaN);
  return buildRunOutline(log);
}

function fixture(path: string): string {
  return readFileSync(join(FIXTURES_DIR, path), 'utf8');
}

/** `text` with the first `from` after `marker` replaced by `to`. */
function changeOnce(text: string, marker: string, from: string, to: string): string {
  const at = text.indexOf(from, text.indexOf(marker));
  expect(text.indexOf(marker)).toBeGreaterThanOrEqual(0);
  expect(at).toBeGreaterThanOrEqual(0);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

const TOOL_ERROR = fixture('tool-error.jsonl');
const LONG = fixture('long-conversation.jsonl');
const PAIRS: [name: string, a: string, b: string][] = [
  ['an unchanged copy', LONG, LONG],
  [
    'a copy with one answer changed',
    LONG,
    changeOnce(
      LONG,
      '"type":"assistant/message"',
      '"type":"text","text":"',
      '"type":"text","text":"(changed) ',
    ),
  ],
  ['a copy with one argument changed', TOOL_ERROR, TOOL_ERROR.replace('echo HELLO', 'echo HELLO again')],
  [
    'a copy whose user message has its keys in another order (other bytes, same content)',
    TOOL_ERROR,
    changeOnce(
      TOOL_ERROR,
      '"seq":4,',
      '"source":{"kind":"user"},"role":"user"',
      '"role":"user","source":{"kind":"user"}',
    ),
  ],
  ['unrelated sessions', TOOL_ERROR, fixture('cancel.jsonl')],
  ['a compaction against a long conversation', fixture('compaction-replace.jsonl'), LONG],
];

describe('byte fingerprints', () => {
  for (const [name, a, b] of PAIRS)
    it(`give the report the canonical hashes give: ${name}`, () => {
      const paths = { a: 'a', b: 'b' };
      const withBytes = buildDiffReport(outlineOf(a), outlineOf(b), paths);
      expect(withBytes).toEqual(buildDiffReport(outlineOf(a, false), outlineOf(b, false), paths));
    });

  it('read no message of two byte-identical runs', () => {
    const a = outlineOf(LONG);
    const b = outlineOf(LONG);
    expect(buildDiffReport(a, b, { a: 'a', b: 'b' }).firstDivergence).toBeNull();
    const steps = [...a.turns, ...b.turns].flatMap((turn) => turn.steps);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.every((step) => Number.isNaN(step.answerHash))).toBe(true);
  });

  it('still find the same content under other bytes', () => {
    const reordered = PAIRS[3] as (typeof PAIRS)[number];
    const report = buildDiffReport(outlineOf(reordered[1]), outlineOf(reordered[2]), { a: 'a', b: 'b' });
    expect(report.firstDivergence).toBeNull();
  });
});

describe('answers read without their stream', () => {
  const MULTI_GEN = join(import.meta.dirname, '../../../fixtures/generations/multi-gen');
  it('hash as the whole event does, for every assistant message of the v3 and v4 fixtures', () => {
    const [session] = readdirSync(MULTI_GEN);
    let cut = 0;
    for (const name of ['session.v3.jsonl.zstd', 'session.v4.jsonl.zstd']) {
      const log = decodeLog(new Uint8Array(readFileSync(join(MULTI_GEN, session!, name))));
      for (let seq = 0; seq < log.store.eventCount; seq++) {
        const whole = readUpgradedEventAt(log.store, seq);
        if (whole.type !== 'assistant/message') continue;
        const without = log.store.readEventWithoutDataMember(seq, 'stream');
        const message = (event: typeof whole) => (event.data as { message?: unknown }).message;
        expect(canonicalAnswer(message(without)), `${name} seq ${seq}`).toBe(canonicalAnswer(message(whole)));
        if ('stream' in (whole.data as object) && !('stream' in (without.data as object))) cut++;
      }
    }
    // Not vacuous: the fixtures' answers carry streams, and they were cut.
    expect(cut).toBeGreaterThan(0);
  });
});
