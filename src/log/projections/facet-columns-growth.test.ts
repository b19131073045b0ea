// Facet columns of a growing log (issue 22): extended after every append a writer can make, they
// equal the columns built from scratch over the same bytes, and the per-event columns keep the
// values they had (only the new events are computed).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogFollower } from '../follow/log-follower.ts';
import { appendBoundaries, realWriterLogs } from '../testing/append-boundaries.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { buildFacetColumns, type FacetColumns } from './facet-columns.ts';
import { FacetColumnsGrowth } from './facet-columns-growth.ts';

function plain(columns: FacetColumns): unknown {
  return {
    eventCount: columns.eventCount,
    typeId: Array.from(columns.typeId),
    typeNames: columns.typeNames,
    turnId: Array.from(columns.turnId),
    turnNumbers: Array.from(columns.turnNumbers),
    toolId: Array.from(columns.toolId),
    toolNames: columns.toolNames,
    status: Array.from(columns.status),
    source: Array.from(columns.source),
  };
}

function checkGrowth(bytes: Uint8Array): number {
  const follower = new LogFollower();
  let growth = null as FacetColumnsGrowth | null;
  let read = 0;
  let previous: FacetColumns | null = null;
  for (const boundary of appendBoundaries(bytes)) {
    follower.append(bytes.subarray(read, boundary));
    read = boundary;
    const log = follower.log;
    if (growth?.store !== log.store) growth = new FacetColumnsGrowth(log.store);
    const columns = growth.extend(log);
    expect(plain(columns), `after ${boundary} bytes`).toEqual(plain(buildFacetColumns(log)));
    if (previous !== null) {
      // The sources of the events before the append are the ones computed then (not computed again).
      expect(Array.from(columns.source.subarray(0, previous.eventCount))).toEqual(
        Array.from(previous.source),
      );
    }
    previous = { ...columns, source: columns.source.slice() };
  }
  return read;
}

describe('FacetColumnsGrowth', () => {
  const fixtures = readdirSync(FIXTURES_DIR).filter(
    (name) => /\.jsonl(\.zstd)?$/.test(name) && !name.startsWith('torn'),
  );
  it.each(fixtures)('fixtures/%s: after every append, the columns built from scratch', (name) => {
    expect(checkGrowth(readFileSync(join(FIXTURES_DIR, name)))).toBeGreaterThan(0);
  });

  it.each(realWriterLogs())('fixtures/real-writer/%s: after every frame', (name) => {
    checkGrowth(readFileSync(join(FIXTURES_DIR, 'real-writer', name)));
  });

  it('answers the same settled log with the same columns, and refuses another store', () => {
    const follower = new LogFollower();
    follower.append(readFileSync(join(FIXTURES_DIR, 'tool-error.jsonl')));
    const log = follower.log;
    const growth = new FacetColumnsGrowth(log.store);
    expect(growth.extend(log)).toBe(growth.extend(log));
    const other = new LogFollower();
    other.append(readFileSync(join(FIXTURES_DIR, 'cancel.jsonl')));
    expect(() => growth.extend(other.log)).toThrow(/another store/);
  });
});
