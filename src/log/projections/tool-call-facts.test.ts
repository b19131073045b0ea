// Tests of the call facts a message body carries (tool-call-facts.ts via readModelMessage): seqs,
// times, final status, approvals and the policy in force, on small built logs and a v4 fixture.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogDecoder, decodeLog } from '../open/log-decoder.ts';
import { readModelMessage } from './model-view.ts';
import { deriveToolCallStatusAt } from './tool-call-status.ts';
import type { ToolCallFacts } from './tool-call-facts.ts';
import { LogScript } from '../testing/event-builders.ts';

const CALL = { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"command":"ls"}' } as const;

/** turn 1, step 1: a prompt and an assistant message asking for call c1 (seqs 0–3). */
function startCallLog(): { script: LogScript; requestSeq: number } {
  const script = new LogScript();
  script.turnStart(1);
  script.stepStart(1, 1);
  script.userMessage('u1', 'list the files');
  const requestSeq = script.assistantMessage(1, 1, 'a1', [{ type: 'text', text: 'Listing.' }, CALL], {
    sourceEventSeqs: [],
  });
  return { script, requestSeq };
}

function factsOf(script: LogScript, requestSeq: number): ToolCallFacts {
  const detail = readModelMessage(script.build(), requestSeq);
  expect(detail?.toolCalls).toHaveLength(1);
  return detail?.toolCalls[0] as ToolCallFacts;
}

describe('readModelMessage tool-call facts', () => {
  it('pairs an ok call with its tool/call and result, with the tool time between them (§7.5, §7.7)', () => {
    const { script, requestSeq } = startCallLog();
    const callSeq = script.toolCall(1, 1, 'c1', 'bash');
    script.wait(1_500);
    const resultSeq = script.toolResult(1, 1, 'c1', 'a.txt', { isError: false, sourceEventSeqs: [callSeq] });
    script.stepEnd(1, 1);
    const turnEndSeq = script.turnEnd(1);
    const log = script.build();
    const facts = factsOf(script, requestSeq);
    expect(facts).toMatchObject({
      callId: 'c1',
      name: 'bash',
      requestSeq,
      callSeq,
      resultSeq,
      status: 'ok',
      errorCode: null,
      turnEndSeq,
      turnEndReason: 'completed',
      approvals: [],
      policy: null,
    });
    expect(facts.durationMs).toBe(1_501);
    expect(facts.resultTime).toBe(log.store.eventTime.get(resultSeq));
    // The result's body links back to the same call.
    expect(readModelMessage(log, resultSeq)?.toolCalls).toEqual([facts]);
    expect(readModelMessage(log, 2)?.toolCalls).toEqual([]);
  });

  it('says error for an isError result (§5.2 tool/result)', () => {
    const { script, requestSeq } = startCallLog();
    const callSeq = script.toolCall(1, 1, 'c1', 'bash');
    script.toolResult(1, 1, 'c1', 'denied', {
      isError: true,
      error: { name: 'SandboxError', code: 'FS_SANDBOX_DENIED' },
      sourceEventSeqs: [callSeq],
    });
    expect(factsOf(script, requestSeq)).toMatchObject({ status: 'error', errorCode: 'FS_SANDBOX_DENIED' });
  });

  it('reads a repaired TOOL_NOT_STARTED result, which has no tool/call (§7.1, §7.6)', () => {
    const { script, requestSeq } = startCallLog();
    script.toolResult(1, 1, 'c1', 'interrupted', {
      isError: true,
      error: { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' },
    });
    script.stepEnd(1, 1);
    script.turnEnd(1, { kind: 'interrupted' });
    expect(factsOf(script, requestSeq)).toMatchObject({
      callSeq: null,
      durationMs: null,
      status: 'not-started',
      errorCode: 'TOOL_NOT_STARTED',
      turnEndReason: 'interrupted',
    });
  });

  it('reads a repaired TOOL_OUTCOME_UNKNOWN result after its tool/call (§7.6)', () => {
    const { script, requestSeq } = startCallLog();
    const callSeq = script.toolCall(1, 1, 'c1', 'bash');
    script.toolResult(1, 1, 'c1', 'interrupted', {
      isError: true,
      error: { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' },
      sourceEventSeqs: [callSeq],
    });
    expect(factsOf(script, requestSeq)).toMatchObject({
      callSeq,
      status: 'outcome-unknown',
      errorCode: 'TOOL_OUTCOME_UNKNOWN',
    });
  });

  it('classifies a raw crash mid-call as outcome unknown at the last seq, running before it (§7.6)', () => {
    const { script, requestSeq } = startCallLog();
    const callSeq = script.toolCall(1, 1, 'c1', 'bash');
    const lastSeq = script.add('hook/invoked', { turn: 1, point: 'PreToolUse', handlerId: 'h' });
    const facts = factsOf(script, requestSeq);
    expect(facts).toMatchObject({
      callSeq,
      resultSeq: null,
      status: 'outcome-unknown',
      turnEndSeq: null,
      lastSeq,
    });
    expect(deriveToolCallStatusAt(facts, lastSeq - 1)).toEqual({ status: 'no-result-yet', phase: 'running' });
    expect(deriveToolCallStatusAt(facts, lastSeq)).toEqual({ status: 'outcome-unknown', phase: null });
  });

  it('has no result yet before the result of a call that got one', () => {
    const { script, requestSeq } = startCallLog();
    const callSeq = script.toolCall(1, 1, 'c1', 'bash');
    const resultSeq = script.toolResult(1, 1, 'c1', 'a.txt', { sourceEventSeqs: [callSeq] });
    const facts = factsOf(script, requestSeq);
    expect(deriveToolCallStatusAt(facts, requestSeq)).toEqual({
      status: 'no-result-yet',
      phase: 'requested',
    });
    expect(deriveToolCallStatusAt(facts, resultSeq - 1)).toEqual({
      status: 'no-result-yet',
      phase: 'running',
    });
    expect(deriveToolCallStatusAt(facts, resultSeq)).toEqual({ status: 'ok', phase: null });
  });

  it('never starts the call of a max-tokens message: no tool/call, no result once the turn ended (§7.5)', () => {
    const { script, requestSeq } = startCallLog();
    script.stepEnd(1, 1);
    const turnEndSeq = script.turnEnd(1, { kind: 'max-tokens' });
    script.turnStart(2);
    const facts = factsOf(script, requestSeq);
    expect(facts).toMatchObject({
      callSeq: null,
      resultSeq: null,
      status: 'no-result',
      turnEndSeq,
      turnEndReason: 'max-tokens',
    });
    expect(deriveToolCallStatusAt(facts, turnEndSeq - 1)).toEqual({
      status: 'no-result-yet',
      phase: 'requested',
    });
    expect(deriveToolCallStatusAt(facts, turnEndSeq)).toEqual({ status: 'no-result', phase: null });
  });

  it('puts an approved ask inside the call, with its wait and the policy in force (§5.3)', () => {
    const script = new LogScript();
    const policySeq = script.add('approval/policy', { policy: 'ask' });
    script.turnStart(1);
    script.stepStart(1, 1);
    const requestSeq = script.assistantMessage(1, 1, 'a1', [CALL], { sourceEventSeqs: [] });
    script.toolCall(1, 1, 'c1', 'bash');
    const askedSeq = script.approvalAsked('ap1', 'bash', 'c1', 'bash writes outside the workspace');
    script.wait(8_000);
    const decidedSeq = script.approvalDecided('ap1', 'allowed-once');
    script.toolResult(1, 1, 'c1', 'done');
    const facts = factsOf(script, requestSeq);
    expect(facts.approvals).toEqual([
      {
        askedSeq,
        askedTime: expect.any(Number) as number,
        reason: 'bash writes outside the workspace',
        decidedSeq,
        decidedTime: expect.any(Number) as number,
        outcome: 'allowed-once',
        waitedMs: 8_001,
        policy: { seq: policySeq, policy: 'ask', source: null },
      },
    ]);
    expect(deriveToolCallStatusAt(facts, askedSeq)).toEqual({
      status: 'no-result-yet',
      phase: 'awaiting-approval',
    });
    expect(deriveToolCallStatusAt(facts, decidedSeq)).toEqual({ status: 'no-result-yet', phase: 'running' });
  });

  it('keeps a rejected ask and its error result (§5.3)', () => {
    const { script, requestSeq } = startCallLog();
    script.toolCall(1, 1, 'c1', 'bash');
    script.approvalAsked('ap1', 'bash', 'c1');
    script.approvalDecided('ap1', 'rejected');
    script.toolResult(1, 1, 'c1', 'Error: the user rejected tool "bash"', { isError: true });
    const facts = factsOf(script, requestSeq);
    expect(facts.status).toBe('error');
    expect(facts.approvals.map((approval) => [approval.outcome, approval.reason, approval.policy])).toEqual([
      ['rejected', null, null],
    ]);
  });

  it('gives a call the last approval/policy before it, delegated or not (§5.3 "the last one is in force")', () => {
    const script = new LogScript();
    script.add('approval/policy', { policy: 'never', source: 'delegation' });
    script.turnStart(1);
    script.stepStart(1, 1);
    const requestSeq = script.assistantMessage(1, 1, 'a1', [CALL], { sourceEventSeqs: [] });
    script.toolCall(1, 1, 'c1', 'bash');
    script.add('approval/policy', { policy: 'ask' });
    script.toolResult(1, 1, 'c1', 'a.txt');
    expect(factsOf(script, requestSeq).policy).toEqual({ seq: 0, policy: 'never', source: 'delegation' });
  });

  it('links the call and result of a generation-4 log (role "tool" results, FORMAT.md §7.5)', () => {
    const bytes = readFileSync(resolve('fixtures/generations/stored/v4/sdk/bash-tool/session.v4.jsonl'));
    const log = decodeLog(new Uint8Array(bytes));
    const request = readModelMessage(log, 13);
    const result = readModelMessage(log, 15);
    expect(request?.toolCalls.map((facts) => [facts.callSeq, facts.resultSeq, facts.status])).toEqual([
      [14, 15, 'ok'],
    ]);
    expect(request?.toolCalls[0]?.durationMs).toBe(log.store.eventTime.get(15) - log.store.eventTime.get(14));
    expect(request?.toolCalls[0]?.policy?.policy).toBe('ask');
    expect(result?.toolCalls[0]?.requestSeq).toBe(13);
  });

  it('gives an answered call its status while the log is still loading', () => {
    const bytes = readFileSync(resolve('fixtures/generations/stored/v4/sdk/bash-tool/session.v4.jsonl'));
    const decoder = createLogDecoder();
    decoder.push(new Uint8Array(bytes));
    expect(decoder.log.isComplete).toBe(false);
    expect(readModelMessage(decoder.log, 13)?.toolCalls[0]?.status).toBe('ok');
  });
});
