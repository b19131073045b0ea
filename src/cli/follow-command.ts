// `follow <file> [--json] [--idle-exit <seconds>]` (CLI.md): the log's events as NDJSON as dsh
// appends them, starting with what is there; problems as `{"problem":…}`, a restart (the file
// shrank or was replaced) as `{"restart":…}`. Exit 0 after --idle-exit seconds without growth or
// on SIGINT/SIGTERM, 2 when the file is not a readable session log.

import { open, stat } from 'node:fs/promises';
import process from 'node:process';
import {
  LogFollower,
  createFileSource,
  createWakeableSleep,
  describeRestart,
  escapeJsonForTerminal,
  problemForJson,
  readEventRows,
  runFollowLoop,
  type DecoderOptions,
  type FollowBatch,
  type LogProblem,
  type RandomAccessFile,
} from '../log/index.ts';
import { sniffLogBytes, type Parsed } from './cli-arguments.ts';
import { CLI_READ_LIMITS } from './read-log-file.ts';

export const FOLLOW_USAGE = 'usage: dsh-replay follow <file> [--json] [--idle-exit SECONDS] [--interval MS]';

export interface FollowArguments {
  file: string;
  /** Stop after this long without growth (ms); null: until interrupted. */
  idleExitMs: number | null;
  /** Time between two looks at an unchanged file (ms). */
  intervalMs: number;
}

/** Parses the arguments after `follow`. `--json` is accepted: the output is always NDJSON. */
export function parseFollowArguments(args: readonly string[]): Parsed<FollowArguments> {
  const files: string[] = [];
  let idleExitMs: number | null = null;
  let intervalMs = 250;
  for (let position = 0; position < args.length; position++) {
    const arg = args[position] as string;
    if (arg === '--json') continue;
    const option = ['--idle-exit', '--interval'].find((name) => arg === name || arg.startsWith(`${name}=`));
    if (option !== undefined) {
      const text = arg === option ? args[++position] : arg.slice(option.length + 1);
      const value = Number(text);
      if (text === undefined || text.trim() === '' || !Number.isFinite(value) || value < 0)
        return { ok: false, message: `${option} needs a non-negative number, got ${text ?? 'nothing'}` };
      if (option === '--idle-exit') idleExitMs = value * 1000;
      else intervalMs = Math.max(10, value);
    } else if (arg.startsWith('--')) return { ok: false, message: `unknown option ${arg}` };
    else files.push(arg);
  }
  if (files.length !== 1)
    return {
      ok: false,
      message: files.length === 0 ? 'no file given' : `unexpected argument ${files[1] as string}`,
    };
  return { ok: true, value: { file: files[0] as string, idleExitMs, intervalMs } };
}

/** One NDJSON line of an event, as CLI.md shows it. */
function eventLines(batch: FollowBatch): string[] {
  const lines: string[] = [];
  const rows = readEventRows(batch.log, batch.fromSeq, batch.toSeq - batch.fromSeq);
  for (const row of rows)
    lines.push(
      JSON.stringify({
        seq: row.seq,
        type: row.type,
        turn: row.turn > 0 ? row.turn : null,
        step: row.step > 0 ? row.step : null,
        summary: row.summary,
      }),
    );
  return lines;
}

/** A problem as `inspect --json` reports it. */
function problemLine(problem: LogProblem): string {
  return JSON.stringify({ problem: problemForJson(problem) });
}

/**
 * The file at `path`, opened afresh for each look (its size and mtime say whether it changed); the
 * follow benchmark (scripts/bench-follow.ts) polls an idle file through it.
 */
export async function openFollowedFile(path: string): Promise<RandomAccessFile> {
  const facts = await stat(path);
  return {
    size: facts.size,
    modified: facts.mtimeMs,
    async read(start, end) {
      const handle = await open(path, 'r');
      try {
        const bytes = new Uint8Array(end - start);
        let filled = 0;
        while (filled < bytes.length) {
          const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, start + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return filled === bytes.length ? bytes : bytes.subarray(0, filled);
      } finally {
        await handle.close();
      }
    },
  };
}

/** Writes `text` to stdout and waits for it to drain (a slow pipe slows the loop, never grows memory). */
function write(text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(text, (error) => (error ? reject(error) : resolve())),
  );
}

/** Runs `follow`; resolves with the exit status. */
export async function runFollowCommand(
  args: readonly string[],
  decoderOptions: () => Promise<DecoderOptions>,
): Promise<number> {
  const parsed = parseFollowArguments(args);
  if (!parsed.ok) {
    process.stderr.write(`dsh-replay: ${parsed.message}\n${FOLLOW_USAGE}\n`);
    return 2;
  }
  const { file, idleExitMs, intervalMs } = parsed.value;
  let first: RandomAccessFile;
  try {
    first = await openFollowedFile(file);
    const sniffed = sniffLogBytes(await first.read(0, Math.min(first.size, 4)));
    if (!sniffed.ok) {
      process.stderr.write(`dsh-replay: ${file}: ${sniffed.message}\n`);
      return 2;
    }
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    process.stderr.write(`dsh-replay: cannot read ${file} (${code})\n`);
    return 2;
  }
  const follower = new LogFollower({ ...CLI_READ_LIMITS, ...(await decoderOptions()) });
  let isStopped = false;
  const { sleep, wake } = createWakeableSleep({
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  });
  const stop = () => {
    isStopped = true;
    wake();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const end = await runFollowLoop(
    follower,
    createFileSource(() => openFollowedFile(file)),
    {
      intervalMs,
      idleExitMs,
      now: () => performance.now(),
      sleep,
      isStopped: () => isStopped,
      async onBatch(batch) {
        const lines = eventLines(batch);
        for (let i = batch.fromProblem; i < batch.toProblem; i++) {
          const problem = batch.log.problems[i];
          if (problem !== undefined) lines.push(problemLine(problem));
        }
        if (lines.length > 0) await write(escapeJsonForTerminal(`${lines.join('\n')}\n`));
      },
      onRestart(reason) {
        void write(`${JSON.stringify({ restart: { reason, message: describeRestart(reason) } })}\n`);
      },
    },
  );
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (end.kind === 'failed') {
    process.stderr.write(`dsh-replay: ${file}: ${end.message}\n`);
    return 2;
  }
  return 0;
}
