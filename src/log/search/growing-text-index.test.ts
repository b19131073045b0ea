// The growing text index (issue 22): a log followed in appends answers every search exactly as a
// text index built from scratch over the same bytes does, after every append a writer can make,
// and an append indexes only what it added (plus the step being written).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogFollower } from '../follow/log-follower.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { appendBoundaries, realWriterLogs } from '../testing/append-boundaries.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { createRandom } from '../testing/random.ts';
import { GrowingTextIndex, stableFrontier } from './growing-text-index.ts';
import { buildTextIndex, searchTextIndex } from './text-index.ts';

/** Needles drawn from the whole log's shown text (a few characters to a few words), plus fixed ones. */
function needlesOf(log: OpenedLog, seed: number): string[] {
  const index = buildTextIndex(log);
  const random = createRandom(seed);
  const text = [...index.latin1.segments, ...index.wide.segments].join('');
  const needles = new Set(['tool/call', 'assistant', 'turn', 'error', 'call_', 'é', '—']);
  for (let i = 0; i < 40 && text.length > 0; i++) {
    const start = Math.floor(random() * text.length);
    const piece = text.slice(start, start + 2 + Math.floor(random() * 12)).split('\n')[0] ?? '';
    if (piece !== '') needles.add(piece);
  }
  for (const call of log.index.toolCalls) needles.add(call.callId);
  return [...needles];
}

function checkGrowth(bytes: Uint8Array, seed: number): number {
  const boundaries = appendBoundaries(bytes);
  const follower = new LogFollower();
  follower.append(bytes);
  const needles = needlesOf(follower.log, seed);
  const growing = new LogFollower();
  let growth = null as GrowingTextIndex | null;
  let read = 0;
  for (const boundary of boundaries) {
    growing.append(bytes.subarray(read, boundary));
    read = boundary;
    const log = growing.log;
    if (growth?.store !== log.store) growth = new GrowingTextIndex(log.store);
    growth.advance(log, Number.POSITIVE_INFINITY);
    const snapshot = growth.snapshot(log);
    const whole = buildTextIndex(log);
    for (const needle of needles)
      expect([...searchTextIndex(snapshot, needle)], `"${needle}" after ${boundary} bytes`).toEqual([
        ...searchTextIndex(whole, needle),
      ]);
  }
  return boundaries.length;
}

describe('GrowingTextIndex', () => {
  const fixtures = readdirSync(FIXTURES_DIR).filter(
    (name) => /\.jsonl(\.zstd)?$/.test(name) && !name.startsWith('torn'),
  );
  it.each(fixtures)('fixtures/%s: every search, after every append, as a fresh index', (name) => {
    expect(checkGrowth(readFileSync(join(FIXTURES_DIR, name)), name.length)).toBeGreaterThan(2);
  });

  it.each(realWriterLogs())('fixtures/real-writer/%s: as a fresh index after every frame', (name) => {
    checkGrowth(readFileSync(join(FIXTURES_DIR, 'real-writer', name)), 11);
  });

  it('indexes an append once: the settled events join the runs, only the open step is the tail', () => {
    const bytes = readFileSync(join(FIXTURES_DIR, 'long-conversation.jsonl'));
    const boundaries = appendBoundaries(bytes);
    const follower = new LogFollower();
    const growth = new GrowingTextIndex(follower.log.store);
    let read = 0;
    let tailMax = 0;
    for (const boundary of boundaries) {
      follower.append(bytes.subarray(read, boundary));
      read = boundary;
      const log = follower.log;
      const before = growth.progressOf(log);
      growth.advance(log, Number.POSITIVE_INFINITY);
      expect(growth.progressOf(log)).toBe(1);
      expect(before).toBeLessThanOrEqual(1);
      const snapshot = growth.snapshot(log);
      const tailDocs = (snapshot.tail?.latin1.docSeq.length ?? 0) + (snapshot.tail?.wide.docSeq.length ?? 0);
      tailMax = Math.max(tailMax, tailDocs);
      // The tail is what lies at or past the frontier; everything below it is in the runs.
      const frontier = stableFrontier(log);
      for (const seq of snapshot.tail?.latin1.docSeq ?? []) expect(seq).toBeGreaterThanOrEqual(frontier);
      for (const seq of snapshot.latin1.docSeq) expect(seq).toBeLessThan(frontier);
    }
    const events = follower.log.store.eventCount;
    expect(tailMax).toBeLessThan(events / 4);
  });
});
