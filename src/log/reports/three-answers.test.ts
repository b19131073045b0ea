// The three answers (issue 20): can this viewer read it, would dsh open it, how did the run end —
// the same from `inspect` (the CLI: the file streamed in 1 MiB chunks, buildInspectReport) and from
// the viewer's triage (the worker: the bytes in 64 KiB slices, format verdicts first, then
// deriveTriage with them) for every fixture and every corpus log; and a refusal is never a failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogDecoder, decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { logFilesBelow as logFiles } from '../testing/log-files.ts';
import { deriveFormatVerdicts } from './format-verdicts.ts';
import { buildInspectReport } from './inspect-report.ts';
import { deriveTriage } from './triage.ts';
import type { ThreeAnswers } from './three-answers.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

function decodeInSlices(bytes: Uint8Array, sliceBytes: number): OpenedLog {
  const decoder = createLogDecoder();
  for (let start = 0; start < bytes.length; start += sliceBytes)
    decoder.push(bytes.slice(start, Math.min(bytes.length, start + sliceBytes)));
  return decoder.finish();
}

/** What `inspect --json` says (the CLI reads the file in 1 MiB chunks). */
function cliAnswers(bytes: Uint8Array): ThreeAnswers {
  return buildInspectReport(decodeInSlices(bytes, 1024 * 1024)).answers;
}

/** What the viewer shows (the worker: slices, the format verdicts, then triage with them). */
function viewerAnswers(bytes: Uint8Array): ThreeAnswers {
  const log = decodeInSlices(bytes, 64 * 1024);
  return deriveTriage(log, deriveFormatVerdicts(log)).answers;
}

describe('the three answers: the CLI and the viewer agree', () => {
  const fixtures = logFiles(FIXTURES_DIR);

  it('finds the fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(40);
  });

  it.each(fixtures)('fixtures/%s', (path) => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
    expect(viewerAnswers(bytes)).toEqual(cliAnswers(bytes));
  });

  describe.skipIf(!hasCorpus)('every corpus log (skipped: no ../shared/corpus beside the clone)', () => {
    const corpus = hasCorpus ? logFiles(CORPUS_DIR) : [];
    it.each(corpus)('corpus/%s', (path) => {
      const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, path)));
      expect(viewerAnswers(bytes)).toEqual(cliAnswers(bytes));
    });
  });
});

describe('deriveThreeAnswers', () => {
  const open = (path: string) => decodeLog(new Uint8Array(readFileSync(join(FIXTURES_DIR, path))));

  it('a log dsh refuses for a type no release knows: refused, read on, and the run completed', () => {
    const answers = deriveTriage(open('exact/unknown-type.v4.jsonl')).answers;
    expect(answers.viewer).toMatchObject({ canRead: true, events: 21, problemLines: 1 });
    expect(answers.dsh).toMatchObject({ answer: 'refuses', rule: 'unknown-type', seq: 12 });
    expect(answers.dsh.reason).toContain(
      'not a type of any dsh release up to 0.2.1: written by a fork or a plugin?',
    );
    expect(answers.run).toMatchObject({ ending: 'completed', turn: 1 });
    expect(JSON.stringify(answers)).not.toMatch(/fail/i);
  });

  it('names each ending: failed (error, max-tokens), crashed, hanging, interrupted (cancelled)', () => {
    expect(deriveTriage(open('triage/turn-error.jsonl')).answers.run.ending).toBe('failed');
    expect(deriveTriage(open('max-tokens.jsonl')).answers.run.ending).toBe('failed');
    expect(deriveTriage(open('triage/crashed-tool-outcome-unknown.jsonl')).answers.run.ending).toBe(
      'crashed',
    );
    expect(deriveTriage(open('cancel.jsonl')).answers.run.ending).toBe('interrupted');
    expect(deriveTriage(open('exact/exact-text.v4.jsonl')).answers).toMatchObject({
      viewer: { problemLines: 0 },
      dsh: { answer: 'opens', rule: null, seq: null },
      run: { ending: 'completed' },
    });
  });

  it('a v0 log current dsh would not migrate: refused with the rule and seq, the run still its own answer', () => {
    const answers = deriveTriage(open('max-tokens.jsonl')).answers;
    expect(answers.dsh).toMatchObject({ answer: 'refuses', seq: 4 });
    expect(answers.dsh.rule).not.toBeNull();
  });
});
