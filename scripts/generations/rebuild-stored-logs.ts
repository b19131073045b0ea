// Rebuilds stored-form session logs (what a dsh writer of that generation would leave on disk) from
// the normalized upstream snapshot fixtures in fixtures/generations/upstream/ (listed, with their
// provenance, in fixtures/generations/SOURCES.json), and writes the multi-generation directory case.
//
//   npx tsx scripts/generations/rebuild-stored-logs.ts [--check]
//
// Output: fixtures/generations/stored/v<gen>/<group>/<scenario>/session[.N].v<gen>.jsonl and
// .jsonl.zstd, and fixtures/generations/multi-gen/<session-id>/. Deterministic: the same inputs give
// the same bytes (no clock, no randomness; ids are derived from hashes). --check rebuilds in memory
// and fails when a committed output differs.
//
// What "stored form" means here, and which parts are verified against upstream code, is in
// fixtures/generations/README.md and docs/format-generations.md. In short:
//  - the header line is kept as the snapshot has it (its key order is the writer's), with
//    createdAt 0 (normalized away) replaced by a time just before the first event;
//  - every event row gets `seq` (dense from 0, header excluded) and `time` right after `type`;
//  - `time` is monotone non-decreasing, anchored on the model-stream times the snapshot kept;
//  - placeholders become faithful values ({{system}}/{{tools}} from the scenario pins, ids as
//    deterministic UUIDs, {{cwd}} as an absolute path);
//  - sourceEventSeqs are written in the range encoding of generations >= 2;
//  - the .jsonl.zstd has the header alone in frame 1, then one checksummed frame per write batch.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compress as zstdCompress } from '@bokuweb/zstd-wasm';
import xxhash from 'xxhash-wasm';
import { addContentChecksum, initZstdOnce } from '../generate-large-log.ts';
import { hasFlag } from '../lib/cli-options.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface SourceEntry {
  local: string;
  generation: number;
  group: string;
  scenario: string;
  role: number;
  repo: string;
  commit: string;
  path: string;
  sha256: string;
  kind?: 'session' | 'pin';
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GEN_DIR = join(ROOT, 'fixtures', 'generations');
const ZSTD_LEVEL = 3;
/** Gap between consecutive synthetic event times, in ms. */
const STEP_MS = 1;
/** The write-behind queue's coalescing window (FORMAT.md section 1.4; unchanged in later generations). */
const BATCH_WINDOW_MS = 200;
/** Base time for a log whose snapshot kept no real time at all. */
const DEFAULT_BASE_MS = 1_790_000_000_000;
/** Fork renames upstream's package scope in plugin strings; the rebuilt logs carry upstream's name. */
const SCOPE_FIXES: Record<string, [string, string]> = {
  'knyazev741/deepseek-harness': ['@knyazevai/', '@deepseek-ai/'],
};

function uuidFrom(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapStrings(value: Json, fn: (text: string) => string): Json {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, fn);
    return out;
  }
  return value;
}

interface Pins {
  system: string;
  tools: JsonObject[];
}

function loadPins(): Pins {
  const pinDir = join(GEN_DIR, 'upstream', 'v4', 'sdk', 'text-turn');
  // The pin file ends with one LF that formatting adds; the prompt itself does not end with it.
  const system = readFileSync(join(pinDir, 'system-prompt.expected.md'), 'utf8').replace(/\n$/, '');
  const schemas = JSON.parse(readFileSync(join(pinDir, 'tool-schemas.expected.json'), 'utf8')) as {
    initial: JsonObject[];
  };
  return { system, tools: schemas.initial };
}

/** Placeholders of one scenario family (parent and children share ids). */
function makeReplacer(scenario: string, cwd: string): (text: string) => string {
  return (text) =>
    text.replace(/\{\{([A-Za-z]+)(?::([^{}]+))?\}\}/g, (whole, name: string, arg: string | undefined) => {
      if (name === 'cwd') return cwd;
      if (name === 'system' || name === 'tools') return whole; // structural, handled per event
      if (name === 'time') return '2026-09-20T12:00:00.000Z';
      return uuidFrom('dsh-replay-fixture', scenario, name, arg ?? '0');
    });
}

function toolDefinitions(value: Json, pins: Pins): Json {
  const byName = new Map(pins.tools.map((tool) => [tool['name'] as string, tool]));
  const definition = (name: string): JsonObject =>
    byName.get(name) ?? { name, description: '', parameters: {} };
  if (value === '{{tools}}') return pins.tools;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.map((name) => definition(name));
  return value;
}

/** Replace the structural placeholders of one event's data. */
function fillStructural(type: string, data: JsonObject, pins: Pins): JsonObject {
  if (type === 'request/header' && isObject(data['header'])) {
    const header: JsonObject = { ...data['header'] };
    if (header['system'] === '{{system}}') header['system'] = pins.system;
    if (header['tools'] !== undefined) header['tools'] = toolDefinitions(header['tools'], pins);
    return { ...data, header };
  }
  if (type === 'system/message' && isObject(data['message'])) {
    const message = data['message'];
    const stored = message['content'];
    if (stored === undefined) return data;
    const content: Json = Array.isArray(stored)
      ? stored.map((block) =>
          isObject(block) && block['text'] === '{{system}}' ? { ...block, text: pins.system } : block,
        )
      : stored;
    return { ...data, message: { ...message, content } };
  }
  return data;
}

interface StreamSpan {
  first: number;
  last: number;
}

function streamSpan(data: JsonObject): StreamSpan | 'zero' | undefined {
  const stream = data['stream'];
  if (!Array.isArray(stream) || stream.length === 0) return undefined;
  let first = Infinity;
  let last = -Infinity;
  for (const record of stream) {
    if (!isObject(record)) continue;
    if (record['type'] === 'chunk' && typeof record['time'] === 'number') {
      first = Math.min(first, record['time']);
      last = Math.max(last, record['time']);
    } else if (typeof record['time0'] === 'number' && Array.isArray(record['dt'])) {
      const end = record['dt'].reduce<number>(
        (sum, gap) => sum + (typeof gap === 'number' ? gap : 0),
        record['time0'],
      );
      first = Math.min(first, record['time0']);
      last = Math.max(last, end);
    }
  }
  if (!Number.isFinite(first)) return undefined;
  return first === 0 && last === 0 ? 'zero' : { first, last };
}

function retimeZeroStream(data: JsonObject, time: number): JsonObject {
  const stream = (data['stream'] as Json[]).map((record) => {
    if (!isObject(record)) return record;
    if (record['type'] === 'chunk') return { ...record, time };
    return { ...record, time0: time };
  });
  return { ...data, stream };
}

function encodeSeqRanges(values: number[]): Json[] {
  if (values.some((value, index) => index > 0 && value <= (values[index - 1] ?? -1))) return [...values];
  const out: Json[] = [];
  for (let index = 0; index < values.length;) {
    const start = values[index] as number;
    let end = start;
    while (index + 1 < values.length && values[index + 1] === end + 1) {
      index += 1;
      end += 1;
    }
    if (end - start >= 2) out.push([start, end]);
    else {
      out.push(start);
      if (end - start === 1) out.push(end);
    }
    index += 1;
  }
  return out;
}

function expandSeqRanges(values: Json[]): number[] {
  return values.flatMap((value) => {
    if (Array.isArray(value)) {
      const [start, end] = value as [number, number];
      return Array.from({ length: end - start + 1 }, (_, i) => start + i);
    }
    return [value as number];
  });
}

interface StoredLog {
  header: JsonObject;
  events: JsonObject[];
}

/** Rebuild one normalized snapshot (header + projected rows) into stored form. */
function rebuild(text: string, entry: SourceEntry, pins: Pins): StoredLog {
  const cwd = `/home/dev/projects/${entry.scenario}`;
  const replace = makeReplacer(entry.scenario, cwd);
  const scopeFix = SCOPE_FIXES[entry.repo];
  const fix = (value: Json): Json =>
    mapStrings(value, (s) => {
      const replaced = replace(s);
      return scopeFix ? replaced.split(scopeFix[0]).join(scopeFix[1]) : replaced;
    });
  const rows = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JsonObject);
  const header = fix(rows[0] as JsonObject) as JsonObject;
  const projected = rows.slice(1).map((row) => fix(row) as JsonObject);
  for (const row of projected)
    if ('seq' in row || 'time' in row) throw new Error(`${entry.local}: row already has seq/time`);

  const datas = projected.map((row) =>
    fillStructural(row['type'] as string, row['data'] as JsonObject, pins),
  );
  const spans = datas.map((data) => streamSpan(data));
  const firstAnchor = spans.findIndex((span) => typeof span === 'object');
  const createdAt = typeof header['createdAt'] === 'number' ? header['createdAt'] : 0;
  let t: number;
  if (firstAnchor >= 0) t = (spans[firstAnchor] as StreamSpan).first - firstAnchor * STEP_MS - STEP_MS;
  else t = createdAt > 0 ? createdAt + 10 : DEFAULT_BASE_MS;
  if (createdAt > 0 && t <= createdAt) t = createdAt + STEP_MS;

  const events: JsonObject[] = projected.map((row, seq) => {
    const span = spans[seq];
    if (typeof span === 'object') t = Math.max(t, span.last);
    const time = t;
    t += STEP_MS;
    let data = datas[seq] as JsonObject;
    if (span === 'zero') data = retimeZeroStream(data, time);
    if (row['type'] === 'feedback/message-put' && isObject(data['item'])) {
      const item = { ...data['item'] };
      if (item['createdAt'] === 0) item['createdAt'] = time;
      if (item['updatedAt'] === 0) item['updatedAt'] = time;
      data = { ...data, item };
    }
    const { type, data: _data, ...rest } = row;
    const event: JsonObject = { type: type as string, seq, time, data };
    for (const [key, value] of Object.entries(rest)) {
      event[key] =
        key === 'sourceEventSeqs' && entry.generation >= 2 && Array.isArray(value)
          ? encodeSeqRanges(expandSeqRanges(value))
          : value;
    }
    return event;
  });
  const storedHeader: JsonObject = { ...header };
  if (createdAt === 0)
    storedHeader['createdAt'] = ((events[0]?.['time'] as number | undefined) ?? DEFAULT_BASE_MS) - 25;
  return { header: storedHeader, events };
}

/**
 * Write batches: a new batch when the coalescing window since the batch's first event has passed,
 * and after every turn/end (the loop flushes at turn boundaries [inferred]). A seeded child's
 * inherited prefix, through its tagged session/end-seed, is one publication.
 */
function batches(log: StoredLog): JsonObject[][] {
  const out: JsonObject[][] = [];
  let current: JsonObject[] = [];
  let startTime = 0;
  const seededCut = log.events.findLastIndex(
    (event) =>
      event['type'] === 'session/end-seed' && isObject(event['data']) && event['data']['inherited'] === true,
  );
  for (const [index, event] of log.events.entries()) {
    const time = event['time'] as number;
    const inPrefix = index <= seededCut;
    if (current.length > 0 && !inPrefix && time - startTime >= BATCH_WINDOW_MS) {
      out.push(current);
      current = [];
    }
    if (current.length === 0) startTime = time;
    current.push(event);
    if ((event['type'] === 'turn/end' && !inPrefix) || index === seededCut) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

interface Encoded {
  jsonl: Uint8Array;
  zstd: Uint8Array;
  frames: number;
}

async function encode(log: StoredLog): Promise<Encoded> {
  await initZstdOnce();
  const hasher = await xxhash();
  const encoder = new TextEncoder();
  const texts = [
    JSON.stringify(log.header) + '\n',
    ...batches(log).map((batch) => batch.map((e) => JSON.stringify(e) + '\n').join('')),
  ];
  const frames = texts.map((text) => {
    const plain = encoder.encode(text);
    return addContentChecksum(zstdCompress(plain, ZSTD_LEVEL), hasher.h64Raw(plain, 0n));
  });
  const concat = (parts: Uint8Array[]): Uint8Array => {
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  };
  return { jsonl: encoder.encode(texts.join('')), zstd: concat(frames), frames: frames.length };
}

function logFileName(generation: number, role: number): string {
  const child = role > 0 ? `.${role}` : '';
  return generation === 0 ? `session${child}.jsonl` : `session${child}.v${generation}.jsonl`;
}

// ---------------------------------------------------------------------------------------------
// The multi-generation directory: one session in v0 (as 0.1.1 wrote it), v3 (what 0.1.5 published
// beside it when it opened the log for writing: the published v0->v3 migration, taken from the
// committed oracle output) and v4 (what 0.2 publishes beside that: the v3->v4 edge, implemented here
// for the subset this log needs, after docs/format-generations.md "v3 -> v4").

const MULTI_GEN_V0 = 'acp-agent__snapshots__text-turn__session';

const V4_KEPT_PLUGIN_NAMES = new Set([
  'agent-instructions',
  'session-reference',
  'team-message',
  'goal',
  'skill-invocation',
  'skill-catalog',
  'coordinator',
  'subagent-report',
  'subagent-settled',
  'webhook',
  'agent-message',
  'model-selection',
  'plan-mode',
  'time-context',
  'tmux-context',
  'user-approval',
  'repeat-tool-reminder',
  'tool-cordis',
  'cordis-host-runner',
  'tool-goal',
  'tool-jobs',
  'hooks-codex',
  'hooks-claude-code',
  'schedule',
  'dsh-session-title-llm',
]);

function v4Source(source: Json, role: string): Json {
  if (!isObject(source) || source['kind'] !== 'plugin' || typeof source['plugin'] !== 'string') return source;
  const { plugin, kind: _kind, ...rest } = source;
  let kind: string;
  if (plugin === 'compact') kind = 'compact-checkpoint';
  else if (plugin === 'tools-code-mode' || plugin === 'tools-ptc') kind = 'ptc-mode';
  else if (plugin === 'dsh-compaction-basic') kind = 'compact-basic';
  else if (plugin === '@deepseek-ai/dsh-system-prompt')
    kind = role === 'system' ? 'system-prompt' : 'runtime-context';
  else if (V4_KEPT_PLUGIN_NAMES.has(plugin)) kind = plugin;
  else kind = `plugin:${plugin}`;
  return { kind, ...rest };
}

function v4Message(message: Json): Json {
  if (!isObject(message)) return message;
  const role = typeof message['role'] === 'string' ? message['role'] : '';
  return { ...message, source: v4Source(message['source'] ?? null, role) };
}

/** v3 -> v4 for logs without tool results, PTC, unknown tags or children (refuses anything else). */
function migrateV3ToV4(v3: StoredLog): StoredLog {
  const events = v3.events.map((event) => {
    const type = event['type'] as string;
    const data = event['data'] as JsonObject;
    if (type === 'tool/result' || type.startsWith('tool/ptc') || type === 'subagent/catalog')
      throw new Error(`multi-gen v3->v4 subset: ${type} is not handled`);
    if (type === 'user/message') return { ...event, data: v4Message(data) };
    if (['system/message', 'assistant/message', 'developer/message'].includes(type))
      return { ...event, data: { ...data, message: v4Message(data['message'] ?? null) } };
    return event;
  });
  return { header: { ...v3.header, version: 4 }, events };
}

function readStoredJsonl(text: string): StoredLog {
  const rows = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JsonObject);
  return { header: rows[0] as JsonObject, events: rows.slice(1) };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const check = hasFlag(process.argv.slice(2), '--check');
  const sources = JSON.parse(readFileSync(join(GEN_DIR, 'SOURCES.json'), 'utf8')) as { files: SourceEntry[] };
  const pins = loadPins();
  const outputs = new Map<string, Uint8Array>();
  const report: string[] = [];
  for (const entry of sources.files) {
    if (entry.kind === 'pin') continue;
    const text = readFileSync(join(GEN_DIR, entry.local), 'utf8');
    const sha = createHash('sha256').update(text).digest('hex');
    if (sha !== entry.sha256) throw new Error(`${entry.local}: sha256 ${sha} differs from SOURCES.json`);
    const stored = rebuild(text, entry, pins);
    const encoded = await encode(stored);
    const base = join(
      'stored',
      `v${entry.generation}`,
      entry.group,
      entry.scenario,
      logFileName(entry.generation, entry.role),
    );
    outputs.set(base, encoded.jsonl);
    outputs.set(`${base}.zstd`, encoded.zstd);
    report.push(`${base}: ${stored.events.length} events, ${encoded.frames} frames`);
  }

  // Multi-generation directory.
  const v0Zstd = readFileSync(join(ROOT, '..', 'shared', 'corpus', `${MULTI_GEN_V0}.jsonl.zstd`));
  const v3Text = readFileSync(join(GEN_DIR, 'oracle', `corpus__${MULTI_GEN_V0}.v3.jsonl`), 'utf8');
  const v3 = readStoredJsonl(v3Text);
  const sessionId = v3.header['id'] as string;
  const dir = join('multi-gen', sessionId);
  outputs.set(join(dir, 'session.jsonl.zstd'), new Uint8Array(v0Zstd));
  outputs.set(join(dir, 'session.v3.jsonl.zstd'), (await encode(v3)).zstd);
  outputs.set(join(dir, 'session.v4.jsonl.zstd'), (await encode(migrateV3ToV4(v3))).zstd);
  report.push(`${dir}: session.jsonl.zstd (v0), session.v3.jsonl.zstd, session.v4.jsonl.zstd`);

  let differences = 0;
  for (const [relative, bytes] of outputs) {
    const path = join(GEN_DIR, relative);
    if (check) {
      const same = existsSync(path) && Buffer.compare(readFileSync(path), Buffer.from(bytes)) === 0;
      if (!same) {
        differences += 1;
        console.error(`differs: ${relative}`);
      }
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  for (const line of report) console.log(line);
  if (differences > 0) process.exit(1);
}

await main();
