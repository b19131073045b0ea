// Where a writer's append can end (tests of following a growing log): dsh appends whole zstd frames
// or whole lines (FORMAT.md §1.3, §1.4), so these are the states a follower sees on disk.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listCompleteZstdFrames } from '../container/zstd-frames.ts';
import { FIXTURES_DIR } from './make-decoder-fixtures.ts';

/** The byte offsets where an append can end: after each zstd frame, or after each LF. */
export function appendBoundaries(bytes: Uint8Array): number[] {
  if (bytes[0] === 0x28 && bytes[1] === 0xb5)
    return listCompleteZstdFrames(bytes).frames.map(([, end]) => end);
  const ends: number[] = [];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) ends.push(i + 1);
  return ends;
}

/** The logs under fixtures/real-writer/ (written by dsh 0.1.0-rc.8), relative to that folder. */
export function realWriterLogs(): string[] {
  const root = join(FIXTURES_DIR, 'real-writer');
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((file) => /\.jsonl(\.zstd)?$/.test(file))
        .map((file) => join(dir, file)),
    );
}
