// Links from one event to the events it relates to (FORMAT.md §6.4, §7.5): sources, consumer, tool
// call pairings and replacements, command/approval/compaction/retry pairs, turn and step bounds.

import { findSpanStartingAtOrBefore } from '../base/span-lookup.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import { isRecord } from '../event.ts';
import type { ToolCallRecord } from '../structure/tool-calls.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { findOp } from '../structure/surface.ts';
import { assertNever } from '../base/errors.ts';
import { eventKindOf } from '../format/event-kinds/registry.ts';

/** A link from one event to another (sources, consumer, pairings). */
export interface EventLink {
  label: string;
  seq: number;
}

/**
 * Up to this many sources are links of their own ("source tool/call → 12"); more (an assistant
 * message built from hundreds of chunks) are one provenance line instead (deriveEventProvenance).
 */
const SOURCE_LINKS_MAX = 2;

/** Where an event came from, in one line: "built from 314 chunks, seq 735–1047". */
export interface EventProvenance {
  /** How many of its `sourceEventSeqs` name events of the log. */
  count: number;
  firstSeq: number;
  lastSeq: number;
  /** What they are: the one type they share (e.g. 'assistant/chunk'), or null when mixed. */
  type: string | null;
}

/**
 * Every link of event `seq`, in a stable order without duplicates (same label and seq). Throws
 * for a seq outside the log.
 */
export function deriveEventLinks(log: OpenedLog, seq: number): EventLink[] {
  if (seq < 0 || seq >= log.store.eventCount) throw new RangeError(`seq ${seq} is outside the log`);
  const links: EventLink[] = [];
  const seen = new Set<string>();
  const add = (label: string, target: number | null | undefined): void => {
    if (target === null || target === undefined || target < 0 || target === seq) return;
    const key = `${label}\u0000${target}`;
    if (seen.has(key)) return;
    seen.add(key);
    links.push({ label, seq: target });
  };
  const index = log.index;
  const event = readUpgradedEventAt(log.store, seq);
  const data = isRecord(event.data) ? event.data : {};

  addSourceLinks(log, event.sourceEventSeqs, add);
  add('consumed by', index.consumedBy.get(seq));

  const op = findOp(index.surfaceOps, index.surfaceOpSeqs, seq);
  if (op !== null) for (const shadowed of op.shadowedSeqs) add('replaces', shadowed);
  const shadowing = index.surfaceOps.find((candidate) => candidate.shadowedSeqs.includes(seq));
  if (shadowing !== undefined) add('replaced by', shadowing.seq);

  // Which links the kind has is its registration's (format/event-kinds/registry.ts).
  const rule = eventKindOf(event.type)?.links;
  switch (rule) {
    case 'turn-bounds': {
      const turn = findSpanStartingAtOrBefore(index.turns, seq);
      if (turn !== null) {
        add('turn start', turn.startSeq);
        add('turn end', turn.endSeq);
      }
      break;
    }
    case 'step-bounds': {
      const turn = findSpanStartingAtOrBefore(index.turns, seq);
      const step = turn?.steps.find((candidate) => candidate.startSeq === seq || candidate.endSeq === seq);
      if (step !== undefined) {
        add('step start', step.startSeq);
        add('step end', step.endSeq);
      }
      break;
    }
    case 'attempt-of-chunk': {
      const found = findAttemptOfChunk(log, seq);
      if (found !== null) {
        add('attempt first chunk', found.firstChunkSeq);
        add('attempt message', found.messageSeq);
      }
      break;
    }
    case 'message-tool-calls': {
      const message = isRecord(data.message) ? data.message : {};
      const content = Array.isArray(message.content) ? message.content : [];
      for (const block of content) {
        if (isRecord(block) && block.type === 'tool-call' && typeof block.id === 'string')
          addToolCallLinks(index.toolCallById.get(block.id), add);
      }
      break;
    }
    case 'tool-call':
      if (typeof data.callId === 'string') addToolCallLinks(index.toolCallById.get(data.callId), add);
      for (const approval of index.approvals) {
        if (approval.callId === data.callId) add('approval asked', approval.askedSeq);
      }
      break;
    case 'tool-result': {
      if (op?.callId) addToolCallLinks(index.toolCallById.get(op.callId), add);
      break;
    }
    case 'command-pair':
      for (const command of index.commands) {
        if (command.runSeq === seq || command.doneSeq === seq) {
          add('command run', command.runSeq);
          add('command done', command.doneSeq);
        }
      }
      if (typeof data.sourceEventSeq === 'number') add('presented by', data.sourceEventSeq);
      break;
    case 'approval-pair':
      for (const approval of index.approvals) {
        if (approval.askedSeq === seq || approval.decidedSeq === seq) {
          add('approval asked', approval.askedSeq);
          add('approval decided', approval.decidedSeq);
          if (approval.callId !== null) addToolCallLinks(index.toolCallById.get(approval.callId), add);
        }
      }
      break;
    case 'retry-pair':
      for (const retry of index.retries) {
        if (retry.seq === seq || retry.startedSeq === seq) {
          add('retry', retry.seq);
          add('retry started', retry.startedSeq);
        }
      }
      break;
    case 'titled-from':
      if (Array.isArray(data.messageSeqs))
        for (const target of data.messageSeqs) if (typeof target === 'number') add('titled from', target);
      break;
    case undefined:
      break;
    default:
      assertNever(rule);
  }
  const compactionId = compactionIdOf(event.type, data);
  if (compactionId !== null) {
    const compaction = index.compactions.find((candidate) => candidate.compactionId === compactionId);
    if (compaction !== undefined) {
      add('compaction start', compaction.startSeq);
      add('compaction summary', compaction.summarySeq);
      add('compaction checkpoint', compaction.replaceSeq);
      add('compaction end', compaction.endSeq);
    }
  }
  return links;
}

/** The `sourceEventSeqs` of an event that name events of the log. */
function validSources(log: OpenedLog, sources: unknown): number[] {
  if (!Array.isArray(sources)) return [];
  return sources.filter(
    (value): value is number =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < log.store.eventCount,
  );
}

function addSourceLinks(log: OpenedLog, sources: unknown, add: (label: string, seq: number) => void): void {
  const valid = validSources(log, sources);
  if (valid.length > SOURCE_LINKS_MAX) return;
  for (const source of valid) add(`source ${log.store.typeOf(source)}`, source);
}

/**
 * The provenance line of event `seq` when it names more sources than get links of their own, else
 * null. Throws for a seq outside the log.
 */
export function deriveEventProvenance(log: OpenedLog, seq: number): EventProvenance | null {
  if (seq < 0 || seq >= log.store.eventCount) throw new RangeError(`seq ${seq} is outside the log`);
  const valid = validSources(log, readUpgradedEventAt(log.store, seq).sourceEventSeqs);
  if (valid.length <= SOURCE_LINKS_MAX) return null;
  let firstSeq = valid[0]!;
  let lastSeq = firstSeq;
  const types = new Set<string>();
  for (const source of valid) {
    firstSeq = Math.min(firstSeq, source);
    lastSeq = Math.max(lastSeq, source);
    if (types.size < 2) types.add(log.store.typeOf(source));
  }
  return { count: valid.length, firstSeq, lastSeq, type: types.size === 1 ? [...types][0]! : null };
}

function addToolCallLinks(
  record: ToolCallRecord | undefined,
  add: (label: string, seq: number | null) => void,
): void {
  if (record === undefined) return;
  add(`tool-call request ${record.callId}`, record.requestSeq);
  add(`tool/call ${record.callId}`, record.callSeq);
  add(`tool/result ${record.callId}`, record.resultSeq);
  for (const replacement of record.replacementSeqs) add(`pruned result ${record.callId}`, replacement);
}

function findAttemptOfChunk(
  log: OpenedLog,
  seq: number,
): { firstChunkSeq: number; messageSeq: number | null } | null {
  const turn = findSpanStartingAtOrBefore(log.index.turns, seq);
  if (turn === null) return null;
  for (const step of turn.steps)
    for (const attempt of step.attempts)
      if (attempt.firstChunkSeq <= seq && seq <= attempt.lastChunkSeq) return attempt;
  return null;
}

function compactionIdOf(type: string, data: Record<string, unknown>): string | null {
  if (type.startsWith('compaction/') && typeof data.compactionId === 'string') return data.compactionId;
  if (type === 'user/message' && isRecord(data.source) && typeof data.source.compactionId === 'string')
    return data.source.compactionId;
  return null;
}
