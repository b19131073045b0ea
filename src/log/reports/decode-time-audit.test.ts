// The summary pass audits a generation 0–3 log for dsh's migration while it decodes it
// (DecodeTimeMigrationAudit through DecoderOptions.onEvent) instead of reading every event back from
// the store afterwards. For every fixture and every corpus log, fed as the browser reads a file (64
// KiB chunks) and in odd 7 KiB chunks, it must give what the audit after the decode gives: the same
// refusals (rule, seq, line, message, in order), the same count, the same format verdicts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainSteps } from '../base/steps.ts';
import { createLogDecoder } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { logFilesBelow } from '../testing/log-files.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { deriveFormatVerdicts } from './format-verdicts.ts';
import { DecodeTimeMigrationAudit, auditMigrationSteps, type MigrationAudit } from './migration-audit.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

function decode(bytes: Uint8Array, chunkBytes: number, audit?: DecodeTimeMigrationAudit): OpenedLog {
  const decoder = createLogDecoder(audit === undefined ? {} : { onEvent: audit.onEvent });
  for (let start = 0; start < bytes.length; start += chunkBytes)
    decoder.push(bytes.slice(start, start + chunkBytes));
  return decoder.finish();
}

/** The audit after the decode, over the store (what the viewer's worker and inspect run). */
function auditAfter(log: OpenedLog): MigrationAudit | null {
  const { generation, newerVersion } = log.format;
  if (generation === null || newerVersion !== null || generation >= 4) return null;
  return drainSteps(auditMigrationSteps(log, generation));
}

/** Logs whose audit refused something: the comparison must not be of empty lists only. */
const refusing = { count: 0 };

function expectSameAudit(dir: string, path: string): void {
  const bytes = new Uint8Array(readFileSync(join(dir, path)));
  const after = decode(bytes, 1024 * 1024);
  const expected = auditAfter(after);
  if ((expected?.refusalCount ?? 0) > 0) refusing.count += 1;
  for (const chunkBytes of [64 * 1024, 7 * 1024]) {
    const audit = new DecodeTimeMigrationAudit();
    const log = decode(bytes, chunkBytes, audit);
    const streamed = audit.resultFor(log);
    expect(streamed, `${path} in ${chunkBytes}-byte chunks`).toEqual(expected);
    expect(deriveFormatVerdicts(log, streamed)).toEqual(deriveFormatVerdicts(after));
  }
}

describe('the migration audit during the decode equals the audit after it', () => {
  const fixtures = logFilesBelow(FIXTURES_DIR);
  it('finds the fixtures', () => expect(fixtures.length).toBeGreaterThan(40));
  it.each(fixtures)('fixtures/%s', (path) => expectSameAudit(FIXTURES_DIR, path));

  describe.skipIf(!hasCorpus)('every corpus log (skipped: no ../shared/corpus beside the clone)', () => {
    const corpus = hasCorpus ? logFilesBelow(CORPUS_DIR) : [];
    it('finds the corpus logs', () => expect(corpus.length).toBeGreaterThan(80));
    it.each(corpus)('corpus/%s', (path) => expectSameAudit(CORPUS_DIR, path));
  });

  it('compared logs that the migration refuses, not only empty audits', () => {
    expect(refusing.count).toBeGreaterThan(10);
  });
});

describe('the decode-time audit of a log that grows (followed) or is replaced', () => {
  const refusingFixtures = logFilesBelow(FIXTURES_DIR).filter((path) => {
    const log = decode(new Uint8Array(readFileSync(join(FIXTURES_DIR, path))), 1024 * 1024);
    return (auditAfter(log)?.refusalCount ?? 0) > 0 && log.store.eventCount > 20;
  });

  it('answers for each settled state as the audit over the store does, and starts over with a new store', () => {
    expect(refusingFixtures.length).toBeGreaterThan(1);
    const [first, second] = refusingFixtures.map(
      (path) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path))),
    );
    const audit = new DecodeTimeMigrationAudit();
    const decoder = createLogDecoder({ onEvent: audit.onEvent });
    const bytes = first as Uint8Array;
    const half = Math.floor(bytes.length / 2);
    decoder.push(bytes.slice(0, half));
    const early = decoder.settle();
    expect(audit.resultFor(early)).toEqual(auditAfter(early));
    decoder.push(bytes.slice(half));
    const whole = decoder.finish();
    expect(audit.resultFor(whole)).toEqual(auditAfter(whole));
    // A follower's restart: a fresh decoder (another store) feeds the same listener.
    const replaced = decode(second as Uint8Array, 64 * 1024, audit);
    expect(audit.resultFor(replaced)).toEqual(auditAfter(replaced));
    // The first log's store is no longer the one fed: no answer for it (the caller audits the store).
    expect(audit.resultFor(whole)).toBeNull();
  });
});
