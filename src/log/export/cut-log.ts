// What part of a log an export holds (issue 24: the whole session, up to the cursor, a turn range).
// A log's seqs start at 0 and are contiguous (FORMAT.md §3.2), so a cut keeps a prefix: the header
// and every line up to the event at `lastSeq`; a packed row (§4.1) that straddles it keeps its
// first members (`texts`/`args` and `dt` shortened), so the cut log is as valid as the original.

import { isRecord } from '../event.ts';

const NEWLINE = 0x0a;

function seqRange(line: Record<string, unknown>): [number, number] | null {
  if (typeof line['seq'] === 'number') return [line['seq'], line['seq']];
  const data = line['data'];
  if (typeof line['seq0'] !== 'number' || !isRecord(data)) return null;
  const list = Array.isArray(data['texts'])
    ? data['texts']
    : Array.isArray(data['args'])
      ? data['args']
      : null;
  return list === null ? null : [line['seq0'], line['seq0'] + list.length - 1];
}

/** The log's text up to and including the event `lastSeq` (the whole text when it is past the end). */
export function cutLogAt(text: Uint8Array, lastSeq: number): Uint8Array {
  const decoder = new TextDecoder('utf-8');
  let start = 0;
  let isHeader = true;
  while (start < text.length) {
    let end = text.indexOf(NEWLINE, start);
    if (end < 0) end = text.length;
    if (!isHeader) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(decoder.decode(text.subarray(start, end)));
      } catch {
        parsed = null;
      }
      const range = isRecord(parsed) ? seqRange(parsed) : null;
      if (range !== null && range[0] > lastSeq) return text.subarray(0, start);
      if (range !== null && range[1] > lastSeq && isRecord(parsed)) {
        const data = parsed['data'] as Record<string, unknown>;
        const keep = lastSeq - range[0] + 1;
        const field = Array.isArray(data['texts']) ? 'texts' : 'args';
        data[field] = (data[field] as unknown[]).slice(0, keep);
        data['dt'] = (Array.isArray(data['dt']) ? data['dt'] : []).slice(0, keep - 1);
        const row = new TextEncoder().encode(`${JSON.stringify(parsed)}\n`);
        const out = new Uint8Array(start + row.length);
        out.set(text.subarray(0, start), 0);
        out.set(row, start);
        return out;
      }
    }
    isHeader = false;
    start = end + 1;
  }
  return text;
}
