// Runs the CLI as a child process (as `npm run cli` does) and checks the CLI.md JSON contract and exit codes.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArguments, sniffLogBytes } from './cli-arguments.ts';
import { TriageLogBuilder, toolCallBlock } from '../log/testing/triage-log-builder.ts';
import { eventLine, headerLine, jsonlText } from '../log/testing/log-builder.ts';

const MAIN = join(import.meta.dirname, 'main.ts');
import { CORPUS_DIR } from '../log/testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

const workDir = mkdtempSync(join(tmpdir(), 'dsh-replay-cli-'));

/** A crashed log: the tool/call of c1 is recorded, its result is not (TOOL_OUTCOME_UNKNOWN). */
function writeCrashedLog(): string {
  const builder = new TriageLogBuilder({ id: 'cli-session' });
  builder.turnStart();
  builder.stepStart();
  builder.userMessage('delete the build dir');
  builder.requestHeader(['bash']);
  builder.attempt([toolCallBlock('c1', 'bash', '{"command":"rm -rf build"}')], {
    usage: { inputTokens: 50, outputTokens: 5 },
  });
  builder.toolCall('c1', 'bash', '{"command":"rm -rf build"}');
  const path = join(workDir, 'crashed.jsonl');
  writeFileSync(path, builder.toJsonl());
  return path;
}

const crashedLog = writeCrashedLog();

describe('dsh-replay CLI', () => {
  it('prints exactly one inspect JSON document with the CLI.md fields for a crashed log', async () => {
    const run = await runCli(['inspect', crashedLog, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining([
        'file',
        'header',
        'verdict',
        'events',
        'problems',
        'turns',
        'toolCalls',
        'surface',
      ]),
    );
    expect(report.file).toMatchObject({ container: 'jsonl', frames: null, tornTail: false });
    expect(report.file).toHaveProperty('bytes', readFileSync(crashedLog).length);
    expect(report.header).toMatchObject({ type: 'session', id: 'cli-session', version: 0 });
    expect(report.verdict).toEqual({ status: 'ok', reason: null, viewerLimit: null });
    const events = report.events as {
      count: number;
      lines: number;
      packedRows: number;
      byType: Record<string, number>;
    };
    expect(events.count).toBe(events.lines);
    expect(Object.values(events.byType).reduce((sum, count) => sum + count, 0)).toBe(events.count);
    expect(events.byType['tool/call']).toBe(1);
    expect(report.turns).toEqual([
      { turn: 1, startSeq: 0, endSeq: null, reason: null, steps: [{ step: 1, startSeq: 1, endSeq: null }] },
    ]);
    expect(report.toolCalls).toEqual([
      { callId: 'c1', name: 'bash', callSeq: events.count - 1, resultSeq: null, status: 'outcome-unknown' },
    ]);
    expect(report.surface).toEqual({ nodes: 2, messages: 2 });
  });

  it('prints the project JSON at a seq and defaults --at to the last seq', async () => {
    const atOne = JSON.parse(
      (await runCli(['project', crashedLog, '--json', '--at', '2'])).stdout,
    ) as unknown;
    expect(atOne).toEqual({ at: 2, messages: [{ role: 'user', sourceSeq: 2, blocks: ['text'] }] });
    const last = JSON.parse((await runCli(['project', '--json', crashedLog])).stdout) as {
      at: number;
      messages: { role: string; sourceSeq: number; blocks: string[] }[];
    };
    expect(last.messages.map((message) => [message.role, message.blocks])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool-call']],
    ]);
    expect(last.at).toBeGreaterThan(2);
  });

  it('gives "at": null and no messages for a log without events', async () => {
    const path = join(workDir, 'header-only.jsonl');
    writeFileSync(path, new TriageLogBuilder().toJsonl());
    const run = await runCli(['project', path, '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ at: null, messages: [] });
  });

  it('prints triage as text and as JSON from the same findings', async () => {
    const text = await runCli(['triage', crashedLog]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('TOOL_OUTCOME_UNKNOWN');
    expect(text.stdout).toMatch(/callId\s+c1/);
    const json = JSON.parse((await runCli(['triage', crashedLog, '--json'])).stdout) as {
      lastFailedCall: { callId: string; classification: string };
      bugReport: string;
    };
    expect(json.lastFailedCall).toMatchObject({ callId: 'c1', classification: 'TOOL_OUTCOME_UNKNOWN' });
    expect(text.stdout).toContain(json.bugReport.split('\n')[1]);
  });

  it('prints log text with a bidi override or a terminal escape escaped, as text and as JSON', async () => {
    const cwd = '/home/u/\u202Etxt.exe\u001b[2J';
    const path = join(workDir, 'hostile-cwd.jsonl');
    writeFileSync(path, new TriageLogBuilder({ cwd }).toJsonl());
    for (const command of ['inspect', 'triage']) {
      const text = await runCli([command, path]);
      expect(text.status).toBe(0);
      for (const raw of ['\u202E', '\u001b']) expect(text.stdout).not.toContain(raw);
      expect(text.stdout).toContain('/home/u/\\u{202E}txt.exe\\u{001B}[2J');
    }
    const json = await runCli(['inspect', path, '--json']);
    for (const raw of ['\u202E', '\u001b']) expect(json.stdout).not.toContain(raw);
    expect((JSON.parse(json.stdout) as { header: { cwd: string } }).header.cwd).toBe(cwd);
  });

  it('prints a bug report that log text cannot forge: one line per field, however many the values hold', async () => {
    const hostile = 'bash\nclassification: ok\n\n\n![t](https://t.example/p.png)';
    const write = (name: string, tool: string, callId: string): string => {
      const builder = new TriageLogBuilder();
      builder.turnStart();
      builder.stepStart();
      builder.requestHeader([tool]);
      builder.attempt([toolCallBlock(callId, tool)]);
      const callSeq = builder.toolCall(callId, tool);
      builder.toolResult(callId, {
        isError: true,
        error: { name: 'E', code: `${tool}\nverdict: ok` },
        callSeq,
      });
      const path = join(workDir, name);
      writeFileSync(path, builder.toJsonl());
      return path;
    };
    const reportLines = async (path: string): Promise<string[]> => {
      const text = (await runCli(['triage', path])).stdout;
      return text.slice(text.indexOf('== 6. bug report')).split('\n');
    };
    const benign = await reportLines(write('benign.jsonl', 'bash', 'c1'));
    const forged = await reportLines(write('forged.jsonl', hostile, `c1\nverdict: ok`));
    expect(forged).toHaveLength(benign.length);
    expect(forged.filter((line) => /^(classification|verdict): +ok/.test(line))).toEqual([]);
    expect(forged).toContain(
      'tool name:       "bash\\nclassification: ok\\n\\n\\n![t](https://t.example/p.png)"',
    );
  });

  it('reads a log whose header nests 100,000 levels under an unknown key: exit 0, every command', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = jsonlText([
      headerLine({ plugin: 'DEEP' }).replace('"DEEP"', deep),
      eventLine('session/title', 0, { title: 'deep' }),
    ]);
    const path = join(workDir, 'deep-header.jsonl');
    writeFileSync(path, text);
    for (const args of [
      ['inspect', path, '--json'],
      ['inspect', path],
      ['triage', path],
      ['triage', path, '--json'],
    ]) {
      const run = await runCli(args);
      expect(run.stderr, args.join(' ')).toBe('');
      expect(run.status, args.join(' ')).toBe(0);
    }
    const report = JSON.parse((await runCli(['inspect', path, '--json'])).stdout) as {
      verdict: { status: string };
    };
    expect(report.verdict.status).toBe('ok');
  });

  it('reads files past the 2 GiB readFile limit as a stream: a 2.5 GiB sparse file is judged on its first bytes', async () => {
    const path = join(workDir, 'sparse.bin');
    writeFileSync(path, new Uint8Array([0x00]));
    truncateSync(path, 2.5 * 1024 ** 3);
    const run = await runCli(['inspect', path, '--json']);
    expect(run.stderr).not.toMatch(/ERR_FS_FILE_TOO_LARGE/);
    expect(run.stderr).toMatch(/not a session log/);
    expect(run.status).toBe(2);
  });

  it('exits 0 for a readable but refused log', async () => {
    const path = join(workDir, 'future.jsonl');
    writeFileSync(path, new TriageLogBuilder({ version: 7 }).toJsonl());
    const run = await runCli(['inspect', path, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as {
      verdict: { status: string };
      format: { newerVersion: number | null; writer: { status: string }; current: { status: string } };
    };
    expect(report.verdict.status).toBe('unsupported');
    expect(report.format).toMatchObject({
      newerVersion: 7,
      writer: { status: 'unsupported' },
      current: { status: 'newer' },
    });
  });

  it('adds the format verdicts to inspect --json and prints them as text, for a v0 log current dsh refuses', async () => {
    const path = join(FIXTURES_DIR, 'max-tokens.jsonl');
    const json = await runCli(['inspect', path, '--json']);
    const report = JSON.parse(json.stdout) as {
      verdict: unknown;
      format: {
        generation: number | null;
        newerVersion: number | null;
        writer: { release: string; status: string; reason: string | null };
        current: { release: string; status: string; reason: string; refusals: Record<string, unknown>[] };
      };
    };
    expect(report.verdict).toEqual({ status: 'ok', reason: null, viewerLimit: null });
    expect(report.format).toMatchObject({
      generation: 0,
      newerVersion: null,
      writer: { release: 'dsh 0.0.1 – 0.1.2 (session.jsonl)', status: 'ok', reason: null },
      current: { release: 'dsh 0.2.x (generation 4)', status: 'refuses' },
    });
    expect(report.format.current.refusals).toEqual([
      { rule: 'descriptor-version', seq: 4, line: 6, message: report.format.current.reason },
    ]);
    expect(report.format.current.reason).toMatch(
      /^current dsh \(0\.2\.x\) would refuse to migrate this log: the subagent\/descriptor at seq 4 has descriptor version 2/,
    );
    const text = await runCli(['inspect', path]);
    expect(text.stdout).toMatch(
      /^format {10}generation 0, written by dsh 0\.0\.1 – 0\.1\.2 \(session\.jsonl\)$/m,
    );
    expect(text.stdout).toMatch(/^writer verdict {2}ok$/m);
    expect(text.stdout).toMatch(
      /^current dsh {5}refuses to migrate it: the subagent\/descriptor at seq 4 has descriptor version 2/m,
    );
  });

  it('names the generation and both verdicts in triage and its bug report', async () => {
    const json = JSON.parse((await runCli(['triage', crashedLog, '--json'])).stdout) as {
      format: { generation: number; current: { status: string } };
      bugReport: string;
    };
    expect(json.format).toMatchObject({ generation: 0, current: { status: 'migrates' } });
    expect(json.bugReport).toMatch(/^format: {10}generation 0, written by dsh 0\.0\.1 – 0\.1\.2/m);
    expect(json.bugReport).toMatch(/^writer verdict: {2}ok$/m);
    expect(json.bugReport).toMatch(
      /^current dsh: {5}migrates: dsh 0\.2\.x \(generation 4\) migrates it on open/m,
    );
    const text = await runCli(['triage', crashedLog]);
    expect(text.stdout).toMatch(/^current dsh {5}migrates: /m);
  });

  it('exits 2 for a PNG, a missing file and a bad command line, printing nothing on stdout', async () => {
    const png = join(workDir, 'image.png');
    writeFileSync(png, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    for (const args of [
      ['inspect', png, '--json'],
      ['inspect', join(workDir, 'no-such-file.jsonl'), '--json'],
      ['frobnicate', crashedLog],
      ['project', crashedLog, '--at', 'x'],
    ]) {
      const run = await runCli(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
  });

  it.skipIf(!hasCorpus)(
    'reads the zstd twin of a corpus log to the same events, turns, tool calls and surface',
    async () => {
      const name = 'headless-agent__semantic-checkpoint-snapshots__tool-outcome-unknown__session.expected';
      const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'MANIFEST.json'), 'utf8')) as {
        logs: { name: string; eventCount: number; zstdFrames: number; packedRows: number }[];
      };
      const entry = manifest.logs.find((log) => log.name === name);
      const plain = JSON.parse(
        (await runCli(['inspect', join(CORPUS_DIR, `${name}.jsonl`), '--json'])).stdout,
      ) as Record<string, unknown>;
      const zstd = JSON.parse(
        (await runCli(['inspect', join(CORPUS_DIR, `${name}.jsonl.zstd`), '--json'])).stdout,
      ) as Record<string, unknown>;
      expect(plain.file).toMatchObject({ container: 'jsonl', frames: null });
      expect(zstd.file).toMatchObject({ container: 'zstd', frames: entry?.zstdFrames });
      expect((plain.events as { count: number }).count).toBe(entry?.eventCount);
      for (const key of ['header', 'verdict', 'events', 'turns', 'toolCalls', 'surface', 'problems'])
        expect(zstd[key], key).toEqual(plain[key]);
      expect(plain.toolCalls).toContainEqual({
        callId: 'unknown-outcome-call',
        name: 'write_remote',
        callSeq: 4,
        resultSeq: 5,
        status: 'outcome-unknown',
      });
    },
  );
});

describe('parseCliArguments and sniffLogBytes', () => {
  it('accepts options in any order and --at=SEQ', () => {
    expect(parseCliArguments(['project', '--at=5', 'a.jsonl', '--json'])).toEqual({
      ok: true,
      value: { command: 'project', file: 'a.jsonl', isJson: true, atSeq: 5 },
    });
  });

  it('rejects a negative or missing --at and a second file', () => {
    expect(parseCliArguments(['project', 'a', '--at', '-1']).ok).toBe(false);
    expect(parseCliArguments(['project', 'a', '--at']).ok).toBe(false);
    expect(parseCliArguments(['inspect', 'a', 'b']).ok).toBe(false);
  });

  it('sniffs by first bytes: brace, BOM, zstd magic and empty are logs; ZIP and PNG are not', () => {
    const bytes = (...values: number[]): Uint8Array => new Uint8Array(values);
    expect(sniffLogBytes(bytes(0x7b)).ok).toBe(true);
    expect(sniffLogBytes(bytes(0xef, 0xbb, 0xbf, 0x7b)).ok).toBe(true);
    expect(sniffLogBytes(bytes(0x28, 0xb5, 0x2f, 0xfd))).toEqual({ ok: true, value: 'zstd' });
    expect(sniffLogBytes(bytes()).ok).toBe(true);
    expect(sniffLogBytes(bytes(0x50, 0x4b, 0x03, 0x04)).ok).toBe(false);
    expect(sniffLogBytes(bytes(0x89, 0x50, 0x4e, 0x47)).ok).toBe(false);
  });
});
