// `npm run bench:hostile`: issue 27's ZIP numbers in Node (the same core module the worker uses) and
// through the CLI, each against its goal: the overlapping-entries bomb (32 directory records sharing
// one member of 1 GiB zeros, ~1 MB) listed and summarized in ≤ 2 s with < 200 MB, and a
// 100,000-member export (ZIP64 directory) listed — every head read — in ≤ 5 s. The archives are
// built first (not timed) and kept in .bench/hostile/ for the browser bench
// (`npm run bench:browser -- --case hostile`). `-- --members N` changes the member count.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { buildZip, overlappingBombZip, zipMember } from '../src/log/testing/zip-builder.ts';
import { discoverSessions, listZipEntries, summarizeWorkspace } from '../src/log/index.ts';
import { formatReportTable, type ReportRow } from './lib/report-table.ts';

const HOSTILE_DIR = '.bench/hostile';
const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const memberCount = Number(argument('members') ?? 100_000);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (isMet: boolean, goal: string) => `${goal} — ${isMet ? 'met' : 'MISSED'}`;

/** The session header of member `id`: the ZIP's sessions differ only in it. */
const header = (id: string) => `{"version":0,"id":"${id}","createdAt":1,"cwd":"/w"}\n`;

/** A many-member export: `count` subagent logs of one header line each. */
function manyMemberZip(count: number): Uint8Array {
  return buildZip(
    Array.from({ length: count }, (_, index) =>
      zipMember(`subagents/s${index}/session.jsonl`, header(`s${index}`)),
    ),
  );
}

interface CoreRun {
  sessions: number;
  refused: number;
  listedMs: number;
  totalMs: number;
  peakRssGrowth: number;
}

/** Lists (index, heads) and summarizes `zip` in this process; RSS growth over the start. */
async function runCore(zip: Uint8Array): Promise<CoreRun> {
  globalThis.gc?.();
  const baseRss = process.memoryUsage.rss();
  peakRss = baseRss;
  const start = performance.now();
  const listed = listZipEntries(zip, 'x.zip/');
  const workspace = await discoverSessions(listed.entries);
  const listedMs = performance.now() - start;
  await summarizeWorkspace(workspace.sessions);
  const totalMs = performance.now() - start;
  return {
    sessions: workspace.sessions.length,
    refused: listed.problems.length,
    listedMs,
    totalMs,
    peakRssGrowth: Math.max(peakRss, process.memoryUsage.rss()) - baseRss,
  };
}

/**
 * `cli ls <path> --json` in a child process: wall clock, CPU seconds (user + system: on a shared
 * machine the wall clock is mostly the load) and peak RSS (GNU time's %U, %S, %M).
 */
function runCli(path: string): { ms: number; cpuSeconds: number; peakRss: number; exit: number | null } {
  const start = performance.now();
  const child = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S %M', process.execPath, '--import', 'tsx', 'src/cli/main.ts', 'ls', path, '--json'],
    { encoding: 'utf8', maxBuffer: 1024 ** 3 },
  );
  const ms = performance.now() - start;
  const [user, system, kib] = (/([\d.]+) ([\d.]+) (\d+)\s*$/.exec(child.stderr) ?? []).slice(1).map(Number);
  return {
    ms,
    cpuSeconds: (user ?? NaN) + (system ?? NaN),
    peakRss: (kib ?? NaN) * 1024,
    exit: child.status,
  };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';

mkdirSync(HOSTILE_DIR, { recursive: true });
const bomb = overlappingBombZip(32, 1024 ** 3);
const many = manyMemberZip(memberCount);
const bombPath = `${HOSTILE_DIR}/overlapping-bomb.zip`;
const manyPath = `${HOSTILE_DIR}/members-${memberCount}.zip`;
writeFileSync(bombPath, bomb);
writeFileSync(manyPath, many);

const bombRun = await runCore(bomb);
const manyRun = await runCore(many);
clearInterval(sampler);
const bombCli = runCli(bombPath);
const manyCli = runCli(manyPath);
const rows: ReportRow[] = [
  [
    `bomb (${(bomb.length / 1024).toFixed(0)} KiB): refused / sessions`,
    `${bombRun.refused} / ${bombRun.sessions}`,
    '',
  ],
  [
    'bomb, core: listed and summarized, RSS growth',
    `${seconds(bombRun.totalMs)}, ${mib(bombRun.peakRssGrowth)}`,
    verdict(bombRun.totalMs <= 2000 && bombRun.peakRssGrowth < 200 * 1024 ** 2, '≤ 2 s, < 200 MB'),
  ],
  [
    'bomb, `cli ls --json`: wall clock with start-up, peak RSS',
    `${seconds(bombCli.ms)}, ${mib(bombCli.peakRss)} (exit ${bombCli.exit})`,
    verdict(bombCli.ms <= 2000 && bombCli.peakRss < 200 * 1024 ** 2, '≤ 2 s, < 200 MB'),
  ],
  [
    `${memberCount} members (${mib(many.length)}): sessions listed`,
    `${manyRun.sessions} (${manyRun.refused} refused)`,
    verdict(manyRun.sessions === memberCount, `all ${memberCount}`),
  ],
  [
    `${memberCount} members, core: listed (index + every head)`,
    seconds(manyRun.listedMs),
    verdict(manyRun.listedMs <= 5000, '≤ 5 s'),
  ],
  [
    `${memberCount} members, core: listed and summarized, RSS growth`,
    `${seconds(manyRun.totalMs)}, ${mib(manyRun.peakRssGrowth)}`,
    '',
  ],
  [
    `${memberCount} members, \`cli ls --json\`: wall clock, peak RSS`,
    `${seconds(manyCli.ms)}, ${mib(manyCli.peakRss)} (exit ${manyCli.exit})`,
    verdict(manyCli.ms <= 5000, '≤ 5 s'),
  ],
  [
    `${memberCount} members, \`cli ls --json\`: CPU (user + system)`,
    `${manyCli.cpuSeconds.toFixed(2)} s`,
    `load average ${loadAverage()} at the end`,
  ],
];
process.stdout.write(formatReportTable(rows));
