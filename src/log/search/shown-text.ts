// What text a person sees for an event, and on which event they see it: the "documents" of the text
// index (text-index.ts). A document is the text one seq shows: its row (stored type, summary) and
// the string values of its data as decoded (escapes undone) — not keys, not raw JSON. Streamed
// pieces are not documents of their own: their text is shown assembled on the event they built.

import { ChunkKind, isRecord, type StoredEvent } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { readStoredEventAt } from '../storage/chunk-reader.ts';
import { expandStream } from '../format/generations/stream-records.ts';
import { eventKindOf } from '../format/event-kinds/registry.ts';
import { BlockAssembler, deriveStreamingState } from '../projections/block-assembler.ts';
import { summarizeUpgradedEvent } from '../projections/event-summary.ts';

/** How event-summary.ts marks an excerpt it cut. */
const CUT_MARK = '…';

/**
 * Seqs of the last chunk of each top-level attempt that no assistant/message answered (failed,
 * cancelled or cut off, FORMAT.md §5.2 `assistant/message`): the model view shows the partial
 * message there (block-assembler.ts `deriveStreamingState`), so its assembled text is found there.
 */
export function unansweredAttemptEnds(log: OpenedLog): Set<number> {
  const ends = new Set<number>();
  for (const turn of log.index.turns)
    for (const step of turn.steps)
      for (const attempt of step.attempts)
        if (attempt.messageSeq === null && log.index.chunkKind.get(attempt.firstChunkSeq) !== ChunkKind.NONE)
          ends.add(attempt.lastChunkSeq);
  return ends;
}

/**
 * Chunk kinds whose text is shown only assembled (the message, or the partial message at the
 * attempt's end): deltas, and block-end, which repeats the whole block (FORMAT.md §4, §5.1).
 */
function isAssembledElsewhere(kind: number): boolean {
  return (
    kind === ChunkKind.TEXT_DELTA ||
    kind === ChunkKind.REASONING_DELTA ||
    kind === ChunkKind.TOOL_CALL_DELTA ||
    kind === ChunkKind.BLOCK_END
  );
}

/**
 * Appends to `out` the pieces of text event `seq` shows (nothing when it shows none of its own),
 * each a separate piece so that no match spans two of them. `attemptEnds` is
 * unansweredAttemptEnds(log).
 *
 * - Any event: its stored type, the reading type when a legacy upgrade renamed it, its row summary.
 * - The string values of its stored data (what the event detail shows), at any depth, decoded; a
 *   deep-value marker contributes the raw JSON text the detail shows for it. Not keys, not numbers
 *   or booleans (the summary shows the ones a row shows).
 * - An assistant/message (its kind's `searchText`, format/event-kinds): the tool-call blocks that a `tool/call` executed contribute only their
 *   name; the call id and arguments are found on that `tool/call` (FORMAT.md §7.5), which shows them.
 * - An embedded `data.stream` (generation 2 on) is not walked record by record: an
 *   `assistant/attempt` contributes the blocks assembled from it; a message's content already is them.
 * - A top-level delta or block-end chunk: nothing (its text is on the assembled message); the last
 *   chunk of an unanswered attempt: the blocks assembled from the whole attempt.
 */
export function collectShownText(
  log: OpenedLog,
  seq: number,
  attemptEnds: ReadonlySet<number>,
  out: string[],
): void {
  const kind = log.index.chunkKind.get(seq);
  const isChunk = kind !== ChunkKind.NONE;
  if (!isChunk || !isAssembledElsewhere(kind)) {
    // One parse: the stored event's values first (what the detail shows), then its reading shape
    // (what the row shows), which the upgrade may derive from it in place.
    const stored = readStoredEventAt(log.store, seq);
    const storedType = stored.type;
    collectDataText(log, stored, out);
    const event = log.store.eventMember.get(seq) < 0 ? log.store.upgradeStoredEvent(stored) : stored;
    out.push(storedType);
    if (event.type !== storedType) out.push(event.type);
    // The summary's cut marks (…) are not text of the log: the cut ends a piece instead (and keeps
    // the piece Latin-1, text-index.ts).
    for (const part of summarizeUpgradedEvent(event).split(CUT_MARK)) if (part !== '') out.push(part);
  }
  if (isChunk && attemptEnds.has(seq)) collectStrings(deriveStreamingState(log, seq)?.blocks ?? [], out, log);
}

function collectDataText(log: OpenedLog, event: StoredEvent, out: string[]): void {
  const data = event.data;
  // In an assistant message (the current shape keeps blocks in data.message.content, the legacy
  // one in data.content), executed tool-call blocks are reduced to their names.
  const searchText = eventKindOf(event.type)?.searchText;
  const callsOf = searchText === 'executed-calls-by-name' ? log : null;
  if (!isRecord(data)) {
    collectStrings(data, out, callsOf);
    return;
  }
  for (const key of Object.keys(data)) {
    const value = data[key];
    if (key === 'stream' && Array.isArray(value)) {
      if (searchText === 'assembled-stream') {
        const assembler = new BlockAssembler();
        for (const { chunk } of expandStream(value).chunks) assembler.apply(chunk);
        collectStrings(assembler.snapshot(), out, log);
      }
      continue;
    }
    collectStrings(value, out, callsOf);
  }
}

/** Whether a `tool/call` was recorded for call id `id` (it shows the id and the arguments). */
function isExecuted(log: OpenedLog, id: unknown): boolean {
  return typeof id === 'string' && (log.index.toolCallById.get(id)?.callSeq ?? null) !== null;
}

/**
 * Every string in `value` at any depth (not keys), in document order. With `callsOf`, a tool-call
 * block that a tool/call of that log executed contributes only its type and name. Iterative:
 * values nest deeper than the stack.
 */
function collectStrings(value: unknown, out: string[], callsOf: OpenedLog | null): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item !== '') out.push(item);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push(item[i]);
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      if (callsOf !== null && record.type === 'tool-call' && isExecuted(callsOf, record.id)) {
        out.push('tool-call');
        if (typeof record.name === 'string') out.push(record.name);
        continue;
      }
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i--) pending.push(record[keys[i] as string]);
    }
  }
}
