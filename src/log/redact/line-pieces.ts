// Which strings of a parsed line are streamed pieces (FORMAT.md §4.1 rows, §5.2 `assistant/chunk`
// deltas), under which stream key, and how to put a rewritten piece back.

import { isRecord } from '../event.ts';

interface LinePiece {
  /** turn:step:index:kind[:call id] — one block's stream. */
  key: string;
  /** Member of a packed row, or -1 for a chunk event's own line. */
  member: number;
  seq: number;
  text: string;
}

export interface LineStreamFacts {
  pieces: LinePiece[];
  /** A `block-start` chunk: the streams of `turn:step:index:` end here (a new attempt reuses the index). */
  closesPrefix: string | null;
  /** A step boundary: every open stream ends. */
  closesAll: boolean;
  /** True for a path that holds a piece (the walk leaves pieces to the stream pass). */
  isPiecePath: ((path: readonly (string | number)[]) => boolean) | null;
}

const NONE: LineStreamFacts = { pieces: [], closesPrefix: null, closesAll: false, isPiecePath: null };
const STEP_BOUNDARIES = new Set([
  'step/start',
  'step/end',
  'turn/start',
  'turn/end',
  'llm/retry',
  'llm/retry-started',
]);

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The stream facts of one parsed line. */
export function lineStreamFacts(line: Record<string, unknown>): LineStreamFacts {
  const type = line['type'];
  const data = line['data'];
  if (!isRecord(data))
    return typeof type === 'string' && STEP_BOUNDARIES.has(type) ? { ...NONE, closesAll: true } : NONE;
  if (type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks') {
    const seq0 = num(line['seq0']);
    const list = type === 'tool-call-chunks' ? data['args'] : data['texts'];
    if (seq0 === null || !Array.isArray(list)) return NONE;
    const kind =
      type === 'tool-call-chunks'
        ? `tool:${String(data['id'])}`
        : type === 'text-chunks'
          ? 'text'
          : 'reasoning';
    const key = `${String(data['turn'])}:${String(data['step'])}:${String(data['index'])}:${kind}`;
    const field = type === 'tool-call-chunks' ? 'args' : 'texts';
    const pieces: LinePiece[] = [];
    list.forEach((text, member) => {
      if (typeof text === 'string') pieces.push({ key, member, seq: seq0 + member, text });
    });
    return {
      pieces,
      closesPrefix: null,
      closesAll: false,
      isPiecePath: (path) => path.length >= 2 && path[0] === 'data' && path[1] === field,
    };
  }
  if (type === 'assistant/chunk') {
    const chunk = data['chunk'];
    const seq = num(line['seq']);
    if (!isRecord(chunk) || seq === null) return NONE;
    const prefix = `${String(data['turn'])}:${String(data['step'])}:${String(chunk['index'])}:`;
    const chunkType = chunk['type'];
    if (chunkType === 'block-start') return { ...NONE, closesPrefix: prefix };
    const isTool = chunkType === 'tool-call-delta';
    if (chunkType !== 'text-delta' && chunkType !== 'reasoning-delta' && !isTool) return NONE;
    const field = isTool ? 'argumentsDelta' : 'text';
    const text = chunk[field];
    if (typeof text !== 'string') return NONE;
    const kind = isTool ? `tool:${String(chunk['id'])}` : chunkType === 'text-delta' ? 'text' : 'reasoning';
    return {
      pieces: [{ key: prefix + kind, member: -1, seq, text }],
      closesPrefix: null,
      closesAll: false,
      isPiecePath: (path) =>
        path.length === 3 && path[0] === 'data' && path[1] === 'chunk' && path[2] === field,
    };
  }
  return typeof type === 'string' && STEP_BOUNDARIES.has(type) ? { ...NONE, closesAll: true } : NONE;
}

/** Writes a rewritten piece back into its parsed line. */
export function setPiece(line: Record<string, unknown>, member: number, text: string): void {
  const data = line['data'] as Record<string, unknown>;
  if (member >= 0) {
    const list = (line['type'] === 'tool-call-chunks' ? data['args'] : data['texts']) as string[];
    list[member] = text;
    return;
  }
  const chunk = data['chunk'] as Record<string, unknown>;
  chunk[chunk['type'] === 'tool-call-delta' ? 'argumentsDelta' : 'text'] = text;
}
