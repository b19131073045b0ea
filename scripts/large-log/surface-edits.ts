// The events that change the surface (FORMAT.md §5.3, §6.2): user and assistant messages appended
// to it, summary compaction replacing its oldest turns, and tool-result pruning.

import { emit, type Session, type SurfaceNode } from './session.ts';
import { makeId, makeText } from './vocabulary.ts';

/** Appends a `user/message` with one text block from `source`; returns its seq. */
export function appendUserMessage(
  session: Session,
  turn: number,
  text: string,
  source: Record<string, unknown>,
): number {
  const data = { content: [{ type: 'text', text }], source, role: 'user', id: makeId(session.random) };
  const eventSeq = emit(session, 'user/message', data, { surfaceOp: 'append' });
  session.surface.push({ seq: eventSeq, turn });
  return eventSeq;
}

/** The assistant/message closing an attempt, appended to the surface; `rest` follows `message` in its data. */
export function appendAssistantMessage(
  session: Session,
  turn: number,
  step: number,
  result: { blocks: Record<string, unknown>[]; seqs: number[] },
  rest: Record<string, unknown>,
): void {
  const messageSeq = emit(
    session,
    'assistant/message',
    {
      turn,
      step,
      message: {
        role: 'assistant',
        content: result.blocks,
        source: { kind: 'model', provider: session.provider, model: session.header.model },
        id: makeId(session.random),
      },
      ...rest,
    },
    { sourceEventSeqs: result.seqs, surfaceOp: 'append' },
  );
  session.surface.push({ seq: messageSeq, turn });
}

/**
 * Summary compaction replacing every surface node of turns before `keepFromTurn` (FORMAT.md §5.3,
 * §6.2); `turn` is null between turns. Returns the seq of `compaction/summary`, or null when fewer
 * than two nodes would be replaced (nothing is written then).
 */
export function compact(
  session: Session,
  turn: number | null,
  keepFromTurn: number,
  sourceCommandId?: string,
): number | null {
  const { random, surface } = session;
  let last = -1;
  for (let i = 0; i < surface.length; i += 1) if ((surface[i] as SurfaceNode).turn < keepFromTurn) last = i;
  if (last < 1) return null;
  const shadowed = surface.slice(0, last + 1).map((node) => node.seq);
  const compactionId = makeId(random);
  const commandPart = sourceCommandId === undefined ? {} : { sourceCommandId };
  const startSeq = emit(session, 'compaction/start', { compactionId, ...commandPart, turn });
  session.now += random.int(2000, 9000);
  const summaryText = makeText(random, random.int(300, 700));
  const summarySeq = emit(session, 'compaction/summary', {
    compactionId,
    ...commandPart,
    summary: [{ type: 'text', text: summaryText }],
    shadowedRange: { start: shadowed[0], end: shadowed[shadowed.length - 1] },
    shadowedSeqs: shadowed,
    shadowedTokenCount: shadowed.length * random.int(300, 900),
    provider: session.provider,
    model: session.header.model,
    maxTokens: 8192,
    usage: { inputTokens: random.int(50000, 120000), outputTokens: random.int(300, 900) },
  });
  const replace = {
    op: 'replace' as const,
    start: shadowed[0] as number,
    end: shadowed[shadowed.length - 1] as number,
  };
  const checkpointSeq = emit(
    session,
    'user/message',
    {
      content: [
        {
          type: 'text',
          text: 'This is an automatically generated checkpoint condensing an earlier span of the conversation to free up context.\n\n<compacted-summary>',
        },
        { type: 'text', text: summaryText },
        { type: 'text', text: '</compacted-summary>' },
      ],
      source: { kind: 'plugin', plugin: 'compact', compactionId, ...commandPart },
      role: 'user',
      id: makeId(random),
    },
    { sourceEventSeqs: [startSeq, summarySeq, ...shadowed], surfaceOp: replace },
  );
  surface.splice(0, last + 1, { seq: checkpointSeq, turn: -1 });
  emit(session, 'compaction/end', { compactionId, ...commandPart, turn });
  session.stats.compactions += 1;
  return summarySeq;
}

/** Tool-result pruning of the oldest prunable result still on the surface: compaction/prune, then a content-only replacement. */
export function prune(session: Session): void {
  const { random, surface, recentToolResults } = session;
  const onSurface = new Set(surface.map((node) => node.seq));
  const candidate = recentToolResults.find((record) => onSurface.has(record.seq));
  if (candidate === undefined) return;
  const index = recentToolResults.indexOf(candidate);
  recentToolResults.splice(index, 1);
  emit(session, 'compaction/prune', {
    shadowedRange: { start: candidate.seq, end: candidate.seq },
    shadowedSeqs: [candidate.seq],
    shadowedTokenCount: random.int(2000, 20000),
  });
  const original = candidate.data;
  const block = original.message.content[0];
  if (block === undefined) throw new Error('tool result without a block');
  const replacement = {
    ...original,
    message: {
      ...original.message,
      content: [
        { ...block, content: [{ type: 'text', text: '[Earlier tool output pruned to save context.]' }] },
      ],
    },
  };
  const replacementSeq = emit(session, 'tool/result', replacement, {
    sourceEventSeqs: [candidate.seq],
    surfaceOp: { op: 'replace', start: candidate.seq, end: candidate.seq },
  });
  const position = surface.findIndex((node) => node.seq === candidate.seq);
  const node = surface[position];
  if (node === undefined) throw new Error('pruned node left the surface');
  surface.splice(position, 1, { seq: replacementSeq, turn: node.turn });
  session.stats.prunes += 1;
}
