// The format verdicts over built logs (one per migration rule), the oracle's verdicts on the v0
// fixtures and corpus logs (fixtures/generations/oracle/VERDICTS.tsv), and the real-writer logs.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { TriageLogBuilder, textBlock, toolCallBlock } from '../testing/triage-log-builder.ts';
import { CURRENT_RELEASE, deriveFormatVerdicts } from './format-verdicts.ts';
import type { MigrationRule } from './migration-audit.ts';

const isCorpusPresent = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

let checksum: ChecksumVerifier | null = null;
beforeAll(async () => {
  checksum = await loadChecksumVerifier();
});

function open(builder: TriageLogBuilder, headerChanges: Record<string, unknown> = {}): OpenedLog {
  const [headerText = '', ...rest] = builder.toJsonl().split('\n');
  const header = { ...(JSON.parse(headerText) as Record<string, unknown>), ...headerChanges };
  for (const key of Object.keys(header)) if (header[key] === undefined) delete header[key];
  return decodeLog(new TextEncoder().encode([JSON.stringify(header), ...rest].join('\n')));
}

/** The same log as read with another generation's rules (the writer's verdict taken as ok). */
function asGeneration(log: OpenedLog, generation: FormatGeneration): OpenedLog {
  return { ...log, verdict: { status: 'ok', reason: null }, format: { generation, newerVersion: null } };
}

function rulesOf(log: OpenedLog): MigrationRule[] {
  return deriveFormatVerdicts(log).current.refusals.map((refusal) => refusal.rule);
}

/** One turn, one step, a text answer, closed. */
function completedTurn(builder: TriageLogBuilder): void {
  builder.turnStart();
  builder.stepStart();
  builder.userMessage('hi');
  builder.requestHeader(['bash']);
  builder.attempt([textBlock('hello')]);
  builder.stepEnd();
  builder.turnEnd();
}

/** A step that asks for bash call c1 (chunks and the message citing them). */
function askForBash(builder: TriageLogBuilder): void {
  builder.turnStart();
  builder.stepStart();
  builder.userMessage('run ls');
  builder.requestHeader(['bash']);
  builder.attempt([toolCallBlock('c1', 'bash', '{"command":"ls"}')]);
}

describe('deriveFormatVerdicts: generation and writer', () => {
  it('says a clean generation-0 log is ok for its writer and migrates for current dsh', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    const verdicts = deriveFormatVerdicts(open(builder));
    expect(verdicts).toEqual({
      generation: 0,
      newerVersion: null,
      writer: { release: 'dsh 0.0.1 – 0.1.2 (session.jsonl)', status: 'ok', reason: null },
      current: { release: CURRENT_RELEASE, status: 'migrates', reason: null, refusals: [], refusalCount: 0 },
    });
    expect(CURRENT_RELEASE).toBe('dsh 0.2.x (generation 4)');
  });

  it('says a version above 4 was written by a newer dsh, for both verdicts', () => {
    const builder = new TriageLogBuilder({ version: 7 });
    completedTurn(builder);
    const verdicts = deriveFormatVerdicts(open(builder));
    expect(verdicts.generation).toBeNull();
    expect(verdicts.newerVersion).toBe(7);
    expect(verdicts.writer).toMatchObject({
      status: 'unsupported',
      reason: 'written by a newer dsh (format v7) than this viewer knows (v4)',
    });
    expect(verdicts.current.status).toBe('newer');
    expect(verdicts.current.reason).toContain('stored Session uses newer format v7; this build writes v4');
  });

  it('calls a log whose header names no generation corrupt for both, with the same reason', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    const verdicts = deriveFormatVerdicts(open(builder, { version: 'zero' }));
    expect(verdicts.generation).toBeNull();
    expect(verdicts.writer.status).toBe('corrupt');
    expect(verdicts.current).toMatchObject({
      status: 'corrupt',
      reason: verdicts.writer.reason,
      refusals: [],
    });
  });

  it('gives current dsh the writer verdict for a generation-4 log, without migration rules', () => {
    const builder = new TriageLogBuilder();
    askForBash(builder);
    builder.stepEnd();
    builder.turnEnd();
    const verdicts = deriveFormatVerdicts(asGeneration(open(builder), 4));
    expect(verdicts.writer.release).toBe('dsh 0.1.7 – 0.2.x (session.v4.jsonl)');
    expect(verdicts.current).toMatchObject({ status: 'ok', reason: null, refusals: [] });
  });

  it('calls an older log corrupt for current dsh when its writer calls it corrupt', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    builder.event('request/header-delta', {});
    const verdicts = deriveFormatVerdicts(open(builder));
    expect(verdicts.writer.status).toBe('corrupt');
    expect(verdicts.current).toMatchObject({ status: 'corrupt', reason: verdicts.writer.reason });
  });
});

describe('deriveFormatVerdicts: the migration rules current dsh applies', () => {
  it('refuses a step that ends with an advertised call without a result, naming the step/end', () => {
    const builder = new TriageLogBuilder();
    askForBash(builder);
    const stepEnd = builder.stepEnd();
    builder.turnEnd({ kind: 'error', error: { message: 'scheduler failed', code: 'SCHEDULER' } });
    const log = open(builder);
    const verdicts = deriveFormatVerdicts(log);
    expect(verdicts.current.status).toBe('refuses');
    expect(verdicts.current.refusals).toEqual([
      {
        rule: 'unresolved-tool-call',
        seq: stepEnd,
        line: stepEnd + 2,
        message: expect.stringMatching(
          /^current dsh \(0\.2\.x\) would refuse to migrate this log: the step\/end at seq \d+ leaves the tool call "c1" \(bash\) unresolved/,
        ) as unknown,
      },
    ]);
    expect(verdicts.current.reason).toBe(verdicts.current.refusals[0]?.message);
  });

  it('refuses a started call left without a result at turn/end', () => {
    const builder = new TriageLogBuilder();
    askForBash(builder);
    builder.toolCall('c1', 'bash', '{"command":"ls"}');
    builder.stepEnd();
    builder.turnEnd();
    expect(rulesOf(open(builder))).toEqual(['unresolved-tool-call']);
  });

  it('migrates a crashed open tail: a started call without a result in a hanging turn', () => {
    const builder = new TriageLogBuilder();
    askForBash(builder);
    builder.toolCall('c1', 'bash', '{"command":"ls"}');
    expect(deriveFormatVerdicts(open(builder)).current.status).toBe('migrates');
  });

  it('migrates a call settled by the exact TOOL_NOT_STARTED repair, and refuses any other result of a never-started call', () => {
    const repaired = new TriageLogBuilder();
    askForBash(repaired);
    const seq = repaired.nextSeq;
    repaired.event(
      'tool/result',
      {
        turn: 1,
        step: 1,
        message: {
          id: `interrupted-tool-result-c1-${seq}`,
          role: 'user',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              content: [
                {
                  type: 'text',
                  text: 'The tool call was interrupted before the Harness recorded it as started. Retry it if it is still needed.',
                },
              ],
              isError: true,
            },
          ],
          source: { kind: 'tool', callId: 'c1' },
        },
        error: { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' },
      },
      { surfaceOp: 'append' },
    );
    repaired.stepEnd();
    repaired.turnEnd();
    expect(rulesOf(open(repaired))).toEqual([]);

    const unstarted = new TriageLogBuilder();
    askForBash(unstarted);
    unstarted.toolResult('c1', { text: 'ran anyway' });
    unstarted.stepEnd();
    unstarted.turnEnd();
    expect(rulesOf(open(unstarted))).toEqual(['tool-call-lifecycle']);
  });

  it('refuses a tool/call nobody asked for', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.userMessage('hi');
    builder.toolCall('c9', 'bash');
    builder.toolResult('c9');
    builder.stepEnd();
    builder.turnEnd();
    expect(rulesOf(open(builder))).toEqual(['tool-call-lifecycle', 'tool-call-lifecycle']);
  });

  it('refuses a gap in the turn numbers', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    builder.turn = 2;
    completedTurn(builder);
    const verdicts = deriveFormatVerdicts(open(builder));
    expect(verdicts.current.refusals.map((refusal) => refusal.rule)).toEqual(['turn-order']);
    expect(verdicts.current.reason).toContain('opens turn 3, but the next turn must be 2');
  });

  it('refuses a command/done before its command/run', () => {
    const builder = new TriageLogBuilder();
    builder.event('command/done', { commandId: 'k1', kind: 'success' });
    builder.event('command/run', { commandId: 'k1', name: 'compact', source: { kind: 'user' } });
    completedTurn(builder);
    expect(rulesOf(open(builder))).toEqual(['command-order']);
  });

  it('refuses an unexpected payload member such as permission/preset.origin', () => {
    const builder = new TriageLogBuilder();
    const seq = builder.event('permission/preset', { preset: 'default', origin: 'user' });
    completedTurn(builder);
    const [refusal] = deriveFormatVerdicts(open(builder)).current.refusals;
    expect(refusal).toMatchObject({ rule: 'unexpected-member', seq, line: 2 });
    expect(refusal?.message).toContain('the permission/preset at seq 0 has the data member "origin"');
  });

  it('refuses an unknown event type even when it is ignorable, up to generation 2, and lets generation 3 keep it', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    builder.event('fork/extension', { anything: 1 }, { ignorable: true });
    const log = open(builder);
    expect(deriveFormatVerdicts(log).writer.status).toBe('ok');
    expect(rulesOf(log)).toEqual(['unknown-type']);
    expect(rulesOf(asGeneration(log, 2))).toEqual(['unknown-type']);
    expect(rulesOf(asGeneration(log, 3))).toEqual([]);
  });

  it('refuses a subagent/descriptor of version 2 in generation 0 only', () => {
    const builder = new TriageLogBuilder({ parentSession: 'p-1', origin: 'subagent', delegationDepth: 1 });
    builder.event('subagent/descriptor', { version: 2, mode: 'one-shot', provider: 'spawn' });
    completedTurn(builder);
    const log = open(builder);
    expect(rulesOf(log)).toEqual(['descriptor-version']);
    expect(rulesOf(asGeneration(log, 1))).toEqual([]);
  });

  it('refuses an assistant/message without sourceEventSeqs after chunks of its step (generations 0 and 1)', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.userMessage('hi');
    builder.attempt([textBlock('hello')], { hasMessage: false });
    builder.assistantMessage([textBlock('hello')]);
    builder.stepEnd();
    builder.turnEnd();
    const log = open(builder);
    expect(rulesOf(log)).toEqual(['assistant-provenance']);
    expect(rulesOf(asGeneration(log, 1))).toEqual(['assistant-provenance']);
  });

  it('refuses a surface event before the first step/start (generations 0–2)', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.userMessage('early');
    builder.stepStart();
    builder.attempt([textBlock('hello')]);
    builder.stepEnd();
    builder.turnEnd();
    const log = open(builder);
    expect(rulesOf(log)).toEqual(['surface-before-first-step']);
    expect(rulesOf(asGeneration(log, 3))).toEqual([]);
  });

  it('refuses header problems of the frozen codec: an unknown key and a cwd not absolute on POSIX', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    // A Windows cwd: the writer reads it on Windows (a note, FORMAT.md §10.19), the migration does not.
    const verdicts = deriveFormatVerdicts(open(builder, { cwd: 'C:\\work', note: 'hand-edited' }));
    expect(verdicts.writer.status).toBe('ok');
    expect(verdicts.current.refusals.map((refusal) => [refusal.rule, refusal.seq, refusal.line])).toEqual([
      ['header-unknown-key', null, 1],
      ['header-relative-cwd', null, 1],
    ]);
  });

  it('leaves a cwd absolute on no platform to the writer, which refuses it already (FORMAT.md §2.2 step 6)', () => {
    const builder = new TriageLogBuilder();
    completedTurn(builder);
    const verdicts = deriveFormatVerdicts(open(builder, { cwd: 'projects/x' }));
    expect(verdicts.writer.status).toBe('corrupt');
    expect(verdicts.current.status).toBe('corrupt');
  });

  it('lists refusals in the order upstream checks them, header first, then events, then relationships', () => {
    const builder = new TriageLogBuilder();
    askForBash(builder);
    builder.stepEnd();
    builder.turnEnd();
    builder.event('permission/preset', { preset: 'default', origin: 'user' });
    const rules = rulesOf(open(builder, { extra: true }));
    expect(rules).toEqual(['header-unknown-key', 'unexpected-member', 'unresolved-tool-call']);
  });
});

/** Which rule an oracle refusal message stands for (the ones VERDICTS.tsv contains). */
function ruleOfOracleReason(reason: string): MigrationRule {
  if (reason.includes('unsupported descriptor version')) return 'descriptor-version';
  if (reason.includes('surface before first step')) return 'surface-before-first-step';
  throw new Error(`no rule for the oracle reason: ${reason}`);
}

interface OracleRow {
  log: string;
  rule: MigrationRule | null;
}

/** VERDICTS.tsv: the published upstream migration's verdict on each v0 log, through to generation 3. */
function readOracleVerdicts(): OracleRow[] {
  const text = readFileSync(join(FIXTURES_DIR, 'generations/oracle/VERDICTS.tsv'), 'utf8');
  const rows: OracleRow[] = [];
  for (const line of text.trim().split('\n').slice(1)) {
    const [log = '', target, , verdict = ''] = line.split('\t');
    if (target !== 'v3') continue;
    const refused = /^verdict: unsupported: (.*)$/.exec(verdict);
    rows.push({ log, rule: refused === null ? null : ruleOfOracleReason(refused[1] ?? '') });
  }
  return rows;
}

const ORACLE_ROWS = readOracleVerdicts();
const CORPUS_PREFIX = 'corpus__';

describe('deriveFormatVerdicts agrees with the published upstream migration (VERDICTS.tsv)', () => {
  it('has a row for every fixture and corpus log the oracle ran', () => {
    expect(ORACLE_ROWS.length).toBe(12);
  });

  it.each(ORACLE_ROWS.filter((row) => !row.log.startsWith(CORPUS_PREFIX)))(
    'fixtures/$log.jsonl: $rule',
    ({ log, rule }) => {
      for (const name of [`${log}.jsonl`, `${log}.jsonl.zstd`]) {
        const verdicts = deriveFormatVerdicts(
          decodeLog(readFileSync(join(FIXTURES_DIR, name)), { checksum }),
        );
        expect(verdicts.generation, name).toBe(0);
        expect(verdicts.writer.status, name).toBe('ok');
        expect(verdicts.current.status, name).toBe(rule === null ? 'migrates' : 'refuses');
        expect(verdicts.current.refusals[0]?.rule ?? null, name).toBe(rule);
      }
    },
  );

  const corpusRows = ORACLE_ROWS.filter((row) => row.log.startsWith(CORPUS_PREFIX));
  it.skipIf(!isCorpusPresent).each(corpusRows)('corpus $log: $rule', ({ log, rule }) => {
    const path = join(CORPUS_DIR, `${log.slice(CORPUS_PREFIX.length)}.jsonl`);
    const verdicts = deriveFormatVerdicts(decodeLog(readFileSync(path), { checksum }));
    expect(verdicts.current.status).toBe(rule === null ? 'migrates' : 'refuses');
    expect(verdicts.current.refusals[0]?.rule ?? null).toBe(rule);
  });
  if (!isCorpusPresent) it.skip(`corpus logs of VERDICTS.tsv: skipped, no corpus at ${CORPUS_DIR}`, () => {});
});

/**
 * The real-writer logs (dsh 0.1.0-rc.8) as the published migration judged them when
 * scripts/generations/oracle-migrate.mjs --to 3 ran on each (2026-12-01): every child written
 * before descriptor version 3 is refused, every root log migrates (including the SIGKILL one, an open tail).
 */
const REAL_WRITER_VERDICTS: [string, MigrationRule | null][] = [
  ['dropped-connection/session.jsonl.zstd', null],
  ['goal-round-at-exit/session.jsonl.zstd', null],
  ['max-tokens/session.jsonl.zstd', null],
  ['retry-http-500/session.jsonl.zstd', null],
  ['sigint-mid-stream/session.jsonl.zstd', null],
  ['sigkill-mid-tool/session.jsonl.zstd', null],
  ['stream-without-done/session.jsonl.zstd', null],
  ['subagent-background/session.jsonl.zstd', null],
  ['subagent-background/subagents/1/session.jsonl.zstd', 'descriptor-version'],
  ['subagent-background-at-exit/session.jsonl.zstd', null],
  ['subagent-background-at-exit/subagents/1/session.jsonl.zstd', 'descriptor-version'],
  ['subagent-fork/session.jsonl.zstd', null],
  ['subagent-fork/subagents/1/session.jsonl.zstd', 'descriptor-version'],
  ['subagent-spawn/session.jsonl.zstd', null],
  ['subagent-spawn/subagents/1/session.jsonl.zstd', 'descriptor-version'],
  ['text-turn/session.jsonl.zstd', null],
  ['tool-call-turn/session.jsonl.zstd', null],
];

describe('deriveFormatVerdicts on the real-writer logs (fixtures/real-writer)', () => {
  it.each(REAL_WRITER_VERDICTS)('%s: %s', (name, rule) => {
    const path = join(FIXTURES_DIR, 'real-writer', name);
    expect(existsSync(path)).toBe(true);
    const verdicts = deriveFormatVerdicts(decodeLog(readFileSync(path), { checksum }));
    expect(verdicts.generation).toBe(0);
    expect(verdicts.writer).toMatchObject({ release: 'dsh 0.0.1 – 0.1.2 (session.jsonl)', status: 'ok' });
    expect(verdicts.current.status).toBe(rule === null ? 'migrates' : 'refuses');
    expect(verdicts.current.refusals.map((refusal) => refusal.rule)).toEqual(rule === null ? [] : [rule]);
  });
});

describe('deriveFormatVerdicts on generations 1–4 (fixtures/generations)', () => {
  const generationsDir = join(FIXTURES_DIR, 'generations');

  it.each([
    ['cancel', null],
    ['compaction-replace', null],
    ['legacy-web', 'surface-before-first-step'],
    ['packed-chunks', null],
    ['tool-error', null],
    ['corpus__acp-agent__snapshots__text-turn__session', null],
    ['corpus__headless-agent__snapshots__compaction-recovery__session', null],
  ] as const)(
    'the published migration output oracle/%s.v2.jsonl: %s (as the oracle judges it through v2 → v3)',
    (name, rule) => {
      const log = decodeLog(readFileSync(join(generationsDir, 'oracle', `${name}.v2.jsonl`)), { checksum });
      const verdicts = deriveFormatVerdicts(log);
      expect(verdicts.generation).toBe(2);
      expect(verdicts.writer).toMatchObject({ release: 'dsh 0.1.3 (session.v2.jsonl)', status: 'ok' });
      expect(verdicts.current.refusals.map((refusal) => refusal.rule)).toEqual(rule === null ? [] : [rule]);
      const v3 = join(generationsDir, 'oracle', `${name}.v3.jsonl`);
      if (existsSync(v3))
        expect(deriveFormatVerdicts(decodeLog(readFileSync(v3), { checksum })).current.status).toBe(
          'migrates',
        );
    },
  );

  it('refuses the oracle’s logical-form v1 output for its header, as the published v1 codec does', () => {
    const log = decodeLog(readFileSync(join(generationsDir, 'oracle', 'cancel.v1.jsonl')), { checksum });
    const verdicts = deriveFormatVerdicts(log);
    expect(verdicts.generation).toBe(1);
    expect(verdicts.current.refusals.map((refusal) => refusal.message)).toEqual([
      expect.stringContaining('the header has the key "isSeeded"'),
      expect.stringContaining('the header has the key "inheritedEventCount"'),
    ]);
  });

  it.each([
    ['stored/v2/acp/cancel/session.v2.jsonl.zstd', 2, 'migrates'],
    ['stored/v3/acp/cancel/session.v3.jsonl.zstd', 3, 'migrates'],
    ['stored/v3/sdk/text-turn/session.v3.jsonl.zstd', 3, 'migrates'],
    ['stored/v3/sdk/subagent-fork-in-process/session.1.v3.jsonl.zstd', 3, 'migrates'],
    ['stored/v4/sdk/bash-tool/session.v4.jsonl.zstd', 4, 'ok'],
    ['stored/v4/session/compaction-recovery/session.v4.jsonl.zstd', 4, 'ok'],
    ['multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600/session.v4.jsonl.zstd', 4, 'ok'],
  ] as const)('%s: generation %d, current dsh %s', (path, generation, status) => {
    const verdicts = deriveFormatVerdicts(decodeLog(readFileSync(join(generationsDir, path)), { checksum }));
    expect(verdicts.generation).toBe(generation);
    expect(verdicts.writer.status).toBe('ok');
    expect(verdicts.current).toMatchObject({ status, refusals: [] });
  });
});
