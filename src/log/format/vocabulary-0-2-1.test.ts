// The 0.2.1 vocabulary rules (docs/format-generations.md, "Vocabulary of 0.2.1"): plugin records,
// subagent/catalog versions, message source kinds, tool/ptc-dispatch.meta and
// session/title-llm-request.reasoningEffort, each read as dsh 0.2.1 reads it and shown.

import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { isPluginRecordType } from './plugin-records.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { summarizeEvent } from '../projections/event-summary.ts';
import { buildFacetColumns, EVENT_SOURCES } from '../projections/facet-columns.ts';
import { deriveModelView } from '../projections/model-view.ts';
import { deriveFormatVerdicts } from '../reports/format-verdicts.ts';
import { deriveThreeAnswers } from '../reports/three-answers.ts';

/** A one-turn generation-4 log: turn/start, step/start, then `events` (seqs 2…), step/end, turn/end. */
function v4Log(events: Record<string, unknown>[]): OpenedLog {
  const header = {
    type: 'session',
    version: 4,
    id: 's',
    createdAt: 1,
    cwd: '/w',
    isSeeded: false,
    delegationDepth: 0,
  };
  const body = [
    { type: 'turn/start', data: { turn: 1 } },
    { type: 'step/start', data: { turn: 1, step: 1 } },
    ...events,
    { type: 'step/end', data: { turn: 1, step: 1 } },
    { type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } },
  ].map((event, seq) => ({ ...event, seq, time: seq + 1 }));
  const text = [header, ...body].map((line) => JSON.stringify(line)).join('\n') + '\n';
  return decodeLog(new TextEncoder().encode(text));
}

function userMessage(id: string, source: Record<string, unknown>, text = 'hi'): Record<string, unknown> {
  return {
    type: 'user/message',
    data: { id, role: 'user', content: [{ type: 'text', text }], source },
    surfaceOp: 'append',
  };
}

const catalog = (data: Record<string, unknown>) => ({
  type: 'subagent/catalog',
  data: { childId: 'c-1', childCreatedAt: 5, ...data },
});

describe('plugin records (dsh 0.2.1 appends them only as ignorable events)', () => {
  it('an ignorable plugin record is kept and read on; its row names it a plugin record', () => {
    const log = v4Log([{ type: 'plugin:test.bridge/entry_1', data: { count: 1 }, ignorable: true }]);
    expect(log.verdict.status).toBe('ok');
    expect(summarizeEvent(log, 2)).toMatch(/^plugin record \(dsh keeps it only when ignorable\) · count=1/);
  });

  it('a plugin record without ignorable is refused as an unknown type, and the log reads on', () => {
    const log = v4Log([{ type: 'plugin:test/state', data: {} }, userMessage('u', { kind: 'user' })]);
    expect(log.verdict.status).toBe('unsupported');
    expect(log.verdict.reason).toMatch(/^Plugin record "plugin:test\/state" without ignorable: true/);
    expect(log.problems.map((problem) => problem.kind)).toEqual(['unknown-type']);
    expect(deriveModelView(log, log.store.eventCount - 1).messages.map((message) => message.seq)).toEqual([
      3,
    ]);
    const answers = deriveThreeAnswers(log, deriveFormatVerdicts(log));
    expect([answers.dsh.answer, answers.dsh.rule, answers.dsh.seq, answers.run.ending]).toEqual([
      'refuses',
      'unknown-type',
      2,
      'completed',
    ]);
  });

  it("follows upstream's grammar name for name (ZQ packages/core/session/tests/plugin-records.spec.ts)", () => {
    const accepted = [
      'plugin:test/state',
      'plugin:test.bridge/entry_1',
      'plugin:test/request',
      'plugin:test/echo',
    ];
    const rejected = [
      'plugin:',
      'plugin:Test/state',
      'plugin:/state',
      'plugin:test/',
      'plugin:test//state',
      'plugin:-test',
      'plugin:test state',
      'turn/start',
    ];
    expect(accepted.filter(isPluginRecordType)).toEqual(accepted);
    expect(rejected.filter(isPluginRecordType)).toEqual([]);
  });

  it('a plugin: name outside upstream grammar is said to be no plugin record name', () => {
    for (const type of [
      'plugin:',
      'plugin:Test/state',
      'plugin:test//state',
      'plugin:-test',
      'plugin:test/',
      'plugin:/state',
      'plugin:test state',
    ]) {
      const log = v4Log([{ type, data: {} }]);
      expect(log.verdict.reason, type).toMatch(
        /not even a plugin record name \(upstream's grammar: "plugin:" then lowercase/,
      );
    }
    expect(summarizeEvent(v4Log([{ type: 'plugin:Bad', data: {}, ignorable: true }]), 2)).toMatch(
      /^not a type of any dsh release up to 0\.2\.1: written by a fork or a plugin\? \(not a plugin record name\)/,
    );
  });

  it('an event type no dsh release knows is named on its row and in the verdict, and the log reads on', () => {
    const log = v4Log([{ type: 'fork/custom', data: { a: 1 } }, userMessage('u', { kind: 'user' })]);
    expect(log.verdict.reason).toMatch(
      /not a type of any dsh release up to 0\.2\.1: written by a fork or a plugin\?/,
    );
    expect(summarizeEvent(log, 2)).toMatch(/^not a type of any dsh release up to 0\.2\.1/);
    expect(log.store.eventCount).toBe(6);
    expect(deriveModelView(log, log.store.eventCount - 1).messages).toHaveLength(1);
  });
});

describe('subagent/catalog versions 0–2 (dsh 0.2.1 catalog schema)', () => {
  it('reads version 1 mode unknown and version 2 mode external, and shows them', () => {
    const unknown = v4Log([catalog({ version: 1, mode: 'unknown' })]);
    const external = v4Log([catalog({ version: 2, mode: 'external', label: 'codex run' })]);
    expect([unknown.verdict.status, external.verdict.status]).toEqual(['ok', 'ok']);
    expect(summarizeEvent(unknown, 2)).toBe('v1 child of unknown mode c-1');
    expect(summarizeEvent(external, 2)).toBe('v2 external execution (no local child log) c-1: codex run');
  });

  it('refuses a mode its version does not admit, a continuable child without label, and extra members', () => {
    for (const data of [
      { version: 0, mode: 'unknown' },
      { version: 2, mode: 'one-shot' },
      { version: 1, mode: 'continuable' },
      { version: 0, mode: 'one-shot', extra: true },
      { version: 0, mode: 'one-shot', childCreatedAt: -1 },
    ]) {
      const log = v4Log([catalog(data)]);
      expect(log.verdict.status, JSON.stringify(data)).toBe('corrupt');
      expect(log.verdict.reason).toMatch(
        /^Invalid subagent\/catalog at seq 2: subagent\/catalog .*rebuilds its child catalog/,
      );
    }
  });

  it('a version above 2 is refused as written by a newer harness', () => {
    const log = v4Log([catalog({ version: 3, mode: 'one-shot' })]);
    expect(log.verdict.status).toBe('unsupported');
    expect(log.verdict.reason).toMatch(/reads versions 0–2 only/);
  });
});

describe('message source kinds of 0.2.1', () => {
  it('user-question-reply is a person answering a question; working-directory is an injected notice', () => {
    const log = v4Log([
      userMessage(
        'a',
        { kind: 'user-question-reply', callId: 'call_7', outcome: 'answered' },
        '{"answers":[]}',
      ),
      userMessage('b', { kind: 'working-directory' }, 'The working directory changed.'),
    ]);
    expect(log.verdict.status).toBe('ok');
    const facets = buildFacetColumns(log);
    expect([EVENT_SOURCES[facets.source[2] ?? 0], EVENT_SOURCES[facets.source[3] ?? 0]]).toEqual([
      'user',
      'context',
    ]);
    expect(summarizeEvent(log, 2)).toMatch(/^answer to question call_7: /);
    expect(summarizeEvent(log, 3)).toMatch(/^working-directory notice: "The working directory changed\."/);
  });
});

describe('payload members of 0.2.1', () => {
  it('tool/ptc-dispatch may carry meta and error; its row says so', () => {
    const log = v4Log([
      {
        type: 'tool/ptc-dispatch',
        data: {
          rootCallId: 'r',
          parentCallId: 'r',
          subCallId: 'r:ptc:1',
          name: 'read',
          arguments: {},
          isError: true,
          content: [],
          meta: { lines: 3 },
          error: { name: 'E', code: 'ENOENT' },
        },
      },
    ]);
    expect(log.verdict.status).toBe('ok');
    expect(summarizeEvent(log, 2)).toBe('read r:ptc:1 (error ENOENT) · meta');
  });

  it('session/title-llm-request names its reasoning effort when recorded', () => {
    const request = {
      titleProvider: 'first-prompt',
      messageSeqs: [],
      route: { provider: 'deepseek', model: 'chat' },
      system: 's',
      messages: [],
      maxTokens: 64,
    };
    const withEffort = v4Log([
      { type: 'session/title-llm-request', data: { ...request, reasoningEffort: 'low' } },
    ]);
    expect(withEffort.verdict.status).toBe('ok');
    expect(summarizeEvent(withEffort, 2)).toBe(
      'first-prompt via deepseek/chat, reasoning low, max 64 tokens',
    );
    expect(summarizeEvent(v4Log([{ type: 'session/title-llm-request', data: request }]), 2)).toBe(
      'first-prompt via deepseek/chat, max 64 tokens',
    );
  });
});
