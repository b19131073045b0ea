// Triage of what went wrong without a failed tool call to show for it (turn errors, calls cut off by
// max-tokens, calls refused at their approval), and a bug report that log text cannot forge.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { deriveTriage } from './triage.ts';
import { RETRY_ADVICE, describeToolNameCheck } from './triage-calls.ts';
import { TriageLogBuilder, textBlock, toolCallBlock } from '../testing/triage-log-builder.ts';
import {
  TRIAGE_FIXTURES_DIR,
  TURN_ERROR_FAILURE,
  buildTriageFixtures,
} from '../testing/make-triage-fixtures.ts';

function open(builder: TriageLogBuilder): OpenedLog {
  return decodeLog(builder.toBytes());
}

/** A turn whose first step asks for `bash` call c1 (request/header lists bash). */
function startToolTurn(builder: TriageLogBuilder): void {
  builder.turnStart();
  builder.stepStart();
  builder.userMessage('run ls');
  builder.requestHeader(['bash']);
  builder.attempt([toolCallBlock('c1', 'bash', '{"command":"ls"}')]);
}

describe('deriveTriage: what went wrong (turn errors, truncated calls, refused approvals)', () => {
  it('reports a turn that ended with an error as a finding with its code, message, turn and seq', () => {
    const builder = new TriageLogBuilder();
    const startSeq = builder.turnStart();
    builder.stepStart();
    builder.userMessage('snapshot please');
    builder.stepEnd();
    const endSeq = builder.turnEnd({
      kind: 'error',
      error: { message: 'snapshot disk full', code: 'SNAPSHOT_DISK_FULL' },
    });
    const report = deriveTriage(open(builder));
    expect(report.turnErrors).toEqual([
      { turn: 1, seq: endSeq, startSeq, code: 'SNAPSHOT_DISK_FULL', message: 'snapshot disk full' },
    ]);
    const finding = report.findings.find((candidate) => candidate.kind === 'turn-error');
    expect(finding).toMatchObject({ seq: endSeq });
    expect(finding?.label).toMatch(/turn 1 ended with an error: SNAPSHOT_DISK_FULL: snapshot disk full/);
    expect(report.bugReport).toMatch(
      new RegExp(
        `turn error: +turn 1, seq ${endSeq}: code "SNAPSHOT_DISK_FULL", message "snapshot disk full"`,
      ),
    );
  });

  it('reads the error of a legacy turn/end shape (FORMAT.md §3.6) the same way', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    const endSeq = builder.turnEnd({ kind: 'error', step: 1, message: 'boom' });
    const report = deriveTriage(open(builder));
    expect(report.turnErrors).toMatchObject([{ seq: endSeq, code: 'UNKNOWN', message: 'boom' }]);
  });

  it('names a tool call cut off by max-tokens (chunks only, no tool/call), its seq and what a retry means', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader(['write']);
    const textSeq = builder.chunk({ type: 'block-start', index: 0, blockType: 'text' });
    builder.chunk({ type: 'text-delta', index: 0, text: 'Writing the file.' });
    const firstSeq = builder.chunk({ type: 'block-start', index: 1, blockType: 'tool-call' });
    builder.chunk({
      type: 'tool-call-delta',
      index: 1,
      id: 'call_cut',
      name: 'write',
      argumentsDelta: '{"pa',
    });
    const lastSeq = builder.chunk({
      type: 'tool-call-delta',
      index: 1,
      id: 'call_cut',
      argumentsDelta: 'th":',
    });
    builder.chunk({ type: 'usage', usage: { inputTokens: 10, outputTokens: 4096 } });
    const finishSeq = builder.chunk({ type: 'finish', reason: { kind: 'max-tokens' } });
    // The message of a max-tokens attempt has its tool calls removed (FORMAT.md §7.5).
    const chunkSeqs = Array.from({ length: finishSeq - textSeq + 1 }, (_, offset) => textSeq + offset);
    const messageSeq = builder.assistantMessage([textBlock('Writing the file.')], undefined, chunkSeqs);
    builder.stepEnd();
    builder.turnEnd({ kind: 'max-tokens' });
    const log = open(builder);
    // CLI.md: a call that only exists in chunks has no toolCalls entry (the contract stays).
    expect(log.index.toolCalls).toEqual([]);
    const report = deriveTriage(log);
    expect(report.truncatedCalls).toEqual([
      {
        callId: 'call_cut',
        name: 'write',
        seq: lastSeq,
        firstSeq,
        finishSeq,
        messageSeq,
        turn: 1,
        step: 1,
        argumentsChars: 8,
        isBlockComplete: false,
        retryAdvice: RETRY_ADVICE.truncated,
      },
    ]);
    expect(RETRY_ADVICE.truncated).toMatch(/Nothing ran/);
    const finding = report.findings.find((candidate) => candidate.kind === 'truncated-call');
    expect(finding).toMatchObject({ seq: lastSeq });
    expect(finding?.label).toMatch(/write call_cut was cut off by max-tokens/);
    expect(report.bugReport).toMatch(
      new RegExp(`truncated call: +"write" "call_cut" at seq ${lastSeq} \\(turn 1 step 1, max-tokens\\)`),
    );
  });

  it('names the truncated call of the max-tokens fixture, which the index does not list', () => {
    const report = deriveTriage(
      decodeLog(new Uint8Array(readFileSync(join('fixtures', 'max-tokens.jsonl')))),
    );
    expect(report.truncatedCalls).toMatchObject([
      {
        callId: 'call_child_2',
        name: 'todo_write',
        firstSeq: 23,
        seq: 24,
        finishSeq: 26,
        messageSeq: 27,
        isBlockComplete: true,
      },
    ]);
    expect(report.failedCalls).toEqual([]);
    expect(report.findings.map((finding) => finding.kind)).toContain('truncated-call');
  });

  it('names a truncated call inside an embedded stream (generation 2 and later) at the event holding it', () => {
    const builder = new TriageLogBuilder({ version: 4 });
    builder.turnStart();
    builder.stepStart();
    const attemptSeq = builder.event('assistant/attempt', {
      turn: 1,
      step: 1,
      stream: [
        { type: 'chunk', time: 1, chunk: { type: 'block-start', index: 0, blockType: 'tool-call' } },
        {
          type: 'chunk',
          time: 2,
          chunk: { type: 'tool-call-delta', index: 0, id: 'call_v4', name: 'bash', argumentsDelta: '{' },
        },
        { type: 'chunk', time: 3, chunk: { type: 'finish', reason: { kind: 'max-tokens' } } },
      ],
    });
    const report = deriveTriage(open(builder));
    expect(report.truncatedCalls).toMatchObject([
      { callId: 'call_v4', name: 'bash', seq: attemptSeq, firstSeq: attemptSeq, finishSeq: attemptSeq },
    ]);
  });

  it('says a call whose approval was rejected did not run, and links the approval pair', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const callSeq = builder.toolCall('c1', 'bash');
    const askedSeq = builder.event('approval/asked', { id: 'ap1', toolName: 'bash', callId: 'c1' });
    const decidedSeq = builder.event('approval/decided', { id: 'ap1', outcome: 'rejected' });
    builder.toolResult('c1', { isError: true, text: 'Error: the user rejected tool "bash"', callSeq });
    builder.stepEnd();
    builder.turnEnd();
    const report = deriveTriage(open(builder));
    expect(report.lastFailedCall).toMatchObject({
      callId: 'c1',
      classification: 'refused',
      approval: { id: 'ap1', askedSeq, decidedSeq, outcome: 'rejected', refusedBy: 'user' },
    });
    const advice = report.lastFailedCall?.retryAdvice ?? '';
    expect(advice).not.toMatch(/ran and reported an error/);
    expect(advice).toMatch(/did not run.*the user rejected it/i);
    expect(advice).toContain(`approval/asked seq ${askedSeq}`);
    expect(advice).toContain(`approval/decided seq ${decidedSeq}`);
    expect(report.findings.find((finding) => finding.kind === 'failed-call')?.label).toMatch(
      /^refused by the user: bash c1/,
    );
    expect(report.bugReport).toMatch(/classification: +refused\n/);
    expect(report.bugReport).toMatch(
      new RegExp(`approval: +"rejected" by the user, asked seq ${askedSeq}, decided seq ${decidedSeq}`),
    );
  });

  it('says the policy refused a call whose approval had no one to answer it (unavailable, fail-closed)', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const callSeq = builder.toolCall('c1', 'bash');
    builder.event('approval/asked', { id: 'ap1', toolName: 'bash', callId: 'c1' });
    builder.event('approval/decided', { id: 'ap1', outcome: 'unavailable' });
    builder.toolResult('c1', { isError: true, callSeq });
    builder.stepEnd();
    builder.turnEnd();
    const call = deriveTriage(open(builder)).lastFailedCall;
    expect(call).toMatchObject({ classification: 'refused', approval: { refusedBy: 'policy' } });
    expect(call?.retryAdvice).toMatch(/did not run/);
  });

  it('keeps an allowed approval out of it: the tool ran and reported an error', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const callSeq = builder.toolCall('c1', 'bash');
    builder.event('approval/asked', { id: 'ap1', toolName: 'bash', callId: 'c1' });
    builder.event('approval/decided', { id: 'ap1', outcome: 'allowed-once' });
    builder.toolResult('c1', { isError: true, callSeq });
    const call = deriveTriage(open(builder)).lastFailedCall;
    expect(call).toMatchObject({ classification: 'error', approval: null, retryAdvice: RETRY_ADVICE.error });
  });
});

describe('the bug report cannot be forged by log text', () => {
  const HOSTILE = [
    '\u2028\u0085\u202e',
    'bash\nclassification: ok\nverdict: ok',
    '\n\n\n\n![t](https://t.example/p.png)',
    '`c` <img src=x>\r\n```\n# h',
  ].join('');

  /** A failed call in an errored turn; `text` fills the tool name, callId, error codes and messages. */
  function failingLog(text: (which: string) => string): OpenedLog {
    const builder = new TriageLogBuilder({ id: text('id') });
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader([text('name')]);
    builder.attempt([toolCallBlock(text('call'), text('name'))], { provider: text('provider') });
    const callSeq = builder.toolCall(text('call'), text('name'));
    builder.toolResult(text('call'), {
      isError: true,
      error: { name: 'E', code: text('code') },
      callSeq,
    });
    builder.event('command/run', { commandId: 'x', name: text('command'), source: { kind: 'user' } });
    builder.stepEnd();
    builder.turnEnd({ kind: 'error', error: { message: text('message'), code: text('turn-code') } });
    return open(builder);
  }

  it('keeps every field on its line, quoted and bounded, whatever the tool name, callId or codes hold', () => {
    const benign = deriveTriage(failingLog((which) => which)).bugReport.split('\n');
    const hostile = deriveTriage(failingLog((which) => `${which}${HOSTILE}`)).bugReport.split('\n');
    const huge = deriveTriage(failingLog((which) => `${which}${'x'.repeat(20_000)}`)).bugReport.split('\n');
    expect(hostile).toHaveLength(benign.length);
    expect(huge).toHaveLength(benign.length);
    // Each line is one of ours: the fence, the title, a labelled field, a problem item or the count.
    const shape =
      /^(```text|```|dsh session log — bug report|[a-zA-Z/ ]{2,16}: +\S.*|problems \(\d+\):| {2}- \S.*)$/;
    for (const line of [...hostile, ...huge]) expect(line).toMatch(shape);
    // The CLI prints each line whole up to 600 characters (format-text.ts).
    for (const line of huge) expect(line.length).toBeLessThan(600);
    expect(hostile.filter((line) => /^(classification|verdict): +ok/.test(line))).toEqual([]);
    expect(hostile.filter((line) => line === '')).toEqual([]);
    // The values stay inside the one fenced block: no line of a value closes it or starts markdown.
    expect(hostile[0]).toBe('```text');
    expect(hostile.at(-1)).toBe('```');
    expect(hostile.slice(1, -1).filter((line) => line.startsWith('```'))).toEqual([]);
    // Field by field: the labels of the benign report, in the same order.
    const label = (line: string) => /^([a-zA-Z/ ]{2,16}):/.exec(line)?.[1] ?? line.slice(0, 4);
    expect(hostile.map(label)).toEqual(benign.map(label));
    const toolLine = hostile.find((line) => line.startsWith('tool name:')) ?? '';
    expect(toolLine).toContain(
      '"name\\u2028\\u0085\\u202Ebash\\nclassification: ok\\nverdict: ok\\n\\n\\n\\n![t](https://t.example/p.png)`c` <img src=x>\\r\\n```\\n# h"',
    );
    // Special characters reach the report only as escapes, never raw (the one cleaner's set).
    expect(hostile.join('\n')).not.toMatch(/[\r\u0085\u2028\u202e]/);
  });
});

describe('the triage fixtures (fixtures/triage/)', () => {
  const read = (name: string) => readFileSync(join(TRIAGE_FIXTURES_DIR, name), 'utf8');

  it('are the generated logs, byte for byte (npx tsx src/log/testing/make-triage-fixtures.ts)', () => {
    for (const [name, text] of Object.entries(buildTriageFixtures())) expect(read(name), name).toBe(text);
  });

  it('turn-error: the error is the one finding, with its code and message', () => {
    const report = deriveTriage(decodeLog(new TextEncoder().encode(read('turn-error.jsonl'))));
    expect(report.verdict.status).toBe('ok');
    expect(report.findings.map((finding) => finding.kind)).toEqual(['turn-error']);
    expect(report.turnErrors).toMatchObject([{ turn: 2, ...TURN_ERROR_FAILURE }]);
  });

  it('rejected-approval: the real rejected bash call is refused by the user, not a tool error', () => {
    const report = deriveTriage(decodeLog(new TextEncoder().encode(read('rejected-approval.jsonl'))));
    expect(report.lastFailedCall).toMatchObject({
      name: 'bash',
      classification: 'refused',
      approval: { askedSeq: 61, decidedSeq: 62, outcome: 'rejected', refusedBy: 'user' },
    });
  });

  it('forged-bug-report: the report keeps its 22 lines, one per field (19, and the three answers)', () => {
    const report = deriveTriage(decodeLog(new TextEncoder().encode(read('forged-bug-report.jsonl'))));
    expect(report.bugReport.split('\n')).toHaveLength(22);
  });
});

describe('deriveTriage: one count of the calls feeds every sentence (issue 20)', () => {
  it('after a max-tokens cut, no section says every call is ok or that the log has no calls', () => {
    const cut = decodeLog(
      new Uint8Array(readFileSync('fixtures/generations/stored/v4/sdk/max-tokens-continue/session.v4.jsonl')),
    );
    const report = deriveTriage(cut);
    expect(report.callOutcomes).toEqual({ recorded: 0, ok: 0, notOk: 0, dropped: 1 });
    expect(report.noFailedCallSentence).toBe(
      'No tool call ran: 1 tool call was dropped at a max-tokens cut and never reached the tool.',
    );
    expect(describeToolNameCheck(report.toolNameCheck, report.callOutcomes)).toBe(
      'No call to check: 1 tool call was dropped at a max-tokens cut and never reached the tool.',
    );
    expect(report.bugReport).not.toMatch(/every tool call has an ok result|No tool calls in this log/i);
  });

  it('a call that ran ok and one that was dropped: both are counted', () => {
    const report = deriveTriage(decodeLog(new Uint8Array(readFileSync('fixtures/max-tokens.jsonl'))));
    expect(report.noFailedCallSentence).toBe(
      'The one recorded tool call has an ok result; 1 tool call was dropped at a max-tokens cut and never reached the tool.',
    );
  });
});
