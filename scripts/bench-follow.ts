// `npm run bench:follow [-- --rate 10000] [--seconds 20] [--flush-ms 200] [--idle-seconds 60]`:
// following a growing log in Node (issue 22's "follow keeps up with 10,000 events/s" and "polling
// an idle file costs < 1 % of one core").
//   1. Keeping up: the bench generator's log (generation 0 JSONL, packed chunk rows and all) is
//      appended to a file at --rate events/s, one write per --flush-ms (dsh's write-behind window
//      is 200 ms), while the real CLI (`dsh-replay follow FILE`, a child process, polling every
//      250 ms) prints the events as NDJSON. Lag: from a flush's write to the moment the CLI has
//      printed its last event (read from its stdout here), per flush; p50 / p95 / max, early and
//      late in the run (a follower that falls behind shows a growing lag), and how long after the
//      last write the last event came out.
//      Run twice: a .jsonl log, then a .jsonl.zstd one written as dsh writes it, one checksummed
//      zstd frame (level 3) per flush.
//   2. The ceiling: events/s through the LogFollower with nothing else running (in memory, with
//      the rows the CLI prints; .jsonl and .jsonl.zstd), and the heap after 60,000 appended events
//      (100 events/s for 10 min).
//   3. Idle polling: the CLI's file source (follow-command's openFollowedFile) looked at every
//      250 ms for --idle-seconds, an unchanged file: CPU time per minute (process.cpuUsage).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFollowedFile } from '../src/cli/follow-command.ts';
import { LogFollower, createFileSource, readEventRows, runFollowLoop } from '../src/log/index.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { readOption } from './lib/cli-options.ts';
import { percentile } from './lib/percentile.ts';
import { formatReportTable, formatMib, type ReportRow } from './lib/report-table.ts';
import { loadFrameCompressor, type FrameCompressor } from './lib/zstd-frames.ts';

const argv = process.argv.slice(2);
const RATE_EVENTS_PER_S = Number(readOption(argv, '--rate') ?? '10000');
const RUN_SECONDS = Number(readOption(argv, '--seconds') ?? '20');
const FLUSH_MS = Number(readOption(argv, '--flush-ms') ?? '200');
const IDLE_SECONDS = Number(readOption(argv, '--idle-seconds') ?? '60');
/** The CLI's default poll interval (follow-command.ts), and the viewer's. */
const POLL_MS = 250;
/** The follower keeps up when 95 % of the flushes are printed within this (ms): a poll, a flush and change. */
const KEEP_UP_P95_MS = 1_000;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const rows: ReportRow[] = [];
const out = (line: string) => process.stdout.write(`${line}\n`);

function stats(values: readonly number[]): { p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN };
}
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const count = (value: number) => Math.round(value).toLocaleString('en-US');

// The log, cut into lines, each with the seq of its first event (a packed row's seq0): events are
// appended as dsh writes them, whole lines, never a line in two writes.
const wantedEvents = RATE_EVENTS_PER_S * RUN_SECONDS * 1.1;
const files = await ensureLargeLog({
  scale: Math.ceil(wantedEvents / 1_300_000 / 0.05) * 0.05,
  seed: 1,
  generation: 0,
  outDir: resolve(root, '.bench'),
});
const text = readFileSync(files.jsonlPath);
const lineEnds: number[] = [];
for (let at = text.indexOf(0x0a); at !== -1; at = text.indexOf(0x0a, at + 1)) lineEnds.push(at + 1);
const firstSeqOfLine = lineEnds.map((end, line) => {
  const start = line === 0 ? 0 : (lineEnds[line - 1] as number);
  const match = /"seq0?":(\d+)/.exec(text.subarray(start, Math.min(end, start + 80)).toString('latin1'));
  return match === null ? 0 : Number(match[1]);
});
const totalEvents = files.events;
out(
  `log: ${files.jsonlPath} (${formatMib(text.length)}, ${count(totalEvents)} events in ${count(lineEnds.length)} lines)`,
);

// 1. Keeping up at RATE_EVENTS_PER_S with the real CLI: a .jsonl log written line batch by line
// batch, then a .jsonl.zstd one written as dsh writes it, one checksummed frame per flush.
async function measureKeepingUp(container: 'jsonl' | 'zstd', compressFrame: FrameCompressor): Promise<void> {
  const label = container === 'zstd' ? '.jsonl.zstd, a frame per flush' : '.jsonl';
  const dir = mkdtempSync(join(tmpdir(), 'bench-follow-'));
  const path = join(dir, container === 'zstd' ? 'session.jsonl.zstd' : 'session.jsonl');
  // A .jsonl.zstd log: the header line in a frame of its own, then one frame per flush (FORMAT.md §1.4).
  const encode = (from: number, to: number): Uint8Array => {
    const lines = text.subarray(from === 0 ? 0 : lineEnds[from - 1], lineEnds[to - 1]);
    return container === 'zstd' ? compressFrame(lines) : lines;
  };
  writeFileSync(path, container === 'zstd' ? Buffer.concat([encode(0, 1), encode(1, 2)]) : encode(0, 2));
  let nextLine = 2;
  /** Each flush: the last seq it wrote and when (performance.now). */
  const flushes: { lastSeq: number; writtenAt: number }[] = [];
  const lags: number[] = [];
  let printedUpTo = -1;
  let settled = 0;
  let onPrinted: (() => void) | null = null;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'follow', path, '--idle-exit', '5'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let pending = '';
  child.stdout.setEncoding('latin1');
  child.stdout.on('data', (chunk: string) => {
    const now = performance.now();
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (let index = lines.length - 1; index >= 0; index--) {
      const match = /^\{"seq":(\d+)/.exec(lines[index] as string);
      if (match !== null) {
        printedUpTo = Math.max(printedUpTo, Number(match[1]));
        break;
      }
    }
    while (settled < flushes.length && (flushes[settled] as { lastSeq: number }).lastSeq <= printedUpTo) {
      lags.push(now - (flushes[settled] as { writtenAt: number }).writtenAt);
      settled += 1;
    }
    onPrinted?.();
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const waitPrinted = (seq: number, timeoutMs: number) =>
    new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      onPrinted = () => {
        if (printedUpTo < seq) return;
        clearTimeout(timer);
        onPrinted = null;
        done(true);
      };
      onPrinted();
    });
  const startedUpAt = performance.now();
  if (!(await waitPrinted(0, 60_000))) throw new Error('follow printed nothing within 60 s');
  out(
    `follow (the CLI, a child process) started and printed the first event in ${ms(performance.now() - startedUpAt)}`,
  );

  const runStart = performance.now();
  const cpuBefore = child.pid === undefined ? null : readChildCpuMs(child.pid);
  for (let flush = 1; ; flush++) {
    const dueAt = runStart + flush * FLUSH_MS;
    await new Promise((done) => setTimeout(done, Math.max(0, dueAt - performance.now())));
    const now = performance.now();
    if (now - runStart > RUN_SECONDS * 1000 || nextLine >= lineEnds.length) break;
    const targetSeq = Math.min(totalEvents, ((now - runStart) / 1000) * RATE_EVENTS_PER_S);
    const from = nextLine;
    while (nextLine < lineEnds.length && (firstSeqOfLine[nextLine] as number) < targetSeq) nextLine += 1;
    if (nextLine === from) continue;
    appendFileSync(path, encode(from, nextLine));
    const lastSeq = nextLine < lineEnds.length ? (firstSeqOfLine[nextLine] as number) - 1 : totalEvents - 1;
    flushes.push({ lastSeq, writtenAt: performance.now() });
  }
  const writerEnd = performance.now();
  const lastFlush = flushes.at(-1);
  if (lastFlush === undefined) throw new Error('nothing was appended');
  const wroteEvents = lastFlush.lastSeq + 1 - ((firstSeqOfLine[2] as number) ?? 0);
  const isAllPrinted = await waitPrinted(lastFlush.lastSeq, 60_000);
  const drainedAt = performance.now();
  /** From the last write to its last event printed (the writer stops on a flush tick after it). */
  const drainMs = drainedAt - lastFlush.writtenAt;
  const cpuAfter = child.pid === undefined ? null : readChildCpuMs(child.pid);
  const exitCode = await exited;
  const onDiskBytes = statSync(path).size;
  rmSync(dir, { recursive: true, force: true });
  if (!isAllPrinted) throw new Error(`follow printed up to seq ${printedUpTo} of ${lastFlush.lastSeq}`);
  if (exitCode !== 0) throw new Error(`follow exited ${exitCode}`);

  const writeSeconds = (writerEnd - runStart) / 1000;
  const all = stats(lags);
  const quarter = Math.max(1, Math.floor(lags.length / 4));
  const early = stats(lags.slice(0, quarter));
  const late = stats(lags.slice(-quarter));
  const keepsUp = all.p95 <= KEEP_UP_P95_MS && late.p95 <= KEEP_UP_P95_MS;
  rows.push(
    [
      `appended (${label})`,
      `${count(wroteEvents)} events in ${flushes.length} ${container === 'zstd' ? 'frames' : 'writes'} over ${writeSeconds.toFixed(1)} s = ${count(wroteEvents / writeSeconds)} events/s (${formatMib(onDiskBytes)} on disk)`,
      `target ${count(RATE_EVENTS_PER_S)} events/s`,
    ],
    [
      'write → printed by follow, per write',
      `p50 ${ms(all.p50)} / p95 ${ms(all.p95)} / max ${ms(all.max)}`,
      `polls every ${POLL_MS} ms`,
    ],
    [
      '  first / last quarter of the run (p95)',
      `${ms(early.p95)} / ${ms(late.p95)}`,
      'a follower falling behind grows',
    ],
    ['last write → its last event printed', ms(drainMs), ''],
    [
      `keeps up with ${count(RATE_EVENTS_PER_S)} events/s (${label})`,
      keepsUp ? 'yes' : 'no',
      `p95 ≤ ${ms(KEEP_UP_P95_MS)}, early and late`,
    ],
  );
  if (cpuBefore !== null && cpuAfter !== null)
    rows.push([
      '  CPU of the follow process meanwhile',
      `${(((cpuAfter - cpuBefore) / (drainedAt - runStart)) * 100).toFixed(0)} % of one core`,
      '',
    ]);
}
await measureKeepingUp('jsonl', (bytes) => bytes);
await measureKeepingUp('zstd', await loadFrameCompressor());

// 2. The ceiling, and memory (each in a function of its own, so nothing of one is alive in the other).
function measureCeiling(container: 'jsonl' | 'zstd', compressFrame: FrameCompressor): void {
  // The appends, made before the clock starts (a .jsonl.zstd one is a frame of the same 50 lines).
  const appends: Uint8Array[] = [];
  for (let line = 1; line < lineEnds.length; line += 50) {
    const lines = text.subarray(lineEnds[line - 1], lineEnds[Math.min(lineEnds.length, line + 50) - 1]);
    appends.push(container === 'zstd' ? compressFrame(lines) : lines);
  }
  const head = text.subarray(0, lineEnds[0]);
  const follower = new LogFollower();
  follower.append(container === 'zstd' ? compressFrame(head) : head);
  const started = performance.now();
  for (const bytes of appends) {
    const batch = follower.append(bytes);
    for (const row of readEventRows(batch.log, batch.fromSeq, batch.toSeq - batch.fromSeq))
      JSON.stringify(row);
  }
  const seconds = (performance.now() - started) / 1000;
  if (follower.log.store.eventCount !== totalEvents)
    throw new Error(`read ${follower.log.store.eventCount} events, the generator wrote ${totalEvents}`);
  rows.push([
    `ceiling: LogFollower + rows, in memory (${container === 'zstd' ? '.jsonl.zstd' : '.jsonl'})`,
    `${count(totalEvents / seconds)} events/s (${count(totalEvents)} events in ${seconds.toFixed(2)} s, 50 lines ${container === 'zstd' ? 'a frame' : 'an append'})`,
    '',
  ]);
}
function measureMemory(): void {
  globalThis.gc?.();
  globalThis.gc?.();
  const heap = () => (({ heapUsed, arrayBuffers }) => heapUsed + arrayBuffers)(process.memoryUsage());
  const before = heap();
  const grown = new LogFollower();
  grown.append(text.subarray(0, lineEnds[0]));
  let lines = 1;
  while (lines < lineEnds.length && (firstSeqOfLine[lines] as number) < 60_000) {
    const next = Math.min(lineEnds.length, lines + 20);
    grown.append(text.subarray(lineEnds[lines - 1], lineEnds[next - 1]));
    lines = next;
  }
  globalThis.gc?.();
  rows.push([
    'memory: 60,000 events appended',
    `heap + buffers +${formatMib(heap() - before)} (${count(grown.log.store.eventCount)} events, ${formatMib(lineEnds[lines - 1] as number)} of JSONL)`,
    'grows with the log only',
  ]);
  if (grown.log.store.eventCount === 0) throw new Error('nothing appended');
}
const compressFrame = await loadFrameCompressor();
measureCeiling('jsonl', compressFrame);
measureCeiling('zstd', compressFrame);
measureMemory();

// 3. Idle polling through the CLI's file source.
{
  const idleDir = mkdtempSync(join(tmpdir(), 'bench-follow-idle-'));
  const idlePath = join(idleDir, 'session.jsonl');
  writeFileSync(idlePath, text.subarray(0, lineEnds[Math.min(lineEnds.length, 2000) - 1]));
  const follower = new LogFollower();
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  let idleStartedAt = 0;
  let polls = 0;
  await runFollowLoop(
    follower,
    createFileSource(() => openFollowedFile(idlePath)),
    {
      intervalMs: POLL_MS,
      idleExitMs: null,
      now: () => performance.now(),
      sleep: (wait) => new Promise((done) => setTimeout(done, wait)),
      isStopped: () => cpuAtStart !== null && performance.now() - idleStartedAt >= IDLE_SECONDS * 1000,
      onBatch: () => undefined,
      onRestart: () => undefined,
      onIdle() {
        polls += 1;
        if (cpuAtStart !== null) return;
        globalThis.gc?.();
        cpuAtStart = process.cpuUsage();
        idleStartedAt = performance.now();
      },
    },
  );
  const used = process.cpuUsage(cpuAtStart ?? undefined);
  const elapsedMs = performance.now() - idleStartedAt;
  const cpuMs = (used.user + used.system) / 1000;
  rmSync(idleDir, { recursive: true, force: true });
  rows.push([
    `idle polling every ${POLL_MS} ms (${polls} looks in ${(elapsedMs / 1000).toFixed(0)} s)`,
    `${((cpuMs / elapsedMs) * 60_000).toFixed(0)} ms CPU per minute = ${((cpuMs / elapsedMs) * 100).toFixed(2)} % of one core`,
    'target < 1 %',
  ]);
}

out('');
process.stdout.write(formatReportTable(rows));

/** A child's CPU time so far (user + system, ms), from /proc (Linux); null elsewhere. */
function readChildCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat: 11 and 12 counting from the state (field 3).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
