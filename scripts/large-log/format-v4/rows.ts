// The rows of a generation-4 log as this generator stores them (docs/format-generations.md §2, §4).

/** A sourceEventSeqs list as stored from generation 2 on: seqs, or inclusive [start, end] runs. */
type StoredSeqList = (number | [number, number])[];

/** A generation-4 surface op (renamed from generation 0's `{op, start, end}`). */
export type SurfaceOpV4 = 'append' | { op: 'replace'; startSeq: number; endSeq: number };

/** One stored generation-4 event; keys in the writer's order (type, seq, time, data, …). */
export interface EventV4 {
  type: string;
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  data: unknown;
  sourceEventSeqs?: StoredSeqList;
  surfaceOp?: SurfaceOpV4;
}

/** One record of an embedded assistant stream (docs/format-generations.md §4). */
export type StreamRecord =
  | {
      type: 'text-chunks' | 'reasoning-chunks';
      time0: number;
      index: number;
      dt: number[];
      texts: string[];
    }
  | {
      type: 'tool-call-chunks';
      time0: number;
      index: number;
      dt: number[];
      id: string;
      name?: string;
      args: string[];
    }
  | { type: 'chunk'; time: number; chunk: Record<string, unknown> };

/**
 * The writer's physical form of a sourceEventSeqs list (P12 `encodeSeqRanges`): when the list is
 * strictly increasing, runs of at least 3 consecutive seqs become [start, end]; otherwise verbatim.
 */
export function encodeSeqRanges(seqs: readonly number[]): StoredSeqList {
  for (let i = 1; i < seqs.length; i += 1)
    if ((seqs[i] as number) <= (seqs[i - 1] as number)) return [...seqs];
  const out: StoredSeqList = [];
  let i = 0;
  while (i < seqs.length) {
    const start = seqs[i] as number;
    let end = i;
    while (end + 1 < seqs.length && seqs[end + 1] === (seqs[end] as number) + 1) end += 1;
    if (end - i >= 2) out.push([start, seqs[end] as number]);
    else for (let k = i; k <= end; k += 1) out.push(seqs[k] as number);
    i = end + 1;
  }
  return out;
}
