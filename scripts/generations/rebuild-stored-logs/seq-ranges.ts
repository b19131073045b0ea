// sourceEventSeqs in the range encoding of generations >= 2: runs of >= 3 consecutive seqs as
// [start, end] when the list is strictly increasing, verbatim otherwise.

import type { Json } from './stored-log.ts';

/** The writer's physical form of a seq list. */
export function encodeSeqRanges(values: number[]): Json[] {
  if (values.some((value, index) => index > 0 && value <= (values[index - 1] ?? -1))) return [...values];
  const out: Json[] = [];
  for (let index = 0; index < values.length;) {
    const start = values[index] as number;
    let end = start;
    while (index + 1 < values.length && values[index + 1] === end + 1) {
      index += 1;
      end += 1;
    }
    if (end - start >= 2) out.push([start, end]);
    else {
      out.push(start);
      if (end - start === 1) out.push(end);
    }
    index += 1;
  }
  return out;
}

/** The seqs a stored list (seqs and [start, end] runs) stands for. */
export function expandSeqRanges(values: Json[]): number[] {
  return values.flatMap((value) => {
    if (Array.isArray(value)) {
      const [start, end] = value as [number, number];
      return Array.from({ length: end - start + 1 }, (_, i) => start + i);
    }
    return [value as number];
  });
}
