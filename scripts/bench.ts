// `npm run bench`: generates (or reuses) the large log and measures the core against the floor of
// plain decompression + JSON.parse, peak memory in a fresh child process, model-view latency and
// time to the first 10,000 events. Decode+index is measured as the app runs it (with the
// @bokuweb/zstd-wasm fast path when it loads) and with fzstd alone (`…Fzstd…` keys), against the
// same floor. `--json` prints exactly one JSON object.
//
// Options: --scale 1 --seed 1 --generation 0 --runs 3 --chunk-mib 1 --out .bench --json
// --generation 4 measures the same session stored as format generation 4 (current dsh: no chunk
// events, streams inside assistant messages) instead of 0 (see scripts/generate-large-log.ts).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decompress as fzstdDecompress } from 'fzstd';
import { decompress as zstdWasmDecompress } from '@bokuweb/zstd-wasm';
import type { OpenedLog } from '../src/log/index.ts';
import { ensureLargeLog, type LargeLogFiles } from './large-log/cache.ts';
import { parseGeneration, type LogGeneration } from './large-log/generate.ts';
import { decoderOptions, loadCore, type CoreApi } from './lib/bench-core.ts';
import { readOption } from './lib/cli-options.ts';
import { measureMemoryInChild, medianMemory, runChildDecode } from './lib/decode-memory.ts';
import { median, percentile, round } from './lib/percentile.ts';
import { createRandom } from './lib/random.ts';
import { formatMib, formatReportTable, type ReportRow } from './lib/report-table.ts';
import { initZstdOnce, listFrames } from './lib/zstd-frames.ts';

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
  generation: LogGeneration;
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
    generation: parseGeneration(value('--generation')),
    runs: Math.max(1, Number(value('--runs') ?? '3')),
    chunkBytes: Math.round(Number(value('--chunk-mib') ?? '1') * 1024 * 1024),
    outDir: value('--out') ?? '.bench',
    json: argv.includes('--json'),
    childDecode: value('--child-decode') ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements.

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

function measureModelView(
  core: CoreApi,
  log: OpenedLog,
  seed: number,
): { p50: number; p99: number; max: number; maxMessages: number } | null {
  const derive = core.deriveModelView;
  if (log.store.eventCount === 0) return null;
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

interface CoreFigures {
  decodeIndexMs: number;
  firstEventsMs: number | null;
  decodeIndexFzstdMs: number;
  firstEventsFzstdMs: number | null;
  decompressor: string | null;
  modelView: ReturnType<typeof measureModelView>;
  verdict: string | null;
  decodedEvents: number | null;
}

/** Decode + index in `runs` alternating pairs (fzstd alone, then the app's configuration), then the model view on the last log. */
function measureCore(
  core: CoreApi,
  bytes: Uint8Array,
  args: BenchArgs,
  files: LargeLogFiles,
  notes: string[],
  log: (message: string) => void,
): CoreFigures {
  let decompressor: string | null = null;
  let modelView: ReturnType<typeof measureModelView> = null;
  let verdict: string | null = null;
  let decodedEvents: number | null = null;
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
  return {
    decodeIndexMs: median(decodeRuns),
    firstEventsMs: firstRuns.length > 0 ? median(firstRuns) : null,
    decodeIndexFzstdMs: median(fzstdDecodeRuns),
    firstEventsFzstdMs: fzstdFirstRuns.length > 0 ? median(fzstdFirstRuns) : null,
    decompressor,
    modelView,
    verdict,
    decodedEvents,
  };
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
  const files = await ensureLargeLog({
    scale: args.scale,
    seed: args.seed,
    generation: args.generation,
    outDir: args.outDir,
  });
  log(
    `log: ${files.zstdPath} (generation ${files.generation}, ${files.events} events, ${(files.jsonlBytes / 2 ** 20).toFixed(1)} MiB JSONL, ${files.frames} frames) in ${((performance.now() - generationStarted) / 1000).toFixed(1)} s`,
  );

  const bytes = new Uint8Array(readFileSync(files.zstdPath));
  const frames = listFrames(bytes);

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
  const {
    decodeIndexMs,
    firstEventsMs,
    decodeIndexFzstdMs,
    firstEventsFzstdMs,
    decompressor,
    modelView,
    verdict,
    decodedEvents,
  } = measureCore(core, bytes, args, files, notes, log);

  // Median of several fresh processes: one process's peak depends on when V8 happens to collect.
  const script = fileURLToPath(import.meta.url);
  const memory = medianMemory(
    Array.from({ length: args.runs }, () => measureMemoryInChild(script, files.zstdPath, args.chunkBytes)),
  );
  let peakRssBytes: number | null = null;
  let memoryRatio: number | null = null;
  let memoryRatioAboveBaseline: number | null = null;
  let retainedRssBytes: number | null = null;
  if ('error' in memory) notes.push(`memory child failed: ${memory.error}`);
  else {
    peakRssBytes = Math.max(memory.maxRssBytes, memory.sampledPeakRssBytes);
    memoryRatio = peakRssBytes / files.jsonlBytes;
    memoryRatioAboveBaseline = (peakRssBytes - memory.baselineRssBytes) / files.jsonlBytes;
    retainedRssBytes = memory.retainedRssBytes;
  }

  const report = {
    generation: files.generation,
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
    ratioToFloor: round(decodeIndexMs / floorMs, 2),
    decompressor,
    decodeIndexFzstdMs: round(decodeIndexFzstdMs),
    ratioToFloorFzstd: round(decodeIndexFzstdMs / floorMs, 2),
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
  const show = (value: number | null, unit: string): string => (value === null ? 'n/a' : `${value} ${unit}`);
  const check = (value: number | null, limit: number): string =>
    value === null ? '' : value <= limit ? `ok (≤ ${limit})` : `MISSED (target ≤ ${limit})`;
  const rows: ReportRow[] = [
    [
      'log',
      `generation ${files.generation}, ${files.events} events, ${formatMib(files.jsonlBytes)} JSONL, ${formatMib(files.zstdBytes)} zstd, ${files.frames} frames`,
      '',
    ],
    ['floor (fzstd + TextDecoder + JSON.parse)', show(report.floorMs, 'ms'), ''],
    [`decode + index (1 MiB chunks, ${decompressor ?? 'n/a'})`, show(report.decodeIndexMs, 'ms'), ''],
    ['ratio to floor', show(report.ratioToFloor, '×'), check(report.ratioToFloor, TARGET_RATIO_TO_FLOOR)],
    ['decode + index, fzstd only', show(report.decodeIndexFzstdMs, 'ms'), ''],
    ['ratio to floor, fzstd only', show(report.ratioToFloorFzstd, '×'), ''],
    ['peak RSS (fresh process)', formatMib(peakRssBytes), ''],
    ['peak RSS / JSONL bytes', show(report.memoryRatio, '×'), check(report.memoryRatio, TARGET_MEMORY_RATIO)],
    ['  above process baseline', show(report.memoryRatioAboveBaseline, '×'), ''],
    ['retained RSS after finish + GC', formatMib(retainedRssBytes), ''],
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
  process.stdout.write(formatReportTable(rows));
  for (const note of notes) process.stdout.write(`note: ${note}\n`);
}

await main();
