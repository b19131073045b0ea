// Writes fixtures/media/: a real log whose tool result carries an `image` block (the corpus's
// read-image session, FORMAT.md §5.1) with its image in three places: an export ZIP holding
// `media/<attachmentId>.png` (§1.1, §8.3), a folder without the file, and a folder whose media file
// is an SVG named `.png`. The PNG is the 1×1 red image the log names: its SHA-256 is the log's
// attachment id (checked here). Run: npx tsx src/log/testing/make-media-fixtures.ts (needs the corpus).
// fixtures/media/README.md says what each proves.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { projectDirectoryName, sessionDirectoryName } from '../workspace/storage-names.ts';
import { CORPUS_DIR } from './corpus-dir.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MEDIA_FIXTURE_DIR = join(REPO_ROOT, 'fixtures/media');

/** The corpus log (plain text) whose read_image result holds one image block. */
const SOURCE_LOG = 'acp-agent__snapshots__read-image__session.jsonl';
/** The attachment id in that log, and the session's id and cwd. */
export const RED_PNG_ATTACHMENT_ID =
  'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640';
export const MEDIA_SESSION_ID = '8f3f5710-d0de-497d-ab9a-0387099836fb';
const SESSION_CWD = '/home/dev/projects/read-image';
const ZIP_MTIME = new Date(Date.UTC(2026, 11, 1));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(4 + body.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 4 + body.length);
  return out;
}

/** A 1×1 RGB PNG of one red pixel, deflated at zlib's default level: the 69 bytes the log references. */
export function makeRedPng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0]), { level: 6 });
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', pixels),
      chunk('IEND', new Uint8Array(0)),
    ]),
  );
}

/** An SVG with a script, named like the PNG: bytes a viewer must refuse whatever the name says. */
const FORGED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script><rect width="1" height="1" fill="red"/></svg>\n';

/** Every file of fixtures/media/ (README.md aside), by path relative to it. Deterministic. */
export function buildMediaFixture(): Map<string, Uint8Array> {
  const png = makeRedPng();
  const hash = `sha256:${createHash('sha256').update(png).digest('hex')}`;
  if (hash !== RED_PNG_ATTACHMENT_ID) throw new Error(`the red PNG hashes to ${hash}, not the log's id`);
  const log = new Uint8Array(readFileSync(join(CORPUS_DIR, SOURCE_LOG)));
  const files = new Map<string, Uint8Array>();
  files.set(
    `dsh-session-${MEDIA_SESSION_ID}.zip`,
    zipSync(
      {
        'session.jsonl': [log, { mtime: ZIP_MTIME }],
        [`media/${RED_PNG_ATTACHMENT_ID}.png`]: [png, { mtime: ZIP_MTIME }],
      },
      { level: 6 },
    ),
  );
  const sessionPath = `${projectDirectoryName(SESSION_CWD)}/${sessionDirectoryName(MEDIA_SESSION_ID)}/session.jsonl`;
  files.set(`missing/${sessionPath}`, log);
  files.set(`forged/${sessionPath}`, log);
  // A file system that cannot store ':' (attachmentKey matches sha256_<hex> to sha256:<hex>).
  files.set(
    `forged/media/${RED_PNG_ATTACHMENT_ID.replace(':', '_')}.png`,
    new TextEncoder().encode(FORGED_SVG),
  );
  return files;
}

function writeMediaFixture(): void {
  for (const name of ['missing', 'forged'])
    rmSync(join(MEDIA_FIXTURE_DIR, name), { recursive: true, force: true });
  for (const [path, bytes] of buildMediaFixture()) {
    const target = join(MEDIA_FIXTURE_DIR, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  writeMediaFixture();
