// Generates a long coding session (FORMAT.md) deterministically: the turns are simulated in
// turn.ts and its helpers, and a log format stores them in 200 ms write batches, as generation 0
// (format-v0.ts) or as generation 4 (format-v4.ts): the same session either way.

import { createRandom } from '../lib/random.ts';
import { createBatchWriter, type BatchWriter, type WriterCounts } from './batch-writer.ts';
import { FORMAT_V0 } from './format-v0.ts';
import { createFormatV4 } from './format-v4.ts';
import { createRequestHeader } from './request-header.ts';
import type { Session } from './session.ts';
import { createEmptyStats, type LargeLogStats } from './stats.ts';
import { writeTurn } from './turn.ts';
import { makeId } from './vocabulary.ts';

/** Logical events at scale 1 (as generation 0, ≈ 97 MiB of JSONL). The generator stops at the first turn end past it. */
const EVENTS_AT_SCALE_1 = 1_300_000;

/** The format generations the generator writes (docs/format-generations.md). */
const GENERATIONS = [0, 4] as const;

/** A generation the generator writes: 0 (dsh ≤ 0.1.2, packed chunk rows) or 4 (dsh 0.1.7, 0.2.x). */
export type LogGeneration = (typeof GENERATIONS)[number];

/** The value of a `--generation` option (absent: 0); throws on a generation the generator does not write. */
export function parseGeneration(value: string | undefined): LogGeneration {
  const generation = GENERATIONS.find((known) => String(known) === (value ?? '0'));
  if (generation === undefined) throw new Error(`--generation must be one of ${GENERATIONS.join(', ')}`);
  return generation;
}

/**
 * What to generate. `scale` multiplies the logical event count (1 ≈ 1.3 M events as generation 0);
 * `seed` picks the PRNG stream; `generation` the format (default 0). The session does not depend
 * on the generation, only how it is stored.
 */
export interface LargeLogOptions {
  scale: number;
  seed: number;
  generation?: LogGeneration;
}

function createWriter(
  generation: LogGeneration,
  counts: WriterCounts,
  onBatch: (text: string) => void,
): BatchWriter {
  return generation === 4
    ? createBatchWriter(createFormatV4(), counts, onBatch)
    : createBatchWriter(FORMAT_V0, counts, onBatch);
}

/**
 * Generates the log and hands each write batch to `onBatch` as JSONL text (header first, alone).
 * Synchronous and deterministic for a given (scale, seed, generation).
 */
export function generateLogBatches(options: LargeLogOptions, onBatch: (text: string) => void): LargeLogStats {
  const random = createRandom(options.seed);
  const targetEvents = Math.max(200, Math.round(EVENTS_AT_SCALE_1 * options.scale));
  const stats = createEmptyStats();
  const writer = createWriter(options.generation ?? 0, stats, onBatch);
  const cwd = '/home/dev/projects/large-session';
  const sessionId = makeId(random);
  const createdAt = 1783352165190 + options.seed;
  writer.writeHeader({ id: sessionId, createdAt, cwd });
  const session: Session = {
    random,
    stats,
    cwd,
    provider: 'deepseek-official',
    now: createdAt + 40,
    seq: 0,
    write: (event) => writer.write(event),
    surface: [],
    recentToolResults: [],
    header: createRequestHeader(random, cwd),
    isTitleWritten: false,
    isManualCompactionDone: false,
  };
  for (let turn = 1; session.seq < targetEvents; turn += 1) writeTurn(session, turn);
  writer.flush();
  // The events a reader counts: rows, with each packed row counted as its members.
  stats.events = stats.storedLines - stats.packedRows + stats.packedEvents;
  stats.logicalEvents = session.seq;
  if (options.generation !== 4 && stats.events !== session.seq)
    throw new Error(`generation 0 stored ${stats.events} events for ${session.seq}`);
  return stats;
}
