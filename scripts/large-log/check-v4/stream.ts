// The stream and time rules: the records of an embedded assistant stream (docs/format-generations.md
// §4) as the writer's accumulator cuts them, and the content they assemble to.

import type { CheckContext } from './context.ts';
import { isNonEmptyString, isObject, isSafeNonNegative, show, type Json, type JsonObject } from './json.ts';

const RAW_CHUNK_TYPES = new Set(['block-start', 'block-end', 'usage', 'finish']);

/** The assistant content blocks a stream assembles to (FORMAT.md §5.1, the upstream BlockAssembler). */
export function assembleStream(
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

/**
 * Checks one stream (of an assistant/message or assistant/attempt) and counts its records and
 * members into the report; `eventTime` (ms) is the time of the event that embeds it.
 */
export function checkStream(
  { report, fail }: CheckContext,
  stream: Json | undefined,
  eventTime: number,
): void {
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
