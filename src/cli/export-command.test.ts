// `export` as a child process (CLI.md): each format is written, its manifest printed, and what was
// written re-opens as the same session (the redacted log keeps its structure; no secret survives).

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../log/index.ts';
import { logStructure } from '../log/testing/export-structure.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import { seededSecrets } from '../log/testing/seeded-secrets.ts';
import { eventLine, headerLine, jsonlText } from '../log/testing/log-builder.ts';
import { parseExportArguments } from './export-command.ts';

const MAIN = join(import.meta.dirname, 'main.ts');
const workDir = mkdtempSync(join(tmpdir(), 'dsh-replay-export-'));

function runCli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', MAIN, ...args], (error, stdout, stderr) => {
      resolve({
        status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
        stdout,
        stderr,
      });
    });
  });
}

/** A small log whose tool result is a `.env` full of seeded secrets. */
function writeLeakyLog(): { path: string; secrets: string[] } {
  const seeded = seededSecrets(7);
  const env = seeded.map((s) => s.planted).join('\n');
  const lines = [
    headerLine(),
    eventLine('turn/start', 0, { turn: 1 }),
    eventLine(
      'user/message',
      1,
      {
        id: 'u1',
        role: 'user',
        content: [{ type: 'text', text: `cat .env please` }],
        source: { kind: 'user' },
      },
      { surfaceOp: 'append' },
    ),
    eventLine('session/title', 2, {
      title: `leak ${seeded[0]!.secret}`,
      messageSeqs: [1],
      source: { kind: 'user' },
    }),
    eventLine(
      'user/message',
      3,
      { id: 'u2', role: 'user', content: [{ type: 'text', text: env }], source: { kind: 'user' } },
      { surfaceOp: 'append' },
    ),
    eventLine('turn/end', 4, { turn: 1, reason: { kind: 'completed' } }),
  ];
  const path = join(workDir, 'leaky.jsonl');
  writeFileSync(path, jsonlText(lines));
  return { path, secrets: seeded.map((s) => s.secret) };
}

describe('export (CLI.md)', () => {
  it('parses its options and refuses a missing format', () => {
    expect(parseExportArguments(['a.jsonl']).ok).toBe(false);
    const parsed = parseExportArguments([
      'a.jsonl',
      '--format=zip',
      '--at',
      '12',
      '--literal',
      'x',
      '--turns',
      '2-3',
    ]);
    expect(parsed.ok && parsed.value).toMatchObject({
      format: 'zip',
      atSeq: 12,
      isRedacted: true,
      turns: { from: 2, to: 3 },
    });
  });

  it('writes a redacted ZIP in dsh layout whose log re-opens with the same structure', async () => {
    const { path, secrets } = writeLeakyLog();
    const out = join(workDir, 'leaky.zip');
    const run = await runCli(['export', path, '--format', 'zip', '--redact', '--json', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const manifest = JSON.parse(run.stdout) as {
      sha256: string;
      bytes: number;
      events: number;
      redactions: { rule: string; count: number }[];
    };
    const bytes = readFileSync(out);
    expect(manifest.bytes).toBe(bytes.length);
    expect(manifest.events).toBe(5);
    expect(manifest.redactions.length).toBeGreaterThan(20);
    expect(run.stdout).not.toContain(secrets[0]);
    const members = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(members)).toEqual(['session.jsonl']);
    const log = members['session.jsonl']!;
    const text = new TextDecoder().decode(log);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(logStructure(decodeLog(log))).toEqual(logStructure(decodeLog(new Uint8Array(readFileSync(path)))));
  });

  it('cuts at --at and writes Markdown of a real fixture with exact text in fences', async () => {
    const out = join(workDir, 'tool-error.md');
    const run = await runCli([
      'export',
      join(FIXTURES_DIR, 'tool-error.jsonl.zstd'),
      '--format',
      'md',
      '--at',
      '61',
      '--json',
      '--out',
      out,
    ]);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { events: number }).events).toBe(62);
    const md = readFileSync(out, 'utf8');
    expect(md).toContain('<details><summary>tool call <code>bash</code>');
    expect(md).toContain('```json\n{"command": "echo HELLO", "description": "Run echo HELLO"}\n```');
    expect(md).not.toContain('seq 121');
  });

  it('exports a subtree of a sessions root as one ZIP', async () => {
    const root = join(FIXTURES_DIR, 'sessions/dsh-session-9841fdb9-efa4-4650-9011-5b552fcd380c.zip');
    const out = join(workDir, 'tree.zip');
    const run = await runCli([
      'export',
      root,
      '--format',
      'zip',
      '--subtree',
      '--redact',
      '--json',
      '--out',
      out,
    ]);
    expect(run.status).toBe(0);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(out))));
    expect(names).toContain('session.jsonl');
    expect(names.some((n) => n.startsWith('subagents/'))).toBe(true);
  });
});
