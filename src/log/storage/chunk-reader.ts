// Reads the payload of one assistant/chunk by seq, taking members of packed rows straight from the
// parsed row (FORMAT.md §4.1) so a long run is parsed once, not once per member.

import type { StoredEvent } from '../event.ts';
import { isRecord } from '../event.ts';
import type { LogStore } from './log-store.ts';

/** `data` of an assistant/chunk event: `{turn, step, chunk}` (FORMAT.md §5.2). */
export interface ChunkData {
  turn: unknown;
  step: unknown;
  chunk: unknown;
}

const lastRowByStore = new WeakMap<LogStore, { lineIndex: number; row: unknown }>();

/**
 * The chunk payload of event `seq`, or null when it is not an assistant/chunk. A packed member is
 * rebuilt per §4.3 from its row (the last parsed row is kept per store); other events are read
 * as stored. The returned object is fresh: the caller may keep it.
 */
export function readChunkData(store: LogStore, seq: number): ChunkData | null {
  const member = store.eventMember.get(seq);
  if (member < 0) {
    const event: StoredEvent = store.readStoredEvent(seq);
    if (event.type !== 'assistant/chunk' || !isRecord(event.data)) return null;
    return { turn: event.data.turn, step: event.data.step, chunk: event.data.chunk };
  }
  const lineIndex = store.eventLine.get(seq);
  let cached = lastRowByStore.get(store);
  if (cached === undefined || cached.lineIndex !== lineIndex) {
    cached = { lineIndex, row: JSON.parse(store.lineText(lineIndex)) as unknown };
    lastRowByStore.set(store, cached);
  }
  return memberOfRow(cached.row, member);
}

/** Member `member` of a packed row as chunk data, or null when the row is not a valid row. */
function memberOfRow(row: unknown, member: number): ChunkData | null {
  if (!isRecord(row) || !isRecord(row.data)) return null;
  const data = row.data;
  const index = data.index;
  switch (row.type) {
    case 'text-chunks':
    case 'reasoning-chunks': {
      const texts = data.texts;
      if (!Array.isArray(texts)) return null;
      const type = row.type === 'text-chunks' ? 'text-delta' : 'reasoning-delta';
      return { turn: data.turn, step: data.step, chunk: { type, index, text: texts[member] as unknown } };
    }
    case 'tool-call-chunks': {
      const args = data.args;
      if (!Array.isArray(args)) return null;
      const chunk: Record<string, unknown> = { type: 'tool-call-delta', index, id: data.id };
      if ('name' in data) chunk.name = data.name;
      chunk.argumentsDelta = args[member] as unknown;
      return { turn: data.turn, step: data.step, chunk };
    }
    default:
      return null;
  }
}

/** The event at `seq` as stored (FORMAT.md §3.1); a packed member is expanded by §4.3 from its row. */
export function readStoredEventAt(store: LogStore, seq: number): StoredEvent {
  if (store.eventMember.get(seq) < 0) return store.readStoredEvent(seq);
  return packedMemberEvent(store, seq);
}

/** The event at `seq` after the legacy upgrades of FORMAT.md §3.6 (what projections use). */
export function readUpgradedEventAt(store: LogStore, seq: number): StoredEvent {
  if (store.eventMember.get(seq) < 0) return store.readEvent(seq);
  return packedMemberEvent(store, seq);
}

function packedMemberEvent(store: LogStore, seq: number): StoredEvent {
  const data = readChunkData(store, seq);
  return { type: 'assistant/chunk', seq, time: store.eventTime.get(seq), data: data ?? null };
}
