import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';
import { readDirectoryEntries } from '../log/testing/workspace-entries.ts';
import type { Workspace } from '../log/index.ts';
import type { WorkspaceFile, WorkspaceSnapshot, WorkspaceToMain } from './workspace-protocol.ts';
import { openWorkspaceSession, runWorkspaceScan, type ActiveScan } from './workspace-loop.ts';
import { applySnapshotPart } from './workspace-snapshot-parts.ts';

const SESSIONS_DIR = join(FIXTURES_DIR, 'sessions');
const ZIP_NAME = 'dsh-session-9841fdb9-efa4-4650-9011-5b552fcd380c.zip';

/** The fixture root as the page hands a dropped folder over: Files with their relative paths. */
async function rootFiles(): Promise<WorkspaceFile[]> {
  const entries = readDirectoryEntries(join(SESSIONS_DIR, 'root'));
  return Promise.all(
    entries.map(async (entry) => ({
      path: `root/${entry.path}`,
      file: new File([(await entry.read()).slice()], entry.path.split('/').pop() ?? entry.path),
    })),
  );
}

async function scan(files: WorkspaceFile[], isCancelledAfterList = false) {
  const messages: WorkspaceToMain[] = [];
  let workspace: Workspace | null = null;
  const active: ActiveScan = { workspaceId: 7, isCancelled: false };
  await runWorkspaceScan(active, files, {
    post(message) {
      messages.push(message);
      if (isCancelledAfterList && message.type === 'workspace-snapshot') active.isCancelled = true;
    },
    decoderOptions: Promise.resolve({}),
    yieldToEventLoop: () => Promise.resolve(),
    setWorkspace(found) {
      workspace = found;
    },
  });
  const snapshots: WorkspaceSnapshot[] = [];
  for (const message of messages)
    if (message.type === 'workspace-snapshot')
      snapshots.push(applySnapshotPart(snapshots.at(-1) ?? null, message.part));
  return { messages, snapshots, workspace: workspace as Workspace | null };
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<number> {
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

describe('runWorkspaceScan', () => {
  it('lists the root from headers first, then completes it with summaries, the tree and the links', async () => {
    const { snapshots, messages, workspace } = await scan(await rootFiles());
    const first = snapshots[0] as WorkspaceSnapshot;
    const last = snapshots.at(-1) as WorkspaceSnapshot;
    expect(first.isComplete).toBe(false);
    expect(first.rows.every((row) => row.summary === null)).toBe(true);
    expect(last.isComplete).toBe(true);
    expect(last.rows.map((row) => row.id).sort()).toEqual(workspace?.sessions.map((s) => s.id).sort());
    // Tree order: every child comes after its parent, one depth deeper.
    const position = new Map(last.rows.map((row, index) => [row.id, index]));
    for (const row of last.rows) {
      if (row.parentId === null) continue;
      const parent = last.rows[position.get(row.parentId) as number];
      expect(position.get(row.parentId)).toBeLessThan(position.get(row.id) as number);
      expect(row.depth).toBe((parent?.depth ?? -1) + 1);
    }
    // The orphan of the fixture root and the broken file.
    expect(last.rows.filter((row) => row.isOrphan).map((row) => row.id)).toEqual([
      'ea339828-7885-42e1-9083-4355e6f1708d',
    ]);
    expect(last.problems.some((problem) => problem.path.includes('--broken--'))).toBe(true);
    expect(last.rows.every((row) => row.summary !== null || row.failureReason !== null)).toBe(true);
    expect(last.parents.length).toBeGreaterThan(0);
    expect(last.links.some((link) => link.isSpawn && link.evidence === 'continuable-start')).toBe(true);
    // Summaries cross without their link facts (they stay in the worker).
    expect(last.rows.some((row) => row.summary !== null && 'links' in row.summary)).toBe(false);
    expect(messages.some((message) => message.type === 'workspace-progress')).toBe(true);
  });

  it('posts nothing after a cancel', async () => {
    const { snapshots } = await scan(await rootFiles(), true);
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]?.isComplete).toBe(false);
  });

  it('opens an export ZIP and reads a member session through the load path', async () => {
    const zip = new File([readFileSync(join(SESSIONS_DIR, ZIP_NAME))], ZIP_NAME);
    const { snapshots, workspace } = await scan([{ file: zip, path: ZIP_NAME }]);
    const last = snapshots.at(-1) as WorkspaceSnapshot;
    expect(last.rows.map((row) => row.depth)).toEqual([0, 1, 2]);
    const child = last.rows[1]?.id as string;
    const opened = await openWorkspaceSession(workspace, child);
    expect(await readAll(opened.reader)).toBe(opened.totalBytes);
    await expect(openWorkspaceSession(workspace, 'no-such-session')).rejects.toThrow(/not in the open/);
  });
});
