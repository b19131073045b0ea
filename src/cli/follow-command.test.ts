// `follow` as a child process (CLI.md): NDJSON of what is there, then of each append as dsh makes
// it; a torn line held back until it completes; a truncated file restarts; --idle-exit ends it.

import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import { parseFollowArguments } from './follow-command.ts';

const MAIN = join(import.meta.dirname, 'main.ts');
const workDir = mkdtempSync(join(tmpdir(), 'dsh-replay-follow-'));

/** Starts `follow`; `lines()` is what it printed so far, parsed; `done` its exit status. */
function startFollow(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'follow', ...args]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const lines = () =>
    out
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, lines, done };
}

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('follow', () => {
  it('parses its options', () => {
    expect(parseFollowArguments(['a.jsonl', '--idle-exit', '1.5', '--json'])).toEqual({
      ok: true,
      value: { file: 'a.jsonl', idleExitMs: 1500, intervalMs: 250 },
    });
    expect(parseFollowArguments(['a.jsonl', '--idle-exit', 'x']).ok).toBe(false);
    expect(parseFollowArguments([]).ok).toBe(false);
  });

  it('prints what is there, then each append, holds a torn line back and restarts on a truncation', async () => {
    const text = readFileSync(join(FIXTURES_DIR, 'tool-error.jsonl'));
    const ends: number[] = [];
    for (let i = 0; i < text.length; i++) if (text[i] === 0x0a) ends.push(i + 1);
    const path = join(workDir, 'session.jsonl');
    writeFileSync(path, text.subarray(0, ends[5]));
    const run = startFollow([path, '--idle-exit', '3', '--interval', '50']);
    await waitFor(() => (run.lines().length >= 5 ? true : undefined), 'the first 5 events');
    expect(run.lines().map((line) => line.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(run.lines()[1]).toMatchObject({ type: 'turn/start', turn: 1, step: null });

    // Half a line: nothing; the rest of it: the event.
    const half = (ends[5] as number) + 7;
    appendFileSync(path, text.subarray(ends[5], half));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(run.lines()).toHaveLength(5);
    appendFileSync(path, text.subarray(half, ends[8]));
    await waitFor(() => (run.lines().length >= 8 ? true : undefined), 'events 5–7');
    expect(run.lines().map((line) => line.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    // A damaged append is a problem line.
    appendFileSync(path, '{"not json\n');
    const problem = await waitFor(() => run.lines().find((line) => 'problem' in line), 'a problem');
    expect(problem.problem).toMatchObject({ line: 10 });

    // Rotated: a shorter file with the same name is read again from the start.
    writeFileSync(path, text.subarray(0, ends[2]));
    const restart = await waitFor(() => run.lines().find((line) => 'restart' in line), 'a restart');
    expect(restart.restart).toMatchObject({ reason: 'shrank' });
    const after = await waitFor(() => {
      const lines = run.lines();
      const at = lines.findIndex((line) => 'restart' in line);
      return lines.length >= at + 3 ? lines.slice(at + 1) : undefined;
    }, 'the events after the restart');
    expect(after.map((line) => line.seq)).toEqual([0, 1]);
    expect(await run.done).toBe(0);
  }, 30_000);

  it('exits 2 for a file that is not a log, and 0 on SIGTERM', async () => {
    const path = join(workDir, 'not-a-log.txt');
    writeFileSync(path, 'hello');
    expect(await startFollow([path]).done).toBe(2);
    const log = join(workDir, 'quiet.jsonl');
    writeFileSync(log, readFileSync(join(FIXTURES_DIR, 'cancel.jsonl')));
    const run = startFollow([log]);
    await waitFor(() => (run.lines().length > 0 ? true : undefined), 'the first events');
    run.child.kill('SIGTERM');
    expect(await run.done).toBe(0);
  }, 30_000);
});
