// The benchmark log generator (scripts/generate-large-log.ts) writes logs the core reads as valid:
// a small-scale run decodes with no problem at all, with the counts the generator reports.

import { describe, expect, it } from 'vitest';
import { compress as zstdCompress } from '@bokuweb/zstd-wasm';
import xxhash from 'xxhash-wasm';
import {
  addContentChecksum,
  generateLogBatches,
  initZstdOnce,
  type LargeLogStats,
} from '../../../scripts/generate-large-log.ts';
import { decodeLog } from './log-decoder.ts';
import { deriveModelView } from '../projections/model-view.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';

/** Big enough for compactions, prunes, retries, parallel calls and header changes (≈ 65,000 events). */
const SCALE = 0.05;

function generate(seed: number): { batches: string[]; stats: LargeLogStats } {
  const batches: string[] = [];
  const stats = generateLogBatches({ scale: SCALE, seed }, (text) => batches.push(text));
  return { batches, stats };
}

describe('generateLogBatches', () => {
  const { batches, stats } = generate(7);
  const text = new TextEncoder().encode(batches.join(''));

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generate(7).batches.join('')).toBe(batches.join(''));
    expect(generate(8).batches.join('')).not.toBe(batches.join(''));
  });

  it('writes the header alone first, then LF-terminated batches', () => {
    expect(batches[0]?.split('\n')).toHaveLength(2);
    expect(JSON.parse(batches[0] ?? '')).toMatchObject({ type: 'session', version: 0, delegationDepth: 0 });
    for (const batch of batches) expect(batch.endsWith('\n')).toBe(true);
    expect(batches).toHaveLength(stats.batches + 1);
  });

  it('produces a log the decoder reads with no problem and the counts the generator reports', () => {
    const log = decodeLog(text);
    expect(log.problems).toEqual([]);
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.store.eventCount).toBe(stats.events);
    expect(log.packedRows).toBe(stats.packedRows);
    expect(log.lineCount).toBe(stats.storedLines);
    expect(log.file.textBytes).toBe(stats.jsonlBytes);
    expect(log.index.turns.length).toBe(stats.turns);
  });

  it('covers the features the benchmark relies on', () => {
    expect(stats.packedEvents / stats.events).toBeGreaterThan(0.8);
    expect(stats.compactions).toBeGreaterThan(0);
    expect(stats.prunes).toBeGreaterThan(0);
    expect(stats.retries).toBeGreaterThan(0);
    expect(stats.parallelToolSteps).toBeGreaterThan(0);
    expect(stats.toolErrors).toBeGreaterThan(0);
    expect(stats.requestHeaders).toBeGreaterThan(1);
  });

  it('keeps the model view bounded by its compactions', () => {
    const log = decodeLog(text);
    const view = deriveModelView(log, log.store.eventCount - 1);
    expect(view.nodeCount).toBeLessThanOrEqual(stats.maxSurfaceNodes);
    expect(view.messages.some((message) => message.isReplacement)).toBe(true);
  });

  it('writes one checksummed zstd frame per batch that the decoder verifies', async () => {
    await initZstdOnce();
    const hasher = await xxhash();
    const frames = batches.map((batch) => {
      const plaintext = new TextEncoder().encode(batch);
      return addContentChecksum(zstdCompress(plaintext, 3), hasher.h64Raw(plaintext, 0n));
    });
    const joined = new Uint8Array(frames.reduce((sum, frame) => sum + frame.byteLength, 0));
    let offset = 0;
    for (const frame of frames) {
      joined.set(frame, offset);
      offset += frame.byteLength;
    }
    const log = decodeLog(joined, { checksum: await loadChecksumVerifier() });
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.file.frames).toBe(frames.length);
    expect(log.file.checksumsVerified).toBe(frames.length);
    expect(log.store.eventCount).toBe(stats.events);
  });
});
