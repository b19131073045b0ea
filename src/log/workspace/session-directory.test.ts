// What dsh refuses in a session directory (FORMAT.md §1.1; GENERATIONS.md §3.5), as discovery lists
// it: one generation in two containers, both encodings, older files that claim another id, a sessions
// root holding both encodings. Each is a problem (so the browser shows what `ls` says), never history.

import { describe, expect, it } from 'vitest';
import { checkSessionDirectory, discoverSessions } from '../index.ts';
import { TriageLogBuilder } from '../testing/triage-log-builder.ts';
import { memoryEntry } from '../testing/workspace-entries.ts';

function log(id: string, version = 0): string {
  const builder = new TriageLogBuilder({ id });
  builder.turnStart();
  builder.turnEnd();
  const text = builder.toJsonl();
  return version === 0 ? text : text.replace('"version":0', `"version":${version}`);
}

describe('session-directory rules', () => {
  it('lists one generation stored twice once, not as "2 generations", with dsh\'s refusal and the file read', async () => {
    const workspace = await discoverSessions([
      memoryEntry('--p--/s/session.v4.jsonl', log('s')),
      memoryEntry('--p--/s/session.v4.jsonl.zstd', log('s')),
    ]);
    expect(workspace.sessions.map((session) => [session.id, session.path])).toEqual([
      ['s', '--p--/s/session.v4.jsonl.zstd'],
    ]);
    expect(workspace.sessions[0]?.generations).toEqual([]);
    const refusal =
      'dsh refuses to open this session directory: it holds generation 4 twice (session.v4.jsonl.zstd and ' +
      'session.v4.jsonl), one log in two containers (FORMAT.md §1.1). The viewer reads session.v4.jsonl.zstd, the newest.';
    expect(workspace.sessions[0]?.dshRefusals).toEqual([refusal]);
    expect(workspace.problems).toEqual([{ path: '--p--/s', message: refusal }]);
  });

  it('still opens the other container when the newest one has no header, saying why', async () => {
    const workspace = await discoverSessions([
      memoryEntry('--p--/s/session.v4.jsonl', log('s')),
      memoryEntry('--p--/s/session.v4.jsonl.zstd', 'garbage\n'),
    ]);
    expect(workspace.sessions.map((session) => session.path)).toEqual(['--p--/s/session.v4.jsonl']);
    expect(workspace.problems.map((problem) => problem.path)).toEqual([
      '--p--/s',
      '--p--/s/session.v4.jsonl.zstd',
    ]);
  });

  it("does not hide a session whose older file claims another id as the newer one's history", async () => {
    const workspace = await discoverSessions([
      memoryEntry('--p--/a/session.v4.jsonl', log('a')),
      memoryEntry('--p--/a/session.v3.jsonl', log('b')),
      memoryEntry('--p--/a/session.jsonl', log('a')),
    ]);
    expect(
      workspace.sessions.map((session) => [session.id, session.generations.map((file) => file.path)]),
    ).toEqual([['a', ['--p--/a/session.jsonl']]]);
    expect(workspace.problems).toEqual([
      {
        path: '--p--/a/session.v3.jsonl',
        message: expect.stringMatching(
          /^claims session b, not a like its directory's current file session\.v4\.jsonl/,
        ),
      },
    ]);
    expect(workspace.sessions[0]?.dshRefusals).toEqual([
      expect.stringMatching(/^session\.v3\.jsonl claims session b/),
    ]);
  });

  it('names a sessions root that holds both encodings once, listing every session', async () => {
    const workspace = await discoverSessions([
      memoryEntry('--p--/a/session.jsonl', log('a')),
      memoryEntry('--p--/b/session.jsonl.zstd', log('b')),
    ]);
    expect(workspace.sessions).toHaveLength(2);
    expect(workspace.problems).toEqual([
      {
        path: '.',
        message: expect.stringMatching(/dsh refuses a sessions root that holds the other suffix/),
      },
    ]);
  });

  it('checks names alone for a drop of several files (the opened-files bar)', () => {
    expect(
      checkSessionDirectory(['session.v4.jsonl', 'session.v4.jsonl.zstd', 'session.v3.jsonl.zstd']),
    ).toEqual({
      current: 'session.v4.jsonl.zstd',
      generations: ['session.v3.jsonl.zstd'],
      sameGenerationCopies: ['session.v4.jsonl'],
      refusals: [expect.stringMatching(/holds generation 4 twice/)],
    });
    expect(checkSessionDirectory(['session.v4.jsonl.zstd', 'session.jsonl'])).toMatchObject({
      generations: ['session.jsonl'],
      refusals: [expect.stringMatching(/both \.jsonl and \.jsonl\.zstd/)],
    });
    expect(checkSessionDirectory(['session.v4.jsonl.zstd', 'session.jsonl.zstd']).refusals).toEqual([]);
  });
});
