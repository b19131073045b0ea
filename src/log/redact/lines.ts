// The lines of a log's text, and the little the redactor reads of each (JSON, its seq).

import { isRecord } from '../event.ts';

const NEWLINE = 0x0a;

/** Calls `each(index, start, end)` for every line of `bytes` (end excludes the `\n`). */
export function forEachLine(
  bytes: Uint8Array,
  each: (index: number, start: number, end: number) => void,
): number {
  let start = 0;
  let index = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    each(index, start, end);
    index++;
    start = end + 1;
  }
  return index;
}

export function parseLine(text: string): Record<string, unknown> | null {
  if (text.length === 0 || text.charCodeAt(0) !== 0x7b) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function seqOf(line: Record<string, unknown>): number | null {
  const seq = line['seq'] ?? line['seq0'];
  return typeof seq === 'number' ? seq : null;
}
