// The request in force at a seq (FORMAT.md §5.2 request/header, request/context; §6.6; §7.7 usage):
// header lookup and changes, the route's context window, and the token composition, on built logs,
// every generation's fixtures and the corpus.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { TriageLogBuilder, textBlock } from '../testing/triage-log-builder.ts';
import { estimateJsonChars } from '../structure/content-chars.ts';
import { CHARS_PER_TOKEN, deriveRequestContext } from './request-context.ts';
import { readRequestHeader } from './request-header.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));
const STORED_DIR = join(FIXTURES_DIR, 'generations', 'stored');

function open(path: string): OpenedLog {
  return decodeLog(new Uint8Array(readFileSync(path)));
}

function tool(name: string, description = `${name} tool`, parameters: unknown = { type: 'object' }) {
  return { name, description, parameters };
}

/** A request/header event of the stored shape (FORMAT.md §5.2). */
function addHeader(
  builder: TriageLogBuilder,
  header: Record<string, unknown>,
  reason = 'initial',
  extra: Record<string, unknown> = {},
): number {
  return builder.event('request/header', { header, reason, ...extra });
}

const SYSTEM = 'You are a careful agent. '.repeat(16);
const TOOLS = [tool('bash'), tool('read')];

describe('deriveRequestContext: header and route', () => {
  it('says there is no header before the first request/header, and finds the last one at or before the seq', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    const prompt = builder.userMessage('hello there');
    const first = addHeader(builder, { config: { provider: 'p', model: 'm' }, system: SYSTEM, tools: TOOLS });
    builder.attempt([textBlock('hi')]);
    builder.stepEnd();
    builder.stepStart();
    const second = addHeader(builder, { config: { provider: 'p', model: 'm2' }, system: SYSTEM }, 'change');
    const end = builder.stepEnd();
    const log = decodeLog(builder.toBytes());

    const before = deriveRequestContext(log, prompt);
    expect(before.header).toBeNull();
    expect(before.composition.logged).toBeNull();
    expect(before.composition.system.tokens).toBe(0);
    expect(before.composition.messages).toEqual({
      tokens: Math.round('hello there'.length / CHARS_PER_TOKEN),
      source: 'estimated',
    });
    expect(deriveRequestContext(log, first).header).toEqual({ seq: first, previousSeq: null });
    expect(deriveRequestContext(log, second - 1).header?.seq).toBe(first);
    expect(deriveRequestContext(log, end).header).toEqual({ seq: second, previousSeq: first });
    // Past the last event: clamped.
    expect(deriveRequestContext(log, 10_000).atSeq).toBe(log.store.eventCount - 1);
  });

  it('answers an empty log with nothing in force', () => {
    const log = decodeLog(new TextEncoder().encode(new TriageLogBuilder().toJsonl()));
    const context = deriveRequestContext(log, 0);
    expect(context.atSeq).toBeNull();
    expect(context.header).toBeNull();
    expect(context.route).toBeNull();
    expect(context.composition.total.tokens).toBe(0);
  });

  it('takes the latest request/context; an absent contextWindow clears an earlier one (§5.2)', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    const none = builder.userMessage('q');
    const wide = builder.requestContext(128_000, 'deepseek', 'chat');
    builder.attempt([textBlock('a')]);
    const cleared = builder.requestContext(undefined, 'other', 'model-b');
    builder.stepEnd();
    const log = decodeLog(builder.toBytes());
    expect(deriveRequestContext(log, none).route).toBeNull();
    expect(deriveRequestContext(log, wide).route).toEqual({
      seq: wide,
      provider: 'deepseek',
      model: 'chat',
      contextWindow: 128_000,
    });
    expect(deriveRequestContext(log, wide + 1).composition.contextWindow).toBe(128_000);
    const after = deriveRequestContext(log, cleared);
    expect(after.route).toMatchObject({ seq: cleared, model: 'model-b', contextWindow: null });
    expect(after.composition.contextWindow).toBeNull();
  });
});

describe('readRequestHeader', () => {
  it('reads config, tools and system prompt, and names what changed since the previous header', () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    const first = addHeader(builder, {
      config: { provider: 'p', model: 'm', temperature: 0.2 },
      system: SYSTEM,
      tools: [tool('bash'), tool('read'), tool('edit')],
    });
    builder.stepEnd();
    builder.stepStart();
    const second = addHeader(
      builder,
      {
        config: { provider: 'p', model: 'm', temperature: 0.7, reasoningEffort: 'high', maxTokens: 4096 },
        adapterDefaults: { maxTokens: true },
        system: `${SYSTEM} Now in plan mode.`,
        tools: [
          tool('bash', 'bash tool, sandboxed'),
          tool('read'),
          tool('grep'),
          tool('glob'),
          { description: 'no name' },
        ],
      },
      'change',
    );
    builder.stepEnd();
    builder.stepStart();
    const third = addHeader(
      builder,
      { config: { provider: 'p', model: 'm', temperature: 0.7, reasoningEffort: 'high', maxTokens: 4096 } },
      'resume',
    );
    builder.stepEnd();
    const log = decodeLog(builder.toBytes());

    const initial = readRequestHeader(log, first);
    expect(initial).toMatchObject({
      seq: first,
      reason: 'initial',
      isSeriesStart: false,
      system: SYSTEM,
      changes: null,
      config: {
        provider: 'p',
        model: 'm',
        temperature: 0.2,
        reasoningEffort: null,
        maxTokens: null,
        stop: null,
      },
    });
    expect(initial?.tools.map((entry) => entry.name)).toEqual(['bash', 'read', 'edit']);
    expect(initial?.tools[0]?.parameters).toEqual({ type: 'object' });

    const changed = readRequestHeader(log, second);
    expect(changed?.reason).toBe('change');
    expect(changed?.adapterDefaults).toEqual(['maxTokens']);
    expect(changed?.unreadableToolCount).toBe(1);
    expect(changed?.changes).toEqual({
      previousSeq: first,
      isSystemChanged: true,
      addedTools: ['grep', 'glob'],
      removedTools: ['edit'],
      changedTools: ['bash'],
      changedConfig: ['reasoningEffort', 'temperature', 'maxTokens'],
    });

    // Absent system and tools mean none (§5.2): both count as changes from a header that had them.
    const resumed = readRequestHeader(log, third);
    expect(resumed?.system).toBeNull();
    expect(resumed?.tools).toEqual([]);
    expect(resumed?.changes).toMatchObject({
      isSystemChanged: true,
      addedTools: [],
      removedTools: ['bash', 'read', 'grep', 'glob'],
      changedConfig: [],
    });
  });

  it('returns null for a seq that is not a request/header', () => {
    const builder = new TriageLogBuilder();
    const seq = builder.userMessage('x');
    expect(readRequestHeader(decodeLog(builder.toBytes()), seq)).toBeNull();
  });
});

describe('deriveRequestContext: composition', () => {
  /** One turn: prompt, header, a streamed answer with usage, a tool call and its result, next step's header. */
  function buildSession(usage: boolean) {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    const prompt = builder.userMessage('List the files in the project and say which is largest.');
    const header = addHeader(builder, {
      config: { provider: 'p', model: 'm' },
      system: SYSTEM,
      tools: TOOLS,
    });
    builder.requestContext(64_000);
    const attempt = builder.attempt(
      [
        textBlock('I will look.'),
        { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"cmd":"ls -la"}' },
      ],
      usage
        ? { usage: { inputTokens: 120, outputTokens: 9, cacheReadTokens: 300, cacheWriteTokens: 30 } }
        : {},
    );
    builder.toolCall('c1', 'bash', '{"cmd":"ls -la"}');
    const result = builder.toolResult('c1', { text: 'a.txt 10\nb.txt 2000\n' });
    builder.stepEnd();
    return { log: decodeLog(builder.toBytes()), prompt, header, attempt, result };
  }

  it('estimates every part as characters / 4 when the log has no usage report', () => {
    const { log, result } = buildSession(false);
    const composition = deriveRequestContext(log, result).composition;
    const messageChars =
      'List the files in the project and say which is largest.'.length +
      'I will look.'.length +
      'bash'.length +
      '{"cmd":"ls -la"}'.length +
      'a.txt 10\nb.txt 2000\n'.length;
    expect(composition).toEqual({
      system: { tokens: Math.round(SYSTEM.length / 4), source: 'estimated' },
      tools: { tokens: Math.round(JSON.stringify(TOOLS).length / 4), source: 'estimated' },
      messages: { tokens: Math.round(messageChars / 4), source: 'estimated' },
      total: {
        tokens:
          Math.round(SYSTEM.length / 4) +
          Math.round(JSON.stringify(TOOLS).length / 4) +
          Math.round(messageChars / 4),
        source: 'estimated',
      },
      messageCount: 3,
      contextWindow: 64_000,
      logged: null,
    });
  });

  it('gives the logged input as the total of the request it reports on, the split scaled to it', () => {
    const { log, attempt, header } = buildSession(true);
    // The usage chunk is the third-last chunk: the cursor on it is inside the attempt, before the message.
    const usageChunk = attempt.chunkSeqs.at(-2) as number;
    const composition = deriveRequestContext(log, usageChunk).composition;
    const firstChunk = attempt.chunkSeqs[0] as number;
    expect(composition.logged).toMatchObject({
      usageSeq: usageChunk,
      requestSeq: firstChunk,
      inputTokens: 450,
      isCurrent: true,
    });
    expect(composition.total).toEqual({ tokens: 450, source: 'logged' });
    expect(composition.system.source).toBe('estimated');
    expect(composition.system.tokens + composition.tools.tokens + composition.messages.tokens).toBe(450);
    // The split keeps the estimate's proportions.
    const estimatedSystem = SYSTEM.length / 4;
    const estimatedTotal =
      estimatedSystem +
      JSON.stringify(TOOLS).length / 4 +
      'List the files in the project and say which is largest.'.length / 4;
    expect(composition.system.tokens).toBe(Math.round((estimatedSystem * 450) / estimatedTotal));
    expect(deriveRequestContext(log, usageChunk).header?.seq).toBe(header);
  });

  it('adds the scaled estimate of what came after the logged request, and says the total is estimated', () => {
    const { log, attempt, result } = buildSession(true);
    const context = deriveRequestContext(log, result);
    const composition = context.composition;
    // The assistant/message repeats the chunk's usage and is the step's last report.
    expect(composition.logged).toMatchObject({
      usageSeq: attempt.messageSeq,
      requestSeq: attempt.chunkSeqs[0],
      inputTokens: 450,
      isCurrent: false,
    });
    expect(composition.total.source).toBe('estimated');
    expect(composition.total.tokens).toBeGreaterThan(450);
    expect(composition.total.tokens).toBe(
      composition.system.tokens + composition.tools.tokens + composition.messages.tokens,
    );
    const scale = composition.logged?.scale as number;
    expect(composition.tools.tokens).toBe(Math.round((JSON.stringify(TOOLS).length / 4) * scale));
  });

  it('does not use usage from after the cursor', () => {
    const { log, prompt } = buildSession(true);
    expect(deriveRequestContext(log, prompt).composition.logged).toBeNull();
  });

  it('measures tool schemas as their JSON length', () => {
    const value = { name: 'x', list: [1, true, null, 'a'], nested: { deep: [{}], empty: [] } };
    expect(estimateJsonChars(value)).toBe(JSON.stringify(value).length);
    expect(estimateJsonChars([])).toBe(2);
  });
});

describe('generations', () => {
  it('generation 2 keeps the system prompt in the header', () => {
    const log = open(join(STORED_DIR, 'v2/acp/cancel/session.v2.jsonl'));
    const context = deriveRequestContext(log, log.store.eventCount - 1);
    expect(context.systemNodeSeqs).toEqual([]);
    const header = readRequestHeader(log, context.header?.seq ?? -1);
    expect(header?.system?.length).toBeGreaterThan(100);
    expect(context.composition.system.tokens).toBeGreaterThan(0);
  });

  it('generation 4: the system prompt is a surface node, and tool additions and removals show between headers', () => {
    const log = open(join(STORED_DIR, 'v4/sdk/dynamic-tool-updates/session.v4.jsonl.zstd'));
    // seq 7 system/message, 10/18/25 request/header, 13 assistant/message with usage {10, 5}.
    const atFirst = deriveRequestContext(log, 12);
    expect(atFirst.header).toEqual({ seq: 10, previousSeq: null });
    expect(atFirst.systemNodeSeqs).toEqual([7]);
    expect(atFirst.systemChangeSeq).toBeNull();
    expect(atFirst.composition.system.tokens).toBeGreaterThan(0);
    const first = readRequestHeader(log, 10);
    expect(first?.system).toBeNull();
    expect(first?.config).toMatchObject({
      model: 'deepseek-v4-flash',
      reasoningEffort: 'high',
      maxTokens: 256_000,
    });
    expect(first?.adapterDefaults).toEqual(['reasoningEffort', 'maxTokens']);

    expect(readRequestHeader(log, 18)?.changes).toMatchObject({
      previousSeq: 10,
      addedTools: ['snapshot_ping'],
      removedTools: [],
      isSystemChanged: false,
    });
    expect(readRequestHeader(log, 25)?.changes).toMatchObject({
      previousSeq: 18,
      removedTools: ['snapshot_ping'],
    });

    // An embedded stream: the attempt is the message's own seq, its request what came before it.
    const atMessage = deriveRequestContext(log, 13).composition;
    expect(atMessage.logged).toMatchObject({
      usageSeq: 13,
      requestSeq: 13,
      inputTokens: 10,
      isCurrent: false,
    });
    expect(atMessage.total.source).toBe('estimated');
  });

  it('generation 4: a replaced head and a system node appended in history change the system prompt', () => {
    const replaced = open(join(STORED_DIR, 'v4/sdk/tool-error-details/session.v4.jsonl'));
    expect(deriveRequestContext(replaced, 17).systemChangeSeq).toBeNull();
    const afterReplace = deriveRequestContext(replaced, 19);
    expect(afterReplace.systemNodeSeqs).toEqual([18]);
    expect(afterReplace.systemChangeSeq).toBe(18);

    const inHistory = open(join(STORED_DIR, 'v4/sdk/system-prompt-in-history/session.v4.jsonl'));
    const context = deriveRequestContext(inHistory, inHistory.store.eventCount - 1);
    expect(context.systemNodeSeqs).toEqual([7, 18]);
    expect(context.systemChangeSeq).toBe(18);
  });

  it('one session stored as v0, v3 and v4 composes the same request (header system vs system node)', () => {
    const dir = join(FIXTURES_DIR, 'generations', 'multi-gen', '1f64649f-af94-4c75-a0ea-40658dc71600');
    const contexts = ['session.jsonl.zstd', 'session.v3.jsonl.zstd', 'session.v4.jsonl.zstd'].map((name) => {
      const log = open(join(dir, name));
      return deriveRequestContext(log, log.store.eventCount - 1);
    });
    const [v0, v3, v4] = contexts.map(({ composition }) => ({
      ...composition,
      logged: { ...composition.logged, usageSeq: 0, requestSeq: 0 },
    }));
    expect(v0?.logged.inputTokens).toBeGreaterThan(0);
    expect(v0?.system.tokens).toBeGreaterThan(0);
    expect(v3).toEqual(v0);
    expect(v4).toEqual(v0);
    expect(contexts.map((context) => context.systemNodeSeqs.length)).toEqual([0, 1, 1]);
  });

  it('generation 3 reads its system/message head', () => {
    const log = open(join(STORED_DIR, 'v3/sdk/text-turn/session.v3.jsonl'));
    const context = deriveRequestContext(log, log.store.eventCount - 1);
    expect(context.systemNodeSeqs).toHaveLength(1);
    expect(context.header).not.toBeNull();
    expect(readRequestHeader(log, context.header?.seq ?? -1)?.system).toBeNull();
  });
});

describe.skipIf(!hasCorpus)('corpus logs with request headers', () => {
  const names = hasCorpus
    ? readdirSync(CORPUS_DIR).filter(
        (name) =>
          name.endsWith('.jsonl') &&
          readFileSync(join(CORPUS_DIR, name), 'utf8').includes('"request/header"'),
      )
    : [];

  it('has some', () => {
    expect(names.length).toBeGreaterThan(10);
  });

  it.each(names)('%s: the header in force at every seq matches the index and reads', (name) => {
    const log = open(join(CORPUS_DIR, name));
    const headerSeqs = log.index.requestHeaderSeqs;
    for (const headerSeq of headerSeqs) {
      const detail = readRequestHeader(log, headerSeq);
      expect(detail?.seq).toBe(headerSeq);
      expect(detail?.config.model).not.toBeNull();
    }
    for (let seq = 0; seq < log.store.eventCount; seq++) {
      const context = deriveRequestContext(log, seq);
      const expected = headerSeqs.filter((headerSeq) => headerSeq <= seq).at(-1) ?? null;
      expect(context.header?.seq ?? null).toBe(expected);
      const { system, tools, messages, total } = context.composition;
      expect(total.tokens).toBeGreaterThanOrEqual(0);
      if (total.source === 'estimated')
        expect(total.tokens).toBe(system.tokens + tools.tokens + messages.tokens);
      else expect(total.tokens).toBe(context.composition.logged?.inputTokens);
    }
  });
});
