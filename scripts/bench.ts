// `npm run bench`: generates (or reuses) the large log and measures the core against the floor of
// plain decompression + JSON.parse, peak memory in a fresh child process, model-view latency and
// time to the first 10,000 events. Decode+index is measured as the app runs it (with the
// @bokuweb/zstd-wasm fast path when it loads) and with fzstd alone (`…Fzstd…` keys), against the
// same floor. `--json` prints exactly one JSON object.
//
// Options: --scale 1 --seed 1 --runs 3 --chunk-mib 1 --out .bench --json

import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decompress as fzstdDecompress } from 'fzstd';
import { decompress as zstdWasmDecompress } from '@bokuweb/zstd-wasm';
import { ensureLargeLog, type LargeLogFiles } from './large-log/cache.ts';
import { loadFastZstd } from '../src/cli/fast-zstd.ts';
import {
  createLogDecoder,
  deriveModelView,
  loadChecksumVerifier,
  type ChecksumVerifier,
  type DecoderOptions,
  type FastDecompress,
  type OpenedLog,
} from '../src/log/index.ts';
import { readOption } from './lib/cli-options.ts';
import { createRandom } from './lib/random.ts';
import { initZstdOnce } from './lib/zstd-frames.ts';

/** Events after which the viewer can show its first screen (issue: "time to the first 10,000 events"). */
const FIRST_EVENTS = 10_000;
/** Random seqs at which the model view is derived. */
const MODEL_VIEW_SAMPLES = 1_000;
/** Unmeasured model-view calls before sampling (JIT warm-up). */
const MODEL_VIEW_WARMUP = 20;

const TARGET_RATIO_TO_FLOOR = 1.5;
const TARGET_MEMORY_RATIO = 2;
const TARGET_MODEL_VIEW_P99_MS = 16;

interface BenchArgs {
  scale: number;
  seed: number;
  runs: number;
  chunkBytes: number;
  outDir: string;
  json: boolean;
  childDecode: string | null;
}

function parseArgs(argv: readonly string[]): BenchArgs {
  const value = (name: string): string | undefined => readOption(argv, name);
  return {
    scale: Number(value('--scale') ?? '1'),
    seed: Number(value('--seed') ?? '1'),
    runs: Math.max(1, Number(value('--runs') ?? '3')),
    chunkBytes: Math.round(Number(value('--chunk-mib') ?? '1') * 1024 * 1024),
    outDir: value('--out') ?? '.bench',
    json: argv.includes('--json'),
    childDecode: value('--child-decode') ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// The core under measurement.

interface CoreApi {
  createLogDecoder: typeof createLogDecoder;
  deriveModelView: typeof deriveModelView;
  checksumVerifier: ChecksumVerifier | null;
  /** The fast zstd path the app injects (null: it failed to load, fzstd only). */
  fastDecompress: FastDecompress | null;
}

async function loadCore(): Promise<{ core: CoreApi; missing: string[] }> {
  // Call after initZstdOnce() when the process also compresses: zstd-wasm breaks on a second init.
  const [checksumVerifier, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  const missing: string[] = [];
  if (checksumVerifier === null) missing.push('checksum verifier (WebAssembly unavailable)');
  if (fastDecompress === null) missing.push('fast zstd path (@bokuweb/zstd-wasm did not load)');
  return { core: { createLogDecoder, deriveModelView, checksumVerifier, fastDecompress }, missing };
}

/** The options the app uses, or fzstd alone when `useFast` is false. */
function decoderOptions(core: CoreApi, useFast = true): DecoderOptions {
  return { checksum: core.checksumVerifier, fastDecompress: useFast ? core.fastDecompress : null };
}

// ---------------------------------------------------------------------------------------------
// Measurements.

/** Complete frames of a .zstd file as [start, end) offsets (FORMAT.md §1.4 scan; no torn handling). */
function splitFrames(bytes: Uint8Array): [number, number][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames: [number, number][] = [];
  let offset = 0;
  while (offset + 6 <= bytes.byteLength) {
    const start = offset;
    if (view.getUint32(offset, true) !== 0xfd2fb528) throw new Error(`bad frame magic at ${offset}`);
    const descriptor = bytes[offset + 4] ?? 0;
    const fcsFlag = descriptor >> 6;
    const single = (descriptor & 0x20) !== 0;
    const dictFlag = descriptor & 0x03;
    const fcsBytes = fcsFlag === 0 ? (single ? 1 : 0) : 1 << fcsFlag;
    offset += 5 + (single ? 0 : 1) + (dictFlag === 3 ? 4 : dictFlag) + fcsBytes;
    for (;;) {
      const header =
        (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8) | ((bytes[offset + 2] ?? 0) << 16);
      offset += 3;
      const type = (header >> 1) & 3;
      offset += type === 1 ? 1 : header >>> 3;
      if ((header & 1) === 1) break;
    }
    if ((descriptor & 0x04) !== 0) offset += 4;
    frames.push([start, offset]);
  }
  return frames;
}

/** The floor: fzstd on every frame, TextDecoder, JSON.parse of every line. Returns ms and a checksum of work. */
function measureFloor(bytes: Uint8Array, frames: readonly [number, number][]): { ms: number; lines: number } {
  const decoder = new TextDecoder();
  const started = performance.now();
  let lines = 0;
  for (const [start, end] of frames) {
    const text = decoder.decode(fzstdDecompress(bytes.subarray(start, end)));
    let lineStart = 0;
    for (;;) {
      const lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1) break;
      JSON.parse(text.slice(lineStart, lineEnd));
      lines += 1;
      lineStart = lineEnd + 1;
    }
  }
  return { ms: performance.now() - started, lines };
}

function measureDecompressOnly(
  bytes: Uint8Array,
  frames: readonly [number, number][],
  decompress: (frame: Uint8Array) => Uint8Array,
): { ms: number; textBytes: number } {
  const started = performance.now();
  let textBytes = 0;
  for (const [start, end] of frames) textBytes += decompress(bytes.subarray(start, end)).byteLength;
  return { ms: performance.now() - started, textBytes };
}

interface DecodeRun {
  decodeIndexMs: number;
  firstEventsMs: number | null;
  log: OpenedLog;
}

function measureDecode(core: CoreApi, bytes: Uint8Array, chunkBytes: number, useFast: boolean): DecodeRun {
  const decoder = core.createLogDecoder(decoderOptions(core, useFast));
  const started = performance.now();
  let firstEventsMs: number | null = null;
  for (let offset = 0; offset < bytes.byteLength; offset += chunkBytes) {
    decoder.push(bytes.subarray(offset, Math.min(bytes.byteLength, offset + chunkBytes)));
    if (firstEventsMs === null && decoder.log.store.eventCount >= FIRST_EVENTS)
      firstEventsMs = performance.now() - started;
  }
  const log = decoder.finish();
  const decodeIndexMs = performance.now() - started;
  if (firstEventsMs === null && log.store.eventCount >= FIRST_EVENTS) firstEventsMs = decodeIndexMs;
  return { decodeIndexMs, firstEventsMs, log };
}

function percentile(sortedValues: readonly number[], fraction: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(sortedValues.length - 1, Math.ceil(fraction * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)] ?? Number.NaN;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function measureModelView(
  core: CoreApi,
  log: OpenedLog,
  seed: number,
): { p50: number; p99: number; max: number; maxMessages: number } | null {
  const derive = core.deriveModelView;
  if (derive === null || log.store.eventCount === 0) return null;
  const random = createRandom(seed ^ 0x5eed);
  const last = log.store.eventCount - 1;
  for (let i = 0; i < MODEL_VIEW_WARMUP; i += 1) derive(log, random.int(0, last));
  const timings: number[] = [];
  let maxMessages = 0;
  for (let i = 0; i < MODEL_VIEW_SAMPLES; i += 1) {
    const seq = random.int(0, last);
    const started = performance.now();
    const view = derive(log, seq) as { messages?: unknown[]; streaming?: unknown };
    // Reading the streaming state is part of what a scrub displays.
    void view.streaming;
    timings.push(performance.now() - started);
    maxMessages = Math.max(maxMessages, view.messages?.length ?? 0);
  }
  timings.sort((a, b) => a - b);
  return {
    p50: percentile(timings, 0.5),
    p99: percentile(timings, 0.99),
    max: timings[timings.length - 1] ?? Number.NaN,
    maxMessages,
  };
}

/**
 * This process's peak RSS from /proc/self/status (VmHWM), or null off Linux. Not
 * `process.resourceUsage().maxRSS`: Linux carries ru_maxrss over from the parent across fork+exec,
 * so a child of the (large) bench process would report the parent's peak.
 */
function readHighWaterRss(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    // Not Linux: the caller falls back to the sampled peak.
    return null;
  }
}

/** Child process: stream the file from disk in chunks through the decoder and report peak RSS. */
async function runChildDecode(path: string, chunkBytes: number): Promise<void> {
  const { core, missing } = await loadCore();
  if (core === null) throw new Error(`core not available: ${missing.join(', ')}`);
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

interface ChildMemory {
  events: number;
  baselineRssBytes: number;
  sampledPeakRssBytes: number;
  maxRssBytes: number;
  retainedRssBytes: number;
  heapUsedBytes: number;
}

function measureMemoryInChild(files: LargeLogFiles, chunkBytes: number): ChildMemory | { error: string } {
  const script = fileURLToPath(import.meta.url);
  const result = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      script,
      '--child-decode',
      files.zstdPath,
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
function medianMemory(runs: readonly (ChildMemory | { error: string })[]): ChildMemory | { error: string } {
  const failed = runs.find((run) => 'error' in run);
  if (failed !== undefined) return failed;
  const sorted = [...(runs as ChildMemory[])].sort(
    (a, b) => Math.max(a.maxRssBytes, a.sampledPeakRssBytes) - Math.max(b.maxRssBytes, b.sampledPeakRssBytes),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? { error: 'no memory run' };
}

function round(value: number | null | undefined, digits = 1): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.childDecode !== null) {
    await runChildDecode(args.childDecode, args.chunkBytes);
    return;
  }
  const log = (message: string): void => {
    if (!args.json) process.stderr.write(`${message}\n`);
  };
  const generationStarted = performance.now();
  const files = await ensureLargeLog({ scale: args.scale, seed: args.seed, outDir: args.outDir });
  log(
    `log: ${files.zstdPath} (${files.events} events, ${(files.jsonlBytes / 2 ** 20).toFixed(1)} MiB JSONL, ${files.frames} frames) in ${((performance.now() - generationStarted) / 1000).toFixed(1)} s`,
  );

  const bytes = new Uint8Array(readFileSync(files.zstdPath));
  const frames = splitFrames(bytes);

  const floorRuns: number[] = [];
  for (let run = 0; run < args.runs; run += 1) {
    const floor = measureFloor(bytes, frames);
    if (floor.lines !== files.storedLines + 1)
      throw new Error(`floor read ${floor.lines} lines, expected ${files.storedLines + 1}`);
    floorRuns.push(floor.ms);
    globalThis.gc?.();
  }
  const floorMs = median(floorRuns);
  log(`floor: ${floorRuns.map((ms) => ms.toFixed(0)).join(', ')} ms`);

  const fzstdRuns: number[] = [];
  const wasmRuns: number[] = [];
  await initZstdOnce();
  for (let run = 0; run < args.runs; run += 1) {
    fzstdRuns.push(measureDecompressOnly(bytes, frames, (frame) => fzstdDecompress(frame)).ms);
    const wasm = measureDecompressOnly(bytes, frames, (frame) => zstdWasmDecompress(frame));
    if (wasm.textBytes !== files.jsonlBytes) throw new Error('zstd-wasm produced a different text size');
    wasmRuns.push(wasm.ms);
  }
  log(
    `decompress only: fzstd ${median(fzstdRuns).toFixed(0)} ms, @bokuweb/zstd-wasm ${median(wasmRuns).toFixed(0)} ms`,
  );

  const { core, missing } = await loadCore();
  const notes: string[] = [];
  if (missing.length > 0) notes.push(`core parts missing: ${missing.join('; ')}`);
  let decodeIndexMs: number | null = null;
  let firstEventsMs: number | null = null;
  let decodeIndexFzstdMs: number | null = null;
  let firstEventsFzstdMs: number | null = null;
  let decompressor: string | null = null;
  let modelView: ReturnType<typeof measureModelView> = null;
  let verdict: string | null = null;
  let decodedEvents: number | null = null;
  if (core !== null) {
    const decodeRuns: number[] = [];
    const firstRuns: number[] = [];
    const fzstdDecodeRuns: number[] = [];
    const fzstdFirstRuns: number[] = [];
    let lastLog: OpenedLog | null = null;
    let fzstdEvents = 0;
    for (let run = 0; run < args.runs; run += 1) {
      // fzstd alone first, then the app's configuration, alternating so drift hits both alike.
      globalThis.gc?.();
      const fzstdOnly = measureDecode(core, bytes, args.chunkBytes, false);
      fzstdDecodeRuns.push(fzstdOnly.decodeIndexMs);
      if (fzstdOnly.firstEventsMs !== null) fzstdFirstRuns.push(fzstdOnly.firstEventsMs);
      fzstdEvents = fzstdOnly.log.store.eventCount;
      globalThis.gc?.();
      const result = measureDecode(core, bytes, args.chunkBytes, true);
      decodeRuns.push(result.decodeIndexMs);
      if (result.firstEventsMs !== null) firstRuns.push(result.firstEventsMs);
      // Only the last run's log is kept, so earlier ones can be collected before the next run.
      if (run === args.runs - 1) lastLog = result.log;
    }
    decodeIndexMs = median(decodeRuns);
    firstEventsMs = firstRuns.length > 0 ? median(firstRuns) : null;
    decodeIndexFzstdMs = median(fzstdDecodeRuns);
    firstEventsFzstdMs = fzstdFirstRuns.length > 0 ? median(fzstdFirstRuns) : null;
    log(`decode+index (app): ${decodeRuns.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    log(`decode+index (fzstd only): ${fzstdDecodeRuns.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    if (lastLog !== null) {
      decompressor = lastLog.file.decompressor ?? null;
      if (fzstdEvents !== lastLog.store.eventCount)
        notes.push(`fzstd-only decode read ${fzstdEvents} events, the app's ${lastLog.store.eventCount}`);
      verdict = lastLog.verdict.status;
      decodedEvents = lastLog.store.eventCount;
      if (verdict !== 'ok')
        notes.push(
          `verdict ${verdict}: ${lastLog.verdict.reason ?? ''} (first problem: ${lastLog.problems[0]?.message ?? 'none'})`,
        );
      if (decodedEvents !== files.events)
        notes.push(`decoded ${decodedEvents} events, generator wrote ${files.events}`);
      if (lastLog.packedRows !== files.packedRows)
        notes.push(`decoder counted ${lastLog.packedRows} packed rows, generator wrote ${files.packedRows}`);
      modelView = measureModelView(core, lastLog, args.seed);
    }
  }

  // Median of several fresh processes: one process's peak depends on when V8 happens to collect.
  const memory =
    core === null
      ? null
      : medianMemory(Array.from({ length: args.runs }, () => measureMemoryInChild(files, args.chunkBytes)));
  let peakRssBytes: number | null = null;
  let memoryRatio: number | null = null;
  let memoryRatioAboveBaseline: number | null = null;
  let retainedRssBytes: number | null = null;
  if (memory !== null && 'error' in memory) notes.push(`memory child failed: ${memory.error}`);
  else if (memory !== null) {
    peakRssBytes = Math.max(memory.maxRssBytes, memory.sampledPeakRssBytes);
    memoryRatio = peakRssBytes / files.jsonlBytes;
    memoryRatioAboveBaseline = (peakRssBytes - memory.baselineRssBytes) / files.jsonlBytes;
    retainedRssBytes = memory.retainedRssBytes;
  }

  const report = {
    jsonlBytes: files.jsonlBytes,
    zstdBytes: files.zstdBytes,
    events: files.events,
    frames: files.frames,
    packedRows: files.packedRows,
    steps: files.steps,
    runs: args.runs,
    chunkBytes: args.chunkBytes,
    floorMs: round(floorMs),
    decodeIndexMs: round(decodeIndexMs),
    ratioToFloor: decodeIndexMs === null ? null : round(decodeIndexMs / floorMs, 2),
    decompressor,
    decodeIndexFzstdMs: round(decodeIndexFzstdMs),
    ratioToFloorFzstd: decodeIndexFzstdMs === null ? null : round(decodeIndexFzstdMs / floorMs, 2),
    firstEventsFzstdMs: round(firstEventsFzstdMs),
    peakRssBytes,
    memoryRatio: round(memoryRatio, 2),
    memoryRatioAboveBaseline: round(memoryRatioAboveBaseline, 2),
    retainedRssBytes,
    modelViewP50Ms: round(modelView?.p50, 3),
    modelViewP99Ms: round(modelView?.p99, 3),
    modelViewMaxMs: round(modelView?.max, 3),
    modelViewMaxMessages: modelView?.maxMessages ?? null,
    firstEventsMs: round(firstEventsMs),
    fzstdDecompressMs: round(median(fzstdRuns)),
    zstdWasmDecompressMs: round(median(wasmRuns)),
    verdict,
    decodedEvents,
    notes,
  };
  if (args.json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const mib = (value: number | null): string =>
    value === null ? 'n/a' : `${(value / 2 ** 20).toFixed(1)} MiB`;
  const show = (value: number | null, unit: string): string => (value === null ? 'n/a' : `${value} ${unit}`);
  const check = (value: number | null, limit: number): string =>
    value === null ? '' : value <= limit ? `ok (≤ ${limit})` : `MISSED (target ≤ ${limit})`;
  const rows: [string, string, string][] = [
    [
      'log',
      `${files.events} events, ${mib(files.jsonlBytes)} JSONL, ${mib(files.zstdBytes)} zstd, ${files.frames} frames`,
      '',
    ],
    ['floor (fzstd + TextDecoder + JSON.parse)', show(report.floorMs, 'ms'), ''],
    [`decode + index (1 MiB chunks, ${decompressor ?? 'n/a'})`, show(report.decodeIndexMs, 'ms'), ''],
    ['ratio to floor', show(report.ratioToFloor, '×'), check(report.ratioToFloor, TARGET_RATIO_TO_FLOOR)],
    ['decode + index, fzstd only', show(report.decodeIndexFzstdMs, 'ms'), ''],
    ['ratio to floor, fzstd only', show(report.ratioToFloorFzstd, '×'), ''],
    ['peak RSS (fresh process)', mib(peakRssBytes), ''],
    ['peak RSS / JSONL bytes', show(report.memoryRatio, '×'), check(report.memoryRatio, TARGET_MEMORY_RATIO)],
    ['  above process baseline', show(report.memoryRatioAboveBaseline, '×'), ''],
    ['retained RSS after finish + GC', mib(retainedRssBytes), ''],
    ['model view p50', show(report.modelViewP50Ms, 'ms'), ''],
    [
      'model view p99',
      show(report.modelViewP99Ms, 'ms'),
      check(report.modelViewP99Ms, TARGET_MODEL_VIEW_P99_MS),
    ],
    ['first 10,000 events', show(report.firstEventsMs, 'ms'), ''],
    ['first 10,000 events, fzstd only', show(report.firstEventsFzstdMs, 'ms'), ''],
    ['decompress only: fzstd', show(report.fzstdDecompressMs, 'ms'), ''],
    ['decompress only: @bokuweb/zstd-wasm', show(report.zstdWasmDecompressMs, 'ms'), ''],
    ['verdict', verdict ?? 'n/a', ''],
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  process.stdout.write(
    `${rows.map(([name, value, target]) => `${name.padEnd(width)}  ${value}${target === '' ? '' : `  ${target}`}`).join('\n')}\n`,
  );
  for (const note of notes) process.stdout.write(`note: ${note}\n`);
}

await main();
