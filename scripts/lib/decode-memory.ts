// Peak memory of a decode, measured in a fresh child process (one process's peak depends on what
// ran before it): the child streams a .zstd log from disk through the decoder and prints its RSS.

import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { decoderOptions, loadCore } from './bench-core.ts';
import { readHighWaterRss } from './process-memory.ts';

/** What the child reports (bytes). */
interface ChildMemory {
  events: number;
  baselineRssBytes: number;
  sampledPeakRssBytes: number;
  maxRssBytes: number;
  retainedRssBytes: number;
  heapUsedBytes: number;
}

/** A child's report, or why it failed (its last lines of stderr). */
type ChildMemoryResult = ChildMemory | { error: string };

/** In the child: streams `path` in `chunkBytes` chunks through the decoder and writes one JSON `ChildMemory` line. */
export async function runChildDecode(path: string, chunkBytes: number): Promise<void> {
  const { core } = await loadCore();
  globalThis.gc?.();
  const baselineRssBytes = process.memoryUsage().rss;
  const decoder = core.createLogDecoder(decoderOptions(core));
  const fd = openSync(path, 'r');
  let sampledPeak = baselineRssBytes;
  try {
    for (;;) {
      const chunk = new Uint8Array(chunkBytes);
      const read = readSync(fd, chunk, 0, chunkBytes, null);
      if (read === 0) break;
      decoder.push(chunk.subarray(0, read));
      sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
    }
  } finally {
    closeSync(fd);
  }
  const log = decoder.finish();
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
  globalThis.gc?.();
  const retainedRssBytes = process.memoryUsage().rss;
  const heapUsedBytes = process.memoryUsage().heapUsed;
  process.stdout.write(
    JSON.stringify({
      events: log.store.eventCount,
      baselineRssBytes,
      sampledPeakRssBytes: sampledPeak,
      maxRssBytes: readHighWaterRss() ?? sampledPeak,
      retainedRssBytes,
      heapUsedBytes,
    }) + '\n',
  );
}

/**
 * Runs `script` (a benchmark that calls `runChildDecode` when given `--child-decode <path>`) in a
 * fresh Node process with --expose-gc and returns what it reports.
 */
export function measureMemoryInChild(
  script: string,
  zstdPath: string,
  chunkBytes: number,
): ChildMemoryResult {
  const result = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      script,
      '--child-decode',
      zstdPath,
      '--chunk-mib',
      String(chunkBytes / 1024 / 1024),
    ],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (result.status !== 0)
    return {
      error: (result.stderr || `exit ${String(result.status)}`).trim().split('\n').slice(-3).join(' | '),
    };
  const line = result.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ChildMemory;
}

/** The child run with the median peak (or the first failure). */
export function medianMemory(runs: readonly ChildMemoryResult[]): ChildMemoryResult {
  const failed = runs.find((run) => 'error' in run);
  if (failed !== undefined) return failed;
  const sorted = [...(runs as ChildMemory[])].sort(
    (a, b) => Math.max(a.maxRssBytes, a.sampledPeakRssBytes) - Math.max(b.maxRssBytes, b.sampledPeakRssBytes),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? { error: 'no memory run' };
}
