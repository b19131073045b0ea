// How current dsh (0.1.7, 0.2.x) stores the same session as a generation-4 log
// (docs/format-generations.md §1, §2, §4, §5 "Generation 4"; samples in fixtures/generations/):
//
// - header version 4 with `isSeeded` instead of `seedLength`; one event per row, seq dense from 0;
// - no chunk events: each model attempt's chunks become the `data.stream` of its assistant/message
//   (which cites no sourceEventSeqs), or of an `assistant/attempt` when no message claims them;
// - the system prompt is a `system/message` right after the session's first step/start, replaced
//   (head for head) before a request/header whose prompt differs; request/header has no `system`;
// - tool results in the tool-role shape, producer-owned sources instead of `kind: "plugin"`,
//   `{op: "replace", startSeq, endSeq}`, range-encoded sourceEventSeqs;
// - every seq reference renumbered, since chunks no longer take seqs.
//
// The row types, the stream compaction and the message shapes live in format-v4/.

import type { LogFormat, RowCounts } from './batch-writer.ts';
import type { ChunkEvent, LogicalEvent, PlainEvent, SessionHeader } from './logical-event.ts';
import {
  derivedId,
  sourceV4,
  systemText,
  toolResultV4,
  type ToolResultDataV0,
} from './format-v4/messages.ts';
import { encodeSeqRanges, type EventV4, type SurfaceOpV4 } from './format-v4/rows.ts';
import { compactStream } from './format-v4/stream.ts';

/** A turn and step number. */
interface Step {
  turn: number;
  step: number;
}

/** A new generation-4 format (it renumbers and holds chunks, so one instance per log). */
export function createFormatV4(): LogFormat<EventV4> {
  let sessionId = '';
  /** Generation-4 seq of each logical seq; -1 for a chunk (it has none of its own). */
  const seqOf: number[] = [];
  let nextSeq = 0;
  /** Chunks of the attempt in progress. */
  let pending: ChunkEvent[] = [];
  /** The open step (the turn and step of the system messages this format adds). */
  let open: Step = { turn: 0, step: 0 };
  /** The current system head: its seq (-1 before the first step) and text. */
  let headSeq = -1;
  let headText = '';
  /**
   * From the session's first step/start until its first request/header (which brings the prompt),
   * the head's seq is reserved and the rows after it wait here; null otherwise.
   */
  let held: { head: Step & { time: number }; rows: EventV4[] } | null = null;

  function mapSeq(seq: number): number {
    const mapped = seqOf[seq];
    if (mapped === undefined || mapped < 0) throw new Error(`seq ${seq} is not an earlier stored event`);
    return mapped;
  }

  function surfaceOpV4(op: PlainEvent['surfaceOp']): SurfaceOpV4 | undefined {
    if (op === undefined || op === 'append') return op;
    return { op: 'replace', startSeq: mapSeq(op.start), endSeq: mapSeq(op.end) };
  }

  /** A system/message at `seq`: the head (appended) or the replacement of the head at `replacing`. */
  function systemMessage(
    seq: number,
    at: Step & { time: number },
    text: string,
    replacing: number | null,
  ): EventV4 {
    const row: EventV4 = {
      type: 'system/message',
      seq,
      time: at.time,
      data: {
        turn: at.turn,
        step: at.step,
        message: {
          role: 'system',
          content: text === '' ? [] : [{ type: 'text', text }],
          source: { kind: 'system-prompt' },
          id: derivedId(`${sessionId}/system/${seq}`),
        },
      },
    };
    if (replacing === null) row.surfaceOp = 'append';
    else {
      row.sourceEventSeqs = [replacing];
      row.surfaceOp = { op: 'replace', startSeq: replacing, endSeq: replacing };
    }
    return row;
  }

  /** The payload of `event` with its seq references renumbered and its messages in v4 shape. */
  function dataV4(event: PlainEvent): unknown {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'user/message':
        return { ...data, source: sourceV4(data.source as Record<string, unknown>, 'user') };
      case 'tool/result':
        return toolResultV4(event.data as ToolResultDataV0);
      case 'request/header': {
        const { system: _system, ...header } = data.header as Record<string, unknown>;
        return { ...data, header };
      }
      case 'agent/inbox/spliced':
        return {
          ...data,
          inserted: (data.inserted as Record<string, unknown>[]).map((message) => ({
            ...message,
            source: sourceV4(message.source as Record<string, unknown>, String(message.role)),
          })),
        };
      case 'command/done':
        return 'sourceEventSeq' in data
          ? { ...data, sourceEventSeq: mapSeq(data.sourceEventSeq as number) }
          : data;
      case 'compaction/summary':
      case 'compaction/prune': {
        const range = data.shadowedRange as { start: number; end: number };
        return {
          ...data,
          shadowedRange: { start: mapSeq(range.start), end: mapSeq(range.end) },
          shadowedSeqs: (data.shadowedSeqs as number[]).map(mapSeq),
        };
      }
      case 'session/title':
        return { ...data, messageSeqs: (data.messageSeqs as number[]).map(mapSeq) };
      default:
        return event.data;
    }
  }

  function store(event: LogicalEvent, put: (row: EventV4) => void): void {
    if (event.seq !== seqOf.length) throw new Error(`event seq ${event.seq} out of order`);
    const emit = (row: EventV4): void => {
      if (held === null) put(row);
      else held.rows.push(row);
    };
    if (event.type === 'assistant/chunk') {
      pending.push(event as ChunkEvent);
      seqOf.push(-1);
      return;
    }
    const plain = event as PlainEvent;
    if (pending.length > 0 && plain.type !== 'assistant/message') {
      // An attempt no message claims (failed, or cancelled before any visible output).
      emit(attemptRow());
    }
    if (plain.type === 'step/start') {
      const { turn, step } = plain.data as Step;
      open = { turn, step };
    } else if (plain.type === 'step/end' && held !== null) {
      throw new Error('the first step ended before its request/header');
    } else if (plain.type === 'request/header') {
      const system = systemText((plain.data as { header: { system?: unknown } }).header.system);
      if (held !== null) {
        const { head, rows } = held;
        held = null;
        put(systemMessage(headSeq, head, system, null));
        for (const row of rows) put(row);
        headText = system;
      } else if (headSeq === -1) {
        throw new Error('a request/header before the first step/start');
      } else if (system !== headText) {
        const replacement = systemMessage(nextSeq, { ...open, time: plain.time }, system, headSeq);
        nextSeq += 1;
        emit(replacement);
        headSeq = replacement.seq;
        headText = system;
      }
    }
    const seq = nextSeq;
    nextSeq += 1;
    const row: EventV4 = { type: plain.type, seq, time: plain.time, data: dataV4(plain) };
    if (plain.type === 'assistant/message') {
      const claimed = plain.sourceEventSeqs ?? [];
      if (claimed.length !== pending.length || claimed.some((cited, i) => cited !== pending[i]?.seq))
        throw new Error(`assistant/message ${plain.seq} does not claim exactly the chunks before it`);
      row.data = { ...(plain.data as Record<string, unknown>), stream: compactStream(pending) };
      pending = [];
    } else if (plain.sourceEventSeqs !== undefined) {
      row.sourceEventSeqs = encodeSeqRanges(plain.sourceEventSeqs.map(mapSeq));
    }
    const surfaceOp = surfaceOpV4(plain.surfaceOp);
    if (surfaceOp !== undefined) row.surfaceOp = surfaceOp;
    seqOf.push(seq);
    emit(row);
    if (plain.type === 'step/start' && headSeq === -1) {
      // The head system/message follows the session's first step/start; its text comes with the
      // first request/header, so the seq is reserved and the rows until then are held.
      headSeq = nextSeq;
      nextSeq += 1;
      held = { head: { ...open, time: plain.time }, rows: [] };
    }
  }

  function attemptRow(): EventV4 {
    const last = pending[pending.length - 1] as ChunkEvent;
    const { turn: attemptTurn, step: attemptStep } = last.data;
    if (pending.some((chunk) => chunk.data.turn !== attemptTurn || chunk.data.step !== attemptStep))
      throw new Error('an attempt spans steps');
    const seq = nextSeq;
    nextSeq += 1;
    const row: EventV4 = {
      type: 'assistant/attempt',
      seq,
      time: last.time,
      data: { turn: attemptTurn, step: attemptStep, stream: compactStream(pending) },
    };
    pending = [];
    return row;
  }

  return {
    serializeHeader(header: SessionHeader): string {
      sessionId = header.id;
      return (
        JSON.stringify({
          type: 'session',
          version: 4,
          id: header.id,
          createdAt: header.createdAt,
          cwd: header.cwd,
          isSeeded: false,
          delegationDepth: 0,
        }) + '\n'
      );
    },
    store,
    finish(put) {
      if (held !== null) throw new Error('the session ended before its first request/header');
      if (pending.length > 0) put(attemptRow());
    },
    serializeBatch(rows: readonly EventV4[], counts: RowCounts): string {
      let text = '';
      for (const row of rows) {
        const line = JSON.stringify(row);
        const bytes = Buffer.byteLength(line, 'utf8');
        if (bytes > counts.longestLineBytes) counts.longestLineBytes = bytes;
        text += `${line}\n`;
      }
      counts.storedLines += rows.length;
      return text;
    },
  };
}
