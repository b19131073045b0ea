// `npm run fixtures`: writes the adversarial inputs of fixtures/adversarial/ deterministically.
// Small files are committed; the big ones (a 50 MB line, a zstd bomb) are built by the exported
// functions at test time, or written with `--big <dir>` for manual runs.
//
// Each fixture says what it proves; fixtures/adversarial/README.md lists them.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { concat, utf8 } from './lib/bytes.ts';
import { makePng } from './lib/png.ts';
import { createRandom } from './lib/random.ts';
import xxhash from 'xxhash-wasm';
import { blockHeader, loadFrameCompressor } from './lib/zstd-frames.ts';
import { hasFlag, readOption } from './lib/cli-options.ts';
import { ZSTD_MAGIC_BYTES } from '../src/log/index.ts';

/** One adversarial input: the file name inside fixtures/adversarial/ and its exact bytes. */
export interface AdversarialFixture {
  name: string;
  /** One sentence for the README: what the file is and what a reader must do with it. */
  description: string;
  bytes: Uint8Array;
}

/** Where the committed small fixtures live, relative to the repository root. */
export const ADVERSARIAL_DIR = 'fixtures/adversarial';

/** Size of the generated single-line fixture (50 MB of JSON on one line). */
export const HUGE_LINE_BYTES = 50 * 1000 * 1000;

/** What the zstd bomb's frame would expand to if nothing stopped it (4 GiB of one byte). */
export const BOMB_EXPANDED_BYTES = 4 * 1024 * 1024 * 1024;

/** The blank lines of the committed blank-line bomb (128 Mi LFs from a 4 KiB frame). */
export const BLANK_BOMB_LINES = 128 * 1024 * 1024;

const SESSION_ID = 'adversarial-0000-4000-8000-000000000001';
const BASE_TIME_MS = 1_783_352_100_000;

function headerLine(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: 'session',
    version: 0,
    id: SESSION_ID,
    createdAt: BASE_TIME_MS,
    cwd: '/home/dev/adversarial',
    delegationDepth: 0,
    ...extra,
  });
}

function event(type: string, seq: number, data: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, seq, time: BASE_TIME_MS + seq, data, ...extra });
}

/** Lines of one small valid completed turn (turn/start … turn/end) starting at seq 0, with `prompt` as the user text. */
function validTurnLines(prompt: string): string[] {
  return [
    event('turn/start', 0, { turn: 1 }),
    event('step/start', 1, { turn: 1, step: 1 }),
    event(
      'user/message',
      2,
      { content: [{ type: 'text', text: prompt }], source: { kind: 'user' }, role: 'user', id: 'u1' },
      { surfaceOp: 'append' },
    ),
    event('assistant/chunk', 3, { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'Done' } }),
    event('assistant/chunk', 4, { turn: 1, step: 1, chunk: { type: 'finish', reason: { kind: 'stop' } } }),
    event(
      'assistant/message',
      5,
      {
        turn: 1,
        step: 1,
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'Done' }],
          source: { kind: 'model', provider: 'p', model: 'm' },
          id: 'a1',
        },
      },
      { sourceEventSeqs: [3, 4], surfaceOp: 'append' },
    ),
    event('step/end', 6, { turn: 1, step: 1 }),
    event('turn/end', 7, { turn: 1, reason: { kind: 'completed' } }),
  ];
}

function jsonl(lines: readonly string[], separator = '\n'): Uint8Array {
  return utf8(lines.map((line) => line + separator).join(''));
}

// ---------------------------------------------------------------------------------------------
// Hand-made zstd frames.

/**
 * A frame whose window descriptor claims 2 TiB (exponent 31) without a content size: a reader
 * that sizes its buffer from the window would try to allocate it. Content: one raw block "x\n".
 */
function makeHugeWindowFrame(): Uint8Array {
  const payload = utf8('x\n');
  return concat([
    new Uint8Array([...ZSTD_MAGIC_BYTES, 0x00, 0xf8]),
    blockHeader(true, 0, payload.byteLength),
    payload,
  ]);
}

/**
 * A "bomb": a frame without a declared size made of RLE blocks of 128 KiB of `a` each, so a few
 * hundred KiB of input expand to `expandedBytes` (4 GiB by default) of one endless line.
 */
function makeZstdBombFrame(expandedBytes = BOMB_EXPANDED_BYTES): Uint8Array {
  const blockBytes = 128 * 1024;
  const blocks = Math.ceil(expandedBytes / blockBytes);
  // Descriptor 0x00: no content size, not single-segment, no checksum; window 128 KiB (log 17).
  const out = new Uint8Array(6 + blocks * 4);
  out.set([...ZSTD_MAGIC_BYTES, 0x00, (17 - 10) << 3]);
  for (let i = 0; i < blocks; i += 1) {
    out.set(blockHeader(i === blocks - 1, 1, blockBytes), 6 + i * 4);
    out[6 + i * 4 + 3] = 0x61;
  }
  return out;
}

/**
 * A frame the way dsh would write one (declared content size, content checksum), of RLE blocks of
 * 128 KiB of LF each: `lineFeeds` blank lines from a few KiB. The checksum is hashed block by block.
 */
async function makeBlankLinesFrame(lineFeeds: number): Promise<Uint8Array> {
  const blockBytes = 128 * 1024;
  const blocks = Math.ceil(lineFeeds / blockBytes);
  const header = new Uint8Array(4 + 1 + 1 + 8);
  header.set(ZSTD_MAGIC_BYTES);
  // Descriptor: 8-byte content size, not single-segment, checksum; window 128 KiB (log 17).
  header[4] = (3 << 6) | 0x04;
  header[5] = (17 - 10) << 3;
  new DataView(header.buffer).setBigUint64(6, BigInt(lineFeeds), true);
  const body = new Uint8Array(blocks * 4);
  const hasher = (await xxhash()).create64(0n);
  const lineFeedBlock = new Uint8Array(blockBytes).fill(0x0a);
  for (let i = 0; i < blocks; i += 1) {
    const size = Math.min(blockBytes, lineFeeds - i * blockBytes);
    body.set(blockHeader(i === blocks - 1, 1, size), i * 4);
    body[i * 4 + 3] = 0x0a;
    hasher.update(lineFeedBlock.subarray(0, size));
  }
  const checksum = new Uint8Array(4);
  new DataView(checksum.buffer).setUint32(0, Number(hasher.digest() & 0xffffffffn), true);
  return concat([header, body, checksum]);
}

// ---------------------------------------------------------------------------------------------
// The fixtures.

/** Builds every small adversarial fixture (bytes are the same on every run). */
export async function buildAdversarialFixtures(): Promise<AdversarialFixture[]> {
  const compressFrame = await loadFrameCompressor();
  const random = createRandom(0xad5e);
  const binary = new Uint8Array(4096);
  for (let i = 0; i < binary.length; i += 1) binary[i] = random.int(0, 255);
  // First byte fixed so the sniffer's answer does not depend on the seed ({, BOM, zstd, ZIP).
  binary[0] = 0x93;

  const header = headerLine();
  const turn = validTurnLines('Hello');

  // 100,000 nested arrays inside an ignorable plugin event: JSON.parse accepts it, recursion does not.
  const depth = 100_000;
  const deepLine = `{"type":"x-plugin/deep","seq":0,"time":${BASE_TIME_MS},"data":${'['.repeat(depth)}${']'.repeat(depth)},"ignorable":true}`;

  const protoLines = [
    headerLine(),
    ...validTurnLines('prototype keys').map((line, seq) =>
      seq === 2
        ? event(
            'user/message',
            2,
            JSON.parse(
              '{"content":[{"type":"text","text":"x","__proto__":{"polluted":1}}],"source":{"kind":"user","constructor":{"prototype":{"polluted":1}},"__proto__":{"polluted":1}},"role":"user","id":"u1"}',
            ),
            { surfaceOp: 'append' },
          )
        : line,
    ),
    `{"type":"feedback/record","seq":8,"time":${BASE_TIME_MS + 8},"data":{"text":"keys","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"hasOwnProperty":1,"toString":"x"}}`,
  ];
  // JSON.stringify drops nothing here: keys created by JSON.parse are own properties, so "__proto__" survives.
  const invalidUtf8 = concat([
    utf8(`${header}\n`),
    utf8(turn.slice(0, 2).join('\n') + '\n'),
    utf8(
      '{"type":"user/message","seq":2,"time":1783352100002,"data":{"content":[{"type":"text","text":"bad ',
    ),
    new Uint8Array([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x9f]),
    utf8(
      ' lone \\ud800 and \\udc00 end"}],"source":{"kind":"user"},"role":"user","id":"u1"},"surfaceOp":"append"}\n',
    ),
    utf8(turn.slice(3).join('\n') + '\n'),
  ]);

  const fixtures: AdversarialFixture[] = [
    {
      name: 'empty.jsonl',
      description: 'Zero bytes: "empty or header-less" (FORMAT.md §10.1).',
      bytes: new Uint8Array(0),
    },
    {
      name: 'one-byte.jsonl',
      description: 'The single byte "{" with no line feed: the header line never ends (§10.1).',
      bytes: utf8('{'),
    },
    {
      name: 'random-binary.jsonl',
      description: '4 KiB of seeded random bytes: not a session log (§1.2).',
      bytes: binary,
    },
    {
      name: 'png-renamed.jsonl',
      description: 'A valid 8×8 PNG renamed to .jsonl: sniffed as not a log (§1.2).',
      bytes: makePng(),
    },
    {
      name: 'bom.jsonl',
      description:
        'A valid log behind a UTF-8 BOM: upstream refuses it; the viewer strips it and reads on (§1.2, §10.8).',
      bytes: concat([new Uint8Array([0xef, 0xbb, 0xbf]), jsonl([header, ...turn])]),
    },
    {
      name: 'crlf.jsonl',
      description: 'A valid log with CRLF line endings: tolerated, every event read (§1.5, §10.9).',
      bytes: jsonl([header, ...turn], '\r\n'),
    },
    {
      name: 'blank-lines.jsonl',
      description:
        'A blank line inside a turn that a later turn/end closes: an unparsable committed line, so upstream refuses the log (§1.5, §3.4, §10.12).',
      bytes: jsonl([header, ...turn.slice(0, 3), '', ...turn.slice(3)]),
    },
    {
      name: 'deep-nesting.jsonl',
      description:
        'An ignorable event whose data is nested 100,000 arrays deep (§10.14): must neither crash the reader nor its later reads.',
      bytes: jsonl([header, deepLine]),
    },
    {
      name: 'proto-keys.jsonl',
      description:
        'A valid log whose data holds __proto__, constructor and hasOwnProperty keys: read as plain own keys, nothing polluted.',
      bytes: jsonl(protoLines),
    },
    {
      name: 'invalid-utf8.jsonl',
      description:
        'Invalid UTF-8 bytes (become U+FFFD, §1.5, §10.10) and escaped lone surrogates inside a valid log.',
      bytes: invalidUtf8,
    },
    {
      name: 'seq-string.jsonl',
      description:
        'seq written as the string "1": a seq discontinuity; a later turn/end makes it committed damage (§3.3, §10.22).',
      bytes: jsonl([
        header,
        ...turn.map((line, seq) => (seq === 1 ? line.replace('"seq":1,', '"seq":"1",') : line)),
      ]),
    },
    {
      name: 'big-numbers.jsonl',
      description:
        'time 9007199254740993 (beyond 2^53) on one event and 1e400 / 30-digit integers in data: time is not a safe integer, so upstream refuses the log (§3.5.6, §10.25).',
      bytes: jsonl([
        header,
        ...turn.slice(0, 3),
        `{"type":"assistant/chunk","seq":3,"time":9007199254740993,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"Done"}}}`,
        `{"type":"assistant/chunk","seq":4,"time":1783352100004,"data":{"turn":1,"step":1,"chunk":{"type":"usage","usage":{"inputTokens":123456789012345678901234567890,"outputTokens":1e400}}}}`,
        ...turn.slice(5),
      ]),
    },
    {
      name: 'blank-lines-bomb.jsonl.zstd',
      description:
        'A valid header frame and one completed turn, then a 4 KiB frame of 128 Mi blank lines (a decompression bomb dsh refuses as an unparsable committed line, §1.4, §10.12): read in seconds with bounded memory, the turn kept, the ignored lines viewable.',
      bytes: concat([
        compressFrame(utf8(`${header}\n`)),
        compressFrame(jsonl(turn)),
        await makeBlankLinesFrame(BLANK_BOMB_LINES),
      ]),
    },
    {
      name: 'huge-window.jsonl.zstd',
      description:
        'A valid header frame, then a frame whose window descriptor claims 2 TiB, past what any zstd decoder accepts: refused before allocating (zstd-decode, corrupt).',
      bytes: concat([compressFrame(utf8(`${header}\n`)), makeHugeWindowFrame()]),
    },
  ];
  return fixtures;
}

/**
 * The big inputs, built in memory (never committed): a 50 MB single-line event inside a valid log,
 * the same 50 MB as one line with no line feed at all, and a zstd bomb behind a valid header frame.
 */
export async function buildBigAdversarialFixtures(): Promise<AdversarialFixture[]> {
  const compressFrame = await loadFrameCompressor();
  const header = headerLine();
  const turn = validTurnLines('PLACEHOLDER');
  const promptLine = turn[2] ?? '';
  const filler = 'abcdefghij'.repeat(Math.ceil(HUGE_LINE_BYTES / 10));
  const hugePrompt = filler.slice(0, HUGE_LINE_BYTES - promptLine.length + 'PLACEHOLDER'.length);
  const hugeLines = [...turn];
  hugeLines[2] = promptLine.replace('PLACEHOLDER', hugePrompt);
  return [
    {
      name: 'huge-line.jsonl',
      description:
        'A valid log whose user/message is one 50 MB line: no length limit in the format (§10.14).',
      bytes: jsonl([header, ...hugeLines]),
    },
    {
      name: 'huge-line-no-lf.jsonl',
      description:
        '50 MB on one line with no line feed: the header never ends, "empty or header-less" (§10.1).',
      bytes: utf8(`{"type":"session","pad":"${filler.slice(0, HUGE_LINE_BYTES)}`),
    },
    {
      name: 'zstd-bomb.jsonl.zstd',
      description:
        'A valid header frame, then ~128 KiB of RLE blocks that expand to 4 GiB of one line: stopped at the frame bound, a viewer limit (zstd-limit, effect none).',
      bytes: concat([compressFrame(utf8(`${header}\n`)), makeZstdBombFrame()]),
    },
  ];
}

function writeReadme(
  directory: string,
  fixtures: readonly AdversarialFixture[],
  big: readonly AdversarialFixture[],
): void {
  const lines = [
    '# Adversarial inputs',
    '',
    'Written by `npm run fixtures` (scripts/make-fixtures.ts); do not edit by hand.',
    'Each file is read by `src/log/open/adversarial.test.ts` through `decodeLog`: it must never throw, must',
    'report a specific problem, derive the verdict upstream would reach, and account for every line.',
    '',
    '| File | What it is |',
    '| --- | --- |',
    ...fixtures.map((fixture) => `| \`${fixture.name}\` | ${fixture.description} |`),
    '',
    'Built at test time only (too big to commit; `tsx scripts/make-fixtures.ts --big <dir>` writes them):',
    '',
    '| File | What it is |',
    '| --- | --- |',
    ...big.map((fixture) => `| \`${fixture.name}\` | ${fixture.description} |`),
    '',
  ];
  writeFileSync(join(directory, 'README.md'), lines.join('\n'));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const directory = join(root, ADVERSARIAL_DIR);
  mkdirSync(directory, { recursive: true });
  const fixtures = await buildAdversarialFixtures();
  for (const fixture of fixtures) writeFileSync(join(directory, fixture.name), fixture.bytes);
  const big = await buildBigAdversarialFixtures();
  writeReadme(directory, fixtures, big);
  process.stdout.write(`wrote ${fixtures.length} fixtures to ${ADVERSARIAL_DIR}/\n`);
  if (hasFlag(argv, '--big')) {
    const bigDirectory = resolve(readOption(argv, '--big') ?? '.bench/adversarial');
    mkdirSync(bigDirectory, { recursive: true });
    for (const fixture of big) writeFileSync(join(bigDirectory, fixture.name), fixture.bytes);
    process.stdout.write(`wrote ${big.length} big fixtures to ${bigDirectory}/\n`);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
