// The generated log on disk: `.jsonl` and `.jsonl.zstd` (one frame per write batch) in a cache
// folder (`.bench`), reused while a `.meta.json` of this generator version and format generation
// matches their sizes.

import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { loadFrameCompressor } from '../lib/zstd-frames.ts';
import { generateLogBatches, type LargeLogOptions, type LogGeneration } from './generate.ts';
import type { LargeLogStats } from './stats.ts';

/** Bump when the output of the same (scale, seed) changes, so cached files are regenerated. */
const GENERATOR_VERSION = 3;

/** A generated log on disk plus the statistics that describe it (the `.meta.json` contents). */
export interface LargeLogFiles extends LargeLogStats {
  generatorVersion: number;
  /** The format generation of the files (0 or 4). */
  generation: LogGeneration;
  scale: number;
  seed: number;
  jsonlPath: string;
  zstdPath: string;
  zstdBytes: number;
  /** Frames in the .zstd file (header frame included). */
  frames: number;
  /** Whether every frame carries the 4-byte content checksum (FORMAT.md §1.4). */
  framesHaveChecksum: boolean;
}

/**
 * Generates `<outDir>/large-s<scale>-seed<seed>-g<generation>-v<version>.jsonl` and `.jsonl.zstd`
 * (one frame per write batch, header alone in frame 1), or reuses them when a matching `.meta.json`
 * exists. `generation` defaults to 0; `force` regenerates regardless.
 */
export async function ensureLargeLog(
  options: LargeLogOptions & { outDir: string; force?: boolean },
): Promise<LargeLogFiles> {
  mkdirSync(options.outDir, { recursive: true });
  const generation = options.generation ?? 0;
  const base = join(
    resolve(options.outDir),
    `large-s${options.scale}-seed${options.seed}-g${generation}-v${GENERATOR_VERSION}`,
  );
  const jsonlPath = `${base}.jsonl`;
  const zstdPath = `${base}.jsonl.zstd`;
  const metaPath = `${base}.meta.json`;
  if (!options.force && existsSync(metaPath) && existsSync(jsonlPath) && existsSync(zstdPath)) {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as LargeLogFiles;
    if (
      meta.generation === generation &&
      statSync(jsonlPath).size === meta.jsonlBytes &&
      statSync(zstdPath).size === meta.zstdBytes
    )
      return meta;
  }
  const compressFrame = await loadFrameCompressor();
  const jsonlFd = openSync(`${jsonlPath}.tmp`, 'w');
  const zstdFd = openSync(`${zstdPath}.tmp`, 'w');
  let frames = 0;
  let zstdBytes = 0;
  const encoder = new TextEncoder();
  let stats: LargeLogStats;
  try {
    stats = generateLogBatches({ scale: options.scale, seed: options.seed, generation }, (text) => {
      const plaintext = encoder.encode(text);
      writeSync(jsonlFd, plaintext);
      const frame = compressFrame(plaintext);
      writeSync(zstdFd, frame);
      frames += 1;
      zstdBytes += frame.byteLength;
    });
  } finally {
    closeSync(jsonlFd);
    closeSync(zstdFd);
  }
  renameSync(`${jsonlPath}.tmp`, jsonlPath);
  renameSync(`${zstdPath}.tmp`, zstdPath);
  const files: LargeLogFiles = {
    ...stats,
    generatorVersion: GENERATOR_VERSION,
    generation,
    scale: options.scale,
    seed: options.seed,
    jsonlPath,
    zstdPath,
    zstdBytes,
    frames,
    framesHaveChecksum: true,
  };
  writeFileSync(metaPath, JSON.stringify(files, null, 2) + '\n');
  return files;
}
