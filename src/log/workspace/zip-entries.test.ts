// ZIP members as workspace entries (fflate): listing reads only the directory, reads inflate one member.

import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { listZipEntries, readZipEntries } from '../index.ts';
import { failingEntry, memoryEntry } from '../testing/workspace-entries.ts';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('listZipEntries', () => {
  it('lists members (stored and deflated) under a prefix with their sizes, and reads each on demand', async () => {
    const zip = zipSync({
      'session.jsonl': [encode('{"a":1}\n'.repeat(50)), { level: 9 }],
      'subagents\\x/session.jsonl': [encode('stored'), { level: 0 }],
      'dir/': new Uint8Array(0),
    });
    const { entries, problems } = listZipEntries(zip, 'export.zip/');
    expect(problems).toEqual([]);
    expect(entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['export.zip/session.jsonl', 400],
      ['export.zip/subagents/x/session.jsonl', 6],
    ]);
    expect(new TextDecoder().decode(await entries[1]!.read())).toBe('stored');
    expect((await entries[0]!.read()).length).toBe(400);
  });

  it('names an archive it cannot read, without throwing', async () => {
    expect(listZipEntries(encode('PK\u0003\u0004 not really'), '', 'bad.zip')).toEqual({
      entries: [],
      problems: [{ path: 'bad.zip', message: expect.stringMatching(/^the ZIP could not be read \(/) }],
    });
    expect((await readZipEntries(failingEntry('gone.zip'))).problems).toEqual([
      { path: 'gone.zip', message: 'cannot be read (permission withdrawn)' },
    ]);
    const ok = await readZipEntries(memoryEntry('a.zip', zipSync({ 'session.jsonl': encode('{}\n') })));
    expect(ok.entries.map((entry) => entry.path)).toEqual(['session.jsonl']);
  });
});
