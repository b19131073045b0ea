// Generates a long coding session (FORMAT.md) deterministically: the turns are simulated in
// turn.ts and its helpers, and a log format (format-v0.ts) stores them in 200 ms write batches.

import { createRandom } from '../lib/random.ts';
import { createBatchWriter, type LogFormat } from './batch-writer.ts';
import type { LogicalEvent } from './logical-event.ts';
import { FORMAT_V0 } from './format-v0.ts';
import { createRequestHeader } from './request-header.ts';
import type { Session } from './session.ts';
import { createEmptyStats, type LargeLogStats } from './stats.ts';
import { writeTurn } from './turn.ts';
import { makeId } from './vocabulary.ts';

/** Events at scale 1 (≈ 97 MiB of JSONL). The generator stops at the first turn end past it. */
const EVENTS_AT_SCALE_1 = 1_300_000;

/** What to generate. `scale` multiplies the event count (1 ≈ 1.3 M events); `seed` picks the PRNG stream. */
export interface LargeLogOptions {
  scale: number;
  seed: number;
}

/**
 * Generates the log and hands each write batch to `onBatch` as JSONL text (header first, alone).
 * Synchronous and deterministic for a given (scale, seed); `format` says how events are stored.
 */
export function generateLogBatches(
  options: LargeLogOptions,
  onBatch: (text: string) => void,
  format: LogFormat<LogicalEvent> = FORMAT_V0,
): LargeLogStats {
  const random = createRandom(options.seed);
  const targetEvents = Math.max(200, Math.round(EVENTS_AT_SCALE_1 * options.scale));
  const stats = createEmptyStats();
  const writer = createBatchWriter(format, stats, onBatch);
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
  stats.events = session.seq;
  return stats;
}
