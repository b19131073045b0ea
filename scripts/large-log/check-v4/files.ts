// Reading logs from disk: a .jsonl or .jsonl.zstd log as text, and the .jsonl files of a folder.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { listFrames } from '../../lib/zstd-frames.ts';

/** The text of a .jsonl or .jsonl.zstd log; for zstd also its frame count (after checking frame 1 is the header alone). */
export function readLogText(path: string): { text: string; frames?: number } {
  const bytes = new Uint8Array(readFileSync(path));
  if (!path.endsWith('.zstd')) return { text: new TextDecoder().decode(bytes) };
  const frames = listFrames(bytes);
  const decoder = new TextDecoder();
  const parts = frames.map(([start, end]) => decoder.decode(decompress(bytes.subarray(start, end))));
  if (parts[0] === undefined || parts[0].indexOf('\n') !== parts[0].length - 1)
    throw new Error(`${path}: frame 1 is not the header line alone`);
  if (parts.some((part) => !part.endsWith('\n')))
    throw new Error(`${path}: a frame does not end at a line end`);
  return { text: parts.join(''), frames: frames.length };
}

/** The .jsonl files under `dir`, at any depth. */
export function listJsonl(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listJsonl(path);
    return name.endsWith('.jsonl') ? [path] : [];
  });
}
