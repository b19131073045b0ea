// The real writer (issue 22): dsh 0.1.0-rc.8 runs a session with tool calls against the scripted
// loopback model (scripts/real-writer/), streaming slowly, while the viewer follows its sessions
// folder through a directory handle. The handle is OPFS (Playwright cannot drive the native picker);
// every byte in it is a byte dsh wrote, mirrored as dsh appends. Each new event must appear, and the
// end state must be what the CLI reads from dsh's own file.
// dsh comes from a scratch install (fixtures/real-writer/README.md): DSH_REAL_INSTALL=<dir> when set,
// else one the spec makes with npm under the OS temp dir (scripts/real-writer/scratch-install.ts;
// about a minute, once per machine). Skipped, saying why, only when that install fails (no registry).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { startScriptedModelServer, type ModelScript } from '../scripts/real-writer/scripted-model-server.ts';
import {
  INSTALL_TIMEOUT_MS,
  ensureRealWriterInstall,
  realWriterPaths,
} from '../scripts/real-writer/scratch-install.ts';
import { answerPickersWithOpfs, clearOpfs, writeOpfsFile } from './support/live-files.ts';

function findLogs(root: string): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/^session(\.v\d+)?\.jsonl(\.zstd)?$/.test(name)) found.push(path);
    }
  };
  walk(root);
  return found;
}

function inspectEvents(file: string): { count: number; lastType: string } {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const report = JSON.parse(output) as { events: { count: number; byType: Record<string, number> } };
  const follow = execFileSync('npm', ['run', '--silent', 'cli', '--', 'follow', file, '--idle-exit', '0'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const last = JSON.parse(
    follow
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{"seq"'))
      .at(-1) ?? '{}',
  ) as {
    type?: string;
  };
  return { count: report.events.count, lastType: last.type ?? '' };
}

test('following a folder while the real dsh writes a session with tool calls shows each new event', async ({
  page,
  viewer,
}) => {
  test.setTimeout(INSTALL_TIMEOUT_MS + 120_000);
  const startedAt = Date.now();
  const install = await ensureRealWriterInstall();
  if (!install.ok) {
    // In the log as well as the report: a CI run without a registry says why this did not run.
    console.warn(`live-real-writer skipped: ${install.reason}`);
    test.skip(true, `no real writer: ${install.reason}`);
    return;
  }
  test.setTimeout(Date.now() - startedAt + 120_000);
  const { dshBin, node } = realWriterPaths(install.installDir);
  const scenario = JSON.parse(
    readFileSync('scripts/real-writer/scenarios/tool-call-turn.json', 'utf8'),
  ) as ModelScript & { task: string; files: Record<string, string> };
  // Slow streaming, so the writer flushes many batches while the viewer follows.
  for (const reply of scenario.replies) (reply as { chunkDelayMs?: number }).chunkDelayMs = 350;
  const runDir = mkdtempSync(join(tmpdir(), 'dsh-live-'));
  const workspace = join(runDir, 'workspace');
  const dshHome = join(runDir, 'dsh-home');
  for (const dir of [workspace, dshHome, join(runDir, 'home')]) mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(scenario.files)) writeFileSync(join(workspace, file), text);
  const server = await startScriptedModelServer(scenario, { log: () => undefined });
  const sessions = join(dshHome, 'sessions');

  await viewer.goto('/');
  await clearOpfs(page);
  const child = spawn(node, [dshBin, '--profile', 'headless', scenario.task], {
    cwd: workspace,
    env: {
      PATH: `${dirname(node)}:/usr/local/bin:/usr/bin:/bin`,
      HOME: join(runDir, 'home'),
      LANG: 'C.UTF-8',
      DSH_HOME: dshHome,
      DEEPSEEK_BASE_URL: server.baseUrl,
      DEEPSEEK_API_KEY: 'sk-scripted-model-server',
      DSH_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  /** Mirrors every byte dsh appended since the last call into OPFS under root/. */
  const mirrored = new Map<string, number>();
  const mirror = async () => {
    for (const path of findLogs(sessions)) {
      const bytes = new Uint8Array(readFileSync(path));
      const at = mirrored.get(path) ?? 0;
      if (bytes.length < at) throw new Error('dsh truncated its log');
      if (bytes.length === at) continue;
      await writeOpfsFile(page, `root/${relative(sessions, path)}`, bytes.subarray(at), at === 0 ? null : at);
      mirrored.set(path, bytes.length);
    }
  };
  try {
    await expect.poll(async () => (await mirror(), mirrored.size), { timeout: 30_000 }).toBeGreaterThan(0);
    await answerPickersWithOpfs(page, { folder: 'root' });
    await page.getByTestId('follow-folder').click();
    await viewer.waitForLoadState('ready');
    const seen = new Set<number>();
    let isDone = false;
    void exited.then(() => (isDone = true));
    while (!isDone) {
      await mirror();
      const label = await page.getByTestId('live-count').textContent();
      seen.add(Number((label ?? '').replace(/[^0-9]/g, '')));
      await page.waitForTimeout(150);
    }
    await mirror();
    const [log] = findLogs(sessions);
    if (log === undefined) throw new Error('dsh wrote no log');
    const expected = inspectEvents(log);
    await expect(page.getByTestId('live-count')).toHaveText(
      `${expected.count.toLocaleString('en-US')} events`,
    );
    // The count grew while dsh ran (dsh batches its appends: a whole attempt's packed chunks land
    // in one frame), not only once at the end.
    expect(seen.size).toBeGreaterThan(1);
    await expect(page.getByTestId('live-head')).toBeVisible();
    await viewer.expectCursorAt(expected.count - 1);
    await expect(viewer.eventRow(expected.count - 1)).toContainText(expected.lastType);
  } finally {
    child.kill('SIGKILL');
    await server.close();
  }
});
