// Builds small session logs in the stored JSONL form (FORMAT.md §2–§5) for triage, usage and CLI
// tests: seqs and times are assigned in order, payloads follow the upstream shapes.

import type { TokenUsage } from '../event.ts';

export interface HeaderOptions {
  id?: string;
  version?: number;
  cwd?: string;
  parentSession?: string;
  origin?: 'subagent';
  delegationDepth?: number;
  agentPreset?: string;
}

type ToolCallBlock = { type: 'tool-call'; id: string; name: string; arguments: string };
type Block = { type: 'text'; text: string } | ToolCallBlock;

const START_TIME_MS = 1_783_352_119_000;

/** Appends events with consecutive seqs; `toJsonl` gives the file text (header line first). */
export class TriageLogBuilder {
  private readonly header: Record<string, unknown>;
  private readonly lines: string[] = [];
  private seq = 0;
  private time = START_TIME_MS;
  private messageCounter = 0;
  turn = 0;
  step = 0;

  constructor(options: HeaderOptions = {}) {
    this.header = {
      type: 'session',
      version: options.version ?? 0,
      id: options.id ?? '5138ed0d-0000-4000-8000-000000000001',
      createdAt: START_TIME_MS - 1000,
      ...(options.cwd !== undefined ? { cwd: options.cwd } : { cwd: '/work/project' }),
      ...(options.parentSession !== undefined ? { parentSession: options.parentSession } : {}),
      ...(options.origin !== undefined ? { origin: options.origin } : {}),
      delegationDepth: options.delegationDepth ?? 0,
      ...(options.agentPreset !== undefined ? { agentPreset: options.agentPreset } : {}),
    };
  }

  /** The next seq to be assigned. */
  get nextSeq(): number {
    return this.seq;
  }

  /** Appends one event line; returns its seq. */
  event(type: string, data: unknown, extra: Record<string, unknown> = {}): number {
    const seq = this.seq++;
    this.time += 7;
    this.lines.push(JSON.stringify({ type, seq, time: this.time, data, ...extra }));
    return seq;
  }

  /** Appends a raw line (damage, packed rows). `seqCount` is how many seqs it consumes. */
  rawLine(text: string, seqCount = 0): void {
    this.lines.push(text);
    this.seq += seqCount;
  }

  /** Skips seqs without writing events (a gap). */
  skipSeqs(count: number): void {
    this.seq += count;
  }

  turnStart(): number {
    this.turn++;
    this.step = 0;
    return this.event('turn/start', { turn: this.turn });
  }

  turnEnd(reason: Record<string, unknown> = { kind: 'completed' }): number {
    return this.event('turn/end', { turn: this.turn, reason });
  }

  stepStart(): number {
    this.step++;
    return this.event('step/start', { turn: this.turn, step: this.step });
  }

  stepEnd(): number {
    return this.event('step/end', { turn: this.turn, step: this.step });
  }

  userMessage(text: string): number {
    return this.event(
      'user/message',
      {
        id: `u${++this.messageCounter}`,
        role: 'user',
        content: [{ type: 'text', text }],
        source: { kind: 'user' },
      },
      { surfaceOp: 'append' },
    );
  }

  requestHeader(tools: string[] | undefined, provider = 'deepseek', model = 'deepseek-chat'): number {
    return this.event('request/header', {
      header: {
        config: { provider, model },
        system: 'You are a helpful agent.',
        ...(tools !== undefined
          ? {
              tools: tools.map((name) => ({
                name,
                description: `${name} tool`,
                parameters: { type: 'object' },
              })),
            }
          : {}),
      },
      reason: 'initial',
    });
  }

  requestContext(contextWindow: number | undefined, provider = 'deepseek', model = 'deepseek-chat'): number {
    return this.event('request/context', {
      provider,
      model,
      ...(contextWindow !== undefined ? { contextWindow } : {}),
    });
  }

  chunk(chunk: Record<string, unknown>): number {
    return this.event('assistant/chunk', { turn: this.turn, step: this.step, chunk });
  }

  /**
   * One model attempt streamed as chunks (block-start/end per block, usage, finish), then the
   * assistant/message citing them unless `finish` is an error or `hasMessage` is false.
   * Returns the seqs of the chunks and the message (or null).
   */
  attempt(
    blocks: Block[],
    options: {
      usage?: TokenUsage;
      finish?: Record<string, unknown> | null;
      hasMessage?: boolean;
      provider?: string;
      model?: string;
    } = {},
  ): { chunkSeqs: number[]; messageSeq: number | null } {
    const chunkSeqs: number[] = [];
    blocks.forEach((block, index) => {
      chunkSeqs.push(this.chunk({ type: 'block-start', index, blockType: block.type }));
      chunkSeqs.push(this.chunk({ type: 'block-end', index, block }));
    });
    if (options.usage) chunkSeqs.push(this.chunk({ type: 'usage', usage: options.usage }));
    const finish =
      options.finish === undefined
        ? { kind: blocks.some((block) => block.type === 'tool-call') ? 'tool-calls' : 'stop' }
        : options.finish;
    if (finish !== null) chunkSeqs.push(this.chunk({ type: 'finish', reason: finish }));
    const isFailed = finish !== null && (finish.kind === 'error' || finish.kind === 'aborted');
    if (isFailed || options.hasMessage === false) return { chunkSeqs, messageSeq: null };
    const messageSeq = this.assistantMessage(
      blocks,
      options.usage,
      chunkSeqs,
      options.provider,
      options.model,
    );
    return { chunkSeqs, messageSeq };
  }

  assistantMessage(
    content: Block[],
    usage?: TokenUsage,
    sourceEventSeqs?: number[],
    provider = 'deepseek',
    model = 'deepseek-chat',
  ): number {
    return this.event(
      'assistant/message',
      {
        turn: this.turn,
        step: this.step,
        message: {
          id: `a${++this.messageCounter}`,
          role: 'assistant',
          content,
          source: { kind: 'model', provider, model },
        },
        ...(usage ? { usage } : {}),
      },
      { surfaceOp: 'append', ...(sourceEventSeqs ? { sourceEventSeqs } : {}) },
    );
  }

  toolCall(callId: string, name: string, args = '{}'): number {
    return this.event('tool/call', { turn: this.turn, step: this.step, callId, name, arguments: args });
  }

  toolResult(
    callId: string,
    options: {
      text?: string;
      isError?: boolean;
      error?: { name: string; code: string };
      callSeq?: number;
    } = {},
  ): number {
    return this.event(
      'tool/result',
      {
        turn: this.turn,
        step: this.step,
        message: {
          id: `r${++this.messageCounter}`,
          role: 'user',
          content: [
            {
              type: 'tool-result',
              toolCallId: callId,
              content: [{ type: 'text', text: options.text ?? 'done' }],
              ...(options.isError ? { isError: true } : {}),
            },
          ],
          source: { kind: 'tool', callId },
        },
        ...(options.error ? { error: options.error } : {}),
      },
      {
        surfaceOp: 'append',
        ...(options.callSeq !== undefined ? { sourceEventSeqs: [options.callSeq] } : {}),
      },
    );
  }

  toJsonl(): string {
    return [JSON.stringify(this.header), ...this.lines].map((line) => `${line}\n`).join('');
  }

  toBytes(): Uint8Array {
    return new TextEncoder().encode(this.toJsonl());
  }
}

/** A tool-call content block. */
export function toolCallBlock(id: string, name: string, args = '{}'): ToolCallBlock {
  return { type: 'tool-call', id, name, arguments: args };
}

/** A text content block. */
export function textBlock(text: string): Block {
  return { type: 'text', text };
}
