// `diff` as a child process (CLI.md): the JSON contract, the exit codes, and the CLI agreeing with the
// compare core the viewer's worker runs, on the first divergence of every pair the core's tests use.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDiffReport, buildRunOutline, decodeLog } from '../log/index.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import { parseCliArguments } from './cli-arguments.ts';

const MAIN = join(import.meta.dirname, 'main.ts');

function runCli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        resolve({
          status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        });
      },
    );
  });
}

const workDir = mkdtempSync(join(tmpdir(), 'dsh-replay-diff-'));
const MULTI_GEN = join(FIXTURES_DIR, 'generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600');
const FORK_DIR = join(FIXTURES_DIR, 'sessions/root/--home-dev-projects-subagent-fork-in-process--');

function changedArgumentCopy(): string {
  const text = readFileSync(join(FIXTURES_DIR, 'tool-error.jsonl'), 'utf8');
  const path = join(workDir, 'tool-error-changed.jsonl');
  writeFileSync(path, text.split(String.raw`\"Run echo HELLO\"`).join(String.raw`\"Run echo HELLO once\"`));
  return path;
}

/** [a, b, the file each side reads (a session directory reads its current generation)]. */
const PAIRS: [string, string, string, string][] = [
  [
    MULTI_GEN,
    `${MULTI_GEN}/session.jsonl.zstd`,
    `${MULTI_GEN}/session.v4.jsonl.zstd`,
    `${MULTI_GEN}/session.jsonl.zstd`,
  ],
  [
    `${FORK_DIR}/96cf59c9-b347-48b9-b234-a5200913ad05`,
    `${FORK_DIR}/ada8966c-9fa3-441b-8721-37ff1e795e6a`,
    `${FORK_DIR}/96cf59c9-b347-48b9-b234-a5200913ad05/session.jsonl.zstd`,
    `${FORK_DIR}/ada8966c-9fa3-441b-8721-37ff1e795e6a/session.jsonl.zstd`,
  ],
  [
    join(FIXTURES_DIR, 'tool-error.jsonl'),
    changedArgumentCopy(),
    join(FIXTURES_DIR, 'tool-error.jsonl'),
    join(workDir, 'tool-error-changed.jsonl'),
  ],
  [
    join(FIXTURES_DIR, 'tool-error.jsonl'),
    join(FIXTURES_DIR, 'cancel.jsonl'),
    join(FIXTURES_DIR, 'tool-error.jsonl'),
    join(FIXTURES_DIR, 'cancel.jsonl'),
  ],
];

describe('dsh-replay diff', () => {
  it('parses two logs and --json', () => {
    expect(parseCliArguments(['diff', 'x', 'y', '--json'])).toEqual({
      ok: true,
      value: { command: 'diff', a: 'x', b: 'y', isJson: true },
    });
    expect(parseCliArguments(['diff', 'x']).ok).toBe(false);
    expect(parseCliArguments(['diff', 'x', 'y', '--at', '3']).ok).toBe(false);
  });

  for (const [a, b, fileA, fileB] of PAIRS) {
    it(`agrees with the compare core on ${a.split('/').pop()} ↔ ${b.split('/').pop()}`, async () => {
      const run = await runCli(['diff', a, b, '--json']);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const cli = JSON.parse(run.stdout) as ReturnType<typeof buildDiffReport>;
      const outline = (file: string) => buildRunOutline(decodeLog(new Uint8Array(readFileSync(file))));
      const core = buildDiffReport(outline(fileA), outline(fileB), { a, b });
      expect(cli.firstDivergence).toEqual(core.firstDivergence);
      expect(cli.turns).toEqual(core.turns);
      expect(cli.sharedPrefix).toEqual(core.sharedPrefix);
      expect(Object.keys(cli)).toEqual(
        expect.arrayContaining(['a', 'b', 'sharedPrefix', 'firstDivergence', 'turns']),
      );
      expect(cli.turns[0]).toMatchObject({
        tokens: { a: { input: expect.any(Number), output: expect.any(Number) } },
        durationMs: { a: expect.any(Number) },
      });
    });
  }

  it('prints the first divergence, then one line per turn', async () => {
    const run = await runCli(['diff', PAIRS[2]?.[0] as string, PAIRS[2]?.[1] as string]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.find((line) => line.startsWith('first divergence'))).toBe(
      'first divergence (tool-call): tool bash: arguments differ',
    );
    expect(lines.filter((line) => /^\s+\d+ ↔ \d+/.test(line))).toHaveLength(1);
  });

  it('exits 2 when a log cannot be read', async () => {
    const run = await runCli([
      'diff',
      join(FIXTURES_DIR, 'tool-error.jsonl'),
      join(workDir, 'missing.jsonl'),
      '--json',
    ]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/missing\.jsonl/);
  });
});
