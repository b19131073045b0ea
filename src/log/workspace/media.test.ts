// Images by attachment id (FORMAT.md §5.1 image blocks; §1.1, §8.3 media/; edge case 41): the lookup,
// the allow-list decided by the bytes' own signature (never SVG, never the name or mediaType), the
// size bound, and the committed fixture ZIP whose PNG is the one the real log references.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  attachmentKey,
  discoverSessions,
  MEDIA_BYTES_MAX,
  readMediaImage,
  sniffImageType,
} from '../index.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import {
  MEDIA_FIXTURE_DIR,
  MEDIA_SESSION_ID,
  RED_PNG_ATTACHMENT_ID,
  buildMediaFixture,
  makeRedPng,
} from '../testing/make-media-fixtures.ts';
import { failingEntry, memoryEntry, readDirectoryEntries } from '../testing/workspace-entries.ts';
import type { WorkspaceEntry } from './workspace-entry.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));
const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const GIF = ascii('GIF89a\x01\x00\x01\x00');
const WEBP = new Uint8Array([...ascii('RIFF'), 0x1a, 0, 0, 0, ...ascii('WEBPVP8 ')]);
const SVG = ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const ID = RED_PNG_ATTACHMENT_ID;

function mediaOf(...entries: WorkspaceEntry[]): Map<string, WorkspaceEntry> {
  return new Map(entries.map((entry) => [entry.path.replace(/^.*\//, '').replace(/\.[a-z]+$/i, ''), entry]));
}

describe('sniffImageType', () => {
  it('names png, jpeg, gif and webp by their signatures', () => {
    expect(sniffImageType(makeRedPng())).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(ascii('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses SVG, HTML, a RIFF that is not WebP, a cut signature and nothing', () => {
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(ascii('<!doctype html><img src=x onerror=alert(1)>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')]))).toBeNull();
    expect(sniffImageType(makeRedPng().subarray(0, 7))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('attachmentKey', () => {
  it("matches a file system's sha256_<hex> or sha256-<hex> and upper-case hex to the id", () => {
    const hex = ID.slice('sha256:'.length);
    expect(attachmentKey(`sha256_${hex}`)).toBe(ID);
    expect(attachmentKey(`sha256-${hex.toUpperCase()}`)).toBe(ID);
    expect(attachmentKey(ID)).toBe(ID);
    // Not a sha256 id: compared as it is.
    expect(attachmentKey('att-1')).toBe('att-1');
    expect(attachmentKey(`sha256:${hex.slice(1)}`)).toBe(`sha256:${hex.slice(1)}`);
  });
});

describe('readMediaImage', () => {
  it('reads an image with the type its bytes say, whatever its name', async () => {
    const png = makeRedPng();
    expect(await readMediaImage(mediaOf(memoryEntry(`media/${ID}.png`, png)), ID)).toEqual({
      ok: true,
      bytes: png,
      mimeType: 'image/png',
      path: `media/${ID}.png`,
    });
    const gifNamedPng = await readMediaImage(mediaOf(memoryEntry('media/att-1.png', GIF)), 'att-1');
    expect(gifNamedPng).toMatchObject({ ok: true, mimeType: 'image/gif' });
  });

  it('finds a file named sha256_<hex> (no colon) for the id sha256:<hex>', async () => {
    const hex = ID.slice('sha256:'.length);
    const read = await readMediaImage(mediaOf(memoryEntry(`x/media/sha256_${hex}.png`, makeRedPng())), ID);
    expect(read).toMatchObject({ ok: true, path: `x/media/sha256_${hex}.png` });
  });

  it('says why not: missing, not an image (an SVG named .png), too large, unreadable', async () => {
    expect(await readMediaImage(new Map(), ID)).toEqual({ ok: false, path: null, reason: 'missing' });
    expect(await readMediaImage(mediaOf(memoryEntry(`media/${ID}.png`, SVG)), ID)).toEqual({
      ok: false,
      path: `media/${ID}.png`,
      reason: 'not-an-image',
    });
    // By the stated size, before reading anything.
    const huge: WorkspaceEntry = {
      path: `media/${ID}.png`,
      size: MEDIA_BYTES_MAX + 1,
      read: () => Promise.reject(new Error('must not be read')),
    };
    expect(await readMediaImage(mediaOf(huge), ID)).toMatchObject({ ok: false, reason: 'too-large' });
    // By what was read when the stated size was wrong.
    const liar: WorkspaceEntry = {
      path: `media/${ID}.png`,
      size: 10,
      read: () => Promise.resolve(makeRedPng()),
    };
    expect(await readMediaImage(mediaOf(liar), ID, 20)).toEqual({
      ok: false,
      path: `media/${ID}.png`,
      reason: 'too-large',
      bytes: 69,
    });
    expect(await readMediaImage(mediaOf(failingEntry(`media/${ID}.png`)), ID)).toEqual({
      ok: false,
      path: `media/${ID}.png`,
      reason: 'unreadable',
      message: 'permission withdrawn',
    });
  });
});

describe.skipIf(!hasCorpus)('the media fixtures (fixtures/media/)', () => {
  it('are what make-media-fixtures.ts writes (rebuild them with that script)', () => {
    for (const [path, content] of buildMediaFixture())
      expect(readFileSync(join(MEDIA_FIXTURE_DIR, path)).equals(content), path).toBe(true);
  });

  it("the export ZIP's media/ holds the PNG its log references; the forged folder's is refused", async () => {
    const zip = readDirectoryEntries(MEDIA_FIXTURE_DIR).filter((entry) => entry.path.endsWith('.zip'));
    const workspace = await discoverSessions(zip);
    expect(workspace.sessions.map((session) => session.id)).toEqual([MEDIA_SESSION_ID]);
    const log = new TextDecoder().decode(await workspace.sessions[0]!.entry.read());
    expect(log).toContain(`"attachmentId":"${ID}"`);
    expect(await readMediaImage(workspace.media, ID)).toMatchObject({ ok: true, mimeType: 'image/png' });

    const forged = await discoverSessions(readDirectoryEntries(join(MEDIA_FIXTURE_DIR, 'forged'), 'forged/'));
    expect(await readMediaImage(forged.media, ID)).toMatchObject({ ok: false, reason: 'not-an-image' });
    const missing = await discoverSessions(
      readDirectoryEntries(join(MEDIA_FIXTURE_DIR, 'missing'), 'missing/'),
    );
    expect(missing.sessions).toHaveLength(1);
    expect(await readMediaImage(missing.media, ID)).toEqual({ ok: false, path: null, reason: 'missing' });
  });
});
