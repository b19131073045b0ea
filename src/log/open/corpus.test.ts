// Every real log of the shared corpus (../shared/corpus beside the clone, or $DSH_CORPUS) decodes as its MANIFEST.json says, in both containers.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLog } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';
import { findUnaccountedLines } from '../testing/decoder-checks.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';

import { CORPUS_DIR } from '../testing/corpus-dir.ts';
const MANIFEST_PATH = join(CORPUS_DIR, 'MANIFEST.json');

interface ManifestLog {
  name: string;
  eventCount: number;
  storedLines: number;
  packedRows: number;
  zstdFrames: number;
  eventTypes: string[];
  legacyShapes: string[];
  header: { id: string; version: number; createdAt: number };
}

const manifest: { logs: ManifestLog[] } | null = existsSync(MANIFEST_PATH)
  ? (JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as { logs: ManifestLog[] })
  : null;

/** The verdict the file implies: a header without delegationDepth is corrupt (FORMAT.md §2.2 step 4); otherwise ok. */
function expectedStatus(jsonl: Buffer): 'ok' | 'corrupt' {
  const firstLine = jsonl.subarray(0, jsonl.indexOf(0x0a)).toString('utf8');
  const header = JSON.parse(firstLine) as Record<string, unknown>;
  return 'delegationDepth' in header ? 'ok' : 'corrupt';
}

/** Everything about the decoded events and problems that must not depend on the container. */
function containerFreeFacts(log: OpenedLog): unknown {
  const events: unknown[] = [];
  for (let seq = 0; seq < log.store.eventCount; seq++) events.push(log.store.readStoredEvent(seq));
  return {
    header: log.header,
    verdict: log.verdict,
    problems: log.problems,
    lineCount: log.lineCount,
    packedRows: log.packedRows,
    events,
  };
}

const describeCorpus = manifest ? describe : describe.skip;

describeCorpus(`corpus logs in ${CORPUS_DIR}${manifest ? '' : ' (folder absent: skipped)'}`, () => {
  let checksum: ChecksumVerifier | null = null;
  beforeAll(async () => {
    checksum = await loadChecksumVerifier();
    expect(checksum).not.toBeNull();
  });

  it('has logs to check', () => {
    expect(manifest?.logs.length).toBeGreaterThan(0);
  });

  for (const entry of manifest?.logs ?? []) {
    it(`${entry.name} decodes as MANIFEST says, identically from .jsonl and .jsonl.zstd`, () => {
      const jsonlBytes = readFileSync(join(CORPUS_DIR, `${entry.name}.jsonl`));
      const zstdBytes = readFileSync(join(CORPUS_DIR, `${entry.name}.jsonl.zstd`));
      const plain = decodeLog(jsonlBytes, { checksum });
      const zstd = decodeLog(zstdBytes, { checksum });
      const status = expectedStatus(jsonlBytes);
      for (const log of [plain, zstd]) {
        expect(log.verdict.status, log.verdict.reason ?? '').toBe(status);
        expect(log.store.eventCount).toBe(entry.eventCount);
        expect(log.packedRows).toBe(entry.packedRows);
        expect(log.lineCount).toBe(entry.storedLines - 1);
        expect(log.file.tornTail).toBe(false);
        expect(findUnaccountedLines(log)).toEqual([]);
        expect([...new Set(log.store.typeNames)].sort()).toEqual([...entry.eventTypes].sort());
        expect(log.header).toMatchObject({
          id: entry.header.id,
          version: entry.header.version,
          createdAt: entry.header.createdAt,
        });
        expect(log.isComplete).toBe(true);
      }
      expect(plain.file).toMatchObject({
        container: 'jsonl',
        frames: null,
        bytes: jsonlBytes.length,
        textBytes: jsonlBytes.length,
      });
      expect(zstd.file).toMatchObject({
        container: 'zstd',
        frames: entry.zstdFrames,
        bytes: zstdBytes.length,
        textBytes: jsonlBytes.length,
        checksumsVerified: entry.zstdFrames,
      });
      expect(containerFreeFacts(zstd)).toEqual(containerFreeFacts(plain));
    });
  }
});
