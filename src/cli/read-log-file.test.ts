// The CLI reads files as a stream of chunks into the worker's incremental decoder: any chunk size
// gives the report a whole-file decode gives, and a file past Node's 2 GiB readFile limit is read.

import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInspectReport, decodeLog, loadChecksumVerifier } from '../log/index.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import { CLI_READ_LIMITS, readFileChunks, readLogChunks } from './read-log-file.ts';

const READ_CHUNK_BYTES = 1024 * 1024;

function readLogFile(
  path: string,
  options: Parameters<typeof readLogChunks>[1],
  chunkBytes = READ_CHUNK_BYTES,
) {
  return readLogChunks(readFileChunks(path, chunkBytes), options);
}

const workDir = mkdtempSync(join(tmpdir(), 'dsh-replay-read-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const fixtureFiles = readdirSync(FIXTURES_DIR)
  .filter((name) => /\.jsonl(\.zstd)?$/.test(name))
  .map((name) => join(FIXTURES_DIR, name));
const adversarialDir = join(FIXTURES_DIR, 'adversarial');
const adversarialFiles = readdirSync(adversarialDir)
  .filter((name) => name !== 'README.md')
  .map((name) => join(adversarialDir, name));

describe('readLogChunks', () => {
  it('reads the fixtures', () => expect(fixtureFiles.length).toBeGreaterThan(10));

  // One test per file (each with its own timeout); 1-byte chunks only where a file is small enough
  // for a byte-at-a-time read to stay quick, 7 and 4096 bytes everywhere.
  it.each([...fixtureFiles, ...adversarialFiles])(
    'gives, in chunks of any size, the report of decoding %s whole',
    async (path) => {
      const checksum = await loadChecksumVerifier();
      const bytes = new Uint8Array(readFileSync(path));
      const whole = decodeLog(bytes, { checksum, ...CLI_READ_LIMITS });
      for (const chunkBytes of bytes.length <= 64 * 1024 ? [1, 7, 4096] : [7, 4096]) {
        const read = await readLogFile(path, { checksum }, chunkBytes);
        if (!read.ok) {
          expect(
            whole.problems.map((problem) => problem.kind),
            path,
          ).toContain('not-a-log');
          continue;
        }
        expect(buildInspectReport(read.log), `${path} in ${chunkBytes}-byte chunks`).toEqual(
          buildInspectReport(whole),
        );
      }
    },
  );

  it('refuses a file that is not a log after its first bytes, however large the file (no readFile limit)', async () => {
    const path = join(workDir, 'sparse.jsonl');
    writeFileSync(path, new Uint8Array([0x00]));
    // 2.5 GiB of holes: nothing is written to disk, and readFile would refuse it (ERR_FS_FILE_TOO_LARGE).
    truncateSync(path, 2.5 * 1024 ** 3);
    const startedAt = performance.now();
    const read = await readLogFile(path, { checksum: null });
    expect(read).toEqual({
      ok: false,
      reason: 'not-a-log',
      message: expect.stringMatching(/not a session log/) as unknown,
    });
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });

  it('says a file it cannot read is unreadable (exit 2 material), not a bug', async () => {
    const read = await readLogFile(join(workDir, 'no-such-file.jsonl'), { checksum: null });
    expect(read).toEqual({ ok: false, reason: 'unreadable', message: 'ENOENT' });
  });

  it('reads a header-less empty file as the corrupt log CLI.md defines', async () => {
    const path = join(workDir, 'empty.jsonl');
    writeFileSync(path, '');
    const read = await readLogFile(path, { checksum: null });
    expect(read.ok && read.log.verdict.status).toBe('corrupt');
  });
});
