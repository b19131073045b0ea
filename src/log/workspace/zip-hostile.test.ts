// Hostile ZIPs (issue 27): what the index refuses and what a member read checks. Each case was
// accepted by the fflate unzipSync reader this replaced.

import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { discoverSessions, listZipEntries } from '../index.ts';
import { buildZip, overlappingBombZip, zipMember } from '../testing/zip-builder.ts';
import { memoryEntry } from '../testing/workspace-entries.ts';
import { MAX_DEFLATE_RATIO } from './zip-index.ts';

const HEADER = '{"version":0,"id":"s1","createdAt":1,"cwd":"/w"}\n';

describe('the ZIP index refuses what a careful reader refuses', () => {
  it('refuses every record of an overlapping-entries bomb, naming each, and inflates nothing', () => {
    const zip = overlappingBombZip(32, 8 * 1024 * 1024);
    const { entries, problems } = listZipEntries(zip, 'bomb.zip/');
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(32);
    expect(problems[0]).toEqual({
      path: 'bomb.zip/session.jsonl',
      message: expect.stringMatching(/overlap another member/),
    });
    expect(problems.map((problem) => problem.path)).toContain('bomb.zip/subagents/s31/session.jsonl');
  });

  it('refuses a declared size that the compressed bytes cannot give (DEFLATE ratio), and a stored member that lies', () => {
    const member = zipMember('session.jsonl', HEADER);
    const stored = zipMember('b.jsonl', HEADER, 0);
    const zip = buildZip(
      [member, stored],
      [
        { name: 'session.jsonl', member: 0, size: 4 * 1024 ** 3 - 1 },
        { name: 'b.jsonl', member: 1, size: HEADER.length + 1 },
      ],
    );
    const { entries, problems } = listZipEntries(zip);
    expect(entries).toEqual([]);
    expect(problems).toEqual([
      {
        path: 'session.jsonl',
        message: expect.stringContaining(`more than DEFLATE can give (at most ${MAX_DEFLATE_RATIO} : 1)`),
      },
      { path: 'b.jsonl', message: expect.stringContaining('a stored member holds its bytes as they are') },
    ]);
  });

  it('rejects a read whose CRC-32 or length differs from the directory, with the reason', async () => {
    const text = HEADER.repeat(20);
    const members = [zipMember('a.jsonl', text), zipMember('b.jsonl', text), zipMember('c.jsonl', text, 0)];
    const zip = buildZip(members, [
      { name: 'a.jsonl', member: 0, crc32: 0x12345678 },
      { name: 'b.jsonl', member: 1, size: text.length - 5 },
      { name: 'c.jsonl', member: 2, crc32: 1 },
    ]);
    const { entries, problems } = listZipEntries(zip);
    expect(problems).toEqual([]);
    await expect(entries[0]!.read()).rejects.toThrow(/"a\.jsonl" fails its CRC-32 check/);
    await expect(entries[1]!.read()).rejects.toThrow(
      `"b.jsonl" inflates past its declared ${text.length - 5} bytes`,
    );
    await expect(entries[2]!.read()).rejects.toThrow(/fails its CRC-32 check/);
    // A head read stops early: it neither inflates the rest nor checks the CRC.
    expect(new TextDecoder().decode(await entries[0]!.readHead!(10))).toBe(HEADER.slice(0, 10));
  });

  it('keeps the first of two members with one name and lists the second as a problem', async () => {
    const zip = buildZip([zipMember('session.jsonl', HEADER), zipMember('session.jsonl', '{"other":1}\n')]);
    const { entries, problems } = listZipEntries(zip, 'x.zip/');
    expect(entries.map((entry) => entry.path)).toEqual(['x.zip/session.jsonl']);
    expect(new TextDecoder().decode(await entries[0]!.read())).toBe(HEADER);
    expect(problems).toEqual([
      { path: 'x.zip/session.jsonl', message: expect.stringMatching(/a second member of this name/) },
    ]);
  });

  it('refuses local offsets outside the archive and data running into the directory', () => {
    const zip = buildZip(
      [zipMember('a.jsonl', HEADER), zipMember('b.jsonl', HEADER)],
      [
        { name: 'a.jsonl', member: 0, localOffset: 0x7fffffff },
        { name: 'b.jsonl', member: 1, compressedSize: 100_000 },
      ],
    );
    const { entries, problems } = listZipEntries(zip);
    expect(entries).toEqual([]);
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/local header lies outside the archive/),
      expect.stringMatching(/runs past the end of the members/),
    ]);
  });

  it("spends one budget over a workspace's ZIPs: members past it are refused, by name", async () => {
    const text = HEADER.repeat(100);
    const zipOf = (name: string) =>
      memoryEntry(name, zipSync({ 'session.jsonl': new TextEncoder().encode(text) }));
    const workspace = await discoverSessions([zipOf('a.zip'), zipOf('b.zip')], {
      zip: { workspaceBytes: text.length + 10 },
    });
    expect(workspace.sessions.map((session) => session.path)).toEqual(['a.zip/session.jsonl']);
    expect(workspace.problems).toEqual([
      { path: 'b.zip/session.jsonl', message: expect.stringMatching(/past the workspace's ZIP budget/) },
    ]);
  });

  it('opens one level of ZIP in every path, naming a ZIP inside a ZIP as a problem', async () => {
    const inner = zipSync({ 'session.jsonl': new TextEncoder().encode(HEADER) });
    const outer = zipSync({ 'inner.zip': inner, 'renamed.jsonl': inner });
    // The browser's path: the dropped ZIP is an entry of its own.
    const dropped = await discoverSessions([memoryEntry('outer.zip', outer, true)]);
    // The CLI's path (`ls outer.zip`): the members are listed first, at the root.
    const listed = listZipEntries(outer);
    const cli = await discoverSessions(listed.entries);
    for (const workspace of [dropped, cli]) {
      expect(workspace.sessions).toEqual([]);
      expect(workspace.problems.map((problem) => problem.message)).toEqual([
        expect.stringMatching(/^a ZIP inside a ZIP is not opened/),
        expect.stringMatching(/^a ZIP inside a ZIP is not opened/),
      ]);
    }
  });
});
