// Deterministic generator of a large, valid dsh session log (FORMAT.md) for benchmarks: a long
// coding session written the way the upstream writer does it (200 ms write batches, packed chunk
// rows per batch, one zstd frame per batch with the content checksum set).
//
// CLI: tsx scripts/generate-large-log.ts [--scale 1] [--seed 1] [--out .bench] [--force]

import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init as initZstd, compress as zstdCompress } from '@bokuweb/zstd-wasm';
import xxhash from 'xxhash-wasm';
import { ZSTD_MAGIC } from '../src/log/index.ts';
import { readOption } from './lib/cli-options.ts';

/** Bump when the output of the same (scale, seed) changes, so cached files are regenerated. */
export const GENERATOR_VERSION = 3;

/** Events at scale 1 (≈ 97 MiB of JSONL). The generator stops at the first turn end past it. */
export const EVENTS_AT_SCALE_1 = 1_300_000;

/** The writer's coalescing window (FORMAT.md §1.4): one write batch, one zstd frame. */
export const WRITE_BATCH_WINDOW_MS = 200;

/** Level used by upstream (default level, no dictionary). */
const ZSTD_LEVEL = 3;

/** What to generate. `scale` multiplies the event count (1 ≈ 1.3 M events); `seed` picks the PRNG stream. */
export interface LargeLogOptions {
  scale: number;
  seed: number;
}

/** Counts describing the generated log, all measured while writing it (not estimates). */
export interface LargeLogStats {
  events: number;
  /** Lines after the header (events stored verbatim plus packed rows). */
  storedLines: number;
  packedRows: number;
  /** Events that were stored inside packed rows. */
  packedEvents: number;
  /** Write batches = zstd frames after the header frame. */
  batches: number;
  turns: number;
  steps: number;
  toolCalls: number;
  toolErrors: number;
  parallelToolSteps: number;
  retries: number;
  compactions: number;
  prunes: number;
  requestHeaders: number;
  resumes: number;
  interruptedTurns: number;
  approvals: number;
  hooks: number;
  /** Bytes of the JSONL text (header included). */
  jsonlBytes: number;
  /** Largest single line in bytes (LF excluded). */
  longestLineBytes: number;
  /** Largest number of nodes the surface held at once (model-view size upper bound). */
  maxSurfaceNodes: number;
}

/** A generated log on disk plus the statistics that describe it. */
export interface LargeLogFiles extends LargeLogStats {
  generatorVersion: number;
  scale: number;
  seed: number;
  jsonlPath: string;
  zstdPath: string;
  zstdBytes: number;
  /** Frames in the .zstd file (header frame included). */
  frames: number;
  /** Whether every frame carries the 4-byte content checksum (FORMAT.md §1.4). */
  framesHaveChecksum: boolean;
}

// ---------------------------------------------------------------------------------------------
// Seeded PRNG (sfc32 seeded through splitmix32): fast, deterministic, no Math.random.

/** A deterministic random source. `next()` is uniform in [0, 1). */
export interface Random {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
}

/** Creates the deterministic random source used by the generator and the fixture script. */
export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  function splitmix(): number {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  function next(): number {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  }
  for (let i = 0; i < 16; i += 1) next();
  return {
    next,
    int(minInclusive, maxInclusive) {
      return minInclusive + Math.floor(next() * (maxInclusive - minInclusive + 1));
    },
    chance(probability) {
      return next() < probability;
    },
    pick<T>(values: readonly T[]): T {
      const value = values[Math.floor(next() * values.length)];
      if (value === undefined) throw new Error('pick from an empty list');
      return value;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: token-sized pieces like a BPE tokenizer emits (leading spaces, split words, code).

const WORDS = (
  'the a to of and in is it that for this file test function we need I should check let me ' +
  'now run update error value type return import export const module config build output ' +
  'line change add remove fix first then next because so but with from on at by as be can ' +
  'will would could also only just still already before after when while each every all ' +
  'some any more less same other new old current previous following above below index seq ' +
  'turn step event log reader parser decoder frame chunk packed row surface message model ' +
  'tool call result header request context usage token stream window batch offset length ' +
  'array object string number boolean null undefined promise async await worker thread ' +
  'memory buffer bytes text json schema field key option default path directory workspace ' +
  'command shell script package version install dependency lint format typecheck compile'
).split(' ');

const SUBWORD_SPLITS = ['ing', 'ed', 'er', 'ly', 'tion', 's', 'able', 'ment', 'ize', 'ness'];
const PUNCTUATION = ['.', ',', ':', ';', '?', ' —', ' (', ')', '`', '\n\n', '\n', ' -', ' "', '"'];
const NON_ASCII = [' café', ' naïve', ' →', ' ✓', ' 日本語', ' über', ' 🙂', ' ∑', ' €'];
const CODE_TOKENS = [
  'const',
  ' ',
  'let',
  ' =',
  ' (',
  ')',
  ' {',
  '}',
  ';',
  '\n',
  '  ',
  'return',
  ' =>',
  '.',
  'map',
  'filter',
  'push',
  'length',
  '[',
  ']',
  ',',
  ' +',
  ' 1',
  ' 0',
  'if',
  ' ===',
  'null',
  'await',
  'import',
  ' from',
  " '",
  "'",
  'export',
  'function',
  'type',
  ':',
  ' string',
  ' number',
];

function pushTextTokens(random: Random, tokenCount: number, out: string[]): void {
  let sentenceStart = true;
  for (let i = 0; i < tokenCount; i += 1) {
    const roll = random.next();
    let token: string;
    if (roll < 0.12 && !sentenceStart) {
      token = random.pick(PUNCTUATION);
      sentenceStart = token === '.' || token.startsWith('\n');
    } else if (roll < 0.2) {
      token = random.pick(SUBWORD_SPLITS);
    } else if (roll < 0.203) {
      token = random.pick(NON_ASCII);
    } else {
      const word = random.pick(WORDS);
      token = sentenceStart ? word.charAt(0).toUpperCase() + word.slice(1) : ` ${word}`;
      sentenceStart = false;
    }
    out.push(token);
  }
}

function makeText(random: Random, tokenCount: number): string {
  const tokens: string[] = [];
  pushTextTokens(random, tokenCount, tokens);
  return tokens.join('');
}

function makeCodeLines(random: Random, lineCount: number, withNumbers: boolean): string {
  const lines: string[] = [];
  for (let i = 0; i < lineCount; i += 1) {
    const parts: string[] = [];
    const indent = random.int(0, 3);
    const tokens = random.int(3, 14);
    for (let k = 0; k < tokens; k += 1)
      parts.push(random.chance(0.6) ? random.pick(CODE_TOKENS) : random.pick(WORDS));
    const body = '  '.repeat(indent) + parts.join('').replace(/\n/g, ' ');
    lines.push(withNumbers ? `${String(i + 1).padStart(5, ' ')}\t${body}` : body);
  }
  return lines.join('\n');
}

function makeId(random: Random): string {
  const hex = '0123456789abcdef';
  let out = '';
  for (let i = 0; i < 32; i += 1) {
    out += hex[random.int(0, 15)] ?? '0';
    if (i === 7 || i === 11 || i === 15 || i === 19) out += '-';
  }
  return out.slice(0, 14) + '4' + out.slice(15);
}

function makeCallId(random: Random, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 24; i += 1) out += alphabet[random.int(0, alphabet.length - 1)] ?? 'A';
  return `call_0${index}_${out}`;
}

/** Splits a JSON arguments text into token-sized deltas, the way providers stream them. */
function splitArguments(random: Random, text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const size = random.int(2, 9);
    out.push(text.slice(i, i + size));
    i += size;
  }
  if (out.length > 0 && random.chance(0.5)) out.unshift('');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tools, system prompt and request headers.

const TOOL_NAMES = ['bash', 'read', 'edit', 'write', 'grep', 'glob', 'todo_write', 'run_code'] as const;
type ToolName = (typeof TOOL_NAMES)[number];

function makeTools(
  random: Random,
  revision: number,
): { name: string; description: string; parameters: object }[] {
  return TOOL_NAMES.map((name) => ({
    name,
    description: `${makeText(random, 180 + revision)}`,
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: makeText(random, 40) },
        path: { type: 'string', description: makeText(random, 30) },
        offset: { type: 'integer', minimum: 0 },
        limit: { type: 'integer', minimum: 1 },
        description: { type: 'string', description: makeText(random, 25) },
      },
      required: ['command'],
      additionalProperties: false,
    },
  }));
}

// ---------------------------------------------------------------------------------------------
// Writer: logical events → write batches → packed rows → JSONL lines.

interface ChunkEvent {
  type: 'assistant/chunk';
  seq: number;
  time: number;
  data: { turn: number; step: number; chunk: Record<string, unknown> };
}

interface PlainEvent {
  type: string;
  seq: number;
  time: number;
  data: unknown;
  sourceEventSeqs?: number[];
  surfaceOp?: 'append' | { op: 'replace'; start: number; end: number };
}

type LogicalEvent = ChunkEvent | PlainEvent;

const PACKED_ROW_TYPE: Record<string, string> = {
  'text-delta': 'text-chunks',
  'reasoning-delta': 'reasoning-chunks',
  'tool-call-delta': 'tool-call-chunks',
};

/** Minimum members in a packed row (FORMAT.md §4.2, MIN_RUN). */
const MIN_PACKED_RUN = 3;

function packKey(event: LogicalEvent): string | null {
  if (event.type !== 'assistant/chunk') return null;
  const { turn, step, chunk } = (event as ChunkEvent).data;
  const chunkType = chunk.type as string;
  if (PACKED_ROW_TYPE[chunkType] === undefined) return null;
  const base = `${chunkType}|${turn}|${step}|${String(chunk.index)}`;
  if (chunkType !== 'tool-call-delta') return base;
  return `${base}|${String(chunk.id)}|${'name' in chunk ? `n:${String(chunk.name)}` : '-'}`;
}

/** Serializes one write batch: runs of ≥ 3 packable chunks become one packed row (FORMAT.md §4.2). */
function serializeBatch(events: readonly LogicalEvent[], stats: LargeLogStats): string {
  const lines: string[] = [];
  let i = 0;
  while (i < events.length) {
    const first = events[i] as LogicalEvent;
    const key = packKey(first);
    let end = i + 1;
    if (key !== null) {
      while (end < events.length) {
        const next = events[end] as LogicalEvent;
        const previous = events[end - 1] as LogicalEvent;
        if (packKey(next) !== key || next.seq !== previous.seq + 1) break;
        end += 1;
      }
    }
    if (key !== null && end - i >= MIN_PACKED_RUN) {
      const members = events.slice(i, end) as ChunkEvent[];
      const head = members[0] as ChunkEvent;
      const chunk = head.data.chunk;
      const dt: number[] = [];
      for (let k = 1; k < members.length; k += 1)
        dt.push((members[k] as ChunkEvent).time - (members[k - 1] as ChunkEvent).time);
      const chunkType = chunk.type as string;
      let data: Record<string, unknown>;
      if (chunkType === 'tool-call-delta') {
        data = { turn: head.data.turn, step: head.data.step, index: chunk.index, dt, id: chunk.id };
        if ('name' in chunk) data.name = chunk.name;
        data.args = members.map((member) => member.data.chunk.argumentsDelta);
      } else {
        data = {
          turn: head.data.turn,
          step: head.data.step,
          index: chunk.index,
          dt,
          texts: members.map((member) => member.data.chunk.text),
        };
      }
      lines.push(
        JSON.stringify({ type: PACKED_ROW_TYPE[chunkType], seq0: head.seq, time0: head.time, data }),
      );
      stats.packedRows += 1;
      stats.packedEvents += members.length;
      i = end;
    } else {
      for (let k = i; k < end; k += 1) lines.push(JSON.stringify(events[k]));
      i = end;
    }
  }
  for (const line of lines) {
    const bytes = Buffer.byteLength(line, 'utf8');
    if (bytes > stats.longestLineBytes) stats.longestLineBytes = bytes;
  }
  stats.storedLines += lines.length;
  return lines.join('\n') + '\n';
}

interface SurfaceNode {
  seq: number;
  turn: number;
}

interface ToolResultRecord {
  seq: number;
  data: {
    turn: number;
    step: number;
    message: {
      source: unknown;
      content: { type: string; toolCallId: string; content: unknown[]; isError: boolean }[];
      role: string;
      id: string;
    };
    error?: unknown;
  };
}

/**
 * Generates the log and hands each write batch to `onBatch` as JSONL text (header first, alone).
 * Synchronous and deterministic for a given (scale, seed).
 */
export function generateLogBatches(options: LargeLogOptions, onBatch: (text: string) => void): LargeLogStats {
  const random = createRandom(options.seed);
  const targetEvents = Math.max(200, Math.round(EVENTS_AT_SCALE_1 * options.scale));
  const stats: LargeLogStats = {
    events: 0,
    storedLines: 0,
    packedRows: 0,
    packedEvents: 0,
    batches: 0,
    turns: 0,
    steps: 0,
    toolCalls: 0,
    toolErrors: 0,
    parallelToolSteps: 0,
    retries: 0,
    compactions: 0,
    prunes: 0,
    requestHeaders: 0,
    resumes: 0,
    interruptedTurns: 0,
    approvals: 0,
    hooks: 0,
    jsonlBytes: 0,
    longestLineBytes: 0,
    maxSurfaceNodes: 0,
  };
  const sessionId = makeId(random);
  const cwd = '/home/dev/projects/large-session';
  const createdAt = 1783352165190 + options.seed;
  const headerLine =
    JSON.stringify({ type: 'session', version: 0, id: sessionId, createdAt, cwd, delegationDepth: 0 }) + '\n';
  stats.jsonlBytes += Buffer.byteLength(headerLine, 'utf8');
  onBatch(headerLine);

  let now = createdAt + 40;
  let seq = 0;
  let batch: LogicalEvent[] = [];
  let batchStart = 0;

  function flush(): void {
    if (batch.length === 0) return;
    const text = serializeBatch(batch, stats);
    stats.jsonlBytes += Buffer.byteLength(text, 'utf8');
    stats.batches += 1;
    batch = [];
    onBatch(text);
  }
  function append(event: LogicalEvent): void {
    if (batch.length > 0 && event.time >= batchStart + WRITE_BATCH_WINDOW_MS) flush();
    if (batch.length === 0) batchStart = event.time;
    batch.push(event);
  }
  function emit(
    type: string,
    data: unknown,
    extra?: Pick<PlainEvent, 'sourceEventSeqs' | 'surfaceOp'>,
  ): number {
    const event: PlainEvent = { type, seq, time: now, data };
    if (extra?.sourceEventSeqs !== undefined) event.sourceEventSeqs = extra.sourceEventSeqs;
    if (extra?.surfaceOp !== undefined) event.surfaceOp = extra.surfaceOp;
    append(event);
    seq += 1;
    return event.seq;
  }
  function emitChunk(turn: number, step: number, chunk: Record<string, unknown>): number {
    append({ type: 'assistant/chunk', seq, time: now, data: { turn, step, chunk } });
    seq += 1;
    return seq - 1;
  }
  /** Token arrival: bursts inside one millisecond, then a network gap (like the packed-chunks fixture). */
  function tokenGap(): void {
    const roll = random.next();
    if (roll < 0.55) return;
    if (roll < 0.8) now += 1;
    else now += random.int(20, 40);
  }

  const surface: SurfaceNode[] = [];
  const recentToolResults: ToolResultRecord[] = [];
  let headerRevision = 0;
  let model = 'deepseek-v4-flash';
  let contextModel = '';
  let headerWritten = false;
  let headerDirty = true;
  let headerReason: 'initial' | 'resume' | 'change' = 'initial';
  let systemPrompt = '';
  let tools = makeTools(random, 0);
  let titleSeqWritten = false;
  let manualCompactionDone = false;
  const provider = 'deepseek-official';

  /** The assistant/message closing an attempt, appended to the surface; `rest` follows `message` in its data. */
  function emitAssistantMessage(
    turn: number,
    step: number,
    result: { blocks: Record<string, unknown>[]; seqs: number[] },
    rest: Record<string, unknown>,
  ): void {
    const messageSeq = emit(
      'assistant/message',
      {
        turn,
        step,
        message: {
          role: 'assistant',
          content: result.blocks,
          source: { kind: 'model', provider, model },
          id: makeId(random),
        },
        ...rest,
      },
      { sourceEventSeqs: result.seqs, surfaceOp: 'append' },
    );
    surface.push({ seq: messageSeq, turn });
  }

  function rebuildSystemPrompt(): void {
    systemPrompt =
      `You are an AI agent powered by DeepSeek Harness.\n\nYou are a coding assistant powered by the ${model} model. ` +
      `Your working directory is ${cwd}. Header revision ${headerRevision}.\n\n` +
      makeText(random, 900);
  }
  rebuildSystemPrompt();

  function userMessage(
    text: string,
    source: Record<string, unknown>,
    surfaceOp: PlainEvent['surfaceOp'],
    turn: number,
    sourceEventSeqs?: number[],
  ): number {
    const data = { content: [{ type: 'text', text }], source, role: 'user', id: makeId(random) };
    const eventSeq = emit('user/message', data, {
      surfaceOp,
      ...(sourceEventSeqs === undefined ? {} : { sourceEventSeqs }),
    });
    if (surfaceOp === 'append') surface.push({ seq: eventSeq, turn });
    return eventSeq;
  }

  function trackSurface(): void {
    if (surface.length > stats.maxSurfaceNodes) stats.maxSurfaceNodes = surface.length;
  }

  /** Summary compaction replacing every surface node of turns before `keepFromTurn` (FORMAT.md §5.3, §6.2). */
  function compact(turn: number | null, keepFromTurn: number, sourceCommandId?: string): number | null {
    let last = -1;
    for (let i = 0; i < surface.length; i += 1) if ((surface[i] as SurfaceNode).turn < keepFromTurn) last = i;
    if (last < 1) return null;
    const shadowed = surface.slice(0, last + 1).map((node) => node.seq);
    const compactionId = makeId(random);
    const commandPart = sourceCommandId === undefined ? {} : { sourceCommandId };
    const startSeq = emit('compaction/start', { compactionId, ...commandPart, turn });
    now += random.int(2000, 9000);
    const summaryText = makeText(random, random.int(300, 700));
    const summarySeq = emit('compaction/summary', {
      compactionId,
      ...commandPart,
      summary: [{ type: 'text', text: summaryText }],
      shadowedRange: { start: shadowed[0], end: shadowed[shadowed.length - 1] },
      shadowedSeqs: shadowed,
      shadowedTokenCount: shadowed.length * random.int(300, 900),
      provider,
      model,
      maxTokens: 8192,
      usage: { inputTokens: random.int(50000, 120000), outputTokens: random.int(300, 900) },
    });
    const replace = {
      op: 'replace' as const,
      start: shadowed[0] as number,
      end: shadowed[shadowed.length - 1] as number,
    };
    const checkpointSeq = emit(
      'user/message',
      {
        content: [
          {
            type: 'text',
            text: 'This is an automatically generated checkpoint condensing an earlier span of the conversation to free up context.\n\n<compacted-summary>',
          },
          { type: 'text', text: summaryText },
          { type: 'text', text: '</compacted-summary>' },
        ],
        source: { kind: 'plugin', plugin: 'compact', compactionId, ...commandPart },
        role: 'user',
        id: makeId(random),
      },
      { sourceEventSeqs: [startSeq, summarySeq, ...shadowed], surfaceOp: replace },
    );
    surface.splice(0, last + 1, { seq: checkpointSeq, turn: -1 });
    emit('compaction/end', { compactionId, ...commandPart, turn });
    stats.compactions += 1;
    return summarySeq;
  }

  /** Tool-result pruning: compaction/prune then a content-only replacement (FORMAT.md §5.3, §6.2). */
  function prune(): void {
    const onSurface = new Set(surface.map((node) => node.seq));
    const candidate = recentToolResults.find((record) => onSurface.has(record.seq));
    if (candidate === undefined) return;
    const index = recentToolResults.indexOf(candidate);
    recentToolResults.splice(index, 1);
    emit('compaction/prune', {
      shadowedRange: { start: candidate.seq, end: candidate.seq },
      shadowedSeqs: [candidate.seq],
      shadowedTokenCount: random.int(2000, 20000),
    });
    const original = candidate.data;
    const block = original.message.content[0];
    if (block === undefined) throw new Error('tool result without a block');
    const replacement = {
      ...original,
      message: {
        ...original.message,
        content: [
          { ...block, content: [{ type: 'text', text: '[Earlier tool output pruned to save context.]' }] },
        ],
      },
    };
    const replacementSeq = emit('tool/result', replacement, {
      sourceEventSeqs: [candidate.seq],
      surfaceOp: { op: 'replace', start: candidate.seq, end: candidate.seq },
    });
    const position = surface.findIndex((node) => node.seq === candidate.seq);
    const node = surface[position];
    if (node === undefined) throw new Error('pruned node left the surface');
    surface.splice(position, 1, { seq: replacementSeq, turn: node.turn });
    stats.prunes += 1;
  }

  function toolArguments(name: ToolName): string {
    switch (name) {
      case 'bash':
        return JSON.stringify({
          command: `${random.pick(['npm test', 'ls -la', 'git status', 'npx tsc -p .', 'rg -n'])} ${random.pick(WORDS)}`,
          description: makeText(random, 6),
        });
      case 'read':
        return JSON.stringify({
          path: `${cwd}/src/${random.pick(WORDS)}/${random.pick(WORDS)}.ts`,
          offset: random.int(0, 400),
          limit: 200,
        });
      case 'edit':
        return JSON.stringify({
          path: `${cwd}/src/${random.pick(WORDS)}.ts`,
          old_string: makeCodeLines(random, random.int(1, 3), false),
          new_string: makeCodeLines(random, random.int(1, 4), false),
        });
      case 'write':
        return JSON.stringify({
          path: `${cwd}/src/${random.pick(WORDS)}-${random.pick(WORDS)}.ts`,
          content: makeCodeLines(random, random.int(4, 16), false),
        });
      case 'grep':
        return JSON.stringify({ pattern: random.pick(WORDS), path: `${cwd}/src` });
      case 'glob':
        return JSON.stringify({ pattern: `src/**/*${random.pick(WORDS)}*.ts` });
      case 'todo_write':
        return JSON.stringify({ todos: [{ content: makeText(random, 8), status: 'in_progress' }] });
      case 'run_code':
        return JSON.stringify({ code: makeCodeLines(random, random.int(2, 6), false) });
    }
  }

  function toolOutput(name: ToolName): string {
    switch (name) {
      case 'read':
        if (random.chance(0.004)) return makeCodeLines(random, random.int(1500, 3000), true);
        return makeCodeLines(random, random.chance(0.15) ? random.int(260, 640) : random.int(50, 320), true);
      case 'bash':
        return (
          makeCodeLines(random, random.int(6, 290), false) + `\n[exit code: ${random.chance(0.85) ? 0 : 1}]`
        );
      case 'grep':
      case 'glob':
        return Array.from(
          { length: random.int(1, 30) },
          () => `src/${random.pick(WORDS)}/${random.pick(WORDS)}.ts:${random.int(1, 900)}`,
        ).join('\n');
      default:
        return makeText(random, random.int(8, 40));
    }
  }

  /** One model attempt; returns the chunk seqs, the assembled content and whether it finished cleanly. */
  function attempt(
    turn: number,
    step: number,
    plan: {
      reasoningTokens: number;
      textTokens: number;
      calls: ToolName[];
      fail: boolean;
      interrupt: boolean;
    },
  ) {
    now += random.int(300, 2200);
    const seqs: number[] = [];
    const blocks: Record<string, unknown>[] = [];
    let index = 0;
    const ends: Record<string, unknown>[] = [];
    const stopAfter = plan.fail
      ? random.int(3, 40)
      : plan.interrupt
        ? random.int(10, 60)
        : Number.POSITIVE_INFINITY;
    let produced = 0;
    let stopped = false;
    function streamText(kind: 'reasoning' | 'text', tokenCount: number): void {
      if (tokenCount === 0 || stopped) return;
      const blockIndex = index;
      index += 1;
      seqs.push(emitChunk(turn, step, { type: 'block-start', index: blockIndex, blockType: kind }));
      const tokens: string[] = [];
      pushTextTokens(random, tokenCount, tokens);
      const delivered: string[] = [];
      for (const token of tokens) {
        if (produced >= stopAfter) {
          stopped = true;
          break;
        }
        tokenGap();
        seqs.push(
          emitChunk(turn, step, {
            type: kind === 'reasoning' ? 'reasoning-delta' : 'text-delta',
            index: blockIndex,
            text: token,
          }),
        );
        delivered.push(token);
        produced += 1;
      }
      const block = { type: kind, text: delivered.join('') };
      blocks.push(block);
      if (!stopped) ends.push({ type: 'block-end', index: blockIndex, block });
    }
    streamText('reasoning', plan.reasoningTokens);
    streamText('text', plan.textTokens);
    const callBlocks: { id: string; name: ToolName; arguments: string }[] = [];
    for (const name of plan.calls) {
      if (stopped) break;
      const blockIndex = index;
      index += 1;
      const id = makeCallId(random, callBlocks.length);
      const args = toolArguments(name);
      seqs.push(emitChunk(turn, step, { type: 'block-start', index: blockIndex, blockType: 'tool-call' }));
      for (const piece of splitArguments(random, args)) {
        tokenGap();
        seqs.push(
          emitChunk(turn, step, {
            type: 'tool-call-delta',
            index: blockIndex,
            id,
            name,
            argumentsDelta: piece,
          }),
        );
      }
      const block = { type: 'tool-call', id, name, arguments: args };
      callBlocks.push({ id, name, arguments: args });
      blocks.push(block);
      ends.push({ type: 'block-end', index: blockIndex, block });
    }
    if (stopped && plan.interrupt)
      return {
        seqs,
        blocks: blocks.filter((block) => typeof block.text === 'string' && block.text.trim() !== ''),
        calls: [],
        ok: false,
      };
    now += random.int(0, 3);
    for (const end of ends) seqs.push(emitChunk(turn, step, end));
    if (plan.fail) {
      const failure = { message: 'upstream returned 503 Service Unavailable', code: 'SERVER', status: 503 };
      seqs.push(emitChunk(turn, step, { type: 'finish', reason: { kind: 'error', failure } }));
      return { seqs, blocks, calls: [], ok: false, failure };
    }
    const usage = {
      inputTokens: random.int(200, 9000),
      outputTokens: produced + 20,
      cacheReadTokens: random.int(10000, 90000),
      reasoningTokens: plan.reasoningTokens,
    };
    seqs.push(emitChunk(turn, step, { type: 'usage', usage }));
    seqs.push(
      emitChunk(turn, step, {
        type: 'finish',
        reason: { kind: plan.calls.length > 0 ? 'tool-calls' : 'stop' },
      }),
    );
    return { seqs, blocks, calls: callBlocks, ok: true, usage };
  }

  function runTools(
    turn: number,
    step: number,
    calls: { id: string; name: ToolName; arguments: string }[],
  ): void {
    const parallel = calls.length > 1;
    if (parallel) stats.parallelToolSteps += 1;
    const callSeqs: number[] = [];
    const started = parallel
      ? calls.map((call) => ({
          call,
          seq: emit('tool/call', { turn, step, callId: call.id, name: call.name, arguments: call.arguments }),
        }))
      : [];
    for (let i = 0; i < calls.length; i += 1) {
      const call = calls[i];
      if (call === undefined) continue;
      let callSeq = started[i]?.seq;
      if (callSeq === undefined)
        callSeq = emit('tool/call', {
          turn,
          step,
          callId: call.id,
          name: call.name,
          arguments: call.arguments,
        });
      callSeqs.push(callSeq);
      stats.toolCalls += 1;
      let rejected = false;
      if (call.name === 'bash' && random.chance(0.25)) {
        stats.hooks += 1;
        emit('hook/invoked', {
          turn,
          point: 'PreToolUse',
          dialect: 'claude-code',
          handlerId: 'claude-code:PreToolUse:1',
          matcher: 'bash',
        });
        now += random.int(2, 30);
        emit('hook/result', {
          turn,
          point: 'PreToolUse',
          handlerId: 'claude-code:PreToolUse:1',
          decision: 'allow',
          exitCode: 0,
          durationMs: random.int(2000, 30000) / 1000,
        });
      }
      if ((call.name === 'bash' || call.name === 'write') && random.chance(0.08)) {
        stats.approvals += 1;
        const approvalId = makeId(random);
        emit('approval/asked', {
          id: approvalId,
          toolName: call.name,
          callId: call.id,
          reason: 'escalate sandbox to workspace-write: the command writes outside the workspace',
        });
        now += random.int(800, 20000);
        rejected = random.chance(0.15);
        emit('approval/decided', { id: approvalId, outcome: rejected ? 'rejected' : 'allowed-once' });
      }
      now += random.int(20, 4000);
      const isError = rejected || random.chance(0.06);
      const text = rejected
        ? 'The user rejected this action.'
        : isError
          ? `Error: ${makeText(random, 12)}`
          : toolOutput(call.name);
      const data: ToolResultRecord['data'] = {
        turn,
        step,
        message: {
          source: { kind: 'tool', callId: call.id },
          content: [{ type: 'tool-result', toolCallId: call.id, content: [{ type: 'text', text }], isError }],
          role: 'user',
          id: makeId(random),
        },
      };
      if (isError) {
        stats.toolErrors += 1;
        data.error = rejected
          ? { name: 'ApprovalRejectedError', code: 'APPROVAL_REJECTED' }
          : { name: 'FsError', code: random.pick(['FS_NOT_FOUND', 'FS_SANDBOX_DENIED', 'TOOL_TIMEOUT']) };
      }
      const resultSeq = emit('tool/result', data, { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
      surface.push({ seq: resultSeq, turn });
      if (!isError && text.length > 1500) {
        recentToolResults.push({ seq: resultSeq, data });
        if (recentToolResults.length > 64) recentToolResults.shift();
      }
    }
  }

  const promptSource = { kind: 'user' };
  let turn = 0;
  while (seq < targetEvents) {
    turn += 1;
    stats.turns += 1;
    now += random.int(3000, 240000);
    // Between turns: resume marker, occasional manual compaction, a policy switch.
    if (turn > 1 && turn % 211 === 0) {
      emit('session/end-seed', {});
      stats.resumes += 1;
      headerDirty = true;
      headerReason = 'resume';
    }
    if (!manualCompactionDone && turn > 60 && surface.length > 300) {
      const commandId = `cmd-${makeId(random).slice(0, 8)}-1`;
      emit('command/run', { commandId, name: 'compact', source: { kind: 'user' } });
      const summarySeq = compact(null, turn - 1, commandId);
      now += random.int(1, 20);
      emit('command/done', {
        commandId,
        kind: 'success',
        text: 'Conversation compacted.',
        ...(summarySeq === null ? {} : { sourceEventSeq: summarySeq }),
      });
      manualCompactionDone = true;
    }
    if (turn % 97 === 0) emit('plan/mode', { active: turn % 2 === 0 });
    const promptText = makeText(random, random.int(12, 160));
    const promptId = makeId(random);
    emit('agent/inbox/spliced', {
      target: 'next-turn',
      start: 0,
      inserted: [
        { content: [{ type: 'text', text: promptText }], source: promptSource, role: 'user', id: promptId },
      ],
    });
    emit('turn/start', { turn });
    emit('agent/inbox/spliced', { target: 'next-turn', start: 0, removedCount: 1, inserted: [] });
    if (random.chance(0.2)) {
      stats.hooks += 1;
      emit('hook/invoked', {
        turn,
        point: 'UserPromptSubmit',
        dialect: 'claude-code',
        handlerId: 'claude-code:UserPromptSubmit:1',
      });
      now += random.int(3, 40);
      emit('hook/result', {
        turn,
        point: 'UserPromptSubmit',
        handlerId: 'claude-code:UserPromptSubmit:1',
        decision: 'allow',
        exitCode: 0,
        durationMs: random.int(3000, 40000) / 1000,
      });
    }
    if (turn % 37 === 0) {
      headerRevision += 1;
      if (turn % 111 === 0) model = model === 'deepseek-v4-flash' ? 'deepseek-v4-pro' : 'deepseek-v4-flash';
      rebuildSystemPrompt();
      if (turn % 74 === 0) tools = makeTools(random, headerRevision);
      headerDirty = true;
      if (headerWritten && headerReason !== 'resume') headerReason = 'change';
    }
    const stepCount = random.chance(0.15) ? 1 : random.int(2, 16);
    let turnEnd: Record<string, unknown> = { kind: 'completed' };
    for (let step = 1; step <= stepCount; step += 1) {
      stats.steps += 1;
      now += random.int(1, 8);
      emit('step/start', { turn, step });
      if (step === 1) {
        const promptSeq = userMessage(promptText, promptSource, 'append', turn);
        if (turn % 5 === 1) {
          userMessage(
            `Current runtime context. This snapshot supersedes earlier runtime-context snapshots.\n\n${makeText(random, 60)}`,
            {
              kind: 'plugin',
              plugin: '@deepseek-ai/dsh-system-prompt',
              form: 'snapshot',
              sections: [{ name: 'sandbox', text: makeText(random, 30) }],
            },
            'append',
            turn,
          );
        }
        if (!titleSeqWritten) {
          emit('session/title', {
            title: promptText.slice(0, 40),
            messageSeqs: [promptSeq],
            source: { kind: 'fallback' },
          });
          titleSeqWritten = true;
        }
      } else if (random.chance(0.03)) {
        userMessage(makeText(random, random.int(8, 40)), promptSource, 'append', turn);
      }
      if (step === 2 && turn > 4 && surface.length > 900) compact(turn, turn - 2);
      if (step === 2 && turn % 23 === 0) prune();
      trackSurface();
      if (headerDirty) {
        emit('request/header', {
          header: { config: { provider, model }, system: systemPrompt, tools },
          reason: headerReason,
        });
        stats.requestHeaders += 1;
        headerDirty = false;
        headerWritten = true;
        headerReason = 'change';
        if (contextModel !== model) {
          emit('request/context', {
            provider,
            model,
            contextWindow: model === 'deepseek-v4-pro' ? 1000000 : 128000,
          });
          contextModel = model;
        }
      }
      if (step === 3 && random.chance(0.3))
        emit('todo/write', {
          todos: [
            { content: makeText(random, 6), status: 'completed' },
            { content: makeText(random, 8), status: 'in_progress' },
          ],
        });
      const last = step === stepCount;
      const callCount = last ? 0 : random.chance(0.12) ? random.int(2, 3) : 1;
      const calls = Array.from({ length: callCount }, () => random.pick(TOOL_NAMES));
      const plan = {
        reasoningTokens: random.chance(0.9) ? random.int(8, 90) : 0,
        textTokens: last ? random.int(30, 260) : random.chance(0.3) ? random.int(5, 30) : 0,
        calls,
        fail: false,
        interrupt: last && random.chance(0.01),
      };
      if (random.chance(0.012)) {
        const failed = attempt(turn, step, { ...plan, fail: true, interrupt: false });
        stats.retries += 1;
        const retryId = makeId(random);
        now += 2;
        emit('llm/retry', {
          retryId,
          turn,
          step,
          provider,
          mode: 'normal',
          policyKey:
            '["normal",5,["EMPTY_RESPONSE","RATE_LIMIT","SERVER","TIMEOUT","TRANSPORT"],1000,30000,0.2]',
          retry: 1,
          maxRetries: 5,
          delayMs: 1000,
          failure: failed.failure,
        });
        now += 1000;
        emit('llm/retry-started', { retryId, turn, step, retry: 1 });
      }
      const result = attempt(turn, step, plan);
      if (!result.ok) {
        // Cancelled mid-stream: the delivered prefix is an interrupted message (FORMAT.md §5.2).
        if (result.blocks.length > 0) {
          emitAssistantMessage(turn, step, result, { interrupted: true });
        }
        emit('step/end', { turn, step });
        turnEnd = { kind: 'aborted', reason: { kind: 'user' } };
        stats.interruptedTurns += 1;
        break;
      }
      emitAssistantMessage(turn, step, result, { usage: result.usage });
      runTools(turn, step, result.calls);
      now += random.int(0, 4);
      emit('step/end', { turn, step });
    }
    emit('turn/end', { turn, reason: turnEnd });
    trackSurface();
  }
  flush();
  stats.events = seq;
  return stats;
}

// ---------------------------------------------------------------------------------------------
// zstd frames with the content checksum.

let zstdReady: Promise<void> | null = null;

/**
 * Initializes @bokuweb/zstd-wasm once per process: calling its `init()` a second time leaves
 * `compress` returning bytes that are not a zstd frame.
 */
export function initZstdOnce(): Promise<void> {
  zstdReady ??= initZstd();
  return zstdReady;
}
const CHECKSUM_FLAG = 0x04;

/**
 * Returns `frame` with the content-checksum flag set and the checksum appended (low 32 bits of
 * XXH64(plaintext, seed 0), little-endian), which is what upstream's one-shot compressor writes.
 * `@bokuweb/zstd-wasm` calls `ZSTD_compress`, whose frames carry no checksum, and does not export
 * `ZSTD_CCtx_setParameter`; the flag lives in the frame header descriptor and the checksum after
 * the last block, so adding them does not touch the compressed blocks.
 */
export function addContentChecksum(frame: Uint8Array, plaintextHash64: bigint): Uint8Array {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.getUint32(0, true) !== ZSTD_MAGIC) throw new Error('not a zstd frame');
  const descriptor = frame[4] ?? 0;
  if ((descriptor & CHECKSUM_FLAG) !== 0) return frame;
  const out = new Uint8Array(frame.byteLength + 4);
  out.set(frame);
  out[4] = descriptor | CHECKSUM_FLAG;
  new DataView(out.buffer).setUint32(frame.byteLength, Number(plaintextHash64 & 0xffffffffn), true);
  return out;
}

function parseArgs(argv: readonly string[]): { scale: number; seed: number; outDir: string; force: boolean } {
  const value = (name: string): string | undefined => readOption(argv, name);
  return {
    scale: Number(value('--scale') ?? '1'),
    seed: Number(value('--seed') ?? '1'),
    outDir: value('--out') ?? '.bench',
    force: argv.includes('--force'),
  };
}

/**
 * Generates `<outDir>/large-s<scale>-seed<seed>-v<version>.jsonl` and `.jsonl.zstd` (one frame per
 * write batch, header alone in frame 1), or reuses them when a matching `.meta.json` exists.
 */
export async function ensureLargeLog(
  options: LargeLogOptions & { outDir: string; force?: boolean },
): Promise<LargeLogFiles> {
  mkdirSync(options.outDir, { recursive: true });
  const base = join(
    resolve(options.outDir),
    `large-s${options.scale}-seed${options.seed}-v${GENERATOR_VERSION}`,
  );
  const jsonlPath = `${base}.jsonl`;
  const zstdPath = `${base}.jsonl.zstd`;
  const metaPath = `${base}.meta.json`;
  if (!options.force && existsSync(metaPath) && existsSync(jsonlPath) && existsSync(zstdPath)) {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as LargeLogFiles;
    if (statSync(jsonlPath).size === meta.jsonlBytes && statSync(zstdPath).size === meta.zstdBytes)
      return meta;
  }
  await initZstdOnce();
  const hasher = await xxhash();
  const jsonlFd = openSync(`${jsonlPath}.tmp`, 'w');
  const zstdFd = openSync(`${zstdPath}.tmp`, 'w');
  let frames = 0;
  let zstdBytes = 0;
  const encoder = new TextEncoder();
  let stats: LargeLogStats;
  try {
    stats = generateLogBatches(options, (text) => {
      const plaintext = encoder.encode(text);
      writeSync(jsonlFd, plaintext);
      const frame = addContentChecksum(zstdCompress(plaintext, ZSTD_LEVEL), hasher.h64Raw(plaintext, 0n));
      writeSync(zstdFd, frame);
      frames += 1;
      zstdBytes += frame.byteLength;
    });
  } finally {
    closeSync(jsonlFd);
    closeSync(zstdFd);
  }
  renameSync(`${jsonlPath}.tmp`, jsonlPath);
  renameSync(`${zstdPath}.tmp`, zstdPath);
  const files: LargeLogFiles = {
    ...stats,
    generatorVersion: GENERATOR_VERSION,
    scale: options.scale,
    seed: options.seed,
    jsonlPath,
    zstdPath,
    zstdBytes,
    frames,
    framesHaveChecksum: true,
  };
  writeFileSync(metaPath, JSON.stringify(files, null, 2) + '\n');
  return files;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const files = await ensureLargeLog(args);
  process.stdout.write(
    `${JSON.stringify({ ...files, seconds: Math.round(performance.now() - started) / 1000 }, null, 2)}\n`,
  );
}
