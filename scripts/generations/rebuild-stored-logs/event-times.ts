// Event times of a rebuilt log: the model-stream times a snapshot kept anchor them.

import { isObject, type Json, type JsonObject } from './stored-log.ts';

/** The first and last time (ms) of a stream's members. */
export interface StreamSpan {
  first: number;
  last: number;
}

/** The span of `data.stream`; 'zero' when every time in it was normalized to 0; undefined without a timed stream. */
export function streamSpan(data: JsonObject): StreamSpan | 'zero' | undefined {
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

/** `data` with every stream record's time set to `time` (ms). */
export function retimeZeroStream(data: JsonObject, time: number): JsonObject {
  const stream = (data['stream'] as Json[]).map((record) => {
    if (!isObject(record)) return record;
    if (record['type'] === 'chunk') return { ...record, time };
    return { ...record, time0: time };
  });
  return { ...data, stream };
}
