// Test-only builders: write small logs event by event, fill a LogStore directly (one JSON line per
// event or packed row) and drive the index builder, so the index and projections are tested
// without the decoder. Importable only from *.test.ts.

import type { ChunkRun } from '../structure/event-sink.ts';
import type { ContentBlock, StoredEvent, TokenUsage } from '../event.ts';
import { createLogIndexBuilder } from '../structure/log-index.ts';
import { LogStore } from '../storage/log-store.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { LogProblem } from '../problems.ts';
import { deriveVerdict } from '../problems.ts';

/** First event time of built logs (epoch ms); event seq s gets time BASE_TIME_MS + s (+ any `wait`s before it). */
const BASE_TIME_MS = 1_783_352_100_000;

interface EventLine {
  kind: 'event';
  event: StoredEvent;
}
interface RowLine {
  kind: 'row';
  run: ChunkRun;
  /** Member k's time is time0 + k (every dt is 1). */
  time0: number;
  row: Record<string, unknown>;
}

/** Extra envelope fields of a surface event. */
export interface SurfaceFields {
  surfaceOp?: unknown;
  sourceEventSeqs?: unknown;
}

/**
 * A log under construction. Each `add*` appends one event (or one packed row) and returns its seq
 * (or first seq), so tests can cite earlier events in `sourceEventSeqs`.
 */
export class LogScript {
  private readonly lines: (EventLine | RowLine)[] = [];
  private nextSeq = 0;
  /** Added to every later event's time by `wait`. */
  private waitedMs = 0;
  readonly sessionId: string;

  constructor(sessionId = 'test-session') {
    this.sessionId = sessionId;
  }

  get length(): number {
    return this.nextSeq;
  }

  /** Moves the clock: every event added after this is `ms` later than it would have been. */
  wait(ms: number): void {
    this.waitedMs += ms;
  }

  /** Appends any event; `extra` may set surfaceOp, sourceEventSeqs, ignorable. */
  add(type: string, data: unknown, extra: SurfaceFields & { ignorable?: true } = {}): number {
    const seq = this.nextSeq++;
    const event = { type, seq, time: this.timeOf(seq), data, ...extra } as StoredEvent;
    this.lines.push({ kind: 'event', event });
    return seq;
  }

  turnStart(turn: number): number {
    return this.add('turn/start', { turn });
  }

  turnEnd(turn: number, reason: unknown = { kind: 'completed' }): number {
    return this.add('turn/end', { turn, reason });
  }

  stepStart(turn: number, step: number): number {
    return this.add('step/start', { turn, step });
  }

  stepEnd(turn: number, step: number): number {
    return this.add('step/end', { turn, step });
  }

  userMessage(
    id: string,
    text: string,
    extra: SurfaceFields & { source?: Record<string, unknown> } = {},
  ): number {
    const { source, ...surface } = extra;
    return this.add(
      'user/message',
      {
        id,
        role: 'user',
        content: text === '' ? [] : [{ type: 'text', text }],
        source: source ?? { kind: 'user' },
      },
      { surfaceOp: 'append', ...surface },
    );
  }

  assistantMessage(
    turn: number,
    step: number,
    id: string,
    content: ContentBlock[],
    extra: SurfaceFields & { usage?: TokenUsage; interrupted?: true } = {},
  ): number {
    const { usage, interrupted, ...surface } = extra;
    const data: Record<string, unknown> = {
      turn,
      step,
      message: { id, role: 'assistant', content, source: { kind: 'model', provider: 'p', model: 'm' } },
    };
    if (usage) data.usage = usage;
    if (interrupted) data.interrupted = true;
    return this.add('assistant/message', data, { surfaceOp: 'append', ...surface });
  }

  chunk(turn: number, step: number, chunk: Record<string, unknown>): number {
    return this.add('assistant/chunk', { turn, step, chunk });
  }

  /** A whole successful attempt for one text block: block-start, deltas, block-end, usage, finish. */
  textAttempt(turn: number, step: number, text: string, finishKind = 'stop'): number[] {
    const seqs = [this.chunk(turn, step, { type: 'block-start', index: 0, blockType: 'text' })];
    seqs.push(this.chunk(turn, step, { type: 'text-delta', index: 0, text }));
    seqs.push(this.chunk(turn, step, { type: 'block-end', index: 0, block: { type: 'text', text } }));
    seqs.push(this.chunk(turn, step, { type: 'usage', usage: { inputTokens: 10, outputTokens: 2 } }));
    seqs.push(this.chunk(turn, step, { type: 'finish', reason: { kind: finishKind } }));
    return seqs;
  }

  toolCall(turn: number, step: number, callId: string, name: string, args = '{}'): number {
    return this.add('tool/call', { turn, step, callId, name, arguments: args });
  }

  toolResult(
    turn: number,
    step: number,
    callId: string,
    text: string,
    extra: SurfaceFields & {
      isError?: boolean;
      error?: { name: string; code: string };
      messageId?: string;
    } = {},
  ): number {
    const { isError, error, messageId, ...surface } = extra;
    const block: Record<string, unknown> = {
      type: 'tool-result',
      toolCallId: callId,
      content: [{ type: 'text', text }],
    };
    if (isError !== undefined) block.isError = isError;
    const data: Record<string, unknown> = {
      turn,
      step,
      message: {
        id: messageId ?? `r-${callId}`,
        role: 'user',
        content: [block],
        source: { kind: 'tool', callId },
      },
    };
    if (error) data.error = error;
    return this.add('tool/result', data, { surfaceOp: 'append', ...surface });
  }

  /** approval/asked (FORMAT.md §5.3) for call `callId`. */
  approvalAsked(id: string, toolName: string, callId: string, reason?: string): number {
    return this.add('approval/asked', { id, toolName, callId, ...(reason !== undefined ? { reason } : {}) });
  }

  /** approval/decided (FORMAT.md §5.3): allowed-once, rejected, cancelled or unavailable. */
  approvalDecided(id: string, outcome: string): number {
    return this.add('approval/decided', { id, outcome });
  }

  /** A packed row (FORMAT.md §4) of `pieces.length` delta chunks; returns the member seqs. */
  packedRow(
    rowType: ChunkRun['rowType'],
    turn: number,
    step: number,
    index: number,
    pieces: string[],
    tool: { id: string; name?: string } = { id: 'call-x' },
  ): number[] {
    const seq0 = this.nextSeq;
    this.nextSeq += pieces.length;
    const dt = pieces.slice(1).map(() => 1);
    const data: Record<string, unknown> =
      rowType === 'tool-call-chunks'
        ? {
            turn,
            step,
            index,
            dt,
            id: tool.id,
            ...(tool.name !== undefined ? { name: tool.name } : {}),
            args: pieces,
          }
        : { turn, step, index, dt, texts: pieces };
    const run: ChunkRun = { seq0, count: pieces.length, rowType, turn, step, index };
    if (rowType === 'tool-call-chunks') {
      run.callId = tool.id;
      if (tool.name !== undefined) run.name = tool.name;
    }
    // As the decoder reports it (line-scan.ts): the first member carrying a token.
    const firstTokenMember =
      tool.name !== undefined && tool.name !== '' && rowType === 'tool-call-chunks'
        ? 0
        : pieces.findIndex((piece) => piece !== '');
    if (firstTokenMember >= 0) run.firstTokenMember = firstTokenMember;
    const time0 = this.timeOf(seq0);
    this.lines.push({ kind: 'row', run, time0, row: { type: rowType, seq0, time0, data } });
    return pieces.map((_, k) => seq0 + k);
  }

  private timeOf(seq: number): number {
    return BASE_TIME_MS + seq + this.waitedMs;
  }

  /** Builds the log: the store holds one line per event/row, the index is built by the real builder. */
  build(options: { stopAfterSeq?: number } = {}): OpenedLog {
    const store = new LogStore();
    store.sessionId = this.sessionId;
    const header = {
      type: 'session' as const,
      version: 0,
      id: this.sessionId,
      createdAt: BASE_TIME_MS,
      delegationDepth: 0,
    };
    const texts = this.lines.map((line) => JSON.stringify(line.kind === 'event' ? line.event : line.row));
    const encoder = new TextEncoder();
    const headerBytes = encoder.encode(`${JSON.stringify(header)}\n`);
    const bodies = texts.map((text) => encoder.encode(text));
    const total = headerBytes.length + bodies.reduce((sum, bytes) => sum + bytes.length + 1, 0);
    const segmentBytes = new Uint8Array(total);
    segmentBytes.set(headerBytes, 0);
    let offset = headerBytes.length;
    const starts: number[] = [];
    for (const bytes of bodies) {
      starts.push(offset);
      segmentBytes.set(bytes, offset);
      offset += bytes.length;
      segmentBytes[offset++] = 0x0a;
    }
    const segment = store.addSegment(segmentBytes);
    const problems: LogProblem[] = [];
    const builder = createLogIndexBuilder(store, (problem) => problems.push(problem));
    const stopAfter = options.stopAfterSeq ?? Number.POSITIVE_INFINITY;
    let lineCount = 0;
    let packedRows = 0;
    for (let i = 0; i < this.lines.length; i++) {
      const line = this.lines[i] as EventLine | RowLine;
      const firstSeq = line.kind === 'event' ? line.event.seq : line.run.seq0;
      if (firstSeq > stopAfter) break;
      const lineIndex = store.addLine(i + 2, segment, starts[i] as number, (bodies[i] as Uint8Array).length);
      lineCount++;
      if (line.kind === 'event') {
        store.markLineEvents(lineIndex, line.event.seq, 1);
        store.addEvent(store.typeIdOf(line.event.type), line.event.time, lineIndex, -1);
        builder.acceptEvent(JSON.parse(JSON.stringify(line.event)) as StoredEvent);
      } else {
        packedRows++;
        store.markLineEvents(lineIndex, line.run.seq0, line.run.count);
        const typeId = store.typeIdOf('assistant/chunk');
        for (let k = 0; k < line.run.count; k++) store.addEvent(typeId, line.time0 + k, lineIndex, k);
        builder.acceptChunkRun({ ...line.run });
      }
    }
    builder.finish();
    return {
      file: {
        bytes: total,
        container: 'jsonl',
        frames: null,
        tornTail: false,
        textBytes: total,
        checksumsVerified: 0,
        hasChecksumVerifier: false,
        hadBom: false,
      },
      header,
      format: { generation: 0, newerVersion: null },
      verdict: deriveVerdict(problems),
      problems,
      notes: [],
      store,
      index: builder.index,
      lineCount,
      packedRows,
      isComplete: true,
    };
  }
}

/** The §6.7 worked example (FORMAT.md): seqs 0–28, a manual compaction replacing 2..11 at seq 24. */
export function buildCompactionExample(): LogScript {
  const log = new LogScript();
  log.turnStart(1); // 0
  log.stepStart(1, 1); // 1
  log.userMessage('u1', "What's in notes.txt?"); // 2
  log.add('request/header', { header: { config: { provider: 'p', model: 'm' } }, reason: 'initial' }); // 3
  log.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'tool-call' }); // 4
  log.chunk(1, 1, {
    type: 'tool-call-delta',
    index: 0,
    id: 'c1',
    name: 'read',
    argumentsDelta: '{"path":"notes.txt"}',
  }); // 5
  log.chunk(1, 1, {
    type: 'block-end',
    index: 0,
    block: { type: 'tool-call', id: 'c1', name: 'read', arguments: '{"path":"notes.txt"}' },
  }); // 6
  log.chunk(1, 1, { type: 'usage', usage: { inputTokens: 50, outputTokens: 7 } }); // 7
  log.chunk(1, 1, { type: 'finish', reason: { kind: 'tool-calls' } }); // 8
  log.assistantMessage(
    1,
    1,
    'a1',
    [{ type: 'tool-call', id: 'c1', name: 'read', arguments: '{"path":"notes.txt"}' }],
    {
      sourceEventSeqs: [4, 5, 6, 7, 8],
    },
  ); // 9
  log.toolCall(1, 1, 'c1', 'read', '{"path":"notes.txt"}'); // 10
  log.toolResult(1, 1, 'c1', 'alpha beta', { messageId: 'r1', sourceEventSeqs: [10] }); // 11
  log.stepEnd(1, 1); // 12
  log.stepStart(1, 2); // 13
  log.textAttempt(1, 2, 'It says alpha beta.'); // 14-18
  log.assistantMessage(1, 2, 'a2', [{ type: 'text', text: 'It says alpha beta.' }], {
    sourceEventSeqs: [14, 15, 16, 17, 18],
  }); // 19
  log.stepEnd(1, 2); // 20
  log.turnEnd(1); // 21
  log.add('compaction/start', { compactionId: 'k1', turn: null }); // 22
  log.add('compaction/summary', {
    compactionId: 'k1',
    summary: [{ type: 'text', text: 'notes.txt holds alpha beta' }],
    shadowedRange: { start: 2, end: 11 },
    shadowedSeqs: [2, 9, 11],
    shadowedTokenCount: 57,
    provider: 'p',
    model: 'm',
  }); // 23
  log.userMessage('s1', 'checkpoint: notes.txt holds alpha beta', {
    source: { kind: 'plugin', plugin: 'compact', compactionId: 'k1' },
    surfaceOp: { op: 'replace', start: 2, end: 11 },
    sourceEventSeqs: [22, 23, 2, 9, 11],
  }); // 24
  log.add('compaction/end', { compactionId: 'k1', turn: null }); // 25
  log.turnStart(2); // 26
  log.stepStart(2, 1); // 27
  log.userMessage('u2', 'And the second word?'); // 28
  return log;
}
