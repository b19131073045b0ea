// `ls` and `tree` on what is not a workspace at all (issue 27): a garbage `.zip` and a device file
// are exit 2 with the reason, as inspect says of a file that is not a log. Before, `tree` exited 0
// on a garbage ZIP and `ls /dev/null` said "the file is empty".

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, 'main.ts');

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

describe('ls and tree on inputs that are not workspaces', () => {
  it('exits 2 for a garbage .zip and a device file, with the reason on stderr', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsh-replay-hostile-'));
    const garbage = join(dir, 'export.zip');
    writeFileSync(garbage, 'PK\u0003\u0004 this is no archive');
    const [tree, ls, device] = await Promise.all([
      runCli(['tree', garbage, '--json']),
      runCli(['ls', garbage]),
      runCli(['ls', '/dev/null', '--json']),
    ]);
    expect([tree.status, tree.stdout]).toEqual([2, '']);
    expect(tree.stderr).toMatch(
      /export\.zip: the ZIP could not be read \(it has no end-of-central-directory record\)/,
    );
    expect([ls.status, ls.stdout]).toEqual([2, '']);
    expect([device.status, device.stdout]).toEqual([2, '']);
    expect(device.stderr).toMatch(/\/dev\/null: a character device, not a session log or ZIP: not read/);
  }, 60_000);
});
