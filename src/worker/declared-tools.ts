// The tool names each request/header of a log declares, read once per header: lookalike checks
// ask for them per tool-call card, and a header's tool list is the largest thing in a log to parse.
import { findLastAtOrBelow, readRequestHeader, type OpenedLog } from '../log/index.ts';

const namesByLog = new WeakMap<OpenedLog, Map<number, readonly string[]>>();

/** The tool names the request/header at `headerSeq` declares ([] when it is none or declares none). */
export function declaredToolNames(log: OpenedLog, headerSeq: number): readonly string[] {
  let byHeader = namesByLog.get(log);
  if (byHeader === undefined) {
    byHeader = new Map();
    namesByLog.set(log, byHeader);
  }
  let names = byHeader.get(headerSeq);
  if (names === undefined) {
    names = readRequestHeader(log, headerSeq)?.tools.map((tool) => tool.name) ?? [];
    // A live log's header at a seq never changes once written: caching during a load is safe.
    byHeader.set(headerSeq, names);
  }
  return names;
}

/** The request/header in force at `seq` (the last one at or before it), or null when none is. */
export function headerInForceAt(log: OpenedLog, seq: number): number | null {
  const seqs = log.index.requestHeaderSeqs;
  const position = findLastAtOrBelow(seqs, seq);
  return position < 0 ? null : (seqs[position] as number);
}
