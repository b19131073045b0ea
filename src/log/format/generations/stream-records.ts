// Embedded model streams (generation 2 and later, docs/format-generations.md "Streams"): an
// assistant/message or assistant/attempt carries its stream as `data.stream`, a list of records
// that are either one timed chunk or a run of deltas of one block. Expanding a stream gives the
// same chunk objects a generation-0 log stores as assistant/chunk events, so one assembler serves both.

import { isRecord } from '../../event.ts';

/** One chunk of an expanded stream, with its wall-clock time in ms since the epoch. */
export interface TimedChunk {
  time: number;
  /** A chunk object as in `assistant/chunk.data.chunk` (block-start, text-delta, …, finish). */
  chunk: Record<string, unknown>;
}

/** An expanded stream: every chunk in order, and the records that could not be read (by index). */
export interface ExpandedStream {
  chunks: TimedChunk[];
  /** Indexes of records that are not a valid stream record; they contribute no chunk. */
  badRecords: number[];
}

const RUN_DELTA_TYPES: Readonly<Record<string, 'text-delta' | 'reasoning-delta'>> = {
  'text-chunks': 'text-delta',
  'reasoning-chunks': 'reasoning-delta',
};

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The times of a run's members: `time0`, then each `dt[i]` added to the previous member's time.
 * A run of n members has n − 1 gaps; a missing or short `dt` repeats the last known time, so a
 * damaged run still yields one chunk per member.
 */
function memberTimes(time0: number, dt: unknown, count: number): number[] {
  const gaps = Array.isArray(dt) ? dt : [];
  const times: number[] = [];
  let time = time0;
  for (let member = 0; member < count; member += 1) {
    if (member > 0) {
      const gap: unknown = gaps[member - 1];
      if (isFiniteNumber(gap)) time += gap;
    }
    times.push(time);
  }
  return times;
}

/**
 * Expands `data.stream` into chunks. Never throws: a stream that is not an array yields no chunks,
 * and a record of unknown shape is listed in `badRecords`. Tool-call runs carry `name` only when
 * the record has one (a run continuing a call after its first delta has none).
 */
export function expandStream(stream: unknown): ExpandedStream {
  const chunks: TimedChunk[] = [];
  const badRecords: number[] = [];
  if (!Array.isArray(stream)) return { chunks, badRecords };
  stream.forEach((record: unknown, recordIndex) => {
    if (!isRecord(record)) {
      badRecords.push(recordIndex);
      return;
    }
    const type = record.type;
    if (type === 'chunk') {
      if (!isRecord(record.chunk) || !isFiniteNumber(record.time)) badRecords.push(recordIndex);
      else chunks.push({ time: record.time, chunk: record.chunk });
      return;
    }
    if (typeof type !== 'string' || !isFiniteNumber(record.time0)) {
      badRecords.push(recordIndex);
      return;
    }
    const deltaType = RUN_DELTA_TYPES[type];
    if (deltaType !== undefined && Array.isArray(record.texts)) {
      const texts: unknown[] = record.texts;
      const time0 = record.time0;
      const times = memberTimes(time0, record.dt, texts.length);
      texts.forEach((text, member) => {
        chunks.push({
          time: times[member] ?? time0,
          chunk: { type: deltaType, index: record.index, text },
        });
      });
      return;
    }
    if (type === 'tool-call-chunks' && Array.isArray(record.args)) {
      const args: unknown[] = record.args;
      const time0 = record.time0;
      const times = memberTimes(time0, record.dt, args.length);
      args.forEach((argumentsDelta, member) => {
        const chunk: Record<string, unknown> = {
          type: 'tool-call-delta',
          index: record.index,
          id: record.id,
        };
        if ('name' in record) chunk.name = record.name;
        chunk.argumentsDelta = argumentsDelta;
        chunks.push({ time: times[member] ?? time0, chunk });
      });
      return;
    }
    badRecords.push(recordIndex);
  });
  return { chunks, badRecords };
}
