// Every generation reads through one pipeline (issue 15, docs/format-generations.md): the stored-form
// logs of fixtures/generations/ decode with the verdict their writer would give, and the index and
// projections see one reading shape — system and developer nodes, tool-role results, embedded streams.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';
import { deriveModelView, readModelMessage } from '../projections/model-view.ts';
import { deriveStreamingState } from '../projections/block-assembler.ts';
import { parseLogFileName } from '../format/generations/generation.ts';
import { findUnaccountedLines } from '../testing/decoder-checks.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';

const GENERATIONS_DIR = join(FIXTURES_DIR, 'generations');
const STORED_DIR = join(GENERATIONS_DIR, 'stored');
const MULTI_GEN_DIR = join(GENERATIONS_DIR, 'multi-gen', '1f64649f-af94-4c75-a0ea-40658dc71600');

function listLogs(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listLogs(path, found);
    else if (/\.jsonl(\.zstd)?$/.test(name)) found.push(path);
  }
  return found;
}

function open(path: string): OpenedLog {
  return decodeLog(new Uint8Array(readFileSync(path)));
}

function stored(relative: string): OpenedLog {
  return open(join(STORED_DIR, relative));
}

/** The generation a stored fixture's name claims: `session.vN…` or, for a child, `session.K.vN…`. */
function generationOfName(path: string): number {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/^session\.\d+\./, 'session.');
  return parseLogFileName(name)?.generation ?? -1;
}

describe('stored logs of generations 2–4', () => {
  const paths = listLogs(STORED_DIR);

  it('has samples of every generation from 2 to 4, in both containers', () => {
    expect(new Set(paths.map(generationOfName))).toEqual(new Set([2, 3, 4]));
    expect(paths.filter((path) => path.endsWith('.zstd')).length).toBe(paths.length / 2);
  });

  it.each(paths.map((path) => [path.slice(STORED_DIR.length + 1), path]))(
    '%s reads as its generation, ok, with every line an event',
    (_name, path) => {
      const log = open(path);
      expect(log.format).toEqual({ generation: generationOfName(path), newerVersion: null });
      expect(log.problems).toEqual([]);
      expect(log.verdict).toEqual({ status: 'ok', reason: null });
      expect(findUnaccountedLines(log)).toEqual([]);
      expect(log.packedRows).toBe(0);
    },
  );
});

describe('the reading shape of each generation', () => {
  it('puts the generation-3/4 system prompt on the surface as a system message', () => {
    for (const relative of ['v3/sdk/text-turn/session.v3.jsonl', 'v4/sdk/text-turn/session.v4.jsonl']) {
      const log = stored(relative);
      const [first] = deriveModelView(log, Number.MAX_SAFE_INTEGER).messages;
      expect(first?.type).toBe('system/message');
      expect(first?.role).toBe('system');
      const detail = readModelMessage(log, first?.seq ?? -1);
      expect(detail?.message.content[0]).toMatchObject({ type: 'text' });
    }
  });

  it('keeps the generation-2 system prompt in request/header: no system node', () => {
    const roles = deriveModelView(
      stored('v2/acp/cancel/session.v2.jsonl'),
      Number.MAX_SAFE_INTEGER,
    ).messages.map((message) => message.role);
    expect(roles).not.toContain('system');
    expect(roles[0]).toBe('user');
  });

  it('reads a generation-4 tool result as a tool-role message and pairs it with its call', () => {
    const log = stored('v4/sdk/bash-tool/session.v4.jsonl');
    const view = deriveModelView(log, Number.MAX_SAFE_INTEGER);
    const result = view.messages.find((message) => message.type === 'tool/result');
    expect(result?.role).toBe('tool');
    expect(readModelMessage(log, result?.seq ?? -1)?.message).toMatchObject({ role: 'tool', isError: false });
    expect(log.index.toolCalls.map((call) => [call.name, call.status])).toEqual([['bash', 'ok']]);
  });

  it('marks a generation-4 tool result with isError as an error', () => {
    const statuses = stored('v4/sdk/tool-error-details/session.v4.jsonl').index.toolCalls.map(
      (call) => call.status,
    );
    expect(statuses).toContain('error');
  });

  it('shows developer messages (tool additions and removals) as developer nodes', () => {
    const log = stored('v4/sdk/dynamic-tool-updates/session.v4.jsonl');
    const developer = deriveModelView(log, Number.MAX_SAFE_INTEGER).messages.filter(
      (message) => message.type === 'developer/message',
    );
    expect(developer.length).toBeGreaterThan(0);
    expect(developer.every((message) => message.role === 'developer')).toBe(true);
  });

  it('makes one attempt of each embedded stream: a message answers it, an assistant/attempt does not', () => {
    const log = stored('v4/session/compaction-recovery/session.v4.jsonl');
    const attempts = log.index.turns.flatMap((turn) => turn.steps.flatMap((step) => step.attempts));
    const failed = attempts.find((attempt) => attempt.messageSeq === null);
    expect(failed).toEqual({ firstChunkSeq: 18, lastChunkSeq: 18, finishKind: 'error', messageSeq: null });
    expect(attempts.filter((attempt) => attempt.messageSeq !== null).length).toBeGreaterThan(0);
  });

  it('streams a failed embedded attempt at its seq, with the stream records’ times', () => {
    const log = stored('v4/session/compaction-recovery/session.v4.jsonl');
    const state = deriveStreamingState(log, 18);
    expect(state).toMatchObject({ firstChunkSeq: 18, finishKind: 'error', isEmbedded: true, chunkCount: 1 });
    expect(state?.startTime).toBe(1791187852237);
  });

  it('assembles an embedded stream into the blocks its message holds', () => {
    const log = stored('v4/sdk/bash-tool/session.v4.jsonl');
    const attempt = log.index.turns[0]?.steps[0]?.attempts[0];
    expect(attempt?.messageSeq).toBe(attempt?.firstChunkSeq);
    // The message itself is on the surface at its seq, so nothing streams there.
    expect(deriveStreamingState(log, attempt?.messageSeq ?? -1)).toBeNull();
  });
});

describe('one session in three generations (multi-gen)', () => {
  const logs = ['session.jsonl.zstd', 'session.v3.jsonl.zstd', 'session.v4.jsonl.zstd'].map((name) =>
    open(join(MULTI_GEN_DIR, name)),
  );

  it('reads each file as the generation its name says', () => {
    expect(logs.map((log) => log.format.generation)).toEqual([0, 3, 4]);
    expect(logs.map((log) => log.verdict.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('projects the same conversation from each generation (the system prompt aside)', () => {
    const conversation = (log: OpenedLog): string[] =>
      deriveModelView(log, Number.MAX_SAFE_INTEGER)
        .messages.filter((message) => message.role !== 'system')
        .map((message) => {
          const blocks = readModelMessage(log, message.seq)?.message.content ?? [];
          const text = blocks.map((block) => ('text' in block ? String(block.text) : block.type)).join('|');
          return `${message.role}: ${text}`;
        });
    const [v0, v3, v4] = logs.map(conversation);
    expect(v3).toEqual(v0);
    expect(v4).toEqual(v0);
  });

  it('keeps the file’s own seqs: chunks are events in generation 0 only', () => {
    const [v0, v3] = logs;
    expect(v0?.store.eventCount).toBeGreaterThan(v3?.store.eventCount ?? 0);
    expect(v3?.store.eventCount).toBe(logs[2]?.store.eventCount);
  });
});

describe('generation-4 pruning', () => {
  it('accepts a tool-role result replaced by one that changes only its content', async () => {
    const { decodeLog: decode } = await import('./log-decoder.ts');
    const header = {
      type: 'session',
      version: 4,
      id: 's',
      createdAt: 1,
      cwd: '/w',
      isSeeded: false,
      delegationDepth: 0,
    };
    const result = (seq: number, text: string, op: unknown, sources?: number[]) => ({
      type: 'tool/result',
      seq,
      time: seq,
      data: {
        turn: 1,
        step: 1,
        message: {
          role: 'tool',
          source: { kind: 'tool', callId: 'c1' },
          toolCallId: 'c1',
          content: [{ type: 'text', text }],
          isError: false,
          id: 'm1',
        },
      },
      ...(sources ? { sourceEventSeqs: sources } : {}),
      surfaceOp: op,
    });
    const lines = [
      header,
      { type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } },
      { type: 'step/start', seq: 1, time: 1, data: { turn: 1, step: 1 } },
      result(2, 'long output', 'append'),
      result(3, '[pruned]', { op: 'replace', startSeq: 2, endSeq: 2 }, [2]),
      { type: 'step/end', seq: 4, time: 4, data: { turn: 1, step: 1 } },
      { type: 'turn/end', seq: 5, time: 5, data: { turn: 1, reason: { kind: 'completed' } } },
    ];
    const log = decode(new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join('\n') + '\n'));
    expect(log.problems).toEqual([]);
    expect(deriveModelView(log, 5).messages.map((message) => [message.seq, message.isReplacement])).toEqual([
      [3, true],
    ]);
  });
});

describe('what the writing release refuses', () => {
  /** A one-step log of `generation` whose step holds `events` (seqs 2…), as JSONL bytes. */
  function logOf(generation: number, events: Record<string, unknown>[]): Uint8Array {
    const header = {
      type: 'session',
      version: generation,
      id: 's',
      createdAt: 1,
      cwd: '/w',
      isSeeded: false,
      delegationDepth: 0,
    };
    const lines: unknown[] = [
      header,
      { type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } },
      { type: 'step/start', seq: 1, time: 1, data: { turn: 1, step: 1 } },
      ...events.map((event, index) => ({ seq: index + 2, time: index + 2, ...event })),
    ];
    return new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  }
  const pluginSourcedUser = {
    type: 'user/message',
    data: { id: 'u', role: 'user', content: [], source: { kind: 'plugin', plugin: 'goal' } },
    surfaceOp: 'append',
  };
  const headerWithSystem = {
    type: 'request/header',
    data: { reason: 'initial', header: { config: { provider: 'p', model: 'm' }, system: 'be brief' } },
  };

  it('generation 4 refuses a message source of kind "plugin"; generation 3 still writes them', () => {
    expect(decodeLog(logOf(4, [pluginSourcedUser])).verdict.reason).toMatch(
      /source kind is "plugin".*retired/,
    );
    expect(decodeLog(logOf(3, [pluginSourcedUser])).verdict.status).toBe('ok');
  });

  it('generations 3 and 4 refuse a system prompt in request/header; generation 2 keeps it there', () => {
    for (const generation of [3, 4])
      expect(decodeLog(logOf(generation, [headerWithSystem])).verdict.reason).toMatch(/header\.system/);
    expect(decodeLog(logOf(2, [headerWithSystem])).verdict.status).toBe('ok');
  });

  it('a version above 4 is written by a newer dsh than this viewer knows', () => {
    const log = decodeLog(logOf(5, []));
    expect(log.verdict.status).toBe('unsupported');
    expect(log.format.newerVersion).toBe(5);
  });
});
