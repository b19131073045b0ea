// Every log file below a folder (plain and zstd), for tests that run a derivation over all of
// fixtures/ or the corpus.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Paths relative to `dir` of every `.jsonl`, `.jsonl.zstd` and `.jsonl.zst` below it, sorted. */
export function logFilesBelow(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const name of readdirSync(join(dir, relative))) {
      const path = relative === '' ? name : `${relative}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else if (/\.jsonl(\.zstd|\.zst)?$/.test(name)) found.push(path);
    }
  };
  walk('');
  return found.sort();
}
