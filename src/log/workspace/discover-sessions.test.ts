// Discovery (FORMAT.md §1.1, §8.3, §8.4; docs/format-generations.md §1): which files are sessions,
// one listing per session at its current generation, and every unreadable file named with its reason.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { WorkspaceEntry } from '../index.ts';
import { classifyWorkspacePath, discoverSessions, findSession } from '../index.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { TriageLogBuilder } from '../testing/triage-log-builder.ts';
import { failingEntry, memoryEntry, patchHeader } from '../testing/workspace-entries.ts';

const MULTI_GEN_DIR = join(FIXTURES_DIR, 'generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600');
const multiGen = (name: string): Uint8Array => new Uint8Array(readFileSync(join(MULTI_GEN_DIR, name)));

function log(id: string, extra: { parentSession?: string; delegationDepth?: number } = {}): string {
  const builder = new TriageLogBuilder({
    id,
    ...extra,
    ...(extra.parentSession ? { origin: 'subagent' } : {}),
  });
  builder.turnStart();
  builder.turnEnd();
  return builder.toJsonl();
}

describe('classifyWorkspacePath', () => {
  it('tells session logs, numbered fixture logs, loose logs, ZIPs, media and other files apart by name', () => {
    expect(classifyWorkspacePath('--p--/id/session.v4.jsonl.zstd')).toEqual({
      kind: 'session-log',
      slot: null,
      generation: 4,
      isCompressed: true,
    });
    expect(classifyWorkspacePath('x/session.2.v4.jsonl')).toEqual({
      kind: 'session-log',
      slot: 2,
      generation: 4,
      isCompressed: false,
    });
    expect(classifyWorkspacePath('corpus__case__session.1.jsonl').kind).toBe('loose-log');
    expect(classifyWorkspacePath('a/b.zst').kind).toBe('loose-log');
    expect(classifyWorkspacePath('dsh-session-x.ZIP').kind).toBe('zip');
    expect(classifyWorkspacePath('media/sha256:ab.png')).toEqual({
      kind: 'media',
      attachmentId: 'sha256:ab',
    });
    expect(classifyWorkspacePath('shots/sha256:ab.png').kind).toBe('other');
    expect(classifyWorkspacePath('__MACOSX/x/session.jsonl').kind).toBe('other');
    expect(classifyWorkspacePath('x/._session.jsonl').kind).toBe('other');
    expect(classifyWorkspacePath('x/session.v0.jsonl').kind).toBe('loose-log');
  });
});

describe('discoverSessions', () => {
  it('lists a directory holding several generations once, at the highest, with the others as history', async () => {
    const workspace = await discoverSessions([
      memoryEntry('--p--/1f64649f/session.jsonl.zstd', multiGen('session.jsonl.zstd')),
      memoryEntry('--p--/1f64649f/session.v4.jsonl.zstd', multiGen('session.v4.jsonl.zstd')),
      memoryEntry('--p--/1f64649f/session.v3.jsonl.zstd', multiGen('session.v3.jsonl.zstd')),
    ]);
    expect(workspace.problems).toEqual([]);
    expect(workspace.sessions).toHaveLength(1);
    const [session] = workspace.sessions;
    expect(session).toMatchObject({
      id: '1f64649f-af94-4c75-a0ea-40658dc71600',
      path: '--p--/1f64649f/session.v4.jsonl.zstd',
      layout: 'session-directory',
      hasMixedEncodings: false,
      head: { version: 4, generation: 4, container: 'zstd', isSeeded: false },
    });
    expect(session?.generations.map((file) => [file.path, file.generation])).toEqual([
      ['--p--/1f64649f/session.v3.jsonl.zstd', 3],
      ['--p--/1f64649f/session.jsonl.zstd', 0],
    ]);
  });

  it('reads numbered fixture logs as sessions of their own (FORMAT.md §8.4), lineage from headers', async () => {
    const workspace = await discoverSessions([
      memoryEntry('case/session.jsonl', log('parent')),
      memoryEntry('case/session.1.jsonl', log('child-1', { parentSession: 'parent', delegationDepth: 1 })),
      memoryEntry('case/session.2.jsonl', log('child-2', { parentSession: 'parent', delegationDepth: 1 })),
    ]);
    expect(
      workspace.sessions.map((session) => [session.id, session.layout, session.head.parentSession]),
    ).toEqual([
      ['child-1', 'numbered', 'parent'],
      ['child-2', 'numbered', 'parent'],
      ['parent', 'session-directory', null],
    ]);
  });

  it('names every file it cannot list, and goes on: a failed read, a non-log, a header without id', async () => {
    const workspace = await discoverSessions([
      failingEntry('--p--/gone/session.jsonl'),
      memoryEntry('--p--/png/session.jsonl', new Uint8Array([0x89, 0x50, 0x4e, 0x47])),
      memoryEntry(
        '--p--/noid/session.jsonl',
        '{"type":"session","version":0,"createdAt":1,"delegationDepth":0}\n',
      ),
      memoryEntry('--p--/empty/session.jsonl', ''),
      memoryEntry('--p--/fine/session.jsonl', log('fine')),
    ]);
    expect(workspace.sessions.map((session) => session.id)).toEqual(['fine']);
    expect(workspace.problems.map((problem) => problem.path)).toEqual([
      '--p--/empty/session.jsonl',
      '--p--/gone/session.jsonl',
      '--p--/noid/session.jsonl',
      '--p--/png/session.jsonl',
    ]);
    const messages = workspace.problems.map((problem) => problem.message);
    expect(messages[0]).toMatch(/empty/);
    expect(messages[1]).toMatch(/cannot be read \(permission withdrawn\)/);
    expect(messages[2]).toMatch(/no session id/);
    expect(messages[3]).toMatch(/not a dsh session log/);
  });

  it('reads a head once when its first line is complete, however bad, and a long first line in doubling reads', async () => {
    const counted = (path: string, text: string): { entry: WorkspaceEntry; reads: number[] } => {
      const bytes = new TextEncoder().encode(text);
      const reads: number[] = [];
      const entry: WorkspaceEntry = {
        path,
        size: bytes.length,
        read: () => Promise.resolve(bytes),
        readHead: (count) => {
          reads.push(count);
          return Promise.resolve(bytes.subarray(0, count));
        },
      };
      return { entry, reads };
    };
    const garbage = counted('a/session.jsonl', `{not json\n${'x'.repeat(200_000)}`);
    const longHeader = counted(
      'b/session.jsonl',
      `${patchHeader(log('long'), { padding: 'p'.repeat(40_000) })}`,
    );
    const workspace = await discoverSessions([garbage.entry, longHeader.entry]);
    expect(garbage.reads).toEqual([16_384]);
    expect(workspace.problems).toEqual([
      { path: 'a/session.jsonl', message: expect.stringMatching(/JSON|header/) },
    ]);
    expect(longHeader.reads).toEqual([16_384, 32_768, 65_536]);
    expect(workspace.sessions.map((session) => session.id)).toEqual(['long']);
  });

  it('falls back to an older generation when the current file has no header, and says so', async () => {
    const workspace = await discoverSessions([
      memoryEntry('--p--/s/session.v4.jsonl', 'garbage\n'),
      memoryEntry('--p--/s/session.jsonl', log('s')),
    ]);
    expect(workspace.sessions.map((session) => [session.id, session.path])).toEqual([
      ['s', '--p--/s/session.jsonl'],
    ]);
    expect(workspace.problems).toEqual([
      {
        path: '--p--/s/session.v4.jsonl',
        message: expect.stringMatching(/listed at an older generation instead$/),
      },
    ]);
  });

  it('lists one copy of a duplicated session and names the other; marks mixed encodings', async () => {
    const text = log('twin');
    const workspace = await discoverSessions([
      memoryEntry('a__twin.jsonl', text),
      memoryEntry('--p--/twin/session.jsonl', text),
      memoryEntry('--p--/mixed/session.jsonl.zstd', multiGen('session.jsonl.zstd')),
      memoryEntry(
        '--p--/mixed/session.v4.jsonl',
        new TextDecoder().decode(multiGen('session.jsonl.zstd')).slice(0, 0),
      ),
    ]);
    const twin = findSession(workspace, 'twin');
    expect(twin?.path).toBe('--p--/twin/session.jsonl');
    expect(workspace.problems).toContainEqual({
      path: 'a__twin.jsonl',
      message: 'another copy of session twin (duplicate id), which is listed at --p--/twin/session.jsonl',
    });
    expect(findSession(workspace, '1f64649f')?.hasMixedEncodings).toBe(true);
  });

  it('treats loose files of one id and different generations as one session with history', async () => {
    const workspace = await discoverSessions([
      memoryEntry('old.jsonl.zstd', multiGen('session.jsonl.zstd')),
      memoryEntry('new.jsonl.zstd', multiGen('session.v4.jsonl.zstd')),
    ]);
    expect(workspace.sessions.map((session) => [session.path, session.layout])).toEqual([
      ['new.jsonl.zstd', 'loose'],
    ]);
    expect(workspace.sessions[0]?.generations.map((file) => [file.path, file.generation])).toEqual([
      ['old.jsonl.zstd', 0],
    ]);
    expect(workspace.problems).toEqual([]);
  });

  it('skips files that are none of ours unless the user named them', async () => {
    const workspace = await discoverSessions([
      memoryEntry('notes.txt', 'hello'),
      memoryEntry('picked.log', log('picked'), true),
      memoryEntry('named.txt', 'hello', true),
    ]);
    expect(workspace.ignoredFiles).toBe(1);
    expect(workspace.sessions.map((session) => session.id)).toEqual(['picked']);
    expect(workspace.problems.map((problem) => problem.path)).toEqual(['named.txt']);
  });

  it('reads an export ZIP (FORMAT.md §8.3): the root, flattened descendants, media; a renamed ZIP by its bytes', async () => {
    const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
    const zip = zipSync({
      'session.jsonl': encode(log('root')),
      'subagents/child/session.jsonl': encode(log('child', { parentSession: 'root', delegationDepth: 1 })),
      'subagents/grand_child/session.jsonl': encode(
        log('grand:child', { parentSession: 'child', delegationDepth: 2 }),
      ),
      'media/sha256:00ff.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      '__MACOSX/._session.jsonl': encode('junk'),
    });
    const named = await discoverSessions([memoryEntry('exports/dsh-session-root.zip', zip)]);
    expect(named.sessions.map((session) => [session.id, session.path])).toEqual([
      ['child', 'exports/dsh-session-root.zip/subagents/child/session.jsonl'],
      ['grand:child', 'exports/dsh-session-root.zip/subagents/grand_child/session.jsonl'],
      ['root', 'exports/dsh-session-root.zip/session.jsonl'],
    ]);
    expect([...named.media.keys()]).toEqual(['sha256:00ff']);
    expect(named.ignoredFiles).toBe(1);
    const renamed = await discoverSessions([memoryEntry('download.bin', zip, true)]);
    expect(renamed.sessions.map((session) => session.path)).toContain('download.bin/session.jsonl');
    expect(renamed.problems).toEqual([]);
    const broken = await discoverSessions([memoryEntry('bad.zip', zip.subarray(0, 40))]);
    expect(broken.sessions).toEqual([]);
    expect(broken.problems).toEqual([
      { path: 'bad.zip', message: expect.stringMatching(/^the ZIP could not be read/) },
    ]);
  });

  it('stops when cancelled and says the listing is incomplete; reports progress', async () => {
    const entries = Array.from({ length: 10 }, (_, index) =>
      memoryEntry(`--p--/s${index}/session.jsonl`, log(`s${index}`)),
    );
    const progress: number[] = [];
    const workspace = await discoverSessions(entries, {
      concurrency: 1,
      onProgress: (done) => progress.push(done),
      isCancelled: () => progress.length >= 3,
    });
    expect(workspace.isComplete).toBe(false);
    expect(workspace.sessions).toHaveLength(3);
    expect(progress).toEqual([1, 2, 3]);
    const whole = await discoverSessions(entries);
    expect(whole.isComplete).toBe(true);
    expect(whole.sessions).toHaveLength(10);
  });

  it('finds a session by exact id or a unique prefix', async () => {
    const workspace = await discoverSessions([
      memoryEntry('a/session.jsonl', log('abc-1')),
      memoryEntry('b/session.jsonl', log('abc-2')),
      memoryEntry('c/session.jsonl', log('xyz')),
    ]);
    expect(findSession(workspace, 'abc-2')?.path).toBe('b/session.jsonl');
    expect(findSession(workspace, 'xy')?.id).toBe('xyz');
    expect(findSession(workspace, 'abc')).toBeNull();
    expect(findSession(workspace, '')).toBeNull();
  });
});
