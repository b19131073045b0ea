// What the worker's compare-open answers for a fork of the sessions fixture root (A) against its
// parent (B): real outlines, columns and reports, for tests of the compare's store and history.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { alignColumns, buildDiffReportFrom, buildRunOutline, decodeLog, type RunOutline } from '../index.ts';

const FORK_DIR = join(
  import.meta.dirname,
  '../../../fixtures/sessions/root/--home-dev-projects-subagent-fork-in-process--',
);
export const PARENT = '96cf59c9-b347-48b9-b234-a5200913ad05';
export const CHILD = 'ada8966c-9fa3-441b-8721-37ff1e795e6a';

/** compare-open's answer (the worker's CompareOpened) for the fork child (A) against its parent (B). */
export function openedForkPair() {
  const outlines: RunOutline[] = [CHILD, PARENT].map((id) =>
    buildRunOutline(decodeLog(new Uint8Array(readFileSync(join(FORK_DIR, id, 'session.jsonl.zstd'))))),
  );
  const columns = alignColumns(outlines);
  const [base, run] = outlines as [RunOutline, RunOutline];
  return {
    compareId: 1,
    runs: [CHILD, PARENT].map((id, index) => ({
      name: id,
      sessionId: id,
      generation: 4,
      eventCount: outlines[index]!.eventCount,
    })),
    outlines,
    columns,
    reports: columns.alignments.map((alignment) =>
      buildDiffReportFrom(alignment, base, run, { a: 'a', b: 'b' }),
    ),
  };
}
