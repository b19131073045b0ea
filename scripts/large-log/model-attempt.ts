// One model attempt of a step: the streamed chunks (reasoning, text, tool-call arguments), their
// block ends, then usage and finish, or a failure, or a cancellation mid-stream.

import { emitChunk, type Session } from './session.ts';
import { makeToolArguments, type ToolName } from './tools.ts';
import { makeCallId, pushTextTokens, splitArguments } from './vocabulary.ts';

/** What the attempt streams: token counts per block, the tools it calls, and how it ends. */
export interface AttemptPlan {
  reasoningTokens: number;
  textTokens: number;
  calls: ToolName[];
  /** The provider fails mid-stream (503); a retry follows. */
  fail: boolean;
  /** The user cancels mid-stream. */
  interrupt: boolean;
}

/** A tool call as the assistant message carries it. */
export interface ToolCall {
  id: string;
  name: ToolName;
  arguments: string;
}

/** What an attempt wrote: its chunk seqs, the assembled content blocks and calls, and how it ended. */
export interface AttemptResult {
  seqs: number[];
  blocks: Record<string, unknown>[];
  calls: ToolCall[];
  /** False for a failed or cancelled attempt (then `calls` is empty). */
  ok: boolean;
  /** The failure of a failed attempt. */
  failure?: { message: string; code: string; status: number };
  /** The usage of a finished attempt. */
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens: number; reasoningTokens: number };
}

/** Token arrival: bursts inside one millisecond, then a network gap (like the packed-chunks fixture). */
function tokenGap(session: Session): void {
  const roll = session.random.next();
  if (roll < 0.55) return;
  if (roll < 0.8) session.now += 1;
  else session.now += session.random.int(20, 40);
}

/** Streams one model attempt of `turn`/`step` as `plan` says. */
export function writeAttempt(session: Session, turn: number, step: number, plan: AttemptPlan): AttemptResult {
  const { random } = session;
  session.now += random.int(300, 2200);
  const seqs: number[] = [];
  const blocks: Record<string, unknown>[] = [];
  let index = 0;
  const ends: Record<string, unknown>[] = [];
  const stopAfter = plan.fail
    ? random.int(3, 40)
    : plan.interrupt
      ? random.int(10, 60)
      : Number.POSITIVE_INFINITY;
  let produced = 0;
  let stopped = false;
  function streamText(kind: 'reasoning' | 'text', tokenCount: number): void {
    if (tokenCount === 0 || stopped) return;
    const blockIndex = index;
    index += 1;
    seqs.push(emitChunk(session, turn, step, { type: 'block-start', index: blockIndex, blockType: kind }));
    const tokens: string[] = [];
    pushTextTokens(random, tokenCount, tokens);
    const delivered: string[] = [];
    for (const token of tokens) {
      if (produced >= stopAfter) {
        stopped = true;
        break;
      }
      tokenGap(session);
      seqs.push(
        emitChunk(session, turn, step, {
          type: kind === 'reasoning' ? 'reasoning-delta' : 'text-delta',
          index: blockIndex,
          text: token,
        }),
      );
      delivered.push(token);
      produced += 1;
    }
    const block = { type: kind, text: delivered.join('') };
    blocks.push(block);
    if (!stopped) ends.push({ type: 'block-end', index: blockIndex, block });
  }
  streamText('reasoning', plan.reasoningTokens);
  streamText('text', plan.textTokens);
  const callBlocks: ToolCall[] = [];
  for (const name of plan.calls) {
    if (stopped) break;
    const blockIndex = index;
    index += 1;
    const id = makeCallId(random, callBlocks.length);
    const args = makeToolArguments(random, session.cwd, name);
    seqs.push(
      emitChunk(session, turn, step, { type: 'block-start', index: blockIndex, blockType: 'tool-call' }),
    );
    for (const piece of splitArguments(random, args)) {
      tokenGap(session);
      seqs.push(
        emitChunk(session, turn, step, {
          type: 'tool-call-delta',
          index: blockIndex,
          id,
          name,
          argumentsDelta: piece,
        }),
      );
    }
    const block = { type: 'tool-call', id, name, arguments: args };
    callBlocks.push({ id, name, arguments: args });
    blocks.push(block);
    ends.push({ type: 'block-end', index: blockIndex, block });
  }
  if (stopped && plan.interrupt)
    return {
      seqs,
      blocks: blocks.filter((block) => typeof block.text === 'string' && block.text.trim() !== ''),
      calls: [],
      ok: false,
    };
  session.now += random.int(0, 3);
  for (const end of ends) seqs.push(emitChunk(session, turn, step, end));
  if (plan.fail) {
    const failure = { message: 'upstream returned 503 Service Unavailable', code: 'SERVER', status: 503 };
    seqs.push(emitChunk(session, turn, step, { type: 'finish', reason: { kind: 'error', failure } }));
    return { seqs, blocks, calls: [], ok: false, failure };
  }
  const usage = {
    inputTokens: random.int(200, 9000),
    outputTokens: produced + 20,
    cacheReadTokens: random.int(10000, 90000),
    reasoningTokens: plan.reasoningTokens,
  };
  seqs.push(emitChunk(session, turn, step, { type: 'usage', usage }));
  seqs.push(
    emitChunk(session, turn, step, {
      type: 'finish',
      reason: { kind: plan.calls.length > 0 ? 'tool-calls' : 'stop' },
    }),
  );
  return { seqs, blocks, calls: callBlocks, ok: true, usage };
}
