// Writes the decoder fixtures in fixtures/: copies of representative corpus logs (both containers)
// and torn-frame.jsonl.zstd built from one of them. Run: npx tsx src/log/testing/make-decoder-fixtures.ts
// (needs the corpus at ../shared/corpus or $DSH_CORPUS). fixtures/README.md says what each proves.

import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decompress } from 'fzstd';
import { scanZstdFrame } from '../container/zstd-frames.ts';
import { initLogBuilder, joinBytes, rawZstdFrame } from './log-builder.ts';
import { CORPUS_DIR } from './corpus-dir.ts';

/** Fixture name → corpus log it is copied from. */
export const CORPUS_FIXTURES: Readonly<Record<string, string>> = {
  'packed-chunks': 'acp-agent__snapshots__packed-chunks__session',
  'compaction-replace': 'headless-agent__snapshots__compaction-recovery__session',
  'subagent-child': 'acp-agent__snapshots__subagent-spawn-in-process__session.1',
  'tool-error': 'acp-agent__snapshots__hook-cc-pretool-deny__session',
  cancel: 'acp-agent__snapshots__cancel__session',
  'legacy-web': 'web__snapshots__feedback-command__session',
  'max-tokens': 'acp-agent__snapshots__subagent-max-tokens-partial__session.1',
  'long-conversation': 'acp-agent__snapshots__repeat-tool-reminder__session',
  'approval-approved': 'acp-agent__snapshots__escalation-approved__session',
};

/** Raw block size of the re-encoded last frame of the torn fixture. */
const TORN_FIXTURE_BLOCK_BYTES = 512;
/** How many payload bytes of the torn raw block are present. */
const TORN_FIXTURE_PARTIAL_BYTES = 200;

/**
 * Builds the torn fixture from a complete `.jsonl.zstd`: every frame but the last is kept as is;
 * the last frame is re-encoded with RAW blocks and cut TORN_FIXTURE_PARTIAL_BYTES into its middle
 * block. Returns the bytes and how many plaintext bytes of the last frame a reader can recover.
 */
export function buildTornFrameFixture(zstd: Uint8Array): {
  bytes: Uint8Array;
  completeTextBytes: number;
  recoveredTextBytes: number;
} {
  const frames: { start: number; end: number }[] = [];
  for (let at = 0; at < zstd.length;) {
    const scan = scanZstdFrame(zstd, at);
    if (scan.kind !== 'complete') throw new Error(`frame at ${at} is ${scan.kind}`);
    frames.push({ start: scan.start, end: scan.end });
    at = scan.end;
  }
  const last = frames.at(-1);
  if (!last || frames.length < 3) throw new Error('need a multi-frame file');
  let completeTextBytes = 0;
  for (const frame of frames.slice(0, -1))
    completeTextBytes += decompress(zstd.subarray(frame.start, frame.end)).length;
  const plaintext = decompress(zstd.subarray(last.start, last.end));
  const raw = rawZstdFrame(plaintext, { blockBytes: TORN_FIXTURE_BLOCK_BYTES });
  const blocks = Math.ceil(plaintext.length / TORN_FIXTURE_BLOCK_BYTES);
  const tornBlock = Math.floor(blocks / 2);
  const cut = 9 + tornBlock * (3 + TORN_FIXTURE_BLOCK_BYTES) + 3 + TORN_FIXTURE_PARTIAL_BYTES;
  return {
    bytes: joinBytes(zstd.subarray(0, last.start), raw.subarray(0, cut)),
    completeTextBytes,
    recoveredTextBytes: tornBlock * TORN_FIXTURE_BLOCK_BYTES + TORN_FIXTURE_PARTIAL_BYTES,
  };
}

/** Repository fixtures folder. */
export const FIXTURES_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../fixtures');

async function main(): Promise<void> {
  const corpus = CORPUS_DIR;
  await initLogBuilder();
  for (const [name, source] of Object.entries(CORPUS_FIXTURES)) {
    for (const extension of ['.jsonl', '.jsonl.zstd'])
      copyFileSync(join(corpus, `${source}${extension}`), join(FIXTURES_DIR, `${name}${extension}`));
  }
  const torn = buildTornFrameFixture(readFileSync(join(FIXTURES_DIR, 'packed-chunks.jsonl.zstd')));
  writeFileSync(join(FIXTURES_DIR, 'torn-frame.jsonl.zstd'), torn.bytes);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
