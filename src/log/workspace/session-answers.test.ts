// The three answers of the session list (issue 20): the summary pass `ls --json` and the viewer's
// session list run (the file streamed in 64 KiB chunks, summarizeSession, then the `ls` document)
// gives, for every fixture and every corpus log, the very answers `inspect --json` gives (the file
// in 1 MiB chunks, buildInspectReport): one derivation (three-answers.ts), no second opinion.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogDecoder } from '../open/log-decoder.ts';
import { buildInspectReport } from '../reports/inspect-report.ts';
import type { ThreeAnswers } from '../reports/three-answers.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { logFilesBelow } from '../testing/log-files.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { discoverSessions } from './discover-sessions.ts';
import { summarizeWorkspace } from './session-summary.ts';
import type { WorkspaceEntry } from './workspace-entry.ts';
import { buildSessionListReport } from './workspace-reports.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

/** What `inspect --json` answers (the CLI reads a file in 1 MiB chunks). */
function inspectAnswers(bytes: Uint8Array): ThreeAnswers {
  const decoder = createLogDecoder();
  for (let start = 0; start < bytes.length; start += 1024 * 1024)
    decoder.push(bytes.slice(start, start + 1024 * 1024));
  return buildInspectReport(decoder.finish()).answers;
}

/** An entry that hands its bytes out in 64 KiB chunks, as a browser File read does. */
function chunkedEntry(path: string, bytes: Uint8Array): WorkspaceEntry {
  return {
    path,
    size: bytes.length,
    isExplicit: true,
    read: () => Promise.resolve(bytes),
    readHead: (count) => Promise.resolve(bytes.subarray(0, count)),
    async *readChunks() {
      for (let start = 0; start < bytes.length; start += 64 * 1024)
        yield await Promise.resolve(bytes.slice(start, start + 64 * 1024));
    },
  };
}

/** The `ls` row of one file given alone (as `ls <file>` lists it), or null when it is no session. */
async function lsAnswers(path: string, bytes: Uint8Array): Promise<ThreeAnswers | null | 'no row'> {
  const workspace = await discoverSessions([chunkedEntry(path, bytes)]);
  const { summaries, failures } = await summarizeWorkspace(workspace.sessions);
  const report = buildSessionListReport('.', workspace, summaries, failures);
  const row = report.sessions[0];
  return row === undefined ? 'no row' : row.answers;
}

async function expectSameAnswers(dir: string, path: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(join(dir, path)));
  const listed = await lsAnswers(path, bytes);
  // A file without a session header is no session row: there is nothing to compare.
  if (listed === 'no row') return;
  expect(listed).toEqual(inspectAnswers(bytes));
}

describe('the session list and inspect give the same three answers', () => {
  const fixtures = logFilesBelow(FIXTURES_DIR);

  it('finds the fixtures, and most of them are listed as sessions', async () => {
    expect(fixtures.length).toBeGreaterThan(40);
    let listed = 0;
    for (const path of fixtures) {
      const answers = await lsAnswers(path, new Uint8Array(readFileSync(join(FIXTURES_DIR, path))));
      if (answers !== 'no row') listed += 1;
    }
    expect(listed).toBeGreaterThan(fixtures.length / 2);
  });

  it.each(fixtures)('fixtures/%s', (path) => expectSameAnswers(FIXTURES_DIR, path));

  describe.skipIf(!hasCorpus)('every corpus log (skipped: no ../shared/corpus beside the clone)', () => {
    const corpus = hasCorpus ? logFilesBelow(CORPUS_DIR) : [];
    it('finds the corpus logs', () => expect(corpus.length).toBeGreaterThan(80));
    it.each(corpus)('corpus/%s', (path) => expectSameAnswers(CORPUS_DIR, path));
  });

  it('a refused log is listed as refused and completed, not failed', async () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'exact/unknown-type.v4.jsonl')));
    const listed = await lsAnswers('unknown-type.v4.jsonl', bytes);
    expect(listed).toMatchObject({
      dsh: { answer: 'refuses', rule: 'unknown-type' },
      run: { ending: 'completed' },
    });
  });
});
