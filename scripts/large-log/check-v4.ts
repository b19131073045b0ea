// `npx tsx scripts/large-log/check-v4.ts FILE… [--samples DIR]… [--no-compare] [--json]`: checks
// generation-4 logs (.jsonl or .jsonl.zstd) against the published v4-era rules that can be checked
// from the file alone (docs/format-generations.md §1, §2, §4, §5 "Generation 4", §6, §7; FORMAT.md
// §3, §6.2 for what did not change), then compares the key order of every object with the same
// object in the sample logs under the --samples folders (default fixtures/generations/upstream/v4).
// Exit status 1 when a rule fails or a key order differs.
//
// Rules (a failure names its rule):
//   line        every line is one JSON object
//   header      v2+ header: exact key set and writer order, version 4, field types
//   envelope    keys type, seq, time, data (in that order) + ignorable/sourceEventSeqs/surfaceOp; seq
//               dense from 0; time a safe integer; ignorable only `true`
//   vocabulary  a type current dsh knows, or ignorable; no assistant/chunk, no packed chunk rows
//   surface     surfaceOp on every surface event and nowhere else; sourceEventSeqs only on system,
//               developer, user and tool/result events; replace ops `{op, startSeq, endSeq}` over
//               current surface nodes, citing every node they shadow; the system head is the first
//               surface node, right after the first step/start, and only a system/message replaces it
//   seqs        sourceEventSeqs: numbers or [start, end] pairs, every seq earlier and unique, a list
//               with pairs strictly increasing, and written as the writer writes it (runs of >= 3 as
//               pairs when the list is strictly increasing, verbatim otherwise)
//   message     message shapes: system, user, assistant, tool-role tool results; `data.error` only
//               on an error; no `kind: "plugin"` source and no `tool-result` block anywhere
//   stream      stream records well formed (exact keys, dt = members - 1 safe integers, ...), runs as
//               the writer's accumulator cuts them, and the message content equal to what the
//               stream assembles to; assistant/attempt is exactly {turn, step, stream}
//   reference   every seq reference points to an earlier event of the right type: tool results to
//               their tool/call (same call id) or the result they prune, checkpoints to their
//               compaction, command/done to a compaction/summary, titles to user prompts,
//               compaction shadowed seqs to surface nodes, developer headerSeq to a request/header
//   structure   turns and steps numbered and nested, surface and attempt events inside the open step,
//               every tool/call after the assistant message that asked for it and settled by exactly
//               one tool/result before its step ends
//   request     request/header without `system`, reason initial|resume|change|series
//   seed        isSeeded agrees with a tagged session/end-seed
//   time        (this generator's, not published) stream times not after their event's time

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decompress } from 'fzstd';
import { listFrames } from '../lib/zstd-frames.ts';
import { hasFlag, positionalArgs, readOptions } from '../lib/cli-options.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Event types current dsh knows (ZQ `packages/core/session/src/known-event-types.ts`, dsh 0.2.x). */
const KNOWN_TYPES = new Set(
  (
    'agent-preset/selected agent/inbox/spliced approval/asked approval/decided approval/policy ' +
    'assistant/attempt assistant/message command/done command/run compaction/end compaction/prune ' +
    'compaction/start compaction/summary deliverables/presented developer/message ' +
    'feedback/message-delete feedback/message-put feedback/record goal/change hook/invoked hook/result ' +
    'image/offload llm/retry llm/retry-started model/selection permission/preset plan/mode ' +
    'request/context request/header sandbox/mode schedule/change session-log-deepseek/delivery-accepted ' +
    'session/end-seed session/title session/title-llm-request step/end step/start subagent/catalog ' +
    'subagent/descriptor subagent/model-selection-policy system/message team/member ' +
    'team/message/delivered team/message/queued team/task todo/write tool-workflow/agent-end ' +
    'tool-workflow/agent-start tool-workflow/run-end tool-workflow/run-start tool/call ' +
    'tool/ptc-dispatch tool/ptc-dispatch-start tool/result turn/end turn/start user/message ' +
    'web/deepseek-search-llm-request working-directory/change workspace/changes'
  ).split(' '),
);

const SURFACE_TYPES = new Set([
  'system/message',
  'developer/message',
  'user/message',
  'assistant/message',
  'tool/result',
]);
const ENVELOPE_KEYS = ['type', 'seq', 'time', 'data', 'ignorable', 'sourceEventSeqs', 'surfaceOp'];
const HEADER_KEY_ORDER = [
  'type',
  'version',
  'id',
  'createdAt',
  'cwd',
  'parentSession',
  'isSeeded',
  'origin',
  'delegationDepth',
  'agentPreset',
];
const HEADER_REQUIRED = ['type', 'version', 'id', 'createdAt', 'isSeeded', 'delegationDepth'];
const REQUEST_REASONS = new Set(['initial', 'resume', 'change', 'series']);
const RAW_CHUNK_TYPES = new Set(['block-start', 'block-end', 'usage', 'finish']);
/** Errors kept per rule (the count goes on). */
const ERRORS_KEPT_PER_RULE = 20;

/** What one check found. */
interface CheckReport {
  file: string;
  events: number;
  /** Failures per rule: how many, and the first ones with their line numbers. */
  failures: Record<string, { count: number; first: string[] }>;
  eventTypes: Record<string, number>;
  streamRecords: Record<string, number>;
  /** Chunks the streams hold (what generation 0 stored as assistant/chunk events). */
  streamMembers: number;
  frames?: number;
}

/** A JSON value as text: a string as itself, anything else as JSON. */
function show(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSafeNonNegative(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** JSON with object keys sorted, to compare values whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether `keys` (in order) use only `allowed`, contain `required`, and follow the order of `allowed`. */
function keysConform(
  keys: readonly string[],
  allowed: readonly string[],
  required: readonly string[],
): boolean {
  let last = -1;
  for (const key of keys) {
    const at = allowed.indexOf(key);
    if (at <= last) return false;
    last = at;
  }
  return required.every((key) => keys.includes(key));
}

/** The assistant content blocks a stream assembles to (FORMAT.md §5.1, the upstream BlockAssembler). */
function assembleStream(
  stream: readonly JsonObject[],
  interrupted: boolean,
): { blocks: JsonObject[]; finishKind: string | null } {
  const order: number[] = [];
  const blocks = new Map<
    number,
    { frozen: JsonObject | null; kind: string; text: string; id: string; name: string; args: string }
  >();
  let finishKind: string | null = null;
  const blockAt = (index: number, kind: string) => {
    let block = blocks.get(index);
    if (block === undefined) {
      block = { frozen: null, kind, text: '', id: '', name: '', args: '' };
      blocks.set(index, block);
      order.push(index);
    }
    return block;
  };
  for (const record of stream) {
    const index = record.index as number;
    if (record.type === 'text-chunks' || record.type === 'reasoning-chunks') {
      const block = blockAt(index, record.type === 'text-chunks' ? 'text' : 'reasoning');
      if (block.frozen === null) block.text += (record.texts as string[]).join('');
    } else if (record.type === 'tool-call-chunks') {
      const block = blockAt(index, 'tool-call');
      if (block.frozen === null) {
        block.id = record.id as string;
        if (isNonEmptyString(record.name)) block.name = record.name;
        block.args += (record.args as string[]).join('');
      }
    } else if (record.type === 'chunk' && isObject(record.chunk)) {
      const chunk = record.chunk;
      if (chunk.type === 'block-start') blockAt(chunk.index as number, show(chunk.blockType));
      else if (chunk.type === 'block-end' && isObject(chunk.block)) {
        const block = blockAt(chunk.index as number, show(chunk.block.type));
        block.frozen ??= chunk.block;
      } else if (chunk.type === 'finish' && isObject(chunk.reason)) finishKind = show(chunk.reason.kind);
    }
  }
  let assembled = order.map((index): JsonObject => {
    const block = blocks.get(index)!;
    if (block.frozen !== null) return block.frozen;
    if (block.kind === 'tool-call')
      return { type: 'tool-call', id: block.id || `call-${index}`, name: block.name, arguments: block.args };
    return { type: block.kind, text: block.text };
  });
  if (finishKind === 'max-tokens') assembled = assembled.filter((block) => block.type !== 'tool-call');
  if (interrupted)
    assembled = assembled.filter(
      (block) => (block.type === 'text' || block.type === 'reasoning') && /\S/.test(show(block.text)),
    );
  return { blocks: assembled, finishKind };
}

/** Decodes a sourceEventSeqs list; null when a member is neither a number nor an ordered pair. */
function decodeSeqList(list: Json[]): { seqs: number[]; hasPairs: boolean } | null {
  const seqs: number[] = [];
  let hasPairs = false;
  for (const member of list) {
    if (isSafeNonNegative(member)) seqs.push(member);
    else if (
      Array.isArray(member) &&
      member.length === 2 &&
      isSafeNonNegative(member[0]) &&
      isSafeNonNegative(member[1]) &&
      member[0] < member[1]
    ) {
      hasPairs = true;
      for (let seq = member[0]; seq <= member[1]; seq += 1) seqs.push(seq);
    } else return null;
  }
  return { seqs, hasPairs };
}

/** Whether a user/message payload is a human prompt (source kind "user"). */
function isUserPrompt(data: JsonObject | undefined): boolean {
  return data !== undefined && isObject(data.source) && data.source.kind === 'user';
}

function isStrictlyIncreasing(seqs: readonly number[]): boolean {
  for (let i = 1; i < seqs.length; i += 1) if ((seqs[i] as number) <= (seqs[i - 1] as number)) return false;
  return true;
}

/** The writer's form of a decoded list (P12 `encodeSeqRanges`), as JSON, to compare with what is stored. */
function writerForm(seqs: readonly number[]): string {
  if (!isStrictlyIncreasing(seqs)) return JSON.stringify(seqs);
  const out: (number | number[])[] = [];
  let i = 0;
  while (i < seqs.length) {
    let end = i;
    while (end + 1 < seqs.length && seqs[end + 1] === (seqs[end] as number) + 1) end += 1;
    if (end - i >= 2) out.push([seqs[i] as number, seqs[end] as number]);
    else out.push(...seqs.slice(i, end + 1));
    i = end + 1;
  }
  return JSON.stringify(out);
}

/** Checks one generation-4 log text (header line first). */
export function checkV4Text(text: string, file: string): CheckReport {
  const report: CheckReport = {
    file,
    events: 0,
    failures: {},
    eventTypes: {},
    streamRecords: {},
    streamMembers: 0,
  };
  let lineNumber = 0;
  const fail = (rule: string, message: string): void => {
    const entry = (report.failures[rule] ??= { count: 0, first: [] });
    entry.count += 1;
    if (entry.first.length < ERRORS_KEPT_PER_RULE) entry.first.push(`line ${lineNumber}: ${message}`);
  };

  // Line i is text[starts[i], starts[i + 1] - 1); lines are cut out when read, not kept.
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  if (starts[starts.length - 1] !== text.length) {
    fail('line', 'the text does not end with LF');
    starts.push(text.length + 1);
  }
  const lineCount = starts.length - 1;
  const lineAt = (index: number): string => text.slice(starts[index], (starts[index + 1] as number) - 1);
  /** The payload of an earlier event, parsed again when a check needs it. */
  const dataAt = (seq: number): JsonObject | undefined => {
    if (seq < 0 || seq + 1 >= lineCount) return undefined;
    try {
      const parsed: unknown = JSON.parse(lineAt(seq + 1));
      return isObject(parsed) && isObject(parsed.data) ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };

  // ---- header
  lineNumber = 1;
  let header: JsonObject = {};
  try {
    const parsed: unknown = JSON.parse(lineAt(0));
    if (isObject(parsed)) header = parsed;
    else fail('line', 'the header is not an object');
  } catch {
    fail('line', 'the header does not parse');
  }
  if (!keysConform(Object.keys(header), HEADER_KEY_ORDER, HEADER_REQUIRED))
    fail('header', `keys ${Object.keys(header).join(',')} are not the v2+ set in writer order`);
  if (header.type !== 'session' || header.version !== 4) fail('header', 'not a version-4 session header');
  if (!isNonEmptyString(header.id)) fail('header', 'id is not a string');
  if (!isSafeNonNegative(header.createdAt) || !isSafeNonNegative(header.delegationDepth))
    fail('header', 'createdAt/delegationDepth not non-negative safe integers');
  if (typeof header.isSeeded !== 'boolean') fail('header', 'isSeeded not a boolean');
  if ('origin' in header && header.origin !== 'subagent') fail('header', 'origin other than "subagent"');

  // ---- per-event state
  const typeAt: string[] = [];
  const surface: number[] = [];
  let headSeq = -1;
  let firstStepStartSeq = -1;
  let systemInHistory = false;
  let openTurn = 0;
  let lastTurn = 0;
  let openStep = 0;
  let lastStep = 0;
  /** Call ids the last assistant/message of the open step asked for, and the ones started. */
  let askedCalls = new Set<string>();
  /** tool/call seq by call id, for calls of the open step still without a result. */
  const unsettled = new Map<string, number>();
  const settled = new Set<string>();
  /** Events expected right after the one just read (compaction commits, prunes). */
  let expectNext: ((event: JsonObject, seq: number) => void) | null = null;
  let lastTaggedSeed = -1;

  const inOpenStep = (data: JsonObject, what: string): void => {
    if (openStep === 0 || data.turn !== openTurn || data.step !== openStep)
      fail(
        'structure',
        `${what} turn ${show(data.turn)} step ${show(data.step)} outside the open step ${openTurn}/${openStep}`,
      );
  };
  const noPluginSource = (source: Json | undefined, where: string): void => {
    if (!isObject(source) || !isNonEmptyString(source.kind))
      fail('message', `${where}: source without a kind`);
    else if (source.kind === 'plugin') fail('message', `${where}: source kind "plugin" (v4 names producers)`);
  };

  for (let index = 1; index < lineCount; index += 1) {
    lineNumber = index + 1;
    const seq = index - 1;
    const line = lineAt(index);
    let event: JsonObject;
    try {
      const parsed: unknown = JSON.parse(line);
      if (!isObject(parsed)) {
        fail('line', 'not a JSON object');
        continue;
      }
      event = parsed;
    } catch {
      fail('line', 'does not parse');
      continue;
    }
    report.events += 1;
    const type = show(event.type);
    report.eventTypes[type] = (report.eventTypes[type] ?? 0) + 1;
    typeAt[seq] = type;
    const data = isObject(event.data) ? event.data : {};

    // envelope
    const keys = Object.keys(event);
    if (keys.some((key) => !ENVELOPE_KEYS.includes(key)))
      fail('envelope', `keys ${keys.join(',')} outside the envelope (a packed row?)`);
    else if (keys.slice(0, 4).join(',') !== 'type,seq,time,data')
      fail('envelope', `key order ${keys.join(',')}`);
    if (event.seq !== seq) fail('envelope', `seq ${show(event.seq)}, expected ${seq} (dense from 0)`);
    if (!Number.isSafeInteger(event.time)) fail('envelope', 'time is not a safe integer');
    if (!('data' in event)) fail('envelope', 'no data');
    if ('ignorable' in event && event.ignorable !== true) fail('envelope', 'ignorable other than true');
    const time = event.time as number;

    // vocabulary
    if (type === 'assistant/chunk') fail('vocabulary', 'assistant/chunk (folded into streams from v2 on)');
    else if (!KNOWN_TYPES.has(type) && event.ignorable !== true)
      fail('vocabulary', `unknown required type ${type}`);

    if (expectNext !== null) {
      const check = expectNext;
      expectNext = null;
      check(event, seq);
    }

    // surface metadata
    const isSurface = SURFACE_TYPES.has(type);
    if (!isSurface && ('surfaceOp' in event || 'sourceEventSeqs' in event))
      fail('surface', `${type} carries surface metadata`);
    if (isSurface && !('surfaceOp' in event)) fail('surface', `${type} without surfaceOp`);
    if (type === 'assistant/message' && 'sourceEventSeqs' in event)
      fail('surface', 'assistant/message cites sourceEventSeqs (it embeds its stream)');

    // sourceEventSeqs
    let cited: number[] | null = null;
    if ('sourceEventSeqs' in event) {
      const list = event.sourceEventSeqs;
      const decoded = Array.isArray(list) ? decodeSeqList(list) : null;
      if (decoded === null)
        fail('seqs', `sourceEventSeqs ${JSON.stringify(list)} is not seqs and [start, end] pairs`);
      else {
        cited = decoded.seqs;
        if (cited.length === 0) fail('seqs', 'empty sourceEventSeqs');
        if (new Set(cited).size !== cited.length) fail('seqs', 'duplicate seqs');
        if (cited.some((value) => value >= seq)) fail('seqs', 'a seq not earlier than the event');
        if (decoded.hasPairs && !isStrictlyIncreasing(cited))
          fail('seqs', 'pairs in a list that is not strictly increasing');
        if (JSON.stringify(list) !== writerForm(cited))
          fail('seqs', `${JSON.stringify(list)} is not the writer's form ${writerForm(cited)}`);
      }
    }

    // surface fold
    const op = event.surfaceOp;
    if (isSurface && op !== undefined) {
      if (op === 'append') {
        if (type === 'system/message') {
          if (headSeq === -1) {
            if (surface.length > 0) fail('surface', 'the system head is not the first surface node');
            if (seq !== firstStepStartSeq + 1 || firstStepStartSeq === -1)
              fail('surface', 'the system head is not right after the first step/start');
            headSeq = seq;
          } else if (!systemInHistory)
            fail(
              'surface',
              'a second system/message appended without request/context systemPromptUpdate "in-history"',
            );
        } else if (headSeq === -1) fail('surface', `${type} on the surface before the system head`);
        surface.push(seq);
      } else if (isObject(op)) {
        if (Object.keys(op).join(',') !== 'op,startSeq,endSeq' || op.op !== 'replace')
          fail('surface', `replace op ${JSON.stringify(op)} is not {op, startSeq, endSeq}`);
        const i = surface.indexOf(op.startSeq as number);
        const j = surface.indexOf(op.endSeq as number);
        if (i === -1 || j === -1 || i > j)
          fail('surface', `replace ${JSON.stringify(op)} over nodes not on the surface in order`);
        else {
          const shadowed = surface.slice(i, j + 1);
          if (cited === null || shadowed.some((node) => !cited.includes(node)))
            fail('surface', 'a replacement does not cite every node it shadows');
          if (shadowed.includes(headSeq) && !(type === 'system/message' && shadowed.length === 1))
            fail(
              'surface',
              `${type} replaces the system head (only a system/message replacing exactly it may)`,
            );
          if (
            type === 'system/message' &&
            !(shadowed.length === 1 && typeAt[shadowed[0] as number] === 'system/message')
          )
            fail('surface', 'a system/message replaces something other than one system node');
          if (type === 'tool/result') {
            const original = dataAt(shadowed[0] as number);
            if (
              shadowed.length !== 1 ||
              typeAt[shadowed[0] as number] !== 'tool/result' ||
              original === undefined
            )
              fail('surface', 'a tool/result replacement does not shadow exactly one tool/result');
            else {
              const strip = (value: JsonObject): string =>
                canonical({
                  ...value,
                  message: isObject(value.message) ? { ...value.message, content: null } : null,
                });
              if (strip(original) !== strip(data))
                fail('surface', 'a pruned tool/result differs from its original beyond content');
            }
          }
          if (shadowed.includes(headSeq)) headSeq = seq;
          surface.splice(i, j - i + 1, seq);
        }
      } else fail('surface', `surfaceOp ${JSON.stringify(op)}`);
    }

    // per type
    switch (type) {
      case 'turn/start':
        if (openTurn !== 0) fail('structure', 'turn/start inside an open turn');
        if (data.turn !== lastTurn + 1) fail('structure', `turn ${show(data.turn)} after ${lastTurn}`);
        openTurn = data.turn as number;
        lastTurn = openTurn;
        lastStep = 0;
        break;
      case 'turn/end':
        if (openTurn === 0 || data.turn !== openTurn) fail('structure', 'turn/end without its turn/start');
        if (openStep !== 0) fail('structure', 'turn/end inside an open step');
        openTurn = 0;
        break;
      case 'step/start':
        if (openTurn === 0 || data.turn !== openTurn) fail('structure', 'step/start outside its turn');
        if (openStep !== 0) fail('structure', 'step/start inside an open step');
        if (data.step !== lastStep + 1) fail('structure', `step ${show(data.step)} after ${lastStep}`);
        openStep = data.step as number;
        lastStep = openStep;
        askedCalls = new Set();
        unsettled.clear();
        settled.clear();
        if (firstStepStartSeq === -1) firstStepStartSeq = seq;
        break;
      case 'step/end':
        if (openStep === 0 || data.turn !== openTurn || data.step !== openStep)
          fail('structure', 'step/end without its step/start');
        if (unsettled.size > 0)
          fail('structure', `step ends with unsettled calls ${[...unsettled.keys()].join(', ')}`);
        openStep = 0;
        break;
      case 'system/message': {
        inOpenStep(data, 'system/message');
        const message = isObject(data.message) ? data.message : {};
        if (Object.keys(data).join(',') !== 'turn,step,message')
          fail('message', 'system/message data is not {turn, step, message}');
        if (message.role !== 'system' || !Array.isArray(message.content) || !isNonEmptyString(message.id))
          fail('message', 'system message without role/content/id');
        if (!isObject(message.source) || message.source.kind !== 'system-prompt')
          fail('message', 'system message source is not {kind: "system-prompt"}');
        if (isObject(op) && cited !== null && (cited.length !== 1 || cited[0] !== op.startSeq))
          fail('reference', 'a head replacement does not cite exactly the head');
        break;
      }
      case 'user/message':
        if (data.role !== 'user' || !Array.isArray(data.content) || !isNonEmptyString(data.id))
          fail('message', 'user message without role/content/id');
        noPluginSource(data.source, 'user/message');
        break;
      case 'developer/message': {
        inOpenStep(data, 'developer/message');
        const message = isObject(data.message) ? data.message : {};
        noPluginSource(message.source, 'developer/message');
        if (
          'headerSeq' in data &&
          (typeof data.headerSeq !== 'number' ||
            typeAt[data.headerSeq] !== 'request/header' ||
            data.headerSeq >= seq)
        )
          fail('reference', 'developer/message headerSeq is not an earlier request/header');
        break;
      }
      case 'assistant/message': {
        inOpenStep(data, 'assistant/message');
        if (
          !keysConform(
            Object.keys(data),
            ['turn', 'step', 'message', 'usage', 'interrupted', 'stream'],
            ['turn', 'step', 'message', 'stream'],
          )
        )
          fail('message', `assistant/message data keys ${Object.keys(data).join(',')}`);
        const message = isObject(data.message) ? data.message : {};
        const source = isObject(message.source) ? message.source : {};
        if (message.role !== 'assistant' || !Array.isArray(message.content) || !isNonEmptyString(message.id))
          fail('message', 'assistant message without role/content/id');
        if (source.kind !== 'model' || !isNonEmptyString(source.provider) || !isNonEmptyString(source.model))
          fail('message', 'assistant source is not {kind: "model", provider, model}');
        if ('interrupted' in data && data.interrupted !== true)
          fail('message', 'interrupted other than true');
        checkStream(data.stream, time);
        if (Array.isArray(data.stream) && Array.isArray(message.content)) {
          const { blocks } = assembleStream(data.stream.filter(isObject), data.interrupted === true);
          if (canonical(blocks) !== canonical(message.content))
            fail('stream', 'the message content is not what its stream assembles to');
        }
        askedCalls = new Set();
        if (Array.isArray(message.content))
          for (const block of message.content)
            if (isObject(block) && block.type === 'tool-call') askedCalls.add(show(block.id));
        break;
      }
      case 'assistant/attempt':
        inOpenStep(data, 'assistant/attempt');
        if (Object.keys(data).join(',') !== 'turn,step,stream')
          fail('stream', 'assistant/attempt data is not {turn, step, stream}');
        checkStream(data.stream, time);
        break;
      case 'tool/call': {
        inOpenStep(data, 'tool/call');
        const callId = show(data.callId);
        if (!askedCalls.has(callId))
          fail('structure', `tool/call ${callId} that the step's assistant message did not ask for`);
        if (unsettled.has(callId) || settled.has(callId)) fail('structure', `tool/call ${callId} twice`);
        unsettled.set(callId, seq);
        break;
      }
      case 'tool/result': {
        const message = isObject(data.message) ? data.message : {};
        const source = isObject(message.source) ? message.source : {};
        if (
          !keysConform(
            Object.keys(message),
            ['role', 'source', 'toolCallId', 'content', 'isError', 'id'],
            ['role', 'source', 'toolCallId', 'content', 'id'],
          )
        )
          fail(
            'message',
            `tool message keys ${Object.keys(message).join(',')} (v4: role, source, toolCallId, content, isError?, id)`,
          );
        if (
          message.role !== 'tool' ||
          source.kind !== 'tool' ||
          !isNonEmptyString(source.callId) ||
          message.toolCallId !== source.callId
        )
          fail(
            'message',
            'tool message is not {role: "tool", source: {kind: "tool", callId}, toolCallId = callId}',
          );
        if (!Array.isArray(message.content)) fail('message', 'tool message content is not an array');
        if ('isError' in message && typeof message.isError !== 'boolean')
          fail('message', 'isError not a boolean');
        if ('error' in data) {
          if (message.isError !== true) fail('message', 'data.error on a result that is not an error');
          const error = data.error;
          if (
            !isObject(error) ||
            !keysConform(Object.keys(error), ['name', 'code', 'reason'], ['name', 'code'])
          )
            fail('message', 'data.error is not {name, code, reason?}');
        }
        const callId = show(message.toolCallId);
        if (op === 'append') {
          inOpenStep(data, 'tool/result');
          const callSeq = unsettled.get(callId);
          if (callSeq === undefined)
            fail('reference', `tool/result ${callId} without an unsettled tool/call of the step`);
          else if (cited === null || cited.length !== 1 || cited[0] !== callSeq)
            fail('reference', `tool/result ${callId} does not cite its tool/call ${callSeq}`);
          unsettled.delete(callId);
          settled.add(callId);
        }
        break;
      }
      case 'request/header': {
        const requestHeader = isObject(data.header) ? data.header : {};
        if ('system' in requestHeader)
          fail('request', 'request/header.header.system (a system/message from v3 on)');
        if (!REQUEST_REASONS.has(show(data.reason))) fail('request', `reason ${show(data.reason)}`);
        const config = isObject(requestHeader.config) ? requestHeader.config : {};
        if (!isNonEmptyString(config.provider) || !isNonEmptyString(config.model))
          fail('request', 'config without provider/model');
        break;
      }
      case 'request/context':
        systemInHistory = data.systemPromptUpdate === 'in-history';
        break;
      case 'agent/inbox/spliced':
        if (Array.isArray(data.inserted))
          for (const message of data.inserted)
            if (isObject(message)) noPluginSource(message.source, 'agent/inbox/spliced');
        break;
      case 'session/title':
        if (!Array.isArray(data.messageSeqs)) fail('reference', 'session/title without messageSeqs');
        else
          for (const cite of data.messageSeqs)
            if (
              typeof cite !== 'number' ||
              cite >= seq ||
              typeAt[cite] !== 'user/message' ||
              !isUserPrompt(dataAt(cite))
            )
              fail('reference', `session/title cites ${show(cite)}, not an earlier user prompt`);
        break;
      case 'command/done':
        if ('sourceEventSeq' in data) {
          const cite = data.sourceEventSeq;
          if (typeof cite !== 'number' || cite >= seq || typeAt[cite] !== 'compaction/summary')
            fail(
              'reference',
              `command/done.sourceEventSeq ${show(cite)} is not an earlier compaction/summary`,
            );
        }
        break;
      case 'compaction/summary':
      case 'compaction/prune': {
        const shadowedSeqs = Array.isArray(data.shadowedSeqs) ? (data.shadowedSeqs as number[]) : [];
        const range = isObject(data.shadowedRange) ? data.shadowedRange : {};
        if (
          shadowedSeqs.length === 0 ||
          range.start !== shadowedSeqs[0] ||
          range.end !== shadowedSeqs[shadowedSeqs.length - 1]
        )
          fail('reference', `${type} shadowedRange is not its first and last shadowed seq`);
        if (shadowedSeqs.some((cite) => !surface.includes(cite) || cite === headSeq))
          fail('reference', `${type} shadows seqs that are not non-head surface nodes`);
        if (type === 'compaction/summary') {
          const compactionId = data.compactionId;
          let startSeq = -1;
          for (let at = seq - 1; at >= 0; at -= 1)
            if (typeAt[at] === 'compaction/start' && dataAt(at)?.compactionId === compactionId) {
              startSeq = at;
              break;
            }
          if (startSeq === -1) fail('reference', 'compaction/summary without its compaction/start');
          const summarySeq = seq;
          expectNext = (next, nextSeq) => {
            const nextData = isObject(next.data) ? next.data : {};
            const source = isObject(nextData.source) ? nextData.source : {};
            const nextOp = next.surfaceOp;
            if (
              next.type !== 'user/message' ||
              source.kind !== 'compact-checkpoint' ||
              source.compactionId !== compactionId
            )
              fail('reference', `seq ${nextSeq}: the event after compaction/summary is not its checkpoint`);
            else if (!isObject(nextOp) || nextOp.startSeq !== range.start || nextOp.endSeq !== range.end)
              fail('reference', `seq ${nextSeq}: the checkpoint does not replace the shadowed range`);
            else {
              const list = Array.isArray(next.sourceEventSeqs) ? decodeSeqList(next.sourceEventSeqs) : null;
              if (
                list === null ||
                JSON.stringify(list.seqs) !== JSON.stringify([startSeq, summarySeq, ...shadowedSeqs])
              )
                fail(
                  'reference',
                  `seq ${nextSeq}: the checkpoint does not cite [start, summary, ...shadowed]`,
                );
            }
          };
        } else {
          expectNext = (next, nextSeq) => {
            const nextOp = next.surfaceOp;
            if (
              next.type !== 'tool/result' ||
              !isObject(nextOp) ||
              nextOp.startSeq !== shadowedSeqs[0] ||
              nextOp.endSeq !== shadowedSeqs[0] ||
              shadowedSeqs.length !== 1
            )
              fail(
                'reference',
                `seq ${nextSeq}: the event after compaction/prune is not the tool/result replacing it`,
              );
          };
        }
        break;
      }
      case 'session/end-seed':
        if (data.inherited === true) lastTaggedSeed = seq;
        else if ('inherited' in data) fail('seed', 'session/end-seed inherited other than true');
        break;
      default:
        break;
    }

    // no tool-result block anywhere
    if (line.includes('"tool-result"')) {
      const walk = (value: Json): boolean =>
        Array.isArray(value)
          ? value.some(walk)
          : isObject(value)
            ? value.type === 'tool-result' || Object.values(value).some(walk)
            : false;
      if (walk(event)) fail('message', 'a tool-result block (retired in v4)');
    }
  }
  lineNumber = lineCount;
  if (header.isSeeded === true && lastTaggedSeed === -1)
    fail('seed', 'isSeeded without a tagged session/end-seed');
  if (header.isSeeded === false && lastTaggedSeed !== -1)
    fail('seed', 'a tagged session/end-seed in an unseeded log');
  return report;

  function checkStream(stream: Json | undefined, eventTime: number): void {
    if (!Array.isArray(stream)) {
      fail('stream', 'stream is not an array');
      return;
    }
    let previous: JsonObject | null = null;
    for (const record of stream) {
      if (!isObject(record)) {
        fail('stream', 'a stream record is not an object');
        continue;
      }
      const type = show(record.type);
      report.streamRecords[type] = (report.streamRecords[type] ?? 0) + 1;
      const keys = Object.keys(record).join(',');
      let lastTime: number;
      if (type === 'chunk') {
        const chunk = isObject(record.chunk) ? record.chunk : {};
        if (keys !== 'type,time,chunk') fail('stream', `chunk record keys ${keys}`);
        if (!Number.isSafeInteger(record.time)) fail('stream', 'chunk record time is not a safe integer');
        const isRawDelta = chunk.type === 'tool-call-delta' && (chunk.id === '' || chunk.name === '');
        if (!RAW_CHUNK_TYPES.has(show(chunk.type)) && !isRawDelta)
          fail('stream', `a raw ${show(chunk.type)} chunk (the writer packs deltas into runs)`);
        report.streamMembers += 1;
        lastTime = record.time as number;
      } else {
        const isTool = type === 'tool-call-chunks';
        const expected = isTool
          ? 'name' in record
            ? 'type,time0,index,dt,id,name,args'
            : 'type,time0,index,dt,id,args'
          : 'type,time0,index,dt,texts';
        if ((type !== 'text-chunks' && type !== 'reasoning-chunks' && !isTool) || keys !== expected) {
          fail('stream', `record ${type} with keys ${keys}`);
          continue;
        }
        const members = (isTool ? record.args : record.texts) as Json[];
        const dt = record.dt;
        if (
          !Array.isArray(members) ||
          members.length === 0 ||
          members.some((member) => typeof member !== 'string')
        )
          fail('stream', `${type} members are not a non-empty string list`);
        if (
          !Array.isArray(dt) ||
          dt.length !== members.length - 1 ||
          dt.some((gap) => !Number.isSafeInteger(gap))
        )
          fail('stream', `${type} dt is not members - 1 safe integers`);
        if (!Number.isSafeInteger(record.time0) || !isSafeNonNegative(record.index))
          fail('stream', `${type} time0/index`);
        if (isTool && (!isNonEmptyString(record.id) || ('name' in record && !isNonEmptyString(record.name))))
          fail('stream', 'tool-call-chunks id/name empty (such deltas are raw chunks)');
        report.streamMembers += members.length;
        lastTime =
          (record.time0 as number) +
          (Array.isArray(dt) ? (dt as number[]).reduce((sum, gap) => sum + gap, 0) : 0);
        if (
          previous !== null &&
          previous.type === type &&
          previous.index === record.index &&
          (!isTool ||
            (previous.id === record.id &&
              'name' in previous === 'name' in record &&
              previous.name === record.name))
        )
          fail('stream', `two ${type} records the writer would have joined (index ${show(record.index)})`);
      }
      if (lastTime > eventTime)
        fail('time', `a stream member at ${lastTime} after its event's time ${eventTime}`);
      previous = record;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Key order against the upstream samples.

/**
 * Key orders per object path: `tool/result.data.message.source{tool}`, arrays as `[]`, `<type>` for
 * objects with a type; stream records under `assistant/*.stream`, wherever they are embedded.
 */
function collectShapes(value: Json, path: string, out: Map<string, Set<string>>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectShapes(item, `${path}[]`, out);
    return;
  }
  if (!isObject(value)) return;
  let at = path;
  if (typeof value.type === 'string' && path.includes('.')) at += `<${value.type}>`;
  if (typeof value.kind === 'string') at += `{${value.kind}}`;
  let orders = out.get(at);
  if (orders === undefined) {
    orders = new Set();
    out.set(at, orders);
  }
  orders.add(Object.keys(value).join(','));
  for (const [key, child] of Object.entries(value)) {
    if (FREE_FORM.has(`${at}.${key}`)) continue;
    const childPath = key === 'stream' && at.startsWith('assistant/') ? 'assistant/*.stream' : `${at}.${key}`;
    collectShapes(child, childPath, out);
  }
}

/** Values whose keys belong to their producer (tool schemas, tool-private meta): not compared. */
const FREE_FORM = new Set(['request/header.data.header.tools[].parameters', 'tool/result.data.meta']);

/** Envelope keys the normalized upstream samples drop (FORMAT.md §1.6); not reported as extra. */
const NORMALIZED_AWAY = new Set(['seq', 'time']);

function shapesOfText(text: string, out: Map<string, Set<string>>): void {
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const value = JSON.parse(line) as Json;
    const root = index === 0 ? 'header' : isObject(value) ? show(value.type) : '?';
    collectShapes(value, root, out);
  }
}

/** The keys of a recorded key order ('' for an object without keys). */
function keysOf(order: string): string[] {
  return order === '' ? [] : order.split(',');
}

/** How the key orders of a log compare with the samples'. */
interface ShapeComparison {
  /** Paths found in both, and those whose common keys are in the same order in every pairing. */
  compared: number;
  agreeing: number;
  /** Paths whose common keys are in another order than a sample's. */
  orderDiffers: string[];
  /** Keys of ours that no sample has at that path (optional fields the samples do not show). */
  extraKeys: string[];
  /** Paths of ours that no sample shows (event types or variants the samples lack). */
  notInSamples: string[];
}

function compareShapes(text: string, sampleTexts: readonly string[]): ShapeComparison {
  const ours = new Map<string, Set<string>>();
  shapesOfText(text, ours);
  const samples = new Map<string, Set<string>>();
  for (const sample of sampleTexts) shapesOfText(sample, samples);
  const result: ShapeComparison = {
    compared: 0,
    agreeing: 0,
    orderDiffers: [],
    extraKeys: [],
    notInSamples: [],
  };
  for (const [path, orders] of ours) {
    const sampleOrders = samples.get(path);
    if (sampleOrders === undefined) {
      result.notInSamples.push(path);
      continue;
    }
    result.compared += 1;
    const sampleKeys = new Set([...sampleOrders].flatMap(keysOf));
    let agrees = true;
    for (const order of orders) {
      const keys = keysOf(order);
      const extra = keys.filter(
        (key) => !sampleKeys.has(key) && !(path.indexOf('.') === -1 && NORMALIZED_AWAY.has(key)),
      );
      if (extra.length > 0) result.extraKeys.push(`${path}: ${extra.join(', ')}`);
      for (const sampleOrder of sampleOrders) {
        const sample = keysOf(sampleOrder);
        const common = keys.filter((key) => sample.includes(key));
        const commonInSample = sample.filter((key) => keys.includes(key));
        if (common.join(',') !== commonInSample.join(',')) {
          agrees = false;
          result.orderDiffers.push(`${path}: ours ${order} / sample ${sampleOrder}`);
        }
      }
    }
    if (agrees) result.agreeing += 1;
  }
  result.extraKeys = [...new Set(result.extraKeys)];
  return result;
}

// ---------------------------------------------------------------------------------------------
// Files.

/** The text of a .jsonl or .jsonl.zstd log; for zstd also its frame count (after checking frame 1 is the header alone). */
export function readLogText(path: string): { text: string; frames?: number } {
  const bytes = new Uint8Array(readFileSync(path));
  if (!path.endsWith('.zstd')) return { text: new TextDecoder().decode(bytes) };
  const frames = listFrames(bytes);
  const decoder = new TextDecoder();
  const parts = frames.map(([start, end]) => decoder.decode(decompress(bytes.subarray(start, end))));
  if (parts[0] === undefined || parts[0].indexOf('\n') !== parts[0].length - 1)
    throw new Error(`${path}: frame 1 is not the header line alone`);
  if (parts.some((part) => !part.endsWith('\n')))
    throw new Error(`${path}: a frame does not end at a line end`);
  return { text: parts.join(''), frames: frames.length };
}

function listJsonl(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listJsonl(path);
    return name.endsWith('.jsonl') ? [path] : [];
  });
}

function printReport(report: CheckReport, comparison: ShapeComparison | null): void {
  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  const failed = Object.entries(report.failures);
  out(
    `${report.file}: ${report.events} events${report.frames === undefined ? '' : `, ${report.frames} frames`} — ${failed.length === 0 ? 'every rule holds' : `${failed.length} rule(s) fail`}`,
  );
  for (const [rule, { count, first }] of failed) {
    out(`  FAIL ${rule}: ${count}`);
    for (const message of first) out(`    ${message}`);
  }
  out(
    `  event types: ${Object.entries(report.eventTypes)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
  );
  out(
    `  stream records: ${Object.entries(report.streamRecords)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}; ${report.streamMembers} chunks inside`,
  );
  if (comparison === null) return;
  out(`  key order vs samples: ${comparison.agreeing} of ${comparison.compared} shared object paths agree`);
  for (const line of comparison.orderDiffers) out(`    ORDER ${line}`);
  for (const line of comparison.extraKeys) out(`    keys the samples do not show at ${line}`);
  out(
    `    ${comparison.notInSamples.length} paths the samples do not have: ${comparison.notInSamples.join(' ')}`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const sampleDirs = readOptions(argv, '--samples');
  if (sampleDirs.length === 0) sampleDirs.push('fixtures/generations/upstream/v4');
  const files = positionalArgs(argv, ['--samples']);
  const json = hasFlag(argv, '--json');
  const sampleTexts = hasFlag(argv, '--no-compare')
    ? []
    : sampleDirs.flatMap(listJsonl).map((path) => readFileSync(path, 'utf8'));
  let isOk = true;
  const results = [];
  for (const file of files) {
    const { text, frames } = readLogText(file);
    const report = checkV4Text(text, file);
    if (frames !== undefined) report.frames = frames;
    const comparison = sampleTexts.length > 0 ? compareShapes(text, sampleTexts) : null;
    if (Object.keys(report.failures).length > 0 || (comparison?.orderDiffers.length ?? 0) > 0) isOk = false;
    if (json) results.push({ ...report, comparison });
    else printReport(report, comparison);
  }
  if (json) process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exitCode = isOk ? 0 : 1;
}
