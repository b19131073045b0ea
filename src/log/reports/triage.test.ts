// Triage over built logs (one per classification of FORMAT.md §7.6) and over the shared corpus.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { deriveTriage } from './triage.ts';
import { RETRY_ADVICE, describeToolNameCheck } from './triage-calls.ts';
import { TriageLogBuilder, textBlock, toolCallBlock } from '../testing/triage-log-builder.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';
const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

function open(builder: TriageLogBuilder): OpenedLog {
  return decodeLog(builder.toBytes());
}

function openCorpus(name: string): OpenedLog {
  return decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, name))));
}

/** A turn whose first step asks for `bash` call c1 (request/header lists bash). */
function startToolTurn(builder: TriageLogBuilder, tools = ['bash']): void {
  builder.turnStart();
  builder.stepStart();
  builder.userMessage('run ls');
  builder.requestHeader(tools);
  builder.attempt([toolCallBlock('c1', 'bash', '{"command":"ls"}')], {
    usage: { inputTokens: 100, outputTokens: 10 },
  });
}

describe('deriveTriage classification (FORMAT.md §7.6)', () => {
  it('classifies a requested call without tool/call in a raw hanging turn as TOOL_NOT_STARTED', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const report = deriveTriage(open(builder));
    expect(report.lastFailedCall).toMatchObject({
      callId: 'c1',
      name: 'bash',
      classification: 'TOOL_NOT_STARTED',
      isRepaired: false,
      callSeq: null,
      resultSeq: null,
      turnEndReason: null,
      retryAdvice: RETRY_ADVICE.TOOL_NOT_STARTED,
    });
    expect(report.hangingTurns).toEqual([{ turn: 1, startSeq: 0 }]);
  });

  it('classifies a tool/call without result in a raw hanging turn as TOOL_OUTCOME_UNKNOWN', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const callSeq = builder.toolCall('c1', 'bash', '{"command":"ls"}');
    const report = deriveTriage(open(builder));
    expect(report.lastFailedCall).toMatchObject({
      callId: 'c1',
      classification: 'TOOL_OUTCOME_UNKNOWN',
      isRepaired: false,
      callSeq,
      seq: callSeq,
      retryAdvice: RETRY_ADVICE.TOOL_OUTCOME_UNKNOWN,
    });
  });

  it('classifies repaired results by their error.code and reports the interrupted turn end', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader(['bash', 'read']);
    builder.attempt([toolCallBlock('c1', 'bash'), toolCallBlock('c2', 'read')]);
    const callSeq = builder.toolCall('c1', 'bash');
    builder.toolResult('c1', {
      isError: true,
      error: { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' },
      callSeq,
    });
    const notStartedSeq = builder.toolResult('c2', {
      isError: true,
      error: { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' },
    });
    builder.stepEnd();
    builder.turnEnd({ kind: 'interrupted' });
    const report = deriveTriage(open(builder));
    expect(report.failedCalls.map((call) => [call.callId, call.classification, call.isRepaired])).toEqual([
      ['c1', 'TOOL_OUTCOME_UNKNOWN', true],
      ['c2', 'TOOL_NOT_STARTED', true],
    ]);
    expect(report.lastFailedCall).toMatchObject({
      callId: 'c2',
      seq: notStartedSeq,
      turnEndReason: 'interrupted',
    });
    expect(report.turnEndReasons).toEqual({ interrupted: 1 });
    expect(report.hangingTurns).toEqual([]);
  });

  it('reports a call with tool/call but no result in a turn that ended with an error as no-result', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    builder.toolCall('c1', 'bash');
    builder.stepEnd();
    builder.turnEnd({ kind: 'error', error: { message: 'scheduler failed', code: 'UNKNOWN' } });
    const call = deriveTriage(open(builder)).lastFailedCall;
    expect(call).toMatchObject({
      classification: 'no-result',
      status: 'no-result',
      turnEndReason: 'error',
      retryAdvice: RETRY_ADVICE.noResultWithCall,
    });
  });

  it('does not classify calls of an already closed step of a hanging turn as crash-repair candidates', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    builder.toolCall('c1', 'bash');
    builder.stepEnd();
    builder.stepStart();
    const report = deriveTriage(open(builder));
    expect(report.lastFailedCall?.classification).toBe('no-result');
    expect(report.hangingTurns).toHaveLength(1);
  });

  it('reports a tool error with its code, provider/model of the step and the advice for that code', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader(['bash'], 'acme', 'acme-large');
    builder.attempt([toolCallBlock('c9', 'bash')], { provider: 'acme', model: 'acme-large' });
    const callSeq = builder.toolCall('c9', 'bash');
    builder.toolResult('c9', { isError: true, error: { name: 'AbortError', code: 'ABORTED' }, callSeq });
    builder.stepEnd();
    builder.turnEnd({ kind: 'aborted', reason: { kind: 'user' } });
    const call = deriveTriage(open(builder)).lastFailedCall;
    expect(call).toMatchObject({
      classification: 'error',
      errorCode: 'ABORTED',
      provider: 'acme',
      model: 'acme-large',
      turnEndReason: 'aborted',
      retryAdvice: RETRY_ADVICE.ABORTED,
    });
  });

  it('reports a crash mid-stream as a request without assistant/message in a hanging turn', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader(['bash']);
    const firstChunk = builder.chunk({ type: 'block-start', index: 0, blockType: 'text' });
    builder.chunk({ type: 'text-delta', index: 0, text: 'Let me' });
    const report = deriveTriage(open(builder));
    expect(report.lastFailedCall).toBeNull();
    expect(report.silentRequests).toEqual([
      { turn: 1, step: 1, seq: firstChunk, reason: expect.stringMatching(/without a finish/) as string },
    ]);
    expect(report.hangingTurns).toHaveLength(1);
  });

  it('reports no failed call when every call has an ok result', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const callSeq = builder.toolCall('c1', 'bash');
    builder.toolResult('c1', { callSeq });
    builder.stepEnd();
    builder.turnEnd();
    const report = deriveTriage(open(builder));
    expect(report.lastFailedCall).toBeNull();
    expect(report.failedCalls).toEqual([]);
    expect(report.bugReport).toContain('none (The one recorded tool call has an ok result)');
  });
});

describe('deriveTriage header facts (FORMAT.md §2.3, §8.1)', () => {
  it('takes the effective agentPreset from the last agent-preset/selected over the header', () => {
    const builder = new TriageLogBuilder({ agentPreset: 'standard' });
    builder.event('agent-preset/selected', { agentPreset: 'ptc' });
    builder.event('agent-preset/selected', { agentPreset: 'minimal' });
    const { header } = deriveTriage(open(builder));
    expect(header.agentPreset).toBe('minimal');
    expect(header.agentPresetSource).toBe('agent-preset/selected');
  });

  it('falls back to the header agentPreset when no preset was selected', () => {
    const { header } = deriveTriage(open(new TriageLogBuilder({ agentPreset: 'standard' })));
    expect(header).toMatchObject({ agentPreset: 'standard', agentPresetSource: 'header' });
  });

  it('says a non-zero delegationDepth is a delegated child whose tools may differ from the parent preset', () => {
    const builder = new TriageLogBuilder({
      delegationDepth: 1,
      parentSession: 'parent-1',
      origin: 'subagent',
    });
    const { header } = deriveTriage(open(builder));
    expect(header.isDelegatedChild).toBe(true);
    expect(header.parentSession).toBe('parent-1');
    expect(header.notes.join(' ')).toMatch(/delegated child/);
  });

  it('tells a plain fork (parentSession, depth 0) apart from a delegation', () => {
    const { header } = deriveTriage(open(new TriageLogBuilder({ parentSession: 'parent-1' })));
    expect(header.isDelegatedChild).toBe(false);
    expect(header.notes.join(' ')).toMatch(/plain fork/);
  });

  it('marks a header version newer than generation 4 as not readable by this build', () => {
    const builder = new TriageLogBuilder({ version: 5 });
    builder.turnStart();
    const report = deriveTriage(open(builder));
    expect(report.header.version).toBe(5);
    expect(report.header.isVersionSupported).toBe(false);
    expect(report.verdict.status).toBe('unsupported');
    expect(report.bugReport).toMatch(/header version:\s+5 \(not readable by this build\)/);
  });

  it('explains an unreadable version in the words of the verdict', () => {
    const report = deriveTriage(open(new TriageLogBuilder({ version: 5 })));
    expect(report.header.notes).toContain(report.verdict.reason);
  });
});

describe('deriveTriage continuity, retries, approvals, commands, unexpected tools', () => {
  it('lists a seq gap with its line and explains what gaps usually mean', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.skipSeqs(2);
    builder.stepStart();
    const report = deriveTriage(open(builder));
    expect(report.continuity.isContiguous).toBe(false);
    const gap = report.continuity.gaps.find((problem) => problem.kind === 'seq-gap');
    // Header is line 1, turn/start line 2, the gapped step/start line 3 (FORMAT.md §3.3).
    expect(gap?.line).toBe(3);
    expect(report.continuity.explanation).toMatch(/fix the reader/);
    expect(report.continuity.eventCount).toBe(1);
  });

  it('explains that packed rows make fewer lines than seqs', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.chunk({ type: 'block-start', index: 0, blockType: 'text' });
    const seq0 = builder.nextSeq;
    builder.rawLine(
      JSON.stringify({
        type: 'text-chunks',
        seq0,
        time0: 1_783_352_200_000,
        data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['a', 'b', 'c'] },
      }),
      3,
    );
    const report = deriveTriage(open(builder));
    expect(report.continuity).toMatchObject({
      isContiguous: true,
      packedRows: 1,
      lineCount: 4,
      eventCount: 6,
    });
    expect(report.continuity.explanation).toMatch(/4 stored lines hold 6 events because 1 packed chunk rows/);
  });

  it('lists llm/retry attempts and the failed attempt that produced no assistant/message', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.requestHeader([]);
    const failed = builder.attempt([], {
      finish: { kind: 'error', failure: { message: 'empty response', code: 'EMPTY_RESPONSE' } },
    });
    const retrySeq = builder.event('llm/retry', {
      retryId: 'r1',
      turn: 1,
      step: 1,
      provider: 'deepseek',
      mode: 'normal',
      policyKey: 'p',
      retry: 1,
      maxRetries: 3,
      delayMs: 10,
      failure: { message: 'empty response', code: 'EMPTY_RESPONSE' },
    });
    builder.event('llm/retry-started', { retryId: 'r1', turn: 1, step: 1, retry: 1 });
    builder.attempt([textBlock('hello')]);
    builder.stepEnd();
    builder.turnEnd();
    const report = deriveTriage(open(builder));
    expect(report.retries).toEqual([
      { seq: retrySeq, retry: 1, code: 'EMPTY_RESPONSE', message: 'empty response' },
    ]);
    expect(report.silentRequests).toHaveLength(1);
    expect(report.silentRequests[0]).toMatchObject({ turn: 1, step: 1, seq: failed.chunkSeqs[0] });
    expect(report.silentRequests[0]?.reason).toMatch(/EMPTY_RESPONSE/);
  });

  it('pairs approvals per tool call and flags an ask without a decision', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    const callSeq = builder.toolCall('c1', 'bash');
    const askedSeq = builder.event('approval/asked', { id: 'ap1', toolName: 'bash', callId: 'c1' });
    const decidedSeq = builder.event('approval/decided', { id: 'ap1', outcome: 'rejected' });
    builder.toolResult('c1', { isError: true, callSeq });
    builder.stepEnd();
    builder.stepStart();
    builder.attempt([toolCallBlock('c2', 'bash')]);
    builder.toolCall('c2', 'bash');
    const hangingAsk = builder.event('approval/asked', { id: 'ap2', toolName: 'bash', callId: 'c2' });
    const report = deriveTriage(open(builder));
    expect(report.approvals).toEqual([
      { id: 'ap1', toolName: 'bash', callId: 'c1', reason: null, askedSeq, decidedSeq, outcome: 'rejected' },
      {
        id: 'ap2',
        toolName: 'bash',
        callId: 'c2',
        reason: null,
        askedSeq: hangingAsk,
        decidedSeq: null,
        outcome: null,
      },
    ]);
    expect(
      report.findings.filter((finding) => finding.kind === 'unanswered-approval').map((f) => f.seq),
    ).toEqual([hangingAsk]);
  });

  it('reports a command/run without command/done as the shell equivalent of a call without result', () => {
    const builder = new TriageLogBuilder();
    const runSeq = builder.event('command/run', {
      commandId: 'cmd1',
      name: 'compact',
      source: { kind: 'user' },
    });
    builder.event('command/run', { commandId: 'cmd2', name: 'title', source: { kind: 'user' } });
    builder.event('command/done', { commandId: 'cmd2', kind: 'success' });
    const report = deriveTriage(open(builder));
    expect(report.unfinishedCommands).toEqual([{ commandId: 'cmd1', name: 'compact', runSeq }]);
    expect(report.bugReport).toContain('/compact');
  });

  it('flags a call whose tool is not in the tools of the latest request/header before it', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    const firstHeader = builder.requestHeader(['bash']);
    const request = builder.attempt([toolCallBlock('c1', 'plugin_magic'), toolCallBlock('c2', 'bash')]);
    builder.toolCall('c1', 'plugin_magic');
    builder.toolResult('c1');
    builder.toolCall('c2', 'bash');
    builder.toolResult('c2');
    builder.stepEnd();
    builder.stepStart();
    builder.requestHeader(['bash', 'plugin_magic']);
    builder.attempt([toolCallBlock('c3', 'plugin_magic')]);
    builder.toolCall('c3', 'plugin_magic');
    builder.toolResult('c3');
    builder.stepEnd();
    builder.turnEnd();
    const report = deriveTriage(open(builder));
    expect(report.unexpectedTools).toEqual([
      { callId: 'c1', name: 'plugin_magic', seq: request.messageSeq, headerSeq: firstHeader },
    ]);
  });

  it('counts calls with no request/header before them as unchecked instead of calling them expected', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.attempt([toolCallBlock('c1', 'bash')]);
    builder.toolCall('c1', 'bash');
    builder.toolResult('c1');
    builder.requestHeader(['bash']);
    builder.attempt([toolCallBlock('c2', 'bash')]);
    builder.toolCall('c2', 'bash');
    builder.toolResult('c2');
    builder.stepEnd();
    builder.turnEnd();
    const report = deriveTriage(open(builder));
    expect(report.unexpectedTools).toEqual([]);
    expect(report.toolNameCheck).toEqual({ checkedCalls: 1, uncheckedCalls: 1 });
    expect(describeToolNameCheck(report.toolNameCheck, report.callOutcomes)).toMatch(
      /1 call\(s\) had no request\/header/,
    );
  });

  it('builds a bug report with callId, tool name, header version, session id, provider/model and turn end', () => {
    const builder = new TriageLogBuilder({ id: 'session-xyz' });
    startToolTurn(builder);
    builder.toolCall('c1', 'bash');
    const report = deriveTriage(open(builder));
    const text = report.bugReport;
    expect(text).toMatch(/callId:\s+"c1"/);
    expect(text).toMatch(/tool name:\s+"bash"/);
    expect(text).toMatch(/header version:\s+0\n/);
    expect(text).toMatch(/session id:\s+"session-xyz"/);
    expect(text).toMatch(/provider\/model:\s+"deepseek"\/"deepseek-chat"/);
    expect(text).toMatch(/turn end reason:\s+none/);
    expect(text).toMatch(/problems \(\d+\):/);
  });

  it('orders findings by seq so n/N can step through them', () => {
    const builder = new TriageLogBuilder();
    startToolTurn(builder);
    builder.toolCall('c1', 'bash');
    const { findings } = deriveTriage(open(builder));
    expect(findings.length).toBeGreaterThanOrEqual(2);
    expect(findings.map((finding) => finding.seq)).toEqual(
      [...findings.map((finding) => finding.seq)].sort((a, b) => a - b),
    );
    expect(findings.map((finding) => finding.kind)).toEqual(
      expect.arrayContaining(['hanging-turn', 'failed-call']),
    );
  });
});

interface ManifestLog {
  name: string;
  header: { delegationDepth: number | null; parentSession: string | null; version: number | null };
  features: {
    hasToolError: boolean;
    hasApproval: boolean;
    hasLlmRetry: boolean;
    turnEndReasons: string[];
    isChild: boolean;
  };
}

describe.skipIf(!hasCorpus)('deriveTriage over the corpus (skipped when ../shared/corpus is absent)', () => {
  const manifest = hasCorpus
    ? (JSON.parse(readFileSync(join(CORPUS_DIR, 'MANIFEST.json'), 'utf8')) as { logs: ManifestLog[] })
    : { logs: [] };

  it('finds the repaired TOOL_OUTCOME_UNKNOWN call of the tool-outcome-unknown log', () => {
    const report = deriveTriage(
      openCorpus(
        'headless-agent__semantic-checkpoint-snapshots__tool-outcome-unknown__session.expected.jsonl',
      ),
    );
    expect(report.lastFailedCall).toMatchObject({
      callId: 'unknown-outcome-call',
      name: 'write_remote',
      classification: 'TOOL_OUTCOME_UNKNOWN',
      isRepaired: true,
      callSeq: 4,
      resultSeq: 5,
      turnEndReason: 'interrupted',
    });
    expect(report.turnEndReasons).toEqual({ interrupted: 1, completed: 1 });
    expect(report.bugReport).toContain('unknown-outcome-call');
  });

  it('explains the error-finish log as a request that produced no assistant/message', () => {
    const report = deriveTriage(openCorpus('acp-agent__snapshots__error-finish__session.jsonl'));
    expect(report.turnEndReasons).toEqual({ error: 1 });
    expect(report.silentRequests.length).toBeGreaterThan(0);
  });

  it('reads the cancel log as an aborted turn', () => {
    const report = deriveTriage(openCorpus('acp-agent__snapshots__cancel__session.jsonl'));
    expect(report.turnEndReasons).toEqual({ aborted: 1 });
  });

  it('reads the max-tokens subagent child as a delegated child with a max-tokens turn', () => {
    const report = deriveTriage(
      openCorpus('acp-agent__snapshots__subagent-max-tokens-partial__session.1.jsonl'),
    );
    expect(report.header.isDelegatedChild).toBe(true);
    expect(report.header.delegationDepth).toBe(1);
    expect(report.turnEndReasons).toEqual({ 'max-tokens': 1 });
  });

  it('agrees with the manifest on tool errors, approvals, retries, end reasons and header facts for every log', () => {
    for (const entry of manifest.logs) {
      for (const suffix of ['.jsonl', '.jsonl.zstd']) {
        const fileName = `${entry.name}${suffix}`;
        if (!existsSync(join(CORPUS_DIR, fileName))) continue;
        const report = deriveTriage(openCorpus(fileName));
        const context = `${fileName}`;
        expect(report.continuity.isContiguous, context).toBe(true);
        expect(Object.keys(report.turnEndReasons).sort(), context).toEqual(
          [...entry.features.turnEndReasons].sort(),
        );
        expect(report.approvals.length > 0, context).toBe(entry.features.hasApproval);
        expect(report.retries.length > 0, context).toBe(entry.features.hasLlmRetry);
        if (entry.features.hasToolError)
          expect(
            report.failedCalls.some((call) => call.resultSeq !== null),
            context,
          ).toBe(true);
        expect(report.header.delegationDepth, context).toBe(entry.header.delegationDepth);
        expect(report.header.parentSession, context).toBe(entry.header.parentSession);
        expect(report.header.isDelegatedChild, context).toBe((entry.header.delegationDepth ?? 0) > 0);
        expect(
          report.findings.map((finding) => finding.seq),
          context,
        ).toEqual([...report.findings.map((finding) => finding.seq)].sort((a, b) => a - b));
      }
    }
  });
});
