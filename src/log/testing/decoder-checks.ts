// Test helper: the decoder invariant "every storage line is an event line or covered by a problem".

import { LineStatus } from '../storage/log-store.ts';
import type { OpenedLog } from '../open/opened-log.ts';

/** Returns the 1-based line numbers of storage lines that are neither events nor covered by a problem (should be empty). */
export function findUnaccountedLines(log: OpenedLog): number[] {
  const covered = new Set<number>();
  const ranges: [number, number][] = [];
  for (const problem of log.problems) {
    if (problem.line === null) continue;
    if (problem.lineEnd != null) ranges.push([problem.line, problem.lineEnd]);
    else covered.add(problem.line);
  }
  const missing: number[] = [];
  const store = log.store;
  for (let i = 0; i < store.lineCount; i++) {
    if (store.lineStatus.get(i) === LineStatus.EVENTS) continue;
    const line = store.lineNumber.get(i);
    if (covered.has(line)) continue;
    if (ranges.some(([from, to]) => line >= from && line <= to)) continue;
    missing.push(line);
  }
  return missing;
}

/** The problem kinds of a log, in order (a compact thing to assert on). */
export function problemKinds(log: OpenedLog): string[] {
  return log.problems.map((problem) => problem.kind);
}
