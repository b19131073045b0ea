// `ls`, `tree` and the session selectors of inspect/project/triage (CLI.md), run as a child process
// as `npm run cli` does, over fixtures/sessions/ (a sessions root and an export ZIP).

import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from './cli-arguments.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';

const MAIN = join(import.meta.dirname, 'main.ts');
const ROOT = join(FIXTURES_DIR, 'sessions/root');
const ZIP = join(
  FIXTURES_DIR,
  'sessions',
  readdirSync(join(FIXTURES_DIR, 'sessions')).find((name) => name.endsWith('.zip')) as string,
);
const MULTI_GEN_ID = '1f64649f-af94-4c75-a0ea-40658dc71600';
const MULTI_GEN_DIR = join(ROOT, '--home-dev-projects-text-turn--', MULTI_GEN_ID);

function runCli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { maxBuffer: 64 * 1024 * 1024 },
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

const LS_SESSION_KEYS = [
  'path',
  'id',
  'version',
  'parentSession',
  'origin',
  'delegationDepth',
  'seedLength',
  'createdAt',
  'cwd',
  'title',
  'verdict',
  'events',
  'turns',
  'toolCalls',
  'bytes',
  'generations',
];

interface LsSession {
  path: string;
  id: string;
  createdAt: number;
  generations: string[];
  [key: string]: unknown;
}

describe('dsh-replay ls', () => {
  it('lists a sessions root with the CLI.md fields, sorted by createdAt then id, each session once', async () => {
    const run = await runCli(['ls', ROOT, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as {
      root: string;
      sessions: LsSession[];
      problems: { path: string; message: string }[];
    };
    expect(report.root).toBe(ROOT);
    expect(report.sessions).toHaveLength(12);
    for (const session of report.sessions)
      expect(Object.keys(session)).toEqual(expect.arrayContaining(LS_SESSION_KEYS));
    const order = report.sessions.map((session) => [session.createdAt, session.id]);
    expect(order).toEqual(
      [...order].sort(
        (a, b) => (a[0] as number) - (b[0] as number) || String(a[1]).localeCompare(String(b[1])),
      ),
    );
    const multiGen = report.sessions.find((session) => session.id === MULTI_GEN_ID);
    expect(multiGen).toMatchObject({
      path: `--home-dev-projects-text-turn--/${MULTI_GEN_ID}/session.v4.jsonl.zstd`,
      version: 4,
      verdict: 'ok',
      generations: [
        `--home-dev-projects-text-turn--/${MULTI_GEN_ID}/session.v3.jsonl.zstd`,
        `--home-dev-projects-text-turn--/${MULTI_GEN_ID}/session.jsonl.zstd`,
      ],
    });
    expect(
      report.sessions.find((session) => session.id === 'ada8966c-9fa3-441b-8721-37ff1e795e6a'),
    ).toMatchObject({
      parentSession: '96cf59c9-b347-48b9-b234-a5200913ad05',
      origin: 'subagent',
      delegationDepth: 1,
      seedLength: 42,
      title: 'Remember this fact for later:',
      failure: 'ok',
    });
    expect(report.problems).toEqual([
      { path: '--broken--/not-a-log/session.jsonl', message: expect.stringMatching(/not a dsh session log/) },
    ]);
    // An addition (issue 20): each session's three answers, the very object `inspect --json` gives.
    const inspected = JSON.parse(
      (await runCli(['inspect', join(ROOT, multiGen?.path ?? ''), '--json'])).stdout,
    ) as {
      answers: unknown;
    };
    expect(multiGen?.['answers']).toEqual(inspected.answers);
    expect(multiGen?.['answers']).toMatchObject({ dsh: { answer: 'opens' } });
    const text = await runCli(['ls', ROOT]);
    expect(text.stdout).toMatch(/^12 sessions in /);
    expect(text.stdout).toMatch(/ reads-all dsh-opens run-completed /);
    expect(text.stdout).toContain('(+2 older generations)');
  });

  it('lists an export ZIP with paths inside it, and several files as given', async () => {
    const zip = JSON.parse((await runCli(['ls', ZIP, '--json'])).stdout) as { sessions: LsSession[] };
    expect(zip.sessions.map((session) => session.path)).toEqual([
      'session.jsonl',
      'subagents/a44e2671-7d09-4dff-b54a-70cba32f3a7f/session.jsonl',
      'subagents/de004935-06be-445c-a4ac-56157914159b/session.jsonl',
    ]);
    const files = [join(MULTI_GEN_DIR, 'session.jsonl.zstd'), join(FIXTURES_DIR, 'cancel.jsonl')];
    const listed = JSON.parse((await runCli(['ls', ...files, '--json'])).stdout) as {
      root: string;
      sessions: LsSession[];
    };
    expect(listed.root).toBe('.');
    expect(listed.sessions.map((session) => session.path).sort()).toEqual([...files].sort());
  });

  it('exits 2 when nothing named exists, 0 with a problem when some of it does', async () => {
    const missing = await runCli(['ls', join(ROOT, 'no-such-dir'), '--json']);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    const some = await runCli(['ls', join(FIXTURES_DIR, 'cancel.jsonl'), join(ROOT, 'nope'), '--json']);
    expect(some.status).toBe(0);
    expect((JSON.parse(some.stdout) as { problems: unknown[] }).problems).toEqual([
      { path: join(ROOT, 'nope'), message: 'no such file or directory' },
    ]);
  });
});

interface TreeNode {
  id: string;
  path: string;
  kind: string;
  children: TreeNode[];
}

describe('dsh-replay tree', () => {
  it('prints the lineage as CLI.md defines it: roots in ls order, kinds, orphans also among roots', async () => {
    const run = await runCli(['tree', ROOT, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { roots: TreeNode[]; orphans: string[] };
    expect(report.orphans).toEqual(['ea339828-7885-42e1-9083-4355e6f1708d']);
    expect(report.roots.map((root) => root.id)).toContain('ea339828-7885-42e1-9083-4355e6f1708d');
    const depthTwo = report.roots.find((root) => root.id === '9841fdb9-efa4-4650-9011-5b552fcd380c');
    expect(depthTwo?.kind).toBe('root');
    expect(
      depthTwo?.children.map((child) => [child.id, child.kind, child.children.map((grand) => grand.id)]),
    ).toEqual([
      ['a44e2671-7d09-4dff-b54a-70cba32f3a7f', 'subagent', ['de004935-06be-445c-a4ac-56157914159b']],
    ]);
    const multi = report.roots.find((root) => root.id === '14dda109-5728-45ba-a002-7db9543fe50e');
    expect(multi?.children.map((child) => child.id)).toEqual([
      '553f8e92-aac1-4df3-8657-eacbb58f9581',
      '5f49e80c-16fc-42c7-a617-0b6bd0680aa3',
    ]);
    const zipTree = JSON.parse((await runCli(['tree', ZIP, '--json'])).stdout) as { roots: TreeNode[] };
    expect(zipTree.roots.map((root) => [root.path, root.children.length])).toEqual([['session.jsonl', 1]]);
  });
});

describe('inspect, project and triage on a session of a workspace', () => {
  it('reads <zip>#<session id> (or a unique prefix) and a ZIP alone as its root session', async () => {
    const child = JSON.parse(
      (await runCli(['inspect', `${ZIP}#de004935-06be-445c-a4ac-56157914159b`, '--json'])).stdout,
    ) as {
      header: { id: string; delegationDepth: number };
      file: { container: string };
    };
    expect(child.header).toMatchObject({ id: 'de004935-06be-445c-a4ac-56157914159b', delegationDepth: 2 });
    expect(child.file.container).toBe('jsonl');
    const prefixed = JSON.parse((await runCli(['triage', `${ZIP}#a44e`, '--json'])).stdout) as {
      header: { id: string };
    };
    expect(prefixed.header.id).toBe('a44e2671-7d09-4dff-b54a-70cba32f3a7f');
    const root = JSON.parse((await runCli(['project', ZIP, '--json'])).stdout) as { messages: unknown[] };
    expect(root.messages.length).toBeGreaterThan(0);
  });

  it('reads a session directory at its current generation, and a <dir>#<id> anywhere below', async () => {
    const current = JSON.parse((await runCli(['inspect', MULTI_GEN_DIR, '--json'])).stdout) as {
      header: { version: number };
    };
    expect(current.header.version).toBe(4);
    const below = JSON.parse((await runCli(['inspect', `${ROOT}#e671f875`, '--json'])).stdout) as {
      header: { id: string };
    };
    expect(below.header.id).toBe('e671f875-8b29-4737-bd0c-f1d894e2fc46');
  });

  it('exits 2 with a reason for a directory of many sessions, an unknown id and a # on a plain file', async () => {
    for (const [target, reason] of [
      [ROOT, /holds 12 sessions: name one as/],
      [`${ZIP}#nope`, /no session nope/],
      [`${join(FIXTURES_DIR, 'cancel.jsonl')}#x`, /needs a directory or an export ZIP/],
    ] as const) {
      const run = await runCli(['inspect', target, '--json']);
      expect(run.status, target).toBe(2);
      expect(run.stdout, target).toBe('');
      expect(run.stderr, target).toMatch(reason);
    }
  });

  it('reads a file whose name holds a # as that file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsh-replay-hash-'));
    mkdirSync(join(dir, 'a'));
    const path = join(dir, 'a', 'log#1.jsonl');
    copyFileSync(join(FIXTURES_DIR, 'cancel.jsonl'), path);
    const run = await runCli(['inspect', path, '--json']);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { file: { bytes: number } }).file.bytes).toBe(
      readFileSync(path).length,
    );
  });
});

describe('parseCliArguments for ls and tree', () => {
  it('takes several paths for ls and exactly one for tree', () => {
    expect(parseCliArguments(['ls', 'a', 'b', '--json'])).toEqual({
      ok: true,
      value: { command: 'ls', files: ['a', 'b'], isJson: true },
    });
    expect(parseCliArguments(['tree', 'a'])).toEqual({
      ok: true,
      value: { command: 'tree', files: ['a'], isJson: false },
    });
    expect(parseCliArguments(['tree', 'a', 'b']).ok).toBe(false);
    expect(parseCliArguments(['ls']).ok).toBe(false);
  });
});
