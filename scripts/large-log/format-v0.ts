// How a format v0 log stores events (FORMAT.md §1, §4.2): a `session` header line with version 0,
// then per write batch each event's envelope as one line, except that a run of at least 3
// consecutive packable chunks of one block becomes one packed chunk row.

import type { LogFormat, RowCounts } from './batch-writer.ts';
import type { ChunkEvent, LogicalEvent, SessionHeader } from './logical-event.ts';

const PACKED_ROW_TYPE: Record<string, string> = {
  'text-delta': 'text-chunks',
  'reasoning-delta': 'reasoning-chunks',
  'tool-call-delta': 'tool-call-chunks',
};

/** Minimum members in a packed row (FORMAT.md §4.2, MIN_RUN). */
const MIN_PACKED_RUN = 3;

/** Events with the same key, at consecutive seqs, may share one packed row; null: never packed. */
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
function serializeBatch(events: readonly LogicalEvent[], counts: RowCounts): string {
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
      counts.packedRows += 1;
      counts.packedEvents += members.length;
      i = end;
    } else {
      for (let k = i; k < end; k += 1) lines.push(JSON.stringify(events[k]));
      i = end;
    }
  }
  for (const line of lines) {
    const bytes = Buffer.byteLength(line, 'utf8');
    if (bytes > counts.longestLineBytes) counts.longestLineBytes = bytes;
  }
  counts.storedLines += lines.length;
  return lines.join('\n') + '\n';
}

function serializeHeader(header: SessionHeader): string {
  return (
    JSON.stringify({
      type: 'session',
      version: 0,
      id: header.id,
      createdAt: header.createdAt,
      cwd: header.cwd,
      delegationDepth: 0,
    }) + '\n'
  );
}

/** Format v0 as upstream's writer stores it (header version 0, packed chunk rows): every event is a row. */
export const FORMAT_V0: LogFormat<LogicalEvent> = {
  serializeHeader,
  store: (event, put) => put(event),
  finish: () => {},
  serializeBatch,
};
