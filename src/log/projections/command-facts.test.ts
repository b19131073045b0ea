// Tests of the command/run ↔ command/done pair the event detail shows (FORMAT.md §5.3, §7.5).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { deriveCommandStatusAt, readCommandFacts } from './command-facts.ts';
import { readEventDetail } from './event-rows.ts';
import { LogScript } from '../testing/event-builders.ts';

function commandLog(): { script: LogScript; runSeq: number; doneSeq: number } {
  const script = new LogScript();
  const runSeq = script.add('command/run', {
    commandId: 'k1',
    name: 'compact',
    args: ' now',
    source: { kind: 'user' },
  });
  script.add('compaction/start', { compactionId: 'x', turn: null });
  script.wait(2_000);
  const doneSeq = script.add('command/done', { commandId: 'k1', kind: 'success', text: 'Compacted.' });
  return { script, runSeq, doneSeq };
}

describe('readCommandFacts', () => {
  it('pairs a run with its done from either side, with the time between them', () => {
    const { script, runSeq, doneSeq } = commandLog();
    const log = script.build();
    const facts = readCommandFacts(log, runSeq);
    expect(facts).toMatchObject({
      commandId: 'k1',
      name: 'compact',
      args: ' now',
      runSeq,
      doneSeq,
      durationMs: 2_002,
      outcome: 'success',
    });
    expect(readCommandFacts(log, doneSeq)).toEqual(facts);
    expect(readCommandFacts(log, 1)).toBeNull();
    expect(readEventDetail(log, doneSeq).command).toEqual(facts);
    expect(readEventDetail(log, 1).command).toBeNull();
  });

  it('says running between run and done, then the outcome (§5.3 command/done kind)', () => {
    const { script, runSeq, doneSeq } = commandLog();
    const facts = readCommandFacts(script.build(), runSeq);
    if (facts === null) throw new Error('no facts');
    expect(deriveCommandStatusAt(facts, runSeq - 1)).toBe('not-run-yet');
    expect(deriveCommandStatusAt(facts, runSeq)).toBe('running');
    expect(deriveCommandStatusAt(facts, doneSeq - 1)).toBe('running');
    expect(deriveCommandStatusAt(facts, doneSeq)).toBe('success');
    expect(deriveCommandStatusAt({ ...facts, outcome: 'error' }, null)).toBe('error');
  });

  it('calls a run without a done unresolved at the end of the log (§10 case 52)', () => {
    const script = new LogScript();
    const runSeq = script.add('command/run', { commandId: 'k1', name: 'feedback', source: { kind: 'user' } });
    const lastSeq = script.add('feedback/record', { text: 'hi' });
    const facts = readCommandFacts(script.build(), runSeq);
    expect(facts).toMatchObject({ doneSeq: null, durationMs: null, outcome: null, args: null });
    if (facts === null) throw new Error('no facts');
    expect(deriveCommandStatusAt(facts, lastSeq - 1)).toBe('running');
    expect(deriveCommandStatusAt(facts, lastSeq)).toBe('unresolved');
  });

  it('reads the command of a generation-4 log', () => {
    const bytes = readFileSync(resolve('fixtures/generations/stored/v4/sdk/text-turn/session.v4.jsonl'));
    const log = decodeLog(new Uint8Array(bytes));
    expect(readCommandFacts(log, 16)).toMatchObject({
      name: 'feedback',
      runSeq: 16,
      doneSeq: 18,
      durationMs: 2,
      outcome: 'success',
    });
  });
});
